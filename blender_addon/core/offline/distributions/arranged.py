"""A group already arranged in a shape ("twelve stands in two rows of six", "seven candles in a
ring") meets a phrase said of the whole group: "... along the east wall", "... in front of the
podium", "with a bowl in the middle of them". The phrase places the arrangement, not every
member on its own: a grid's first row stands at the wall (its other rows behind it), one member
of the front row stands before the anchor (the others keep their lattice), and a thing in the
middle of a ring is its centre.
"""

from __future__ import annotations

from typing import Any

from ..referents.records import PlannedRelation
from ..referents.world import Group, World

SHAPES = frozenset({"grid", "circular", "around"})  # arrangements that fix where every member stands


def _members(rel: PlannedRelation) -> tuple[str, ...]:
    return rel.args[:-1] if rel.relation == "around" else rel.args


def arrangement_of(world: World, ids: list[str]) -> PlannedRelation | None:
    """The latest shape relation (grid, ring, ring round a centre) whose members are exactly ``ids``."""
    if len(ids) < 2:
        return None
    return next((r for r in reversed(world.relations) if r.relation in SHAPES and set(_members(r)) == set(ids)),
                None)


def front_row(world: World, ids: list[str]) -> list[str]:
    """The members that meet a wall or an anchor said of the whole group: a grid's first row (the
    lattice is filled row by row in the order listed); every member when the group has no lattice."""
    rel = arrangement_of(world, ids)
    if rel is None or rel.relation != "grid":
        return list(ids)
    cols = int(rel.params.get("cols") or len(rel.args))
    return list(rel.args[:max(1, min(cols, len(rel.args)))])


def front_member(world: World, ids: list[str]) -> str | None:
    """The member that stands before (or behind) an anchor said of the whole arranged group: the
    middle of a grid's first row; None when the group has no shape of its own."""
    rel = arrangement_of(world, ids)
    if rel is None or rel.relation != "grid":
        return None
    row = front_row(world, ids)
    return row[(len(row) - 1) // 2]


def ring_of(world: World, ids: list[str]) -> PlannedRelation | None:
    """The free-centred ring ("candles in a ring") whose members are exactly ``ids``."""
    rel = arrangement_of(world, ids)
    return rel if rel is not None and rel.relation == "circular" else None


def face_in(world: World, ids: list[str]) -> bool:
    """"Ten stools in a ring, all facing the middle": members of a ring face its own centre (the
    ring's ``facing``), not the room's. False when the group stands in no ring."""
    rel = arrangement_of(world, ids)
    if rel is None or rel.relation == "grid":
        return False
    rel.params["facing"] = True
    return True


def face_direction(world: World, subject: Group, params: dict[str, Any], source: str) -> None:
    """"facing south", "angled toward the centre": each subject object faces that way; members
    of a ring "facing the middle" ("inwards") face the ring's own centre (:func:`face_in`)."""
    if params.get("direction") == "center" and face_in(world, subject.ids):
        return
    for a in subject.ids:
        world.relate("facing_direction", [a], params, source)
