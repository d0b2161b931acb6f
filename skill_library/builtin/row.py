"""row(objs...): centres on a straight line, evenly spaced, in the order listed."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES
from ..terms import Term, from_terms, pick_many

SPEC = RelationSpec(
    name="row", min_args=2, max_args=None, arg_names=("objs...",),
    params=(Param("spacing", "float", None, "centre-to-centre distance (m); free when omitted",
                  minimum=0.0),
            Param("tolerance", "float", 0.10, "largest distance (m) of a centre from the line", minimum=0.0),
            Param("gap_tolerance", "float", 0.10, "largest difference of a gap from the others' (or spacing), "
                  "as a fraction", minimum=0.0, maximum=1.0)),
    description="the objects stand in a straight row in the order listed: centres within tolerance (m, "
                "default 0.1) of one line, consecutive centre distances equal within gap_tolerance (default "
                "10%; = spacing in m when given).",
    version=2,  # v2: both tolerances are parameters (v1: fixed 10 cm, 10%)
)
PLACEMENT = Placement(moves=moves.row_slot, group="line", moves_together=True)

OFF_LINE = 0.10  # §5: centres <= 10 cm off the line
GAP_TOLERANCE = 0.10  # §5: consecutive gaps equal within 10%


def validate(params: Mapping[str, Any], n_args: int) -> str | None:
    """A given spacing must be positive (objects cannot share a spot)."""
    spacing = params.get("spacing")
    return None if spacing is None or spacing > 0 else f"spacing must be > 0, got {spacing}"


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos = pick_many(poses, idx)[0][..., :2]  # [B, M, 2]
    centred = pos - pos.mean(axis=1, keepdims=True)
    sxx = np.sum(centred[..., 0] ** 2, axis=1)
    syy = np.sum(centred[..., 1] ** 2, axis=1)
    sxy = np.sum(centred[..., 0] * centred[..., 1], axis=1)
    angle = 0.5 * np.arctan2(2.0 * sxy, sxx - syy)  # principal direction (total least squares line)
    direction = np.stack([np.cos(angle), np.sin(angle)], axis=-1)[:, None]
    normal = np.stack([-np.sin(angle), np.cos(angle)], axis=-1)[:, None]
    off_line = np.abs(np.sum(centred * normal, axis=-1))
    gaps = np.diff(np.sum(centred * direction, axis=-1), axis=1)
    gaps = gaps * np.where(gaps.sum(axis=1) < 0, -1.0, 1.0)[:, None]  # the line's direction is arbitrary
    spacing = params.get("spacing")
    target = np.full(pos.shape[0], float(spacing)) if spacing is not None else gaps.mean(axis=1)
    off, gap = float(params.get("tolerance", OFF_LINE)), float(params.get("gap_tolerance", GAP_TOLERANCE))
    terms = [Term(off_line - off, METRES), Term(np.abs(gaps - target[:, None]) - gap * np.abs(target)[:, None], METRES)]
    if spacing is None:  # objects heaped on one spot are not a row
        terms.append(Term(0.01 - target, METRES))
    return terms


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 for an even straight row in order, decaying with off-line and uneven gaps.',
    check_doc='[B] bool: every centre <= 10 cm off the line, every gap within 10% of the mean (or spacing).')
