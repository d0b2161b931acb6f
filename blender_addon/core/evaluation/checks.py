"""One entry point for every relation check: :func:`check_relation`.

The evaluator re-checks a layout's constraints with its own geometry (``geometry.py``),
never the solver's or the skill library's: an independent second opinion.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Mapping, Sequence

from ..model import Bounds
from .check_base import Check
from .geometry import Box
from . import groups, pairs

Checker = Callable[[Sequence[Box], Mapping[str, Any], "Bounds | None"], Check]

# relation -> (checker, argument count: an int, or (minimum, None) for groups)
CHECKERS: dict[str, tuple[Checker, Any]] = {
    "on_top_of": (pairs.on_top_of, 2), "under": (pairs.under, 2), "above": (pairs.above, 2),
    "inside": (pairs.inside, 2), "proximity": (pairs.proximity, 2), "far_from": (pairs.far_from, 2),
    "facing": (pairs.facing, 2), "between": (pairs.between, 3), "parallel": (pairs.parallel, 2),
    "perpendicular": (pairs.perpendicular, 2), "scaling": (pairs.scaling, 2), "overlap": (pairs.overlap, 2),
    "symmetric": (pairs.symmetric, 3),
    **{rel: (partial(pairs.directional, rel), 2) for rel in pairs.DIRECTIONS},
    "stacked": (groups.stacked, (2, None)), "alignment": (groups.alignment, (2, None)),
    "row": (groups.row, (2, None)), "grid": (groups.grid, (2, None)), "around": (groups.around, (3, None)),
    "hierarchy": (groups.hierarchy, (2, None)),
    "against_wall": (groups.against_wall, 1), "in_corner": (groups.in_corner, 1), "centered": (groups.centered, 1),
}


def known_relations() -> list[str]:
    """Names of the relations this evaluator can check (the CONTRACTS §5 vocabulary)."""
    return sorted(CHECKERS)


def check_relation(relation: str, args: Sequence[str], params: Mapping[str, Any], boxes: Mapping[str, Box],
                   bounds: Bounds | None) -> Check:
    """Check one relation over object ids; an unknown relation or a wrong arity is reported as
    unchecked (``checked=False``), an unknown id as failing, never as a crash."""
    label = f"{relation}({', '.join(args)})"
    entry = CHECKERS.get(relation)
    if entry is None:
        return Check(False, 0.0, f"{label}: no independent checker for this relation", checked=False)
    checker, arity = entry
    if isinstance(arity, int) and len(args) != arity or isinstance(arity, tuple) and len(args) < arity[0]:
        return Check(False, 0.0, f"{label}: wrong number of arguments", checked=False)
    missing = [a for a in args if a not in boxes]
    if missing:
        return Check(False, 0.0, f"{label}: no object {', '.join(f'(ID: {m})' for m in missing)} in the layout")
    return checker([boxes[a] for a in args], params or {}, bounds)
