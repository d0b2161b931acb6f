"""centered(a): a stands in the middle of the room bounds."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES
from ..terms import Term, from_terms, no_bounds, pick

SPEC = RelationSpec(
    name="centered", min_args=1, max_args=1, arg_names=("a",), frame_free=False,
    params=(Param("axis", "str", "xy", "which world axes count", choices=("x", "y", "xy")),
            Param("tolerance", "float", 0.10, "largest distance from the bounds' centre, as a fraction of "
                  "their size along that axis", minimum=0.0, maximum=0.5)),
    description="a is in the middle of the room bounds: its centre within tolerance (default 10%) of the "
                "bounds' size from the bounds' centre along axis 'xy' (default), 'x' or 'y'.",
    version=2,  # v2: the tolerance is a parameter (v1: fixed 10%)
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
    return [Term(np.abs(centre[:, k] - mid[k]) - tolerance * extent[k], METRES) for k in axes]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 near the middle, decaying with the distance beyond 10% of the room.',
    check_doc="[B] bool: centre within 10% of the bounds' size from their centre on each chosen axis.")
