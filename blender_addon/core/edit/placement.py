"""Destinations -> library relations: "onto the desk" is ``on_top_of``, "next to the window"
``proximity``, "into the north-east corner" ``in_corner``... (placements are hard: the user asked)."""

from __future__ import annotations

from ....skill_library.compass import CORNERS, SIDES
from ..assets.catalog import load_catalog
from ..errors import BadInput
from ..model import Constraint
from ..offline.reading.lexicon import load_lexicon
from .ground import ground
from .instruction import Placement
from .predicates import xy_gap
from .scene import Scene

_SIMPLE = {"on": "on_top_of", "under": "under", "left_of": "left_of", "right_of": "right_of",
           "in_front_of": "in_front_of", "behind": "behind", "facing": "facing"}
_NEAR = {"near": 0.5, "at": 0.5, "against": 0.1}
_CORNERS = frozenset(CORNERS)
_WALLS = frozenset(SIDES)


def anchor_ids(scene: Scene, place: Placement) -> list[str]:
    """The one object each anchor names; an anchor naming nothing or several is bad input."""
    out = []
    for ref in place.anchors:
        g = ground(scene, ref)
        if not g.ids:
            raise BadInput(f"nothing in the scene is '{ref.describe()}'", "instruction")
        if g.status != "unique":
            raise BadInput(f"'{ref.describe()}' could be {', '.join(g.ids)}: say which", "instruction")
        out.append(g.ids[0])
    return out


def _is_surface(category: str) -> bool:
    entry = load_catalog().resolve(category)
    return bool(entry.supports_on_top) or category in load_lexicon().roles.get("surface", frozenset())


def placement_constraints(scene: Scene, oid: str, place: Placement) -> list[Constraint]:
    """The hard constraints that put ``oid`` where ``place`` says."""
    kind = place.predicate
    if kind == "wall":
        side = place.side if place.side in _WALLS else "any"
        return [Constraint("against_wall", (oid,), {"wall": side}, hard=True)]
    if kind == "corner":
        side = place.side if place.side in _CORNERS else "any"
        return [Constraint("in_corner", (oid,), {"corner": side}, hard=True)]
    if kind == "middle":
        return [Constraint("centered", (oid,), {"axis": "xy"}, hard=True)]
    anchors = anchor_ids(scene, place)
    by_id = scene.by_id()
    if kind == "between":
        return [Constraint("between", (oid, anchors[0], anchors[1]), {}, hard=True)]
    a = anchors[0]
    if kind in {"to", "in"}:
        kind = "on" if _is_surface(by_id[a].category) else "near"
    if kind in _SIMPLE:
        return [Constraint(_SIMPLE[kind], (oid, a), {}, hard=True)]
    if kind in _NEAR:
        return [Constraint("proximity", (oid, a), {"max_distance": _NEAR[kind]}, hard=True)]
    now = xy_gap(by_id[oid], by_id[a]) if oid in by_id else 1.0
    if kind == "closer":
        return [Constraint("proximity", (oid, a), {"max_distance": round(max(0.2, 0.5 * now), 3)}, hard=True)]
    if kind == "away":
        return [Constraint("far_from", (oid, a), {"min_distance": round(now + 1.0, 3)}, hard=True)]
    raise BadInput(f"cannot place by '{kind}'", "instruction")
