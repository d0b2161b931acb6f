"""The side-swap move: a thing on the wrong side of its anchor goes across to the side its relation names.

A side relation (``Placement.side``: left_of, right_of, in_front_of, behind, and their compass
readings in the world frame) that fails because its thing stands on the anchor's other side is
hard to mend one object at a time: the way across is through the anchor, and the side it must
reach is often too narrow (a bed against the north wall, a nightstand on its east side, the
dresser meant for its west side stuck east of the nightstand while the bed's west end nearly
touches the west wall). This move mirrors the thing to the named side of its anchor, keeping its
place along the anchor (a dresser against the wall stays against it), and shifts the anchor (with
what rests on it and the things placed beside it) away from that side by a random amount, so the
thing fits between the anchor and the wall. The usual energy accepts or rejects the batch.
"""

from __future__ import annotations

import numpy as np

from ....skill_library.geometry import local_axes, world_half_extents_xy
from .discrete import Plan
from .energy import State
from .moves import Candidates, tiled
from .problem import BoundConstraint, Problem

MAX_GAP = 0.3  # m: the widest gap proposed between the anchor and the thing brought beside it
STILL_SHARE = 0.25  # of the candidates that only mirror the thing, the anchor staying put


def side_constraints(problem: Problem) -> list[int]:
    """Positions of the constraints that put args[0] on a side of args[1] (``Placement.side``)."""
    return [k for k, c in enumerate(problem.constraints) if c.placement.side is not None and len(c.args) == 2]


def anchor_unit(problem: Problem, plan: Plan, con: BoundConstraint) -> np.ndarray:
    """The anchor args[1] with what rests on it and the other free things set beside it (and theirs);
    never the thing args[0] or what rests on it."""
    a, b = con.args[0], con.args[1]
    beside = [c.args[0] for c in problem.constraints
              if c.placement.side is not None and len(c.args) == 2 and c.args[1] == b and c.args[0] != a]
    unit = [int(j) for j in plan.descendants[b]]
    for j in beside:
        if not problem.locked[j] and plan.parent[j] < 0:
            unit.extend(int(d) for d in plan.descendants[j])
    keep = set(int(d) for d in plan.descendants[a])
    return np.array(sorted(set(unit) - keep, key=unit.index), dtype=int)


def _frame(con: BoundConstraint, params: dict, yaw_b: float) -> tuple[np.ndarray, np.ndarray]:
    """The side's outward direction and the lateral direction along the anchor, in world XY."""
    su, sv = con.placement.side  # type: ignore[misc]
    world = params.get("frame") == "world"
    x_axis, y_axis = local_axes(np.asarray(0.0 if world else yaw_b))
    return su * x_axis + sv * y_axis, sv * x_axis - su * y_axis


def across(problem: Problem, plan: Plan, pos: np.ndarray, yaw: np.ndarray, scale: np.ndarray, size: np.ndarray,
           k: int, rng: np.random.Generator, count: int) -> Candidates | None:
    """``count`` candidates [count + 1 rows, row 0 the current layout] for side constraint ``k``:
    its thing mirrored to the named side of its anchor, the anchor's unit shifted away from that side
    (0 for a share of them). None when the thing is locked or rests on something."""
    con = problem.constraints[k]
    a, b = con.args[0], con.args[1]
    if problem.locked[a] or plan.parent[a] >= 0 or a == b:
        return None
    out, lateral = _frame(con, plan.params[k], float(yaw[b]))
    turn = np.where(rng.random(count) < 0.5, 0.0, _mirror_turn(float(yaw[a]), out))
    yaw_a = yaw[a] + turn
    own = np.abs(world_half_extents_xy(yaw_a, size[a]) @ np.abs(out))
    half_b = world_half_extents_xy(yaw[b], size[b])
    reach, width = float(half_b @ np.abs(out)), float(half_b @ np.abs(lateral))
    gap = rng.uniform(0.005, MAX_GAP, count) * rng.choice([0.1, 1.0], count)
    unit = anchor_unit(problem, plan, con)
    movable = not problem.locked[unit].any()
    shift = rng.uniform(0.0, 2.0 * own + MAX_GAP) if movable else np.zeros(count)
    shift = np.where(rng.random(count) < STILL_SHARE, 0.0, shift) if movable else shift
    now = float((pos[a, :2] - pos[b, :2]) @ lateral)
    along = np.clip(now + rng.normal(0.0, 0.05, count) * (rng.random(count) < 0.5), -width, width)
    centre = pos[b, :2][None, :] - shift[:, None] * out[None, :]
    target = centre + (reach + own + gap)[:, None] * out[None, :] + along[:, None] * lateral[None, :]
    return _build(pos, yaw, scale, plan.descendants[a], unit, target, turn, shift[:, None] * -out[None, :])


def _mirror_turn(yaw_a: float, out: np.ndarray) -> float:
    """The yaw change that mirrors a's facing across the plane whose normal is ``out``."""
    f = np.array([np.sin(yaw_a), -np.cos(yaw_a)])
    g = f - 2.0 * float(f @ out) * out
    return float(np.arctan2(g[0], -g[1]) - yaw_a)


def _build(pos: np.ndarray, yaw: np.ndarray, scale: np.ndarray, thing: np.ndarray, unit: np.ndarray,
           target: np.ndarray, turn: np.ndarray, shift: np.ndarray) -> Candidates:
    """Rows 1..: ``thing`` (its root to ``target``, turned by ``turn``, the rest rigidly) and ``unit``
    translated by ``shift``; row 0 the layout as it is."""
    batch = len(target) + 1
    p, y, s = tiled(State(pos, yaw, scale), batch)
    root = thing[0]
    c, si = np.cos(turn), np.sin(turn)
    rel = pos[thing, :2] - pos[root, :2]
    p[1:, thing, 0] = target[:, None, 0] + c[:, None] * rel[None, :, 0] - si[:, None] * rel[None, :, 1]
    p[1:, thing, 1] = target[:, None, 1] + si[:, None] * rel[None, :, 0] + c[:, None] * rel[None, :, 1]
    y[1:, thing] = yaw[thing][None, :] + turn[:, None]
    if len(unit):
        p[1:, unit, :2] += shift[:, None, :]
    moved = np.unique(np.concatenate([thing, unit])).astype(int)
    return Candidates(moved, p, y, s)
