"""The wall CSP: which side a boundary relation's ``"any"`` means (a wall, a corner).

A wall must be long enough for everything against it and a corner holds one object; relations
between wall objects add preferences (facing -> opposite walls, proximity -> the same wall, a row
-> one wall), and a side out of reach of a FIXED thing the object must stand by (a door, a window,
a locked object: "a clock in the corner by the door", "a desk against a wall under the window")
costs that relation's weight: the load balance alone put the clock in a far corner at some seeds,
and no pose search could bring it back to the door. One object's sides must agree: a drum kit "in
the corner" (any) and "against the north wall" takes a north corner, not one across the room.
Exhaustive search over small sets, sampled otherwise; the best few distinct assignments seed the
restarts.
"""

from __future__ import annotations

import itertools
import logging

import numpy as np

from ....skill_library.compass import CORNER_WALLS, CORNERS, OPPOSITE, along_axis
from ....skill_library.compass import SIDES as WALLS
from ....skill_library.geometry import world_aabb
from .problem import BoundConstraint, Problem

log = logging.getLogger(__name__)

MAX_WALL_ENUMERATION = 4 ** 6
REACH_SLACK = 0.05  # m: a side this much further than a relation's reach from its fixed thing still counts as in reach
OUT_OF_REACH = 0.5  # cost per unit weight of a relation whose fixed thing a side leaves out of reach
ACROSS_THE_ROOM = 2.0  # cost of an object given two opposite walls (its corner "any" vs its wall "north")


def _wall_length(problem: Problem, wall: str) -> float:
    assert problem.bounds_min is not None and problem.bounds_max is not None, "walls exist only with bounds"
    span = problem.bounds_max - problem.bounds_min
    return float(span[along_axis(wall)])


def _sides(con: BoundConstraint) -> tuple[str, ...]:
    """The walls or corners a boundary constraint's "any" may become (its parameter's choices)."""
    choices = {p.name: p.choices for p in con.relation.spec.params}.get(str(con.placement.boundary_param))
    default = WALLS if con.placement.boundary == "wall" else CORNERS
    return tuple(c for c in (choices or default) if c != "any")


def wall_assignments(problem: Problem, rng: np.random.Generator, count: int) -> list[dict[int, str]]:
    """Up to ``count`` distinct assignments {constraint position: side} for every "any" wall/corner."""
    if problem.bounds_min is None:
        return [{}]
    free = [k for k, c in enumerate(problem.constraints)
            if c.placement.boundary_param and c.params.get(c.placement.boundary_param, "any") == "any"]
    if not free:
        return [{}]
    domains = [_sides(problem.constraints[k]) for k in free]
    if 4 ** len(free) <= MAX_WALL_ENUMERATION:
        candidates = [dict(zip(free, combo)) for combo in itertools.product(*domains)]
    else:
        candidates = [dict(zip(free, (str(rng.choice(d)) for d in domains))) for _ in range(2000)]
    costs = np.array([_wall_cost(problem, a) for a in candidates]) + rng.uniform(0, 1e-6, len(candidates))
    order = np.argsort(costs)
    chosen = [candidates[i] for i in order[:count] if np.isfinite(costs[i])] or [candidates[order[0]]]
    log.info("wall CSP: %d free sides, best cost %.3f", len(free), float(costs[order[0]]))
    return chosen


def _wall_cost(problem: Problem, assignment: dict[int, str]) -> float:
    """Infinite when a wall overflows or a corner is shared; else load imbalance + relation preferences."""
    load = dict.fromkeys(WALLS, 0.0)
    corners: set[str] = set()
    side_of: dict[int, set[str]] = {}
    spots: dict[int, list[str]] = {}  # object -> the walls and corners it stands at
    for k, con in enumerate(problem.constraints):
        if not con.placement.boundary_param:
            continue
        i = con.args[0]
        size = problem.base_size[i] * problem.scale_lo[i]
        side = assignment.get(k, con.params.get(con.placement.boundary_param, "any"))
        if con.placement.boundary == "wall" and side in WALLS:
            load[side] += float(size[0])
            side_of.setdefault(i, set()).add(side)
            spots.setdefault(i, []).append(side)
        elif con.placement.boundary == "corner" and side in CORNERS:
            if side in corners:
                return float("inf")
            corners.add(side)
            for wall in CORNER_WALLS[side]:
                load[wall] += float(min(size[0], size[1]))
                side_of.setdefault(i, set()).add(wall)
            spots.setdefault(i, []).append(side)
    ratios = [load[w] / _wall_length(problem, w) for w in WALLS]
    if max(ratios) > 1.0:
        return float("inf")
    torn = sum(any(OPPOSITE[w] in walls for w in walls) for walls in side_of.values())
    return max(ratios) + ACROSS_THE_ROOM * torn + _relation_preferences(problem, side_of) + _fixed_reach(problem, spots)


def _relation_preferences(problem: Problem, side_of: dict[int, set[str]]) -> float:
    cost = 0.0
    for con in problem.constraints:
        if con.placement.group == "line":
            cost += _line_split(con.args, side_of, con.weight)
            continue
        if len(con.args) < 2 or con.args[0] not in side_of or con.args[1] not in side_of:
            continue
        a, b = side_of[con.args[0]], side_of[con.args[1]]
        if con.placement.wall_preference == "opposite":
            cost += 0.0 if any(OPPOSITE[s] in b for s in a) else 0.5 * con.weight
        elif con.placement.wall_preference == "shared":
            cost += 0.0 if a & b else 0.5 * con.weight
    return cost


def _line_split(members: tuple[int, ...], side_of: dict[int, set[str]], weight: float) -> float:
    """A straight row's members at walls stand at one wall: half the row's weight for each next pair
    at walls that share none (the load balance alone spread "four lockers in a row, against the
    walls", each locker's wall "any", over four walls, and the row could never hold)."""
    walled = [side_of[i] for i in members if i in side_of]
    return 0.5 * weight * sum(not (a & b) for a, b in zip(walled, walled[1:]))


def _fixed_reach(problem: Problem, spots: dict[int, list[str]]) -> float:
    """:data:`OUT_OF_REACH` x weight for each relation placing a walled object by a fixed thing (a locked
    object or fixture: "the clock in the corner by the door") whose chosen walls/corners leave that
    thing further than the relation's ``max_distance`` (0 without one: "under the window")."""
    cost = 0.0
    for con in problem.constraints:
        if len(con.args) < 2 or not con.placement.anchored or con.placement.faces or con.args[0] not in spots:
            continue
        a, b = con.args[0], con.args[1]
        if not problem.locked[b] or problem.locked[a]:
            continue
        reach = float(con.params.get("max_distance") or 0.0) + REACH_SLACK
        if any(_spot_gap(problem, a, spot, b) > reach for spot in spots[a]):
            cost += OUT_OF_REACH * con.weight
    return cost


def _spot_gap(problem: Problem, a: int, spot: str, b: int) -> float:
    """The least gap (m) between fixed thing b's box and a standing at ``spot`` (a wall: anywhere
    along it, its back to it; a corner: in it), whatever a's turn (its longer side counts)."""
    assert problem.bounds_min is not None and problem.bounds_max is not None
    lo, hi = world_aabb(problem.locked_pos[b], problem.locked_yaw[b], problem.base_size[b])
    reach = float(np.max(problem.base_size[a, :2] * problem.scale_hi[a]))
    room_lo, room_hi = problem.bounds_min[:2], problem.bounds_max[:2]
    a_lo, a_hi = room_lo.copy(), room_hi.copy()  # the region a's box may take
    for wall in CORNER_WALLS.get(spot, (spot,)):
        axis = 1 - along_axis(wall)  # the axis across the wall
        if wall in ("north", "east"):
            a_lo[axis] = room_hi[axis] - reach
        else:
            a_hi[axis] = room_lo[axis] + reach
    gaps = np.maximum(0.0, np.maximum(a_lo - hi[:2], lo[:2] - a_hi))
    return float(np.hypot(*gaps))
