"""The annotator's kit: plain-Python measures over a layout.json's objects, for the
per-prompt scoring functions of the benchmark (SceneCraft Appendix D style).

Deliberately simple and independent of the project's code (no skill library, no
evaluator): objects are the dicts of layout.json, footprints are their world AABBs
(``bbox_min``/``bbox_max``), directions use the yaw and front = local -Y (CONTRACTS §1).
A :class:`Card` collects the terms of one prompt: each term is 1 when its condition holds
strictly and below 1 (partial credit) when not, so a score is <= 1 and equals 1 only when
every condition holds.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

Obj = dict[str, Any]


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


class Scene:
    """A layout's objects by category, and its bounds (None for an unbounded ground)."""

    def __init__(self, layout: dict[str, Any]) -> None:
        self.objects: list[Obj] = list(layout.get("objects", []))
        self.bounds = layout.get("bounds")

    def of(self, *categories: str) -> list[Obj]:
        """Objects whose category is one of these nouns (case and plural insensitive), by id."""
        wanted = {_singular(c.lower()) for c in categories}
        return sorted((o for o in self.objects if _singular(o["category"].lower()) in wanted), key=lambda o: o["id"])

    def one(self, *categories: str) -> Obj | None:
        found = self.of(*categories)
        return found[0] if found else None


def x(o: Obj) -> float:
    return float(o["location"][0])


def y(o: Obj) -> float:
    return float(o["location"][1])


def bottom(o: Obj) -> float:
    return float(o["location"][2])


def top(o: Obj) -> float:
    return float(o["bbox_max"][2])


def height(o: Obj) -> float:
    return float(o["dimensions"][2])


def yaw(o: Obj) -> float:
    return float(o["rotation_euler"][2])


def dist(a: Obj, b: Obj) -> float:
    """Distance between the two centres on the floor."""
    return math.hypot(x(a) - x(b), y(a) - y(b))


def gap(a: Obj, b: Obj) -> float:
    """Gap between the two footprints' axis-aligned boxes (0 when they overlap)."""
    dx = max(a["bbox_min"][0] - b["bbox_max"][0], b["bbox_min"][0] - a["bbox_max"][0], 0.0)
    dy = max(a["bbox_min"][1] - b["bbox_max"][1], b["bbox_min"][1] - a["bbox_max"][1], 0.0)
    return math.hypot(dx, dy)


def over(a: Obj, b: Obj, margin: float = 0.0) -> bool:
    """a's centre lies over b's footprint (grown by margin)."""
    return (b["bbox_min"][0] - margin <= x(a) <= b["bbox_max"][0] + margin
            and b["bbox_min"][1] - margin <= y(a) <= b["bbox_max"][1] + margin)


def rests_on(a: Obj, b: Obj) -> bool:
    """a stands on b: its bottom within 3 cm of b's top and its centre over b."""
    return abs(bottom(a) - top(b)) <= 0.03 and over(a, b)


def on_floor(o: Obj) -> bool:
    return abs(bottom(o)) <= 0.03


def in_frame(a: Obj, b: Obj) -> tuple[float, float]:
    """a's centre in b's frame: (right, forward) — forward is the way b faces."""
    dx, dy = x(a) - x(b), y(a) - y(b)
    c, s = math.cos(yaw(b)), math.sin(yaw(b))
    return dx * c + dy * s, -(-dx * s + dy * c)


def half_depth(o: Obj) -> float:
    return float(o["dimensions"][1]) / 2


def half_width(o: Obj) -> float:
    return float(o["dimensions"][0]) / 2


def reach_in_frame(a: Obj, b: Obj) -> tuple[float, float]:
    """How far a extends from its centre along b's right and forward axes (a may be turned)."""
    turn = yaw(a) - yaw(b)
    c, s = abs(math.cos(turn)), abs(math.sin(turn))
    return half_width(a) * c + half_depth(a) * s, half_width(a) * s + half_depth(a) * c


def in_front(a: Obj, b: Obj, reach: float = 2.5) -> bool:
    """a's centre is ahead of b's front face, its near side at most ``reach`` from that face, and
    roughly within b's width."""
    right, forward = in_frame(a, b)
    far = half_depth(b) + reach + reach_in_frame(a, b)[1]
    return half_depth(b) < forward <= far and abs(right) <= half_width(b) + 0.3


def behind(a: Obj, b: Obj, reach: float = 2.5) -> bool:
    right, forward = in_frame(a, b)
    far = half_depth(b) + reach + reach_in_frame(a, b)[1]
    return -far <= forward < -half_depth(b) and abs(right) <= half_width(b) + 0.3


def left_of(a: Obj, b: Obj, reach: float = 2.5) -> bool:
    """Left as seen by someone facing b's front: b's local -X side."""
    right, _ = in_frame(a, b)
    return -half_width(b) - reach - reach_in_frame(a, b)[0] <= right < -half_width(b) + 0.05


def right_of(a: Obj, b: Obj, reach: float = 2.5) -> bool:
    right, _ = in_frame(a, b)
    return half_width(b) - 0.05 < right <= half_width(b) + reach + reach_in_frame(a, b)[0]


def facing_angle(a: Obj, b: Obj) -> float:
    """Degrees between a's front and the direction from a to b."""
    fx, fy = math.sin(yaw(a)), -math.cos(yaw(a))
    dx, dy = x(b) - x(a), y(b) - y(a)
    norm = math.hypot(dx, dy)
    if norm < 1e-9:
        return 180.0
    return math.degrees(math.acos(max(-1.0, min(1.0, (fx * dx + fy * dy) / norm))))


def faces(a: Obj, b: Obj, tolerance: float = 35.0) -> bool:
    return facing_angle(a, b) <= tolerance


def yaw_gap(a: Obj, b: Obj) -> float:
    """Degrees between two yaws modulo 180 (0 = parallel, 90 = perpendicular)."""
    d = abs(math.degrees(yaw(a) - yaw(b))) % 180.0
    return min(d, 180.0 - d)


def wall_gap(o: Obj, side: str, bounds: dict[str, Any] | None) -> float:
    """Distance from the object's box to a side of the room (inf without bounds)."""
    if bounds is None:
        return math.inf
    lo, hi = bounds["min"], bounds["max"]
    return {"north": hi[1] - o["bbox_max"][1], "south": o["bbox_min"][1] - lo[1],
            "east": hi[0] - o["bbox_max"][0], "west": o["bbox_min"][0] - lo[0]}[side]


WALL_SLACK = 0.05  # m an object may poke into a wall and still count as standing against it


def near_wall(o: Obj, side: str, bounds: dict[str, Any] | None, tolerance: float = 0.1) -> bool:
    """Within ``tolerance`` of that side of the room, and not through it."""
    return -WALL_SLACK <= wall_gap(o, side, bounds) <= tolerance


def in_corner(o: Obj, bounds: dict[str, Any] | None, tolerance: float = 0.15) -> bool:
    """Close to one north/south wall and one east/west wall."""
    return (any(near_wall(o, side, bounds, tolerance) for side in ("north", "south"))
            and any(near_wall(o, side, bounds, tolerance) for side in ("east", "west")))


def corner_of(o: Obj, bounds: dict[str, Any] | None) -> str:
    """Which quarter of the room the object's centre is in: "ne", "nw", "se" or "sw"."""
    if bounds is None:
        return "?"
    mid_x = (bounds["min"][0] + bounds["max"][0]) / 2
    mid_y = (bounds["min"][1] + bounds["max"][1]) / 2
    return ("n" if y(o) >= mid_y else "s") + ("e" if x(o) >= mid_x else "w")


def middle_offset(o: Obj, bounds: dict[str, Any] | None) -> float:
    """Distance of the centre from the middle of the room, as a fraction of the room's size."""
    if bounds is None:
        return math.inf
    lo, hi = bounds["min"], bounds["max"]
    return max(abs(x(o) - (lo[0] + hi[0]) / 2) / (hi[0] - lo[0]), abs(y(o) - (lo[1] + hi[1]) / 2) / (hi[1] - lo[1]))


def line_deviation(objs: Sequence[Obj]) -> float:
    """Largest distance of a centre from the line through the two farthest-apart centres."""
    if len(objs) < 3:
        return 0.0
    a, b = max(((p, q) for i, p in enumerate(objs) for q in objs[i + 1:]), key=lambda pq: dist(*pq))
    length = dist(a, b)
    if length < 1e-9:
        return 0.0
    return max(abs((x(b) - x(a)) * (y(a) - y(o)) - (x(a) - x(o)) * (y(b) - y(a))) / length for o in objs)


def spacing_spread(objs: Sequence[Obj]) -> float:
    """(largest - smallest) / mean of the gaps between neighbours along the row."""
    if len(objs) < 3:
        return 0.0
    a, b = max(((p, q) for i, p in enumerate(objs) for q in objs[i + 1:]), key=lambda pq: dist(*pq))
    ux, uy = (x(b) - x(a)), (y(b) - y(a))
    norm = math.hypot(ux, uy) or 1.0
    along = sorted((x(o) - x(a)) * ux / norm + (y(o) - y(a)) * uy / norm for o in objs)
    steps = [q - p for p, q in zip(along, along[1:])]
    mean = sum(steps) / len(steps)
    return (max(steps) - min(steps)) / mean if mean > 1e-9 else math.inf


def is_row(objs: Sequence[Obj], off: float = 0.15, spread: float = 0.25) -> bool:
    return line_deviation(objs) <= off and spacing_spread(objs) <= spread


def ring_spread(objs: Sequence[Obj], centre: Obj) -> tuple[float, float]:
    """(distance spread as max/min - 1, largest angular gap in degrees) of objs around centre."""
    d = [dist(o, centre) for o in objs]
    angles = sorted(math.degrees(math.atan2(y(o) - y(centre), x(o) - x(centre))) for o in objs)
    gaps = [b - a for a, b in zip(angles, angles[1:])] + [angles[0] + 360.0 - angles[-1]]
    return (max(d) / min(d) - 1.0 if min(d) > 1e-9 else math.inf), max(gaps)


def is_ring(objs: Sequence[Obj], centre: Obj) -> bool:
    """Around: distances within 25% of each other, no angular gap beyond 1.6x the even share."""
    spread, widest = ring_spread(objs, centre)
    return spread <= 0.25 and widest <= 1.6 * 360.0 / len(objs)


def looks_at_top(seat: Obj, table: Obj, reach: float = 2.0) -> bool:
    """The seat's front ray (front = (sin yaw, -cos yaw)) crosses the table's footprint box
    within ``reach`` metres: how a chair along a long table's side faces it."""
    fx, fy = math.sin(yaw(seat)), -math.cos(yaw(seat))
    for step in range(1, 41):
        px, py = x(seat) + fx * reach * step / 40, y(seat) + fy * reach * step / 40
        if table["bbox_min"][0] <= px <= table["bbox_max"][0] and table["bbox_min"][1] <= py <= table["bbox_max"][1]:
            return True
    return False


def seated_around(seats: Sequence[Obj], table: Obj, reach: float = 0.4) -> bool:
    """Seats 'around' a table as a person reads it: a ring, or (the usual way at a long
    table) every seat close to the table and facing it, on at least two of its sides."""
    if is_ring(seats, table):
        return True
    sides = set()
    for seat in seats:
        if gap(seat, table) > reach or not (faces(seat, table) or looks_at_top(seat, table)):
            return False
        dx, dy = x(seat) - x(table), y(seat) - y(table)
        half_x = (table["bbox_max"][0] - table["bbox_min"][0]) / 2  # world extents: the table may be turned
        half_y = (table["bbox_max"][1] - table["bbox_min"][1]) / 2
        sides.add(("E" if dx > 0 else "W") if abs(dx) * half_y > abs(dy) * half_x else ("N" if dy > 0 else "S"))
    return len(sides) >= 2


def grid_error(objs: Sequence[Obj], rows: int, cols: int) -> float:
    """How far the centres are from a rows x cols grid along world X/Y (either way round):
    the largest spread of a row's or a column's coordinate, in metres."""
    if len(objs) != rows * cols:
        return math.inf
    best = math.inf
    for first, second in ((x, y), (y, x)):
        for n_lines, per_line in ((rows, cols), (cols, rows)):
            ordered = sorted(objs, key=second)
            lines = [sorted(ordered[i * per_line:(i + 1) * per_line], key=first) for i in range(n_lines)]
            line_spread = max(max(second(o) for o in ln) - min(second(o) for o in ln) for ln in lines)
            column_spread = max(max(first(ln[k]) for ln in lines) - min(first(ln[k]) for ln in lines)
                                for k in range(per_line))
            best = min(best, max(line_spread, column_spread))
    return best


def overlap_fraction(a: Obj, b: Obj) -> float:
    """Shared AABB footprint area over the smaller footprint."""
    w = min(a["bbox_max"][0], b["bbox_max"][0]) - max(a["bbox_min"][0], b["bbox_min"][0])
    h = min(a["bbox_max"][1], b["bbox_max"][1]) - max(a["bbox_min"][1], b["bbox_min"][1])
    area = lambda o: (o["bbox_max"][0] - o["bbox_min"][0]) * (o["bbox_max"][1] - o["bbox_min"][1])  # noqa: E731
    smaller = min(area(a), area(b))
    return max(w, 0.0) * max(h, 0.0) / smaller if smaller > 0 else 0.0


class Card:
    """The terms of one prompt's score; ``score()`` is their mean."""

    def __init__(self) -> None:
        self.terms: list[tuple[str, float]] = []

    def need(self, label: str, ok: bool, partial: float = 0.0) -> None:
        """A condition: 1 when it holds, else ``partial`` (clamped below 1)."""
        self.terms.append((label, 1.0 if ok else max(0.0, min(0.99, partial))))

    def share(self, label: str, results: Iterable[bool]) -> None:
        """A condition over many objects: the share that holds (1 only when all do)."""
        values = list(results)
        if not values:
            self.terms.append((label, 0.0))
            return
        held = sum(1 for v in values if v)
        self.terms.append((label, 1.0 if held == len(values) else min(0.99, held / len(values))))

    def count(self, label: str, objs: Sequence[Obj], wanted: int) -> None:
        miss = abs(len(objs) - wanted) / max(wanted, 1)
        self.need(label, len(objs) == wanted, 1.0 - miss)

    def score(self) -> float:
        return sum(v for _, v in self.terms) / len(self.terms) if self.terms else 0.0

    def failing(self) -> list[str]:
        return [label for label, v in self.terms if v < 1.0]
