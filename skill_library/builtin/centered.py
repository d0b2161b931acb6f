"""centered(a): a stands in the middle of the room bounds."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES, RADIANS
from ..terms import Term, from_terms, no_bounds, pick

SPEC = RelationSpec(
    name="centered", min_args=1, max_args=1, arg_names=("a",), frame_free=False,
    params=(Param("axis", "str", "xy", "which world axes count", choices=("x", "y", "xy")),
            Param("tolerance", "float", 0.10, "largest distance from the bounds' centre, as a fraction of "
                  "their size along that axis", minimum=0.0, maximum=0.5),
            Param("align", "str", "walls", "'walls': a stands square to the walls (its yaw a multiple of 90 deg); "
                  "'free': any yaw", choices=("walls", "free")),
            Param("tolerance_deg", "float", 10.0, "largest angle (deg) off square with the walls", minimum=0.0,
                  maximum=45.0)),
    description="a is in the middle of the room bounds: its centre within tolerance (default 10%) of the "
                "bounds' size from the bounds' centre along axis 'xy' (default), 'x' or 'y'; square to the walls "
                "unless align='free'.",
    version=3,  # v3: squared with the walls by default (align); v2: the tolerance is a parameter (v1: fixed 10%)
)
PLACEMENT = Placement(moves=moves.centred, boundary="centre")

TOLERANCE = 0.10  # §5: within 10% of the bounds' size


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    if poses.bounds_min is None or poses.bounds_max is None:
        return [no_bounds(poses)]
    centre = pick(poses, idx[0])[0][:, :2]
    mid = 0.5 * (poses.bounds_min[:2] + poses.bounds_max[:2])
    extent = poses.bounds_max[:2] - poses.bounds_min[:2]
    axes = [k for k, name in enumerate("xy") if name in str(params["axis"])]
    tolerance = float(params.get("tolerance", TOLERANCE))
    terms = [Term(np.abs(centre[:, k] - mid[k]) - tolerance * extent[k], METRES) for k in axes]
    if params.get("align", "walls") == "walls":  # a thing in the middle of a room stands square to it
        terms.append(Term(off_square(pick(poses, idx[0])[1]) - np.deg2rad(float(params.get("tolerance_deg", 10.0))),
                          RADIANS))
    return terms


def off_square(yaw: np.ndarray) -> np.ndarray:
    """The angle (rad, in [0, pi/4]) between a yaw and the nearest multiple of 90 degrees."""
    quarter = np.pi / 2
    return np.abs(np.mod(yaw + quarter / 2, quarter) - quarter / 2)


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 near the middle (and square), decaying with the distance beyond tolerance.',
    check_doc="[B] bool: centre within tolerance of the bounds' size from their centre on each chosen axis, "
              "square to the walls within tolerance_deg unless align='free'.")
