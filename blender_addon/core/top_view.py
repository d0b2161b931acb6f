"""The labelled top-down review view as a plan: what it frames, its 1 m grid, north arrow,
room outline with openings, and where each id label goes (:mod:`.labels`).

The view shows the whole room (walls included) when there is one, else the objects with a
margin; around it a margin holds the grid's metre numbers, the north arrow and labels that
do not fit inside. Pure numbers: ``bl/top_view.py`` draws them. Plane coordinates are world
metres (X east, Y north); north is up in the image.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from .labels import LabelSpot, place_labels

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1

# Text size: a label's height is this fraction of the image width (about 13 px at 768 px),
# smaller when the labels would not fit (down to MIN_TEXT), never below MIN_TEXT_PX pixels.
TEXT_FRACTION = 0.019
MIN_TEXT_FRACTION = 0.014
MAX_LED = 0.4  # smaller text while more than this share of the labels needs a leader line
PAD = 0.25  # a label's box around its text, as a fraction of the text height (each side)
WALL = 0.12  # m: the wall band drawn outside the room's bounds (bl/room_plan.WALL_THICKNESS)
OUTDOOR_PAD = 1.0  # m of ground shown around the objects without a room
MAX_GRID_LINES = 60  # a huge scene gets a coarser grid (2, 5, 10 m), never hundreds of lines


@dataclass(frozen=True)
class Item:
    """A thing to label: its id, footprint (x0, y0, x1, y1) and label width per unit text height."""

    id: str
    footprint: Rect
    aspect: float = 0.0  # 0: estimated from the id's length

    def anchor(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.footprint
        return (x0 + x1) / 2, (y0 + y1) / 2


@dataclass(frozen=True)
class TopViewPlan:
    """Everything the top view draws. ``view``: the framed rectangle (image aspect);
    ``grid``: the metre lines (x values, y values) over ``grid_area``; ``ticks``: (text,
    x, y) metre numbers; ``north``: arrow centre and length; ``labels``: one per item."""

    view: Rect
    text_height: float
    grid_step: float
    grid: tuple[tuple[float, ...], tuple[float, ...]]
    grid_area: Rect
    ticks: tuple[tuple[str, float, float], ...]
    north: tuple[float, float, float]
    labels: tuple[LabelSpot, ...]
    room: Rect | None = None
    keep_free: tuple[Rect, ...] = field(default=())

    @property
    def ortho_scale(self) -> float:
        """Blender's ``ortho_scale``: the view's larger side."""
        x0, y0, x1, y1 = self.view
        return max(x1 - x0, y1 - y0)

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.view
        return (x0 + x1) / 2, (y0 + y1) / 2


def estimated_aspect(text: str) -> float:
    """Width of ``text`` per unit of text height in Blender's default font (about 0.55 an
    average character); the Blender side measures the real one."""
    return 0.55 * max(len(text), 1)


def _fit_aspect(rect: Rect, aspect: float) -> Rect:
    """``rect`` grown about its centre to the image aspect (width / height)."""
    x0, y0, x1, y1 = rect
    w, h = x1 - x0, y1 - y0
    if w / max(h, 1e-9) < aspect:
        w = h * aspect
    else:
        h = w / aspect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def grid_step(span: float) -> float:
    """1 m, or 2, 5, 10... m when 1 m lines would be more than :data:`MAX_GRID_LINES`."""
    for step in (1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0):
        if span / step <= MAX_GRID_LINES:
            return step
    return 10.0 ** math.ceil(math.log10(max(span, 1.0) / MAX_GRID_LINES))


def _area(items: Sequence[Item], room: Rect | None) -> Rect:
    """What must be seen: the room with its walls, and every item."""
    boxes = [i.footprint for i in items]
    if room is not None:
        boxes.append((room[0] - WALL, room[1] - WALL, room[2] + WALL, room[3] + WALL))
    if not boxes:
        return (-1.0, -1.0, 1.0, 1.0)
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    if room is None:
        x0, y0, x1, y1 = x0 - OUTDOOR_PAD, y0 - OUTDOOR_PAD, x1 + OUTDOOR_PAD, y1 + OUTDOOR_PAD
    return x0, y0, x1, y1


def plan_top_view(items: Sequence[Item], room: Rect | None, width_px: int, height_px: int,
                  text_aspects: Mapping[str, float] | None = None) -> TopViewPlan:
    """The top view of ``items`` (and the room's floor rectangle ``room``, if any) for an image
    of ``width_px`` x ``height_px``. Deterministic: the same items give the same plan."""
    area = _area(items, room)
    aspect = width_px / height_px
    span = max(area[2] - area[0], (area[3] - area[1]) * aspect)
    size = span * TEXT_FRACTION / (1 - 2 * 0.12)  # the margins below take ~12 % a side
    while True:
        plan, overflowed = _plan_at(items, room, area, aspect, size, text_aspects or {})
        led = sum(spot.leader for spot in plan.labels)
        if (not overflowed and led <= MAX_LED * len(plan.labels)) or size * 0.85 < span * MIN_TEXT_FRACTION:
            return plan  # labels mostly on their objects, or the smallest text
        size *= 0.85


def _margined(area: Rect, size: float) -> Rect:
    """The area plus the margin for metre numbers and the north arrow (3.2 text heights a side)."""
    m = 3.2 * size
    return area[0] - m, area[1] - m, area[2] + m, area[3] + m


def _plan_at(items: Sequence[Item], room: Rect | None, area: Rect, aspect: float, size: float,
             text_aspects: Mapping[str, float]) -> tuple[TopViewPlan, bool]:
    """The plan with text of height ``size`` (m), and whether labels went to the side column."""
    view = _fit_aspect(_margined(area, size), aspect)
    step = grid_step(max(area[2] - area[0], area[3] - area[1]))
    grid_area = room if room is not None else area
    xs = _lines(grid_area[0], grid_area[2], step)
    ys = _lines(grid_area[1], grid_area[3], step)
    ticks = tuple([(_metres(x), x, area[1] - 1.4 * size) for x in xs] +
                  [(_metres(y), area[0] - 1.6 * size, y) for y in ys])
    arrow = 2.2 * size
    north = (view[2] - 1.6 * size, view[3] - 0.6 * size - arrow / 2, arrow)
    free = [(north[0] - 0.8 * size, north[1] - arrow / 2 - 0.2 * size, north[0] + 0.8 * size, view[3])]
    free += [_tick_box(text, x, y, size) for text, x, y in ticks]
    box_h = size * (1 + 2 * PAD)
    widths = [size * (text_aspects.get(i.id) or i.aspect or estimated_aspect(i.id)) + 2 * PAD * size for i in items]
    spots, wider = place_labels([i.id for i in items], [i.anchor() for i in items], widths, box_h,
                                _inside(view, size), footprints=[i.footprint for i in items], keep_free=free)
    overflowed = wider != _inside(view, size)
    if overflowed:  # the side column east of the view: widen the picture to hold it
        view = _fit_aspect((view[0], view[1], wider[2] + 0.3 * size, view[3]), aspect)
    plan = TopViewPlan(view=view, text_height=size, grid_step=step, grid=(xs, ys), grid_area=grid_area,
                       ticks=ticks, north=north, labels=tuple(spots), room=room, keep_free=tuple(free))
    return plan, overflowed


def _inside(view: Rect, size: float) -> Rect:
    """The part of the view labels may use: a small border kept clear."""
    m = 0.3 * size
    return view[0] + m, view[1] + m, view[2] - m, view[3] - m


def _lines(lo: float, hi: float, step: float) -> tuple[float, ...]:
    first = math.ceil(lo / step - 1e-9) * step
    count = int(math.floor((hi - first) / step + 1e-9)) + 1
    return tuple(round(first + k * step, 6) for k in range(max(count, 0)))


def _metres(value: float) -> str:
    text = f"{value:.0f}" if abs(value - round(value)) < 1e-6 else f"{value:.1f}"
    return "0" if text == "-0" else text


def _tick_box(text: str, x: float, y: float, size: float) -> Rect:
    half_w, half_h = estimated_aspect(text) * size * 0.8 / 2 + 0.1 * size, size * 0.5
    return x - half_w, y - half_h, x + half_w, y + half_h
