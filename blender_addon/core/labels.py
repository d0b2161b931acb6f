"""Label placement for the top-down review view: every object gets its id, no two labels
overlap, and a label moved away from its object gets a leader line back to it.

Pure geometry in the view plane (metres, X east, Y north). Greedy and deterministic: labels
are placed in the given order; each takes the cheapest free spot among candidates on rings
around its anchor (cost: distance, covering another object's centre, covering footprints);
a label with no free spot near its object goes to a column beside the view, which widens
the view (so a label is never dropped and never overlaps another).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

# Rings of candidate centres around the anchor: ring k at k * step, with 8 directions on the
# first ring and 16 beyond; MAX_RINGS rings in all (a label strays at most ~MAX_RINGS lines).
DIRECTIONS_NEAR, DIRECTIONS_FAR, MAX_RINGS = 8, 16, 10
GAP = 0.15  # free space kept around a label, as a fraction of the text height
COVER_ANCHOR_COST = 4.0  # covering another object's centre costs as much as moving 4 steps
COVER_FOOTPRINT_COST = 3.0  # covering another object's footprint entirely costs 3 steps
COVER_OWN_COST = 1.3  # covering its own object entirely: a label beside a small thing is clearer
LEADER_CROSS_COST = 1.5  # a leader crossing another leader, or passing under a label, costs 1.5 steps
LEADER_SAMPLES = 6  # points along a leader tested against label boxes
LEADER_MIN = 0.6  # a label whose box misses its anchor by more than this many text heights gets a leader


@dataclass(frozen=True)
class LabelSpot:
    """Where one label goes: its box (centre, width, height) and its anchor; ``leader``: draw
    a line from ``leader_from`` (the nearest point of the box) to the anchor."""

    text: str
    centre: tuple[float, float]
    width: float
    height: float
    anchor: tuple[float, float]
    leader: bool
    leader_from: tuple[float, float]

    def rect(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the label's box."""
        x, y = self.centre
        return x - self.width / 2, y - self.height / 2, x + self.width / 2, y + self.height / 2


def _overlaps(cands: np.ndarray, rects: np.ndarray, gap: float) -> np.ndarray:
    """[M] whether each candidate rect (M, 4) overlaps any of ``rects`` (N, 4) grown by ``gap``."""
    if len(rects) == 0:
        return np.zeros(len(cands), dtype=bool)
    c, r = cands[:, None, :], rects[None, :, :]
    hit = (c[..., 0] < r[..., 2] + gap) & (c[..., 2] > r[..., 0] - gap) & \
          (c[..., 1] < r[..., 3] + gap) & (c[..., 3] > r[..., 1] - gap)
    return hit.any(axis=1)


def _covered_area(cands: np.ndarray, rects: np.ndarray) -> np.ndarray:
    """[M, N] the fraction of each of ``rects`` that each candidate covers."""
    if len(rects) == 0:
        return np.zeros((len(cands), 0))
    c, r = cands[:, None, :], rects[None, :, :]
    w = np.clip(np.minimum(c[..., 2], r[..., 2]) - np.maximum(c[..., 0], r[..., 0]), 0.0, None)
    h = np.clip(np.minimum(c[..., 3], r[..., 3]) - np.maximum(c[..., 1], r[..., 1]), 0.0, None)
    area = np.maximum((r[..., 2] - r[..., 0]) * (r[..., 3] - r[..., 1]), 1e-9)
    return w * h / area


def ring_offsets(step: float) -> np.ndarray:
    """[K, 2] candidate offsets from the anchor, nearest first (the anchor itself first)."""
    out = [(0.0, 0.0)]
    for ring in range(1, MAX_RINGS + 1):
        count = DIRECTIONS_NEAR if ring == 1 else DIRECTIONS_FAR
        for k in range(count):  # start below the anchor (image down), then go round
            angle = -math.pi / 2 + 2 * math.pi * k / count
            out.append((ring * step * math.cos(angle), ring * step * math.sin(angle)))
    return np.array(out)


@dataclass
class _Board:
    """What is already on the picture: placed label boxes and boxes to keep free."""

    placed: list[tuple[float, float, float, float]]
    view: tuple[float, float, float, float]
    leaders: list[tuple[float, float, float, float]] = field(default_factory=list)  # x0, y0, x1, y1

    def arr(self) -> np.ndarray:
        return np.array(self.placed, float).reshape(-1, 4)


def _box4(box: Sequence[float]) -> tuple[float, float, float, float]:
    """``box`` (x0, y0, x1, y1; any sequence) as a tuple of four floats."""
    x0, y0, x1, y1 = (float(v) for v in box)
    return x0, y0, x1, y1


def place_labels(texts: Sequence[str], anchors: Sequence[tuple[float, float]], widths: Sequence[float],
                 height: float, view: tuple[float, float, float, float], *,
                 footprints: Sequence[tuple[float, float, float, float]] = (),
                 keep_free: Sequence[tuple[float, float, float, float]] = ()) -> tuple[list[LabelSpot], tuple]:
    """Place one label per text (``widths``: each box's width, ``height``: the boxes' height) near
    its anchor inside ``view`` (x0, y0, x1, y1). ``footprints``: the objects' boxes (their
    index matches ``anchors``; a label prefers not to hide them); ``keep_free``: boxes no label
    may overlap (the north arrow, the scale). Returns the spots, in the texts' order, and the
    view, widened to the east when labels had to go to the column beside it."""
    anchors_arr = np.array(anchors, float).reshape(-1, 2)
    feet = np.array(footprints, float).reshape(-1, 4)
    board = _Board(placed=[_box4(r) for r in keep_free], view=_box4(view))
    step, gap = height * 1.1, height * GAP
    offsets = ring_offsets(step)
    spots: list[LabelSpot | None] = [None] * len(texts)
    overflow: list[int] = []
    for i, (text, width) in enumerate(zip(texts, widths)):
        spot = _near(i, text, width, height, anchors_arr, feet, board, offsets, gap, step)
        if spot is None:
            overflow.append(i)
            continue
        board.placed.append(spot.rect())
        if spot.leader:
            board.leaders.append((*spot.leader_from, *spot.anchor))
        spots[i] = spot
    view_out = _column(overflow, texts, widths, height, anchors_arr, board, spots)
    return [s for s in spots if s is not None], view_out


def _near(i: int, text: str, width: float, height: float, anchors: np.ndarray, feet: np.ndarray,
          board: _Board, offsets: np.ndarray, gap: float, step: float) -> LabelSpot | None:
    """The cheapest free spot on the rings around anchor ``i`` inside the view, or None."""
    centres = anchors[i] + offsets
    cands = np.column_stack([centres[:, 0] - width / 2, centres[:, 1] - height / 2,
                             centres[:, 0] + width / 2, centres[:, 1] + height / 2])
    x0, y0, x1, y1 = board.view
    inside = (cands[:, 0] >= x0) & (cands[:, 1] >= y0) & (cands[:, 2] <= x1) & (cands[:, 3] <= y1)
    free = inside & ~_overlaps(cands, board.arr(), gap)
    if not free.any():
        return None
    others = np.arange(len(anchors)) != i
    cost = np.hypot(offsets[:, 0], offsets[:, 1]) / step
    if others.any():
        a = anchors[others]
        covers = ((a[None, :, 0] >= cands[:, None, 0]) & (a[None, :, 0] <= cands[:, None, 2]) &
                  (a[None, :, 1] >= cands[:, None, 1]) & (a[None, :, 1] <= cands[:, None, 3]))
        cost = cost + COVER_ANCHOR_COST * covers.sum(axis=1)
        if len(feet) == len(anchors):
            cost = cost + COVER_FOOTPRINT_COST * _covered_area(cands, feet[others]).sum(axis=1)
    if len(feet) == len(anchors):  # hiding its own object entirely costs a ring: small things show
        cost = cost + COVER_OWN_COST * _covered_area(cands, feet[i:i + 1])[:, 0]
    cost = cost + LEADER_CROSS_COST * _leader_clashes(cands, anchors[i], board, LEADER_MIN * height)
    cost = np.where(free, cost, np.inf)
    best = int(np.argmin(cost))  # ties: the earlier (nearer) candidate
    return _spot(text, tuple(centres[best]), width, height, tuple(anchors[i]))


def _crossings(a0: np.ndarray, a1: np.ndarray, b: np.ndarray) -> np.ndarray:
    """[M] how many of segments ``b`` (L, 4) each segment a0[m]-a1[m] properly crosses."""
    if len(b) == 0:
        return np.zeros(len(a0))
    p, r = a0[:, None, :], (a1 - a0)[:, None, :]
    q, t = b[None, :, :2], (b[:, 2:] - b[:, :2])[None, :, :]
    denom = r[..., 0] * t[..., 1] - r[..., 1] * t[..., 0]
    qp = q - p
    with np.errstate(divide="ignore", invalid="ignore"):
        u = (qp[..., 0] * t[..., 1] - qp[..., 1] * t[..., 0]) / denom
        v = (qp[..., 0] * r[..., 1] - qp[..., 1] * r[..., 0]) / denom
    hit = (np.abs(denom) > 1e-12) & (u > 1e-6) & (u < 1 - 1e-6) & (v > 1e-6) & (v < 1 - 1e-6)
    return hit.sum(axis=1)


def _leader_clashes(cands: np.ndarray, anchor: np.ndarray, board: _Board, min_length: float) -> np.ndarray:
    """[M] for each candidate box: leaders it would cross or hide, and labels its own leader
    would pass under (a leader under a plate cannot be followed)."""
    near = np.column_stack([np.clip(anchor[0], cands[:, 0], cands[:, 2]), np.clip(anchor[1], cands[:, 1], cands[:, 3])])
    has_leader = np.hypot(near[:, 0] - anchor[0], near[:, 1] - anchor[1]) > min_length
    placed = np.array(board.leaders, float).reshape(-1, 4)
    count = np.where(has_leader, _crossings(near, np.broadcast_to(anchor, near.shape), placed), 0).astype(float)
    f = np.linspace(0.15, 0.85, LEADER_SAMPLES)
    if len(placed):  # existing leaders this box would cover
        pts = placed[:, None, :2] + f[None, :, None] * (placed[:, None, 2:] - placed[:, None, :2])
        pts = pts.reshape(-1, 2)
        inside = ((pts[None, :, 0] > cands[:, None, 0]) & (pts[None, :, 0] < cands[:, None, 2]) &
                  (pts[None, :, 1] > cands[:, None, 1]) & (pts[None, :, 1] < cands[:, None, 3]))
        count += inside.sum(axis=1) / LEADER_SAMPLES
    rects = board.arr()
    if len(rects):  # placed labels this box's leader would pass under
        pts = near[:, None, :] + f[None, :, None] * (anchor[None, None, :] - near[:, None, :])
        under = ((pts[:, :, None, 0] > rects[None, None, :, 0]) & (pts[:, :, None, 0] < rects[None, None, :, 2]) &
                 (pts[:, :, None, 1] > rects[None, None, :, 1]) & (pts[:, :, None, 1] < rects[None, None, :, 3]))
        count += np.where(has_leader, under.any(axis=1).sum(axis=1), 0)
    return count


def _spot(text: str, centre: Sequence[float], width: float, height: float, anchor: Sequence[float]) -> LabelSpot:
    """A label box with its leader, if the box is far from its anchor."""
    cx, cy = float(centre[0]), float(centre[1])
    ax, ay = float(anchor[0]), float(anchor[1])
    near = (min(max(ax, cx - width / 2), cx + width / 2), min(max(ay, cy - height / 2), cy + height / 2))
    leader = math.hypot(ax - near[0], ay - near[1]) > LEADER_MIN * height
    return LabelSpot(text, (cx, cy), width, height, (ax, ay), leader, (float(near[0]), float(near[1])))


def _column(overflow: list[int], texts: Sequence[str], widths: Sequence[float], height: float,
            anchors: np.ndarray, board: _Board, spots: list[LabelSpot | None]) -> tuple[float, float, float, float]:
    """Stack the labels that found no spot in columns east of the view (north to south, in
    the order of their anchors from north), widening the view; returns the view."""
    x0, y0, x1, y1 = board.view
    if not overflow:
        return board.view
    line = height * (1 + 2 * GAP)
    rows = max(1, int((y1 - y0) // line))
    order = sorted(overflow, key=lambda k: (-anchors[k][1], anchors[k][0], k))
    left = x1 + height
    for start in range(0, len(order), rows):
        column = order[start:start + rows]
        col_width = max(widths[k] for k in column)
        for row, k in enumerate(column):
            cy = y1 - line * (row + 0.5)
            spots[k] = _spot(texts[k], (left + widths[k] / 2, cy), widths[k], height, tuple(anchors[k]))
        left += col_width + height
    return (x0, y0, left, y1)


def overlapping_pairs(spots: Sequence[LabelSpot]) -> list[tuple[str, str]]:
    """Pairs of labels whose boxes overlap (for tests and the report: it should be empty)."""
    out = []
    for a in range(len(spots)):
        ax0, ay0, ax1, ay1 = spots[a].rect()
        for b in range(a + 1, len(spots)):
            bx0, by0, bx1, by1 = spots[b].rect()
            if ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1:
                out.append((spots[a].text, spots[b].text))
    return out
