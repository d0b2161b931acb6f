"""What the common-sense rules (:mod:`.common_sense`, :mod:`.supports`) share: whether the text
already placed a thing, the things with a role, the one mentioned nearest, and adding a relation
as *inferred* (lower weight, its source saying why).
"""

from __future__ import annotations

from ..referents.world import INFERRED, Entity, World

__all__ = ["BESIDE", "NOT_PLACING", "nearest", "placed", "relate", "with_role"]

NOT_PLACING = frozenset({"facing", "parallel", "perpendicular", "hierarchy", "scaling"})
BESIDE = frozenset({"left_of", "right_of", "in_front_of", "behind", "proximity", "between"})


def relate(world: World, relation: str, args: list[str], params: dict | None, why: str) -> bool:
    """Add an inferred relation, its source saying why; False when the world refuses it."""
    return world.relate(relation, args, params or {}, INFERRED + why, inferred=True)


def placed(world: World, entity_id: str, ignore_roles: frozenset[str] = frozenset(), anchors: bool = True) -> bool:
    """Whether a relation already says where the object is, as subject or (``anchors``) as a pair's anchor.
    Relations that only turn or size things do not count, nor those whose other objects
    all have one of ``ignore_roles`` (candles in a row still need a table)."""
    for rel in world.relations:
        said = rel.args if anchors or len(rel.args) != 2 else rel.args[:1]
        if entity_id not in said or rel.relation in NOT_PLACING:
            continue
        others = [a for a in rel.args if a != entity_id]
        if ignore_roles and others and all(world.entities[o].roles & ignore_roles for o in others):
            continue
        return True
    return False


def with_role(world: World, role: str) -> list[Entity]:
    """Every object with ``role``."""
    return [e for e in world.entities.values() if role in e.roles]


def nearest(world: World, entity: Entity, candidates: list[Entity]) -> Entity | None:
    """The candidate mentioned nearest before ``entity`` in its sentence, else in the text."""
    if not candidates:
        return None
    same = [c for c in candidates if c.sentence == entity.sentence]
    pool = same or candidates
    before = [c for c in pool if c.mention < entity.mention]
    return max(before, key=lambda c: c.mention) if before else min(pool, key=lambda c: c.mention)
