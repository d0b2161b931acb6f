"""Phrases about a group on its own: "in a row", "stacked", "in a 3 by 4 grid", "aligned",
"in the middle", "smallest on top", and the collective nouns "a stack of", "a row of".
"""

from __future__ import annotations

import math
from typing import Any

from ..reading.closed_words import word_table
from ..relations.openings import keep_place_clear
from ..referents.world import Group, World

L_SHAPE_GAP = 0.3  # m between the two legs of an L (their boxes)
TOGETHER_GAP = 0.05
BACK_GAP = 0.1  # m between the backs of things back to back  # m between things pushed together
RING_COUNT = 6  # objects in a circle or arc when the text gives no count
ARCS = word_table("arc_degrees")  # "a horseshoe of chairs": 240 degrees
PYRAMID_GAP = 0.02  # m between neighbouring boxes of a pyramid layer
# an upper box of a pyramid sits on the middle of the two below it: near their joint (the middle 40%
# of the segment between their centres, which the solver meets with equal boxes), not on one end
PYRAMID_BRIDGE = {"tolerance": 0.1, "end_margin": 0.3}


def apply_modifier(world: World, kind: str, params: dict[str, Any], subject: Group, source: str) -> bool:
    """Add the relations a modifier stands for; False when it cannot apply to ``subject``."""
    ids = subject.ids
    if kind == "keep_clear":  # "keep the doorway clear"
        return keep_place_clear(world, subject, source)
    if not ids:
        return False
    if kind == "centered":
        for a in ids:
            world.relate("centered", [a], {}, source)
        return True
    if kind == "grid":
        return _grid(world, params, subject, source)
    if kind == "circle":  # "eight chairs in a circle": round a centre that is no object (unless one is named)
        return _circle(world, params, subject, source)
    if kind == "size_order":
        return _size_order(world, params, subject, source)
    if len(ids) < 2:
        return False
    if kind == "row" and subject.partition and len(subject.partition) > 1:  # "each table holds five plants in a row"
        return all([apply_modifier(world, kind, params, Group(ids=part), source) for part in subject.partition])
    if kind == "row":
        spacing = {"spacing": float(params["spacing"])} if "spacing" in params else {}
        for a, b in zip(ids, ids[1:]) if "max_gap" in params else ():  # "side by side": close, not just in line
            world.relate("proximity", [a, b], {"max_distance": float(params["max_gap"])}, source)
        return world.relate("row", ids, spacing, source)
    if kind == "pyramid":  # "stack six crates in a pyramid"
        return _pyramid(world, subject, source)
    if kind == "stacked":
        subject.stacked = True
        return world.relate("stacked", ids, {}, source)
    if kind == "aligned":
        return world.relate("alignment", ids, {}, source)
    if kind == "spaced":  # "with 3 feet between them": that gap between each one and the next
        gap = {k: float(v) for k, v in params.items() if k in ("min_distance", "max_distance")}
        return all([world.relate("proximity", [a, b], gap, source) for a, b in zip(ids, ids[1:])])
    if kind == "together":  # "two desks pushed together": each touching the next
        for a, b in zip(ids, ids[1:]):
            world.relate("proximity", [a, b], {"max_distance": TOGETHER_GAP}, source)
        return True
    return _pairwise(world, kind, ids, source)


def _pairwise(world: World, kind: str, ids: list[str], source: str) -> bool:
    """Shapes made of each member and the next: back to back, an L."""
    if kind == "back_to_back":  # "two armchairs back to back": each one's back at the other's
        return all([world.relate("behind", [a, b], {"max_distance": BACK_GAP}, source)
                    for x, y in zip(ids, ids[1:]) for a, b in ((x, y), (y, x))])
    if kind == "l_shape":  # "two sofas in an L shape": each next one at a right angle, their ends meeting
        for a, b in zip(ids, ids[1:]):
            world.relate("perpendicular", [a, b], {}, source)
            world.relate("ends_meet", [a, b], {"max_gap": L_SHAPE_GAP}, source)
        return True
    return False


def _circle(world: World, params: dict[str, Any], subject: Group, source: str) -> bool:
    """A ring or arc: round the centre an "around" already names ("around the fire in a
    semicircle"), else round a free centre (an "around" said later takes it over). "Chairs in
    a circle" with no count: enough of them to make one."""
    if subject.fresh and subject.np is not None and subject.np.count is None and subject.np.plural:
        world.grow(subject, RING_COUNT)
    ids = subject.ids
    arc = {"arc_deg": float(params["arc_deg"])} if "arc_deg" in params else {}
    for rel in world.relations:
        if rel.relation == "around" and set(ids) <= set(rel.args[:-1]):
            rel.params.update(arc)
            return True
    return len(ids) >= 3 and world.relate("circular", ids, arc, source)  # facing a thing: its members turn to it


def _faced_by_all(world: World, ids: list[str]) -> str | None:
    """The one thing every member faces, if any."""
    faced = [{r.args[1] for r in world.relations if r.relation == "facing" and r.args[0] == a} for a in ids]
    common = set.intersection(*faced) if faced else set()
    return next(iter(sorted(common))) if len(common) == 1 else None


def rings_facing_a_target(world: World) -> None:
    """"Ten chairs in a horseshoe facing the whiteboard": the members turn to what they face,
    not to the ring's centre (which the board need not be)."""
    for ring in (r for r in world.relations if r.relation == "circular"):
        if _faced_by_all(world, list(ring.args)):
            ring.params["facing"] = False


def _grid(world: World, params: dict[str, Any], subject: Group, source: str) -> bool:
    rows, cols = int(params.get("rows") or 0), int(params.get("cols") or 0)
    if rows and not cols and subject.np is not None and subject.np.collective == "grid":
        cols = math.ceil(len(subject.ids) / rows)  # "two rows of chairs": the count was chosen to fill them
    explicit = subject.np is not None and subject.np.count is not None
    if rows and cols and subject.fresh and not explicit:
        world.grow(subject, rows * cols)
    n = len(subject.ids)
    if not rows:
        rows = max(d for d in range(1, int(math.isqrt(n)) + 1) if n % d == 0)
    cols = cols or math.ceil(n / rows)
    if rows * cols != n:
        world.notes.append(f"{source!r}: {n} objects do not fill a {rows} by {cols} grid")
    if n < 2:
        return False
    if rows > 1 and cols > 1:  # "twenty chairs lined up in two rows": the rows, not one line of twenty besides
        world.relations = [r for r in world.relations if not (r.relation == "row" and set(r.args) == set(subject.ids))]
    return world.relate("grid", subject.ids, {"rows": rows, "cols": cols}, source)


def _size_order(world: World, params: dict[str, Any], subject: Group, source: str) -> bool:
    ids = subject.ids
    if len(ids) < 2:
        return False
    if params.get("stack") and not subject.stacked:
        subject.stacked = True
        world.relate("stacked", ids, {}, source)
    world.relate("hierarchy", ids, {"key": params.get("key", "volume"), "order": params.get("order", "descending")},
                 source)
    return True


def apply_collective(world: World, subject: Group, source: str) -> bool:
    """Relations implied by "a stack of", "a row of", "a grid of", "N rows of M"."""
    np = subject.np
    if np is None or not np.collective:
        return True
    if np.collective == "stack":
        return apply_modifier(world, "stacked", {}, subject, source)
    if np.collective == "row":
        return apply_modifier(world, "row", {}, subject, source)
    if np.collective == "grid":
        return apply_modifier(world, "grid", np.collective_params, subject, source)
    if np.collective == "pyramid":
        return _pyramid(world, subject, source)
    if np.collective in ARCS:  # "a circle of stools" (an "around" that follows gives it its centre)
        arc = ARCS[np.collective]
        return apply_modifier(world, "circle", {"arc_deg": arc} if arc < 360 else {}, subject, source)
    return True


def pyramid_layers(n: int, base: int | None = None) -> list[int]:
    """The layer widths, bottom first, of a pyramid of ``n`` things: from ``base`` (the widest
    the text gives, else the narrowest whose triangle holds them all) down by one a layer."""
    width = base if base and base > 0 else 1
    while not base and width * (width + 1) // 2 < n:
        width += 1
    layers, left = [], n
    for size in range(width, 0, -1):
        if left <= 0:
            break
        layers.append(min(size, left))
        left -= size
    if left > 0:  # more things than the given base's triangle holds: the rest on the bottom
        layers[0] += left
    return layers


def _pyramid(world: World, subject: Group, source: str) -> bool:
    """"A pyramid of ten boxes": layers of 4, 3, 2, 1 (the widest base the count fills, or the
    base the text gives), each layer a row, each upper box on the box below it and between that
    box and the next. A stack the same words made ("stack six crates in a pyramid") gives way."""
    base = world.vocab.pyramid_base
    if base and subject.fresh and subject.np is not None and subject.np.count is None:
        world.grow(subject, base * (base + 1) // 2)  # "pile the boxes into a pyramid, five on the ground"
    ids = subject.ids
    if len(ids) < 2:
        return False
    world.relations = [r for r in world.relations if not (r.relation == "stacked" and set(r.args) <= set(ids))]
    layers, start = [], 0
    for width in pyramid_layers(len(ids), base):
        layers.append(ids[start:start + width])
        start += width
    subject.stacked = True
    for box in ids[1:]:  # all square to one another: a box turned on its neighbour does not sit on two
        world.relate("parallel", [box, ids[0]], {}, source)
    for lower, upper in zip(layers, layers[1:]):
        for j, box in enumerate(upper):
            world.relate("on_top_of", [box, lower[j]], {}, source)
            if j + 1 < len(lower):
                world.relate("between", [box, lower[j], lower[j + 1]], PYRAMID_BRIDGE, source)
    for layer in layers:
        if len(layer) > 1:
            world.relate("row", layer, {}, source)
            for a, b in zip(layer, layer[1:]):
                world.relate("proximity", [a, b], {"max_distance": PYRAMID_GAP}, source)
    return True
