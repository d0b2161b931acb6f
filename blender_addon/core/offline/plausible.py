"""Relations that cannot hold as read degrade to one that can (issue 14: graceful handling).

"A scientist peering into a microscope" reads "into" as *inside*; a person does not fit in a
microscope, so the two are only near each other (the microscope then stands on a surface like
any small thing). A containment whose content is larger than its container in any dimension
(sorted footprint, height) even at the smallest and largest sizes the knowledge base gives their
kinds ("a ball inside the basket" holds: the coder scales the ball to fit) becomes a proximity;
nothing is dropped, nothing is added. A person
or an animal in a container keeps its size and may sit or lie in it (:mod:`.figures`: in a bed or
an armchair it rests on it, in a pool it is on it).
"""

from __future__ import annotations

import logging

from ..knowledge.objects import load_knowledge
from ..stated_size import with_stated
from .figures import figure_relation, fits, is_figure
from .world import INFERRED, World

log = logging.getLogger(__name__)
CONTAINMENT = frozenset({"inside"})
NEAR_REACH = 0.5  # metres: how close a degraded containment keeps the two


def _size(world: World, entity_id: str) -> tuple[float, float, float]:
    """The object's size: its catalog model's, else the knowledge base's typical one."""
    entity = world.entities[entity_id]
    facts = load_knowledge().lookup(entity.category)
    if world.vocab.match(entity.description, entity.hints, entity.category).known or facts is None:
        return world.size_of(entity_id)
    w, d, h = with_stated(facts.typical, entity.size)
    return w, d, entity.height if entity.height is not None else h


def _extreme(world: World, entity_id: str, largest: bool) -> tuple[float, float, float]:
    """The smallest (or largest) size the object may take: the knowledge base's range for its
    kind (the coder scales contents within it), else its own size; a stated height is kept."""
    entity = world.entities[entity_id]
    facts = load_knowledge().lookup(entity.category)
    if facts is None:
        return _size(world, entity_id)
    w, d, h = with_stated(facts.dim_max if largest else facts.dim_min, entity.size)
    return w, d, entity.height if entity.height is not None else h


def unfit_containment(world: World) -> list[tuple[str, str]]:
    """Turn each containment whose content does not fit its container into a proximity; returns
    the (content, container) pairs changed."""
    changed = []
    for rel in world.relations:
        if rel.relation not in CONTAINMENT or len(rel.args) != 2 or not all(a in world.entities for a in rel.args):
            continue
        inner, outer = rel.args
        category = world.entities[inner].category
        if is_figure(category):
            kind = figure_relation(category, _size(world, inner), load_knowledge().lookup(
                world.entities[outer].category), _size(world, outer))
            if kind == "on_top_of":
                rel.relation, rel.params = kind, {}  # "a child in bed": on the mattress
            if kind != "proximity":
                continue
        elif fits(_extreme(world, inner, largest=False), _extreme(world, outer, largest=True)):
            continue
        rel.relation, rel.params = "proximity", {"max_distance": NEAR_REACH}
        rel.source = (INFERRED if not rel.source.startswith(INFERRED) else "") + \
            f"{rel.source}: a {world.entities[inner].category} does not fit in a {world.entities[outer].category}"
        changed.append((inner, outer))
    if changed:
        log.info("containments that cannot hold, read as near: %s", changed)
    return changed
