"""Objects a text speaks of before it introduces them: "Put a lamp on each desk. There are two
desks against the north wall." "each desk" found no desk, so it made one, *presumed*: one of a
set whose size the text had not said yet. When the text later counts that kind ("two desks"),
those are the presumed ones (made up to the count), and what was put on each presumed one
comes with each new one too (a lamp on each of the two desks), instead of more desks besides."""

from __future__ import annotations

from ..reading.phrases import NounPhrase
from .world import Group, World

PRESUMING = frozenset({"each", "all"})  # "each desk", "every desk", "all the desks": a set of no size yet


def presumes(np: NounPhrase) -> bool:
    """Whether a definite phrase that found nothing speaks of a set the text has not counted."""
    return np.count is None and (np.determiner in PRESUMING or (np.determiner == "definite" and np.plural))


def create_or_adopt(world: World, np: NounPhrase, count: int) -> Group:
    """New objects for ``np`` (``count`` of them); a counted phrase of a presumed kind takes the
    presumed objects first and copies what stands on them (with its relations) to the others."""
    one = _presumed_one(world, np)
    if one is not None and world.presumed_one is not None:  # "a mirror above the dresser. Oh, and a dresser ..."
        world.presumed_one.remove(one)
        group = Group(ids=[one], np=np)
        world.mention(group)
        return group
    earlier = [i for i in world.presumed if world.entities[i].category == np.head]
    if not earlier or np.definite or count < len(earlier) or not (np.count or np.plural):
        group = world.create(np, count)
        if np.definite and presumes(np):
            world.presumed += group.ids
        elif np.determiner == "definite" and len(group.ids) == 1 and world.presumed_one is not None:
            world.presumed_one += group.ids  # "the dresser" before any dresser: "a dresser" later is it
        return group
    world.presumed = [i for i in world.presumed if i not in earlier]
    group = Group(ids=list(earlier), np=np, fresh=True)
    world.grow(group, count)
    for new in group.ids[len(earlier):]:
        copy_dependents(world, earlier[0], new)
    world.mention(group)
    return group


def copy_dependents(world: World, model: str, new: str) -> None:
    """What the sentence that presumed ``model`` put at it ("a lamp on each desk"), copied to ``new``."""
    copies: dict[str, str] = {}
    for rel in list(world.relations):
        dependent = rel.args[0]
        if len(rel.args) != 2 or rel.args[1] != model or dependent in world.presumed:
            continue
        if world.entities[dependent].sentence != world.entities[model].sentence:
            continue
        if dependent not in copies:
            copies[dependent] = world.clone(dependent)
            if world.hosts.get(dependent) == model:
                world.hosts[copies[dependent]] = new
        world.relate(rel.relation, [copies[dependent], new], dict(rel.params), rel.source, inferred=rel.inferred)


def _presumed_one(world: World, np: NounPhrase) -> str | None:
    """The single object "the X" made before any X was introduced, when ``np`` is a plain "a X"."""
    if np.determiner != "indefinite" or np.count is not None or np.plural or np.ordinal is not None \
            or world.presumed_one is None:
        return None
    return next((i for i in world.presumed_one if i in world.entities and world.entities[i].category == np.head), None)
