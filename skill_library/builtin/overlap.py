"""overlap(a, b): the footprints overlap (a rug under a table)."""

from __future__ import annotations

from typing import Any, Mapping


from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..terms import Term, from_terms, pick

SPEC = RelationSpec(
    name="overlap", min_args=2, max_args=2, arg_names=("a", "b"), physics="overlap",
    params=(Param("min_fraction", "float", 0.3, "least overlap, as a fraction of the smaller footprint",
                  minimum=0.0, maximum=1.0),),
    description="a's and b's footprints overlap by at least min_fraction (default 0.3) of the smaller one "
                "(exact area at any yaw).",
    version=2,  # v2: exact polygon-clipped area; v1 over-read rotated footprints (45 deg squares: 1.0, not 0.83)
    unordered=(0, None),  # the order of the objects says nothing
)
PLACEMENT = Placement(moves=moves.on_anchor, anchored=True)

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"overlap": ["simple"]},
    "phrases": {
        "overlapping": ["overlap"],
        "overlaps": ["overlap"],
        "overlap": ["overlap"],
        "partly on": ["overlap"],
        "partially on": ["overlap"],
        "partly over": ["overlap"],
    },
}


def validate(params: Mapping[str, Any], n_args: int) -> str | None:
    """A fraction above 1 can never hold."""
    return None if params["min_fraction"] <= 1.0 else f"min_fraction must be <= 1, got {params['min_fraction']}"


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    a, b = pick(poses, idx[0]), pick(poses, idx[1])
    fraction = geo.footprint_overlap_fraction(*a, *b)
    # the gap (0 once they touch) keeps the score sloped while the footprints are still apart
    return [Term(float(params["min_fraction"]) - fraction + geo.xy_gap(*a, *b), 0.3)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 at min_fraction or more, decaying with the shortfall (and the gap when apart).',
    check_doc='[B] bool: the exact overlap fraction >= min_fraction (any yaws, see geometry).')
