"""ends_meet(a, b): a and b form an L ("two sofas in an L shape", "desks in an L"): at right
angles, an end of each at the other (not a T, where one meets the other's middle), close
together, and both turned into the L's inner corner.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import geometry as geo
from ..base import Param, Placement, Poses, RelationSpec
from ..moves import Context, _stack
from ..relation_math import METRES, RADIANS
from ..terms import Term, from_terms, mod_pi_distance, pick

SPEC = RelationSpec(
    name="ends_meet", min_args=2, max_args=2, arg_names=("a", "b"),
    params=(Param("max_gap", "float", 0.3, "largest XY gap (m) between the boxes", minimum=0.0),
            Param("end_fraction", "float", 0.5, "how far out along each one's long axis the other's centre "
                  "stands, as a fraction of its half length (0: anywhere, a T; 1: past its end)",
                  minimum=0.0, maximum=1.5),
            Param("inward", "bool", True, "each stands on the other's front side (both face into the L)"),
            Param("tolerance_deg", "float", 10.0, "largest error (deg) of the right angle", minimum=0.0,
                  maximum=90.0)),
    description="a and b form an L: yaws at right angles (within tolerance_deg, default 10), XY gap at most "
                "max_gap (m, default 0.3), each one's centre at least end_fraction (default 0.5) of the "
                "other's half length out along the other's long axis (an end meets an end, not a middle), "
                "and, when inward (default), each on the other's front side.",
    unordered=(0, None),  # the order of the two says nothing
)


def _outward(pos_a: np.ndarray, yaw_a: np.ndarray, size_a: np.ndarray, pos_b: np.ndarray,
             fraction: float) -> tuple[np.ndarray, np.ndarray]:
    """(shortfall of b's centre from a's end region along a's long axis, how far b's centre
    lies behind a's front-back middle), both [B] in metres."""
    local = geo.to_local(pos_b[:, :2], pos_a, yaw_a)
    wide = size_a[:, 0] >= size_a[:, 1]
    along = np.where(wide, np.abs(local[:, 0]), np.abs(local[:, 1]))
    half = 0.5 * np.where(wide, size_a[:, 0], size_a[:, 1])
    return fraction * half - along, local[:, 1]  # local +y is a's back


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a, yaw_a, size_a = pick(poses, idx[0])
    pos_b, yaw_b, size_b = pick(poses, idx[1])
    fraction = float(params["end_fraction"])
    end_a, back_a = _outward(pos_a, yaw_a, size_a, pos_b, fraction)
    end_b, back_b = _outward(pos_b, yaw_b, size_b, pos_a, fraction)
    terms = [Term(0.5 * np.pi - mod_pi_distance(yaw_a - yaw_b) - np.deg2rad(float(params["tolerance_deg"])), RADIANS),
             Term(geo.xy_gap(pos_a, yaw_a, size_a, pos_b, yaw_b, size_b) - float(params["max_gap"]), METRES),
             Term(end_a, METRES), Term(end_b, METRES)]
    if params.get("inward", True):
        terms += [Term(back_a, METRES), Term(back_b, METRES)]
    return terms


def l_slot(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    """The moving one at an end of the other, in front of it, turned into the L (either end)."""
    if i not in args:
        return None
    other = args[1] if i == args[0] else args[0]
    if not ctx.active[other]:
        return None
    w_o, d_o = ctx.size[other, 0], ctx.size[other, 1]
    w_i, d_i = ctx.size[i, 0], ctx.size[i, 1]
    side = np.where(ctx.rng.random(count) < 0.5, 1.0, -1.0)
    gap = 0.5 * float(params.get("max_gap", 0.3)) * ctx.rng.random(count)
    x_local = side * (0.5 * w_o - 0.5 * d_i)  # its back flush with the other's end
    y_local = -(0.5 * d_o + 0.5 * w_i + gap)  # wholly in front of the other
    x_axis, y_axis = geo.local_axes(ctx.yaw[other])
    xy = ctx.pos[other, :2] + x_local[:, None] * x_axis + y_local[:, None] * y_axis
    yaw = ctx.yaw[other] - side * 0.5 * np.pi  # its front toward the other's middle
    return _stack(xy[:, 0], xy[:, 1], yaw)


PLACEMENT = Placement(moves=l_slot, quarter_turns=1, anchored=True)

score, check = from_terms(
    _terms,
    score_doc="[B] in [0, 1]: 1 for an L with meeting ends, decaying with each shortfall.",
    check_doc="[B] bool: right angle within tolerance_deg, gap <= max_gap, each centre in the other's end "
              "region, each in front of the other when inward.")
