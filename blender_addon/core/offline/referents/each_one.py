""""One" without a noun of its own after a determiner ("each one", "the small one"): what it
stands for, when that is not the kind named before -- doors or windows ("two windows, and a
plant under each one": each window) or an earlier part of the joined subject ("two tables and a
vase on each one": each table)."""

from __future__ import annotations

from dataclasses import replace

from ..reading.clause import Clause, part_reference
from ..reading.phrases import NounPhrase
from .portions import take_part
from .proforms import openings_meant, read_proform
from .world import Group, World


def unnamed_one(world: World, state: Clause, np: NounPhrase) -> tuple[bool, Group | None]:
    """(True, the group) when ``np`` is such a "one" (the group None when nothing fits: "each
    one" with nothing named before is reported, nothing created); (False, None) otherwise, with a
    "one" that stands for an earlier kind given that kind's noun (:func:`.proforms.read_proform`)."""
    meant = openings_meant(world, state, np) or listed_one(world, state, np)
    if meant is not None:
        return True, meant
    if np.head != "one" or read_proform(world, state, np):
        return False, None
    part = part_reference(world, state, "them") if np.determiner == "each" else None
    return True, Group(ids=part.ids, np=part.np, distributive=True) if part is not None else None


def listed_one(world: World, state: Clause, np: NounPhrase) -> Group | None:
    """"The room has two tables: a long one in the middle and a smaller one by the window": a described
    "a ... one" opening a clause right after a counted group of one kind that nothing placed yet is the
    next of them, described so (not one more); None otherwise."""
    if np.head != "one" or not np.hints or np.determiner != "indefinite" or np.count is not None \
            or state.subject is not None or state.relation is not None:
        return None
    group = world.pronoun("them", None)
    if group is None or len(group.ids) < 2 or len({world.entities[i].category for i in group.ids}) != 1:
        return None
    taken = world.parted[1] if world.parted is not None and world.parted[0] == list(group.ids) else []
    left = [i for i in group.ids if i not in taken]  # the earlier "a long one" of them took one
    if not left or any(r.args and r.args[0] in left for r in world.relations):
        return None  # "two chairs by the table. Add a small one by the door": one more
    part = take_part(world, list(group.ids), 1)
    for entity_id in part.ids:
        entity = world.entities[entity_id]
        new = [w for w in np.hints if w not in entity.hints]
        entity.hints, entity.description = (*entity.hints, *new), " ".join([*new, entity.description])
    return replace(part, np=replace(np, head=world.entities[part.ids[0]].category))
