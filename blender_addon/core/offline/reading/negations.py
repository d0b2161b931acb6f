"""Negations (issue 14): "nothing on the desk", "no chair in front of the door", "nothing should block
the door". :func:`negate` remembers each, said in a sentence (the anchor, and the category when one is
named), or keeps an opening clear; once every object is known, :func:`add_negations` rules the relation
out for every other object (``none_of``) and drops the inferred supports on the anchor.
"""

from __future__ import annotations

from .....skill_library.roles import roles as relation_roles
from ..referents.world import Group, World
from ..relations.openings import keep_clear, matches
from ..relations.phrase_relations import load_phrase_relations
from .lexicon import role_group

TABLE_TOPS = role_group("table_tops")  # lexicon.json role_groups


BLOCKING = frozenset({"front", "near", "at", "in", "under", "on", "against", "behind"})  # "... the door": its zone


def negate(world: World, kind: str, objects: list[Group], category: str | None = None) -> bool:
    """"Nothing on the desk", "no chair in front of the door", "nothing should block the door":
    remember the anchor (and the category, "no chair"); the planner adds none_of over every other
    object (of that category) once all are known (:func:`add_negations`), or clear(the opening)."""
    opened = [o for g in objects if g.place is not None for o in g.place.openings]
    if opened and kind in BLOCKING:
        for opening in opened:
            keep_clear(world, opening, category, f"no {category or 'thing'} {kind} {opening}")
        return True
    relation = load_phrase_relations().negated.get(kind)  # the relation a negation rules out (relation PHRASES)
    anchors = [i for g in objects for i in g.ids]
    if relation is None or not anchors:
        return False
    world.negations += [(relation, anchor, category) for anchor in anchors]
    return True


def add_negations(world: World) -> None:
    """none_of(every other object, anchor) for each "nothing on X"; inferred supports on X go."""
    for relation, anchor, category in [n for n in world.negations if n[1] in world.entities]:  # not one dropped
        world.relations[:] = [r for r in world.relations if not (
            r.inferred and r.relation == relation and r.args[1:] == (anchor,))]
        other = _other_surface(world, anchor)
        for rel in world.relations:  # "a desk with nothing on it next to a table with a lamp on it"
            if rel.relation == relation and rel.args[1:] == (anchor,) and other is not None:
                rel.args = (rel.args[0], other)
        below = {r.args[1] for r in world.relations if r.relation in relation_roles().supporting}
        others = [i for i in world.entities if i != anchor and i not in below and matches(world, i, category)]
        if others:
            world.relate("none_of", [*others, anchor], {"relation": relation}, f"nothing {relation} {anchor}")


def _other_surface(world: World, anchor: str) -> str | None:
    """The surface mentioned last that is not ``anchor``: what "on it" meant when ``anchor``
    must stay bare."""
    surfaces = [e for e in world.entities.values()
                if e.id != anchor and e.roles & TABLE_TOPS]
    return max(surfaces, key=lambda e: e.mention).id if surfaces else None
