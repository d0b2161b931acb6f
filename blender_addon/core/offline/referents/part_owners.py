"""A part said with no owner in view stands for the thing it is a part of (issue 14, class
"walls"): "Our bedroom. The headboard is against the west wall" is the bed against the west wall,
not a part nobody owns (reported unread, while the template stood its own bed at another wall).
The owner is the thing named last that has such a part (the knowledge base's ``parts``); with none,
a new thing of the one family whose things all have it (a headboard: a bed); a part many kinds of
things share ("the back", "the foot") stays with the old reading.
"""

from __future__ import annotations

from functools import lru_cache

from ...knowledge.objects import load_knowledge
from ..reading.phrases import NounPhrase
from .world import Group, World


def owner_of_part(world: World, owner: Group | None, noun: str) -> Group | None:
    """The thing a bare part ("the headboard") stands for: ``owner`` (what the text spoke of) when it
    has that part, else the latest thing that has it, else a new one of the family it names, else
    ``owner`` still."""
    knowledge = load_knowledge()
    if owner is not None and len(owner.ids) == 1 and knowledge.has_part(world.entities[owner.ids[0]].category, noun):
        return owner
    for group in reversed(world.history):
        if len(group.ids) == 1 and knowledge.has_part(world.entities[group.ids[0]].category, noun):
            return Group(ids=list(group.ids), np=group.np)
    kind = _sole_owner(noun)
    if kind is None:
        return owner
    return world.create(NounPhrase(text=f"a {kind}", head=kind, count=1), 1)


@lru_cache(maxsize=None)
def _sole_owner(noun: str) -> str | None:
    """The category named after the one family whose things have this part (``bed`` for a
    headboard, which beds, bunk beds and cots have); None when several families have it."""
    knowledge = load_knowledge()
    owners = [f for f in knowledge.all_facts() if knowledge.has_part(f.category, noun)]
    families = {f.family for f in owners}
    if len(families) != 1:
        return None
    family = families.pop()
    return family if any(f.category == family for f in owners) else None
