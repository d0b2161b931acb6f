"""How big an outdoor scene is (issue 13): its extent follows the subjects, not the ground.

A lake, a river, the sea, a field or a beach's sand patch is a flat thing many metres across
(the knowledge base's sea is 40 x 20 m). Sized like furniture, the scene grew to hold it and the
tents by the water were specks in the render. Here the scene is first sized to everything else
(the subjects), then each ground feature is cut to that extent (the sea spans the scene's width
along its far edge, a lake or a field takes a share of it), and the scene grows only by the
ground the features then cover.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ...model import Bounds, Constraint, ObjectSpec
from ...knowledge.objects import load_knowledge
from ..setting.indoor_outdoor import load_setting_words

GROUND_FAMILIES = frozenset({"nature"})  # knowledge-base families whose big flat things are ground
GROUND_HEIGHT = 0.2  # m: a flat thing at most this high ...
GROUND_AREA = 12.0  # m^2: ... and at least this large is ground (a lake, the sea, a field), not a rug
LONG_SHARE = 1.0  # a ground feature's longer side is at most the scene's side ...
SHORT_SHARE = 0.45  # ... and its shorter side this share of it (the rest is land for the subjects)
EDGE_DEPTH = 0.4  # share of the scene's side the sea reaches in from its edge

BoundsOf = Callable[[list[ObjectSpec], list[Constraint]], Bounds]


def is_ground_feature(obj: ObjectSpec) -> bool:
    """Whether the object is natural ground: of the knowledge base's nature family (water, sand, a
    field), flat and larger than :data:`GROUND_AREA`. A road or a path is not: houses line it."""
    w, d, h = obj.dimensions
    facts = load_knowledge().lookup(obj.category)
    return facts is not None and facts.family in GROUND_FAMILIES and h <= GROUND_HEIGHT and w * d >= GROUND_AREA


def outdoor_bounds(objects: list[ObjectSpec], constraints: list[Constraint], bounds_of: BoundsOf) -> Bounds:
    """The scene's bounds from the objects that are not ground (``bounds_of``: the room sizing),
    with each ground feature cut to them (its ``dimensions`` change) and the side grown by the
    area the features cover."""
    ground = [o for o in objects if is_ground_feature(o)]
    if not ground:
        return bounds_of(objects, constraints)
    kept = {o.id for o in ground}
    rest = [o for o in objects if o.id not in kept]
    first = bounds_of(rest, [c for c in constraints if not set(c.args) & kept])
    side = first.max[0] - first.min[0]
    edge = load_setting_words().edge_water
    for obj in ground:
        obj.dimensions = _cut(obj, side, obj.category in edge)
    grown = math.sqrt(side * side + sum(o.dimensions[0] * o.dimensions[1] for o in ground))
    half = round(grown / 2, 2)
    for obj in ground:  # the sea reaches from one side of the grown scene to the other
        if obj.category in edge:
            obj.dimensions = (round(2 * half, 4),) + tuple(obj.dimensions[1:])  # type: ignore[assignment]
    return Bounds((-half, -half, 0.0), (half, half, first.max[2]))


def _cut(obj: ObjectSpec, side: float, edge: bool) -> tuple[float, float, float]:
    """The feature's size within a scene of ``side`` metres: the sea as wide as the scene and
    :data:`EDGE_DEPTH` of it deep; anything else scaled evenly until its longer side fits
    :data:`LONG_SHARE` and its shorter :data:`SHORT_SHARE` of the side (never grown)."""
    w, d, h = obj.dimensions
    if edge:
        return (round(min(w, side), 4), round(min(d, EDGE_DEPTH * side), 4), h)
    long_side, short_side = max(w, d), min(w, d)
    factor = min(1.0, LONG_SHARE * side / long_side, SHORT_SHARE * side / short_side)
    return (round(w * factor, 4), round(d * factor, 4), h)
