"""at_end(a, b): a stands at an end of b's long axis ("a cushion on each end of the sofa", "a lamp at
the end of the bench", "a plant at either end of the shelf"): on b near that end or just past it."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import geometry as geo
from ..base import Param, Placement, Poses, RelationSpec
from ..moves import Context
from ..relation_math import METRES
from ..terms import Term, from_terms, pick

ENDS = {"any": 0.0, "negative": -1.0, "positive": 1.0}

SPEC = RelationSpec(
    name="at_end", min_args=2, max_args=2, arg_names=("a", "b"),
    params=(Param("end", "str", "any", "'negative': b's local -X (left) end, -Y (front) when b is deeper than "
                  "wide; 'positive': the other", choices=tuple(ENDS)),
            Param("max_distance", "float", 0.6, "how far (m) a's centre may lie past b's tip", minimum=0.0),
            Param("end_fraction", "float", 0.5, "the end part's share of b's half length", minimum=0.05,
                  maximum=1.0),
            Param("lateral_margin", "float", 0.1, "how far (m) a's centre may lie outside b's depth", minimum=0.0)),
    description="a is at an end of b's long axis: a's centre in b's end part or past its tip (max_distance), "
                "across within b's depth (+ lateral_margin); add on_top_of when a is on b.",
)


def _frame(pos_a: np.ndarray, pos_b: np.ndarray, yaw_b: np.ndarray, size_b: np.ndarray) -> tuple[np.ndarray, ...]:
    """a's centre along and across b's long axis, and b's half length and half depth, [B] each."""
    centre = geo.to_local(pos_a[:, :2], pos_b, yaw_b)
    long_x = size_b[:, 0] >= size_b[:, 1]
    along = np.where(long_x, centre[:, 0], centre[:, 1])
    across = np.where(long_x, centre[:, 1], centre[:, 0])
    half = 0.5 * np.where(long_x, size_b[:, 0], size_b[:, 1])
    half_across = 0.5 * np.where(long_x, size_b[:, 1], size_b[:, 0])
    return along, across, half, half_across


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a, _, _ = pick(poses, idx[0])
    pos_b, yaw_b, size_b = pick(poses, idx[1])
    along, across, half, half_across = _frame(pos_a, pos_b, yaw_b, size_b)
    sign = ENDS[str(params.get("end", "any"))]
    out = np.abs(along) if sign == 0.0 else sign * along
    inner = (1.0 - float(params.get("end_fraction", 0.5))) * half
    return [Term(inner - out, METRES),
            Term(out - half - float(params.get("max_distance", 0.6)), METRES),
            Term(np.abs(across) - half_across - float(params.get("lateral_margin", 0.1)), METRES)]


def end_move(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    """a at one of b's ends (the named one, else either): half the poses on b's end part (a thing
    on it), half just past its tip (a thing on the floor there); a keeps its yaw or takes b's."""
    a, b = args[0], args[1]
    if i != a or not ctx.active[b]:
        return None
    x_axis, y_axis = geo.local_axes(ctx.yaw[b])
    long_x = ctx.size[b, 0] >= ctx.size[b, 1]
    axis, cross = (x_axis, y_axis) if long_x else (y_axis, x_axis)
    half, half_across = (0.5 * ctx.size[b, :2]) if long_x else (0.5 * ctx.size[b, 1::-1])
    own = 0.5 * float(np.min(ctx.size[a, :2]))
    sign = ENDS[str(params.get("end", "any"))] or ctx.rng.choice([-1.0, 1.0], count)
    inner = (1.0 - float(params.get("end_fraction", 0.5))) * half
    on_it = ctx.rng.uniform(min(inner + 0.5 * (half - inner), half - own), max(half - own, inner), count)
    past = half + own + ctx.rng.uniform(0.02, 0.15, count)
    along = sign * np.where(ctx.rng.random(count) < 0.5, on_it, past)
    shift = ctx.rng.uniform(-0.3, 0.3, count) * half_across
    xy = ctx.pos[b, :2] + along[:, None] * axis + shift[:, None] * cross
    yaw = np.where(ctx.rng.random(count) < 0.5, ctx.yaw[a], ctx.yaw[b])
    out = np.empty((count, 3))
    out[:, 0], out[:, 1], out[:, 2] = xy[:, 0], xy[:, 1], yaw
    return out


PLACEMENT = Placement(moves=end_move, anchored=True)

score, check = from_terms(
    _terms,
    score_doc="[B] in [0, 1]: 1 when a's centre is at an end of b's long axis, decaying with each shortfall.",
    check_doc="[B] bool: a's centre in b's end part (end_fraction of its half length) or past it by at most "
              "max_distance, within b's depth + lateral_margin across.")
