"""Relations that cannot hold as read degrade to one that can (issue 14: graceful handling).

"A scientist peering into a microscope" reads "into" as *inside*; a person does not fit in a
microscope, so the two are only near each other (the microscope then stands on a surface like
any small thing). A containment whose content is larger than its container in any dimension
(sorted footprint, height) becomes a proximity; nothing is dropped, nothing is added.
"""

from __future__ import annotations

import logging

from ..knowledge.objects import load_knowledge
from .world import INFERRED, World

log = logging.getLogger(__name__)
CONTAINMENT = frozenset({"inside"})
NEAR_REACH = 0.5  # metres: how close a degraded containment keeps the two
SLACK = 1.5  # a content may overhang its container's footprint this much (a cat curled up in a basket)
HEIGHT_SLACK = 1.25  # and its height this much


def _fits(inner: tuple[float, float, float], outer: tuple[float, float, float]) -> bool:
    """Whether a box of ``inner`` size fits in one of ``outer`` size (either way round on the floor)."""
    (a, b), (c, d) = sorted(inner[:2]), sorted(outer[:2])
    return a <= SLACK * c and b <= SLACK * d and inner[2] <= HEIGHT_SLACK * outer[2]


def _size(world: World, entity_id: str) -> tuple[float, float, float]:
    """The object's size: its catalog model's, else the knowledge base's typical one."""
    entity = world.entities[entity_id]
    facts = load_knowledge().lookup(entity.category)
    if world.vocab.match(entity.description, entity.hints, entity.category).known or facts is None:
        return world.size_of(entity_id)
    w, d, h = facts.typical
    return w, d, entity.height if entity.height is not None else h


def unfit_containment(world: World) -> list[tuple[str, str]]:
    """Turn each containment whose content does not fit its container into a proximity; returns
    the (content, container) pairs changed."""
    changed = []
    for rel in world.relations:
        if rel.relation not in CONTAINMENT or len(rel.args) != 2 or not all(a in world.entities for a in rel.args):
            continue
        inner, outer = rel.args
        if _fits(_size(world, inner), _size(world, outer)):
            continue
        rel.relation, rel.params = "proximity", {"max_distance": NEAR_REACH}
        rel.source = (INFERRED if not rel.source.startswith(INFERRED) else "") + \
            f"{rel.source}: a {world.entities[inner].category} does not fit in a {world.entities[outer].category}"
        changed.append((inner, outer))
    if changed:
        log.info("containments that cannot hold, read as near: %s", changed)
    return changed
