"""grid(objs...): centres on a regular rows x cols lattice, filled row by row in the order listed."""

from __future__ import annotations

import math
from typing import Any, Mapping


from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import lattice_terms
from ..terms import Term, from_terms

SPEC = RelationSpec(
    name="grid", min_args=2, max_args=None, arg_names=("objs...",),
    params=(Param("rows", "int", None, "number of rows; inferred when omitted", minimum=1),
            Param("cols", "int", None, "number of columns; inferred when omitted", minimum=1),
            Param("spacing", "float", None, "centre-to-centre distance (m) along rows and columns (one value "
                  "for both); free when omitted", minimum=0.0),
            Param("tolerance", "float", 0.10, "largest distance (m) of a centre from its lattice point",
                  minimum=0.0),
            Param("spacing_tolerance", "float", 0.10, "step error allowed, as a fraction of spacing", minimum=0.0,
                  maximum=1.0)),
    description="the objects fill a rectangular rows x cols lattice row by row in the order listed "
                "(centres within tolerance, default 0.1 m, of it); spacing (m) fixes the lattice step when "
                "given.",
    version=3,  # v3: the spacing tolerance is a parameter (fixed 10% before); v2: the tolerance (fixed 10 cm before)
)
PLACEMENT = Placement(group="lattice", moves_together=True)


def shape(n: int, rows: int | None, cols: int | None) -> tuple[int, int]:
    """(rows, cols) for n objects: given values kept, missing ones inferred (near-square)."""
    if rows is None and cols is None:
        cols = math.ceil(math.sqrt(n))
    if cols is None:
        assert rows is not None
        cols = math.ceil(n / rows)
    if rows is None:
        rows = math.ceil(n / cols)
    return rows, cols


def validate(params: Mapping[str, Any], n_args: int) -> str | None:
    """The lattice must hold the objects and have no empty row; a given spacing must be positive."""
    spacing = params.get("spacing")
    if spacing is not None and spacing <= 0:
        return f"spacing must be > 0, got {spacing}"
    rows, cols = shape(n_args, params.get("rows"), params.get("cols"))
    if rows * cols < n_args or (rows - 1) * cols >= n_args:
        return f"a {rows} x {cols} grid cannot hold exactly {n_args} objects row by row"
    return None


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    rows, cols = shape(len(idx), params.get("rows"), params.get("cols"))
    spacing = params.get("spacing")
    return lattice_terms(poses, idx, rows, cols, None if spacing is None else float(spacing),
                         float(params.get("tolerance", 0.10)), float(params.get("spacing_tolerance", 0.10)))


score, check = from_terms(
    _terms,
    score_doc="[B] in [0, 1]: 1 on the lattice, decaying with each centre's distance from it.",
    check_doc='[B] bool: every centre within tolerance of a rectangular lattice (steps within spacing_tolerance '
              'of spacing).')
