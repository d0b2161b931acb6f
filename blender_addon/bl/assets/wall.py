"""Things hung on walls: boards, a wall clock, wall shelves, curtains, a projector screen.
Their backs are at +Y (against the wall), their faces toward -Y (into the room)."""

from __future__ import annotations

import math

import numpy as np

from .palette import (
    BLACK,
    RED,
    CREAM,
    DARK_METAL,
    LIGHT_WOOD,
    METAL,
    PAPER,
    WHITE,
    WOOD,
    Look,
    Palette,
)
from .parts import Parts
from .registry import builder

CHALK_GREEN = Look((0.03, 0.12, 0.07), 0.9)
CHALK = Look((0.9, 0.9, 0.86), 0.9)
BOARD_WHITE = Look((0.95, 0.95, 0.95), 0.2)
ALUMINIUM = Look((0.7, 0.71, 0.73), 0.35)
MARKER_COLOURS = (Look((0.7, 0.05, 0.05), 0.4), Look((0.05, 0.15, 0.6), 0.4), BLACK)
CURTAIN = Look((0.55, 0.18, 0.12), 0.95)
CORK = Look((0.62, 0.45, 0.27), 0.95)
HARDBOARD = Look((0.72, 0.6, 0.42), 0.8)
NOTE_COLOURS = (PAPER, Look((0.95, 0.85, 0.3), 0.9), Look((0.55, 0.75, 0.9), 0.9), Look((0.95, 0.6, 0.65), 0.9))


def _board(p: Parts, w: float, d: float, h: float, face: Look, frame: Look, tray: Look) -> None:
    """A framed board: face just in front of a back panel, a frame, a tray along the bottom."""
    f = min(0.04, w * 0.03, h * 0.05)
    p.box(-w / 2, d / 2 - min(d, 0.02), 0.0, w / 2, d / 2, h, frame)
    p.box(-w / 2 + f, d / 2 - min(d, 0.025), f, w / 2 - f, d / 2 - 0.005, h - f, face)
    for x0, x1, z0, z1 in ((-w / 2, w / 2, h - f, h), (-w / 2, w / 2, 0, f), (-w / 2, -w / 2 + f, 0, h),
                           (w / 2 - f, w / 2, 0, h)):
        p.box(x0, d / 2 - min(d, 0.03), z0, x1, d / 2, z1, frame)
    p.box(-w / 2 + f, -d / 2, 0.0, w / 2 - f, d / 2, min(0.02, h * 0.03), tray)


@builder("blackboard")
def blackboard(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A dark green chalkboard in a wooden frame with a chalk tray and a few chalk strokes."""
    _board(p, w, d, h, pal.main(CHALK_GREEN), WOOD, WOOD)
    for k in range(4):  # lines of "writing"
        z = h * (0.75 - 0.13 * k)
        length = w * float(rng.uniform(0.3, 0.7))
        x0 = -w / 2 + w * 0.1
        p.box(x0, d / 2 - 0.027, z, x0 + length, d / 2 - 0.025, z + h * 0.012, CHALK)
    p.cbox(w * 0.2, 0.0, min(0.02, h * 0.03), 0.08, 0.012, 0.012, CHALK)


@builder("whiteboard")
def whiteboard(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A white board in an aluminium frame with a pen tray and coloured markers."""
    _board(p, w, d, h, pal.main(BOARD_WHITE), ALUMINIUM, ALUMINIUM)
    for k, look in enumerate(MARKER_COLOURS):
        p.cbox(-w * 0.2 + k * 0.05, 0.0, min(0.02, h * 0.03), 0.012, 0.1, 0.012, look)
    for k in range(3):
        z = h * (0.7 - 0.15 * k)
        p.box(-w * 0.35, d / 2 - 0.027, z, -w * 0.35 + w * float(rng.uniform(0.25, 0.6)), d / 2 - 0.025,
              z + h * 0.01, MARKER_COLOURS[k])


@builder("wall_clock")
def wall_clock(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A round clock face in a rim, twelve hour marks and two hands, facing -Y."""
    r = min(w, h) / 2
    rim = pal.main(BLACK)
    p.lathe([(r, 0.0), (r, d)], rim, axis="y", base=(0.0, -d / 2, h / 2), segments=40)
    p.lathe([(r * 0.9, 0.0), (r * 0.9, 0.004)], CREAM, axis="y", base=(0.0, -d / 2 - 0.004, h / 2), segments=40)
    y = -d / 2 - 0.006
    for k in range(12):
        a = 2 * math.pi * k / 12
        length = 0.14 if k % 3 == 0 else 0.07
        p.rod((math.sin(a) * r * 0.8, y, h / 2 + math.cos(a) * r * 0.8),
              (math.sin(a) * r * (0.8 - length), y, h / 2 + math.cos(a) * r * (0.8 - length)), r * 0.02, BLACK, 4)
    p.rod((0, y - 0.002, h / 2), (r * 0.35, y - 0.002, h / 2 + r * 0.3), r * 0.03, BLACK, 5)
    p.rod((0, y - 0.004, h / 2), (-r * 0.1, y - 0.004, h / 2 + r * 0.7), r * 0.022, BLACK, 5)


@builder("alarm_clock")
def alarm_clock(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A twin-bell alarm clock standing on two feet: a round body with a white face at -Y, two bells
    and a hammer on top, a carrying loop."""
    look = pal.main(Look((0.7, 0.08, 0.06), 0.35, 0.3))
    bell = min(w, h) * 0.16
    r = min(w / 2 * 0.78, (h - bell * 1.6) / 2 - 0.004)
    cz = 0.008 + r
    p.lathe([(r, 0.0), (r, d * 0.8)], look, axis="y", base=(0.0, -d * 0.4, cz), segments=28)
    p.lathe([(r * 0.86, 0.0), (r * 0.86, 0.003)], CREAM, axis="y", base=(0.0, -d * 0.4 - 0.003, cz), segments=28)
    y = -d * 0.4 - 0.004
    for k in range(12):
        a = 2 * math.pi * k / 12
        p.rod((math.sin(a) * r * 0.72, y, cz + math.cos(a) * r * 0.72),
              (math.sin(a) * r * 0.62, y, cz + math.cos(a) * r * 0.62), r * 0.025, BLACK, 4)
    p.rod((0, y - 0.001, cz), (r * 0.3, y - 0.001, cz + r * 0.25), r * 0.04, BLACK, 5)
    p.rod((0, y - 0.002, cz), (-r * 0.08, y - 0.002, cz + r * 0.6), r * 0.03, BLACK, 5)
    for sx in (-1, 1):
        p.rod((sx * r * 0.5, 0.0, cz - r * 0.8), (sx * r * 0.75, 0.0, 0.0), 0.004, DARK_METAL, 6)
        bx, bz = sx * r * 0.62, cz + r * 0.78 + bell * 0.55
        p.sphere(bx, 0.0, bz, bell, min(bell, d / 2 * 0.9), bell * 0.75, METAL, segments=14, rings=6)
    p.rod((0.0, 0.0, cz + r), (0.0, 0.0, h - 0.006), 0.003, DARK_METAL, 6)
    p.cbox(0.0, 0.0, h - 0.008, r * 0.5, min(0.008, d * 0.2), 0.008, DARK_METAL)


@builder("wall_shelf")
def wall_shelf(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A floating shelf: one board (or one per 30 cm of height) on metal brackets at the wall."""
    look = pal.main(LIGHT_WOOD)
    boards = max(1, round(h / 0.3))
    t = min(0.025, h / (boards * 3))
    for k in range(boards):
        z = h - t - k * (h - t) / max(boards - 1, 1) if boards > 1 else h - t
        p.box(-w / 2, -d / 2, z, w / 2, d / 2, z + t, look)
        for sx in (-1, 1):
            p.box(sx * w * 0.35 - 0.01, d / 2 - 0.02, max(0.0, z - min(0.12, h * 0.6)), sx * w * 0.35 + 0.01, d / 2,
                  z, DARK_METAL)
            p.box(sx * w * 0.35 - 0.01, -d / 2 + 0.04, z - 0.012, sx * w * 0.35 + 0.01, d / 2, z, DARK_METAL)


@builder("curtain")
def curtain(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """Two drawn-back curtain panels in soft folds under a rod with finials."""
    cloth = pal.main(CURTAIN)
    p.rod((-w / 2, 0.0, h - 0.03), (w / 2, 0.0, h - 0.03), min(0.015, d / 4), DARK_METAL, 8)
    for sx in (-1, 1):
        p.sphere(sx * w / 2, 0.0, h - 0.03, 0.03, 0.03, 0.03, DARK_METAL, segments=8, rings=4)
        panel = w * 0.3
        folds = max(3, int(panel / 0.08))
        for k in range(folds):
            x = sx * (w / 2 - 0.04 - (k + 0.5) * panel / folds)
            depth = d * (0.35 + 0.25 * math.sin(k * 2.1))
            p.cylinder(x, 0.0, 0.0, h - 0.06, panel / folds * 0.62, cloth, segments=8, scale_y=depth / (panel / folds))


@builder("projector_screen")
def projector_screen(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A pull-down screen: a casing at the top, the white sheet with a black border, a bottom bar."""
    p.box(-w / 2, -d / 2, h - 0.08, w / 2, d / 2, h, pal.main(WHITE))
    p.box(-w / 2 + 0.04, d / 2 - 0.01, 0.03, w / 2 - 0.04, d / 2, h - 0.08, BLACK)
    p.box(-w / 2 + 0.08, d / 2 - 0.013, 0.08, w / 2 - 0.08, d / 2 - 0.01, h - 0.12, BOARD_WHITE)
    p.box(-w / 2 + 0.03, d / 2 - 0.02, 0.0, w / 2 - 0.03, d / 2, 0.03, METAL)


@builder("pinboard")
def pinboard(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A framed board on the wall (back at +Y): cork with a few pinned notes (a notice or bulletin
    board), or for a pegboard hardboard with a grid of holes and a tool or two on hooks."""
    frame, f, t = WOOD, min(w, h) * 0.04, min(d, 0.03)
    y1 = d / 2
    pegs = pal.has("pegboard", "peg", "tool")
    p.box(-w / 2, y1 - t, 0, w / 2, y1, h, pal.main(HARDBOARD if pegs else CORK))
    for z0, z1 in ((0, f), (h - f, h)):
        p.box(-w / 2, y1 - t - 0.005, z0, w / 2, y1, z1, frame)
    for sx in (-1, 1):
        p.box(sx * w / 2 - (f if sx > 0 else 0), y1 - t - 0.005, f, sx * w / 2 + (f if sx < 0 else 0), y1, h - f, frame)
    face = y1 - t
    if pegs:  # a hole every 5 cm, then a hammer-like tool and a loop of wire on hooks
        step = 0.05
        for x in np.arange(-w / 2 + f + step, w / 2 - f, step):
            for z in np.arange(f + step, h - f, step):
                p.box(x - 0.004, face - 0.001, z - 0.004, x + 0.004, face, z + 0.004, BLACK)
        p.rod((-w * 0.25, face - 0.03, h * 0.75), (-w * 0.25, face - 0.03, h * 0.35), 0.012, DARK_METAL)
        p.box(-w * 0.25 - 0.05, face - 0.05, h * 0.72, -w * 0.25 + 0.05, face - 0.01, h * 0.8, DARK_METAL)
        p.rod((w * 0.2, face, h * 0.7), (w * 0.2, face - 0.06, h * 0.7), 0.005, METAL)
        p.rod((w * 0.3, face, h * 0.7), (w * 0.3, face - 0.06, h * 0.7), 0.005, METAL)
        return
    for k in range(int(rng.integers(4, 8))):  # notes at random spots, each held by a red pin
        nw, nh = w * rng.uniform(0.12, 0.22), h * rng.uniform(0.15, 0.28)
        x = rng.uniform(-w / 2 + f + nw / 2, w / 2 - f - nw / 2)
        z = rng.uniform(f + nh / 2, h - f - nh / 2)
        p.box(x - nw / 2, face - 0.002, z - nh / 2, x + nw / 2, face, z + nh / 2, NOTE_COLOURS[k % len(NOTE_COLOURS)])
        p.box(x - 0.006, face - 0.012, z + nh / 2 - 0.02, x + 0.006, face - 0.002, z + nh / 2 - 0.008, RED)
