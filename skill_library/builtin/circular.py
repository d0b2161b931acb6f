"""circular(objs...): the objects stand on a circle or an arc of it around a centre that is no
object ("eight chairs in a circle", "stools in a semicircle", "a horseshoe of chairs"): the
centre is a free point, the one their own positions fit best, so it moves with the group.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..base import Param, Placement, Poses, RelationSpec
from ..moves import Context, _stack, facing_yaw
from ..relation_math import METRES, RADIANS, facing_violation
from ..ring_math import arc_step, arc_step_error, closed, fit_centre
from ..terms import Term, from_terms, pick_many

SPEC = RelationSpec(
    name="circular", min_args=3, max_args=None, arg_names=("objs...",),
    params=(Param("arc_deg", "float", 360.0, "the angle (deg) the objects span round their centre: 360 a full "
                  "circle, 180 a semicircle, about 240 a horseshoe", minimum=60.0, maximum=360.0),
            Param("radius", "float", None, "centre distance (m); free when omitted", minimum=0.0),
            Param("facing", "bool", True, "each object faces the centre"),
            Param("radius_tolerance", "float", 0.10, "largest difference of a distance from the radius, as a "
                  "fraction of it", minimum=0.0, maximum=1.0),
            Param("gap_tolerance_deg", "float", 15.0, "largest error (deg) of an angular step from its even "
                  "share", minimum=0.0, maximum=180.0),
            Param("tolerance_deg", "float", 30.0, "largest angle (deg) between a member's front and the "
                  "direction to the centre", minimum=0.0, maximum=180.0)),
    description="the objects stand on a circle (arc_deg 360, default) or an arc of arc_deg degrees round a "
                "free centre, the point their positions fit best, in the order listed: equal distance to it "
                "(within radius_tolerance, default 10%; = radius in m when given), even angular steps "
                "(arc_deg/(n-1), or 360/n for a full circle, within gap_tolerance_deg, default 15), each facing "
                "the centre (within tolerance_deg, default 30) when facing is true (default).",
)

def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos, yaw, _ = pick_many(poses, idx)
    centre = fit_centre(pos[..., :2])[:, None, :]  # [B, 1, 2]
    offset = pos[..., :2] - centre
    dist = np.linalg.norm(offset, axis=-1)
    radius = params.get("radius")
    target = np.full(dist.shape[0], float(radius)) if radius is not None else dist.mean(axis=1)
    angles = np.arctan2(offset[..., 1], offset[..., 0])
    spread = float(params.get("radius_tolerance", 0.10))
    gap = np.deg2rad(float(params.get("gap_tolerance_deg", 15.0)))
    terms = [Term(np.abs(dist - target[:, None]) - spread * target[:, None], METRES),
             Term(arc_step_error(angles, arc_step(params, len(idx)), closed(params)) - gap, RADIANS),
             Term(0.01 - target, METRES)]
    if params.get("facing", True):
        facing = np.deg2rad(float(params.get("tolerance_deg", 30.0)))
        terms.append(Term(facing_violation(pos, yaw, np.broadcast_to(centre, offset.shape), facing), RADIANS))
    return terms


def arc_slot(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    """Member i on the circle its placed neighbours fit, one even step from one of them."""
    members = list(args)
    others = [j for j in members if j != i and ctx.active[j]]
    if len(others) < 3:
        return None
    centre = fit_centre(ctx.pos[others, :2])
    radius = float(params.get("radius") or 0.0) or float(np.linalg.norm(ctx.pos[others, :2] - centre, axis=1).mean())
    k = members.index(i)
    near = [j for j in (members[k - 1] if k > 0 else None, members[(k + 1) % len(members)]) if j in others]
    if not near:
        return None
    base = ctx.pos[near[0], :2] - centre
    sign = 1.0 if near[0] == members[k - 1] else -1.0
    turn = np.where(ctx.rng.random(count) < 0.5, 1.0, -1.0) * sign * arc_step(params, len(members))
    angle = np.arctan2(base[1], base[0]) + turn
    xy = centre + radius * np.stack([np.cos(angle), np.sin(angle)], axis=-1)
    yaw = facing_yaw(-np.cos(angle), -np.sin(angle)) if params.get("facing", True) else np.full(count, ctx.yaw[i])
    return _stack(xy[:, 0], xy[:, 1], yaw)


PLACEMENT = Placement(moves=arc_slot, group="arc", moves_together=True)

score, check = from_terms(
    _terms,
    score_doc="[B] in [0, 1]: 1 for an even circle or arc facing its centre, decaying with each deviation.",
    check_doc="[B] bool: radii within radius_tolerance of their mean (or radius), angular steps within "
              "gap_tolerance_deg of the even share, facing the fitted centre within tolerance_deg.")
