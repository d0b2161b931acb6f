"""Play and sport (issue 13): a playground (slide, swing set, seesaw, sandbox, trampoline, a
rocking horse, a kite), goals and nets, a boxing ring, a basketball hoop, weights, a bowling
pin, boards (skateboard, surfboard, skis) and two-wheelers (bicycle, motorcycle, scooter)."""

from __future__ import annotations

import math

import numpy as np

from .palette import BLACK, DARK_METAL, LIGHT_WOOD, METAL, PAINT_YELLOW, RED, WHITE, WOOD, Look, Palette
from .parts import Parts
from .registry import builder
from .variants import pick

BLUE = Look((0.08, 0.25, 0.65), 0.5)
SAND = Look((0.85, 0.72, 0.45), 1.0)
NET = Look((0.9, 0.9, 0.88), 0.9)
MAT = Look((0.05, 0.05, 0.06), 0.8)
ORANGE = Look((0.95, 0.4, 0.05), 0.5)


def _slide(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(RED)
    top_y = d / 2 - d * 0.2
    for sx in (-1, 1):  # the ladder at the back (+Y)
        p.rod((sx * w * 0.4, d / 2, 0), (sx * w * 0.4, top_y, h * 0.7), 0.025, METAL)
    for k in range(1, 6):
        t = k / 6
        p.rod(
            (-w * 0.4, d / 2 - (d / 2 - top_y) * t, h * 0.7 * t),
            (w * 0.4, d / 2 - (d / 2 - top_y) * t, h * 0.7 * t),
            0.015,
            METAL,
        )
    p.cbox(0, top_y - 0.15, h * 0.68, w * 0.9, 0.35, 0.04, look)
    for sx in (-1, 1):
        p.rod((sx * w * 0.42, top_y - 0.3, h * 0.7), (sx * w * 0.42, top_y - 0.3, h), 0.02, METAL)
    p.prism(
        [(-d / 2, 0), (top_y - 0.3, h * 0.68), (top_y - 0.3, h * 0.72), (-d / 2, h * 0.05)],
        -w * 0.35,
        w * 0.35,
        pal.colour(PAINT_YELLOW),
        axis="x",
    )


def _swings(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    frame = pal.colour(BLUE)
    p.rod((-w / 2 + 0.05, 0, h - 0.05), (w / 2 - 0.05, 0, h - 0.05), 0.04, frame)
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.rod((sx * (w / 2 - 0.05), 0, h - 0.05), (sx * (w / 2 - 0.05), sy * d / 2, 0), 0.035, frame)
    for x in (-w * 0.2, w * 0.2):
        for dx in (-0.2, 0.2):
            p.rod((x + dx, 0, h - 0.05), (x + dx, 0, 0.45), 0.006, DARK_METAL)
        p.cbox(x, 0, 0.42, 0.45, 0.18, 0.03, pal.main(RED))


def _seesaw(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.prism([(-w * 0.3, 0), (w * 0.3, 0), (0, h * 0.5)], -0.1, 0.1, pal.colour(BLUE))
    p.cbox(0, 0, h * 0.45, w * 0.5, d, 0.05, pal.main(RED), rot=(math.atan2(h * 0.4, d / 2) * 0.9, 0, 0))
    for y in (-d * 0.4, d * 0.4):
        p.rod(
            (-w * 0.2, y, h * (0.5 - 0.4 * (y / (d / 2)) * 0.9) + 0.12),
            (w * 0.2, y, h * (0.5 - 0.4 * (y / (d / 2)) * 0.9) + 0.12),
            0.015,
            METAL,
        )


def _sandbox(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look, t = pal.main(WOOD), 0.08
    for x0, y0, x1, y1 in (
        (-w / 2, -d / 2, w / 2, -d / 2 + t),
        (-w / 2, d / 2 - t, w / 2, d / 2),
        (-w / 2, -d / 2, -w / 2 + t, d / 2),
        (w / 2 - t, -d / 2, w / 2, d / 2),
    ):
        p.box(x0, y0, 0, x1, y1, h, look)
    p.box(-w / 2 + t, -d / 2 + t, 0, w / 2 - t, d / 2 - t, h * 0.6, SAND)
    p.lathe([(0, h * 0.6), (w * 0.12, h * 0.6), (0, h * 0.95)], SAND, cx=w * 0.15, cy=-d * 0.1, segments=12)


def _trampoline(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    for k in range(6):
        a = k * math.pi / 3
        p.rod(
            (math.cos(a) * r * 0.95, math.sin(a) * r * 0.95, 0),
            (math.cos(a) * r * 0.95, math.sin(a) * r * 0.95, h * 0.9),
            0.025,
            METAL,
        )
    p.lathe([(r, h * 0.9), (r, h), (r * 0.85, h), (r * 0.85, h * 0.9)], pal.main(BLUE), segments=32)
    p.cylinder(0, 0, h * 0.93, h * 0.95, r * 0.86, MAT, segments=32)


def _rocking_horse(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(LIGHT_WOOD)
    for sx in (-1, 1):  # the rockers: arcs along Y
        pts = [(sx * w * 0.4, d / 2 * math.sin(t), h * 0.12 * (1 - math.cos(t)) * 3) for t in np.linspace(-1.2, 1.2, 8)]
        for a, b in zip(pts, pts[1:]):
            p.rod(a, b, 0.02, WOOD)
        for y in (-d * 0.22, d * 0.22):
            p.rod((sx * w * 0.4, y, 0.06), (sx * w * 0.15, y, h * 0.45), 0.02, WOOD)
    p.sphere(0, 0, h * 0.5, w * 0.25, d * 0.3, h * 0.12, look, segments=14, rings=8)
    p.rod((0, -d * 0.25, h * 0.55), (0, -d * 0.35, h * 0.85), h * 0.06, look)
    p.sphere(0, -d * 0.42, h * 0.88, w * 0.12, d * 0.13, h * 0.08, look, segments=12, rings=6)
    p.cbox(0, -d * 0.28, h * 0.6, w * 0.05, d * 0.08, h * 0.3, BLACK, rot=(-0.5, 0, 0))
    p.rod((0, d * 0.3, h * 0.55), (0, d * 0.42, h * 0.35), 0.02, BLACK)


def _kite(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.prism([(0, h * 0.3), (w / 2, h * 0.75), (0, h), (-w / 2, h * 0.75)], -d * 0.05, d * 0.05, pal.main(RED))
    p.rod((0, 0, h * 0.3), (0, 0, h), 0.005, WOOD)
    p.rod((-w / 2, 0, h * 0.75), (w / 2, 0, h * 0.75), 0.005, WOOD)
    for k in range(4):
        p.cbox((-1) ** k * w * 0.05, 0, h * (0.25 - 0.07 * k), 0.06, 0.01, 0.03, PAINT_YELLOW, rot=(0, 0.6, 0))
    p.rod((0, 0, h * 0.3), (w * 0.05, 0, 0), 0.002, WHITE)


PLAYGROUND = {
    ("slide",): _slide,
    ("swing", "swings"): _swings,
    ("seesaw", "teeter"): _seesaw,
    ("sandbox", "sandpit", "pit"): _sandbox,
    ("trampoline",): _trampoline,
    ("rocking", "hobby", "horse"): _rocking_horse,
    ("kite",): _kite,
}


@builder("playground")
def playground(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """Playground things: slide, swing set, seesaw, sandbox, trampoline, rocking horse, kite."""
    pick(pal, PLAYGROUND, _slide)(p, w, d, h, pal)


def _goal(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.colour(WHITE)
    r = min(0.06, h * 0.03)
    for sx in (-1, 1):
        p.rod((sx * (w / 2 - r), -d / 2 + r, 0), (sx * (w / 2 - r), -d / 2 + r, h - r), r, look)
        p.rod((sx * (w / 2 - r), -d / 2 + r, h - r), (sx * (w / 2 - r), d / 2, 0), r * 0.5, look)
    p.rod((-w / 2, -d / 2 + r, h - r), (w / 2, -d / 2 + r, h - r), r, look)
    p.prism([(-d / 2 + r, h - r), (d / 2, 0.01), (d / 2, 0)], -w / 2 + r, w / 2 - r, NET, axis="x")


def _net(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    for sx in (-1, 1):
        p.cylinder(sx * (w / 2 - 0.04), 0, 0, h, 0.04, pal.colour(DARK_METAL), segments=10)
    p.box(-w / 2 + 0.08, -0.005, h * 0.45, w / 2 - 0.08, 0.005, h * 0.95, Look((0.1, 0.1, 0.1), 0.9))
    p.box(-w / 2 + 0.08, -0.008, h * 0.93, w / 2 - 0.08, 0.008, h * 0.97, WHITE)


def _ring(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.box(-w / 2 + 0.2, -d / 2 + 0.2, 0, w / 2 - 0.2, d / 2 - 0.2, h * 0.45, DARK_METAL)
    p.box(-w / 2, -d / 2, h * 0.4, w / 2, d / 2, h * 0.5, pal.main(BLUE))
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.cylinder(sx * (w / 2 - 0.1), sy * (d / 2 - 0.1), h * 0.5, h, 0.06, RED if sx == sy else BLUE, segments=10)
    for z in (0.65, 0.8, 0.95):
        for (x0, y0), (x1, y1) in (((-1, -1), (1, -1)), ((1, -1), (1, 1)), ((1, 1), (-1, 1)), ((-1, 1), (-1, -1))):
            p.rod(
                (x0 * (w / 2 - 0.1), y0 * (d / 2 - 0.1), h * z),
                (x1 * (w / 2 - 0.1), y1 * (d / 2 - 0.1), h * z),
                0.015,
                WHITE,
                6,
            )


def _hoop(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A basketball hoop on a wall: backboard at +Y with a square, the rim and net toward -Y."""
    p.box(-w / 2, d / 2 - 0.05, h * 0.2, w / 2, d / 2, h, pal.main(WHITE))
    p.box(-w * 0.15, d / 2 - 0.052, h * 0.35, w * 0.15, d / 2 - 0.05, h * 0.6, RED)
    rim_y, r = -d / 2 + d * 0.25, min(w * 0.2, d * 0.25)
    p.lathe([(r, h * 0.3), (r, h * 0.32), (r * 0.94, h * 0.32), (r * 0.94, h * 0.3)], ORANGE, cy=rim_y, segments=24)
    p.lathe([(r * 0.95, h * 0.3), (r * 0.6, 0.0), (r * 0.58, 0.0), (r * 0.93, h * 0.3)], NET, cy=rim_y, segments=16)
    p.rod((0, d / 2 - 0.05, h * 0.31), (0, rim_y + r, h * 0.31), 0.015, ORANGE)


def _weights(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(BLACK)
    if pal.has("kettlebell"):
        r = min(w, d) / 2
        p.sphere(0, 0, h * 0.35, r, r, h * 0.35, look, segments=16, rings=8)
        p.lathe([(r * 0.5, 0), (r * 0.5, h * 0.6)], look, axis="x", base=(-r * 0.3, 0, h * 0.8))
        return
    r = min(d, h) / 2
    p.rod((-w / 2, 0, r), (w / 2, 0, r), r * 0.25, METAL)
    for sx in (-1, 1):
        p.lathe([(r, 0), (r, w * 0.22)], look, axis="x", base=(sx * w / 2 - (w * 0.22 if sx > 0 else 0), 0, r))


def _pin(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    p.lathe(
        [(r * 0.5, 0), (r, h * 0.3), (r * 0.45, h * 0.65), (r * 0.6, h * 0.85), (0, h)], pal.main(WHITE), segments=18
    )
    p.cylinder(0, 0, h * 0.62, h * 0.68, r * 0.5, RED, segments=18)


def _board(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A skateboard (deck on four wheels), a surfboard or snowboard lying flat, or a pair of skis."""
    if pal.has("skateboard", "scooter"):
        p.cbox(0, 0, h * 0.6, w, d, h * 0.12, pal.main(Look((0.3, 0.15, 0.05), 0.6)))
        for sy in (-1, 1):
            for sx in (-1, 1):
                p.lathe(
                    [(h * 0.28, 0), (h * 0.28, w * 0.18)],
                    WHITE,
                    axis="x",
                    base=(sx * w * 0.3 - w * 0.09, sy * d * 0.33, h * 0.28),
                )
        if pal.has("scooter"):
            p.rod((0, -d * 0.4, h * 0.7), (0, -d * 0.45, h * 6), 0.015, METAL)
        return
    if pal.has("skis", "ski"):
        for sx in (-1, 1):
            p.cbox(sx * w * 0.3, 0, 0, w * 0.3, d, h * 0.3, pal.main(RED))
        return
    p.sphere(0, 0, 0, w / 2, d / 2, h, pal.main(Look((0.95, 0.85, 0.3), 0.3)), segments=20, rings=4)
    p.cbox(0, 0, h * 0.5, w * 0.05, d * 0.8, h * 0.5, RED)


SPORT = {
    ("goal",): _goal,
    ("net",): _net,
    ("ring", "boxing", "wrestling"): _ring,
    ("hoop", "basketball"): _hoop,
    ("dumbbell", "kettlebell", "weight", "weights", "barbell"): _weights,
    ("pin", "skittle"): _pin,
    ("skateboard", "scooter", "surfboard", "snowboard", "skis", "ski", "paddle"): _board,
}


@builder("sport")
def sport(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """Sports things: a goal, a net, a boxing ring, a basketball hoop, weights, a bowling pin, boards."""
    pick(pal, SPORT, _goal)(p, w, d, h, pal)


@builder("bicycle")
def bicycle(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A bicycle along Y (front wheel at -Y): two wheels, a diamond frame, saddle and handlebar;
    a motorcycle: fatter wheels, a tank and engine block."""
    motor = pal.has("motorcycle", "motorbike", "moped")
    r = min(d * 0.22, h * 0.36)
    frame = pal.main(RED if not motor else BLACK)
    for y in (-d / 2 + r, d / 2 - r):  # a tyre ring, a hub and spokes (open, not a disc)
        ring = [(0.0, y + r * 0.93 * math.cos(a), r + r * 0.93 * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 25)]
        for a, b in zip(ring, ring[1:]):
            p.rod(a, b, r * (0.07 if not motor else 0.12), BLACK, 6)
        p.lathe([(0.03, -0.03), (0.03, 0.03)], METAL, axis="x", base=(0, y, r), segments=8)
        for a in ring[:-1:3]:
            p.rod((0.0, y, r), a, 0.004 if not motor else 0.012, METAL, 4)
    seat, bars = (0, d * 0.12, h * 0.82), (0, -d / 2 + r * 1.3, h * 0.95)
    for a, b in (
        ((0, d / 2 - r, r), seat),
        (seat, (0, -d * 0.05, r)),
        ((0, -d * 0.05, r), (0, d / 2 - r, r)),
        ((0, -d * 0.05, r), (0, -d / 2 + r * 1.1, h * 0.8)),
        ((0, -d / 2 + r, r), bars),
    ):
        p.rod(a, b, 0.025 if not motor else 0.04, frame)
    p.rod((-w / 2, bars[1], bars[2]), (w / 2, bars[1], bars[2]), 0.015, BLACK)
    p.cbox(0, seat[1], seat[2], w * 0.25 if not motor else w * 0.5, d * 0.12 if not motor else d * 0.3, 0.05, BLACK)
    if motor:
        p.sphere(0, -d * 0.08, h * 0.75, w * 0.3, d * 0.15, h * 0.1, frame, segments=14, rings=6)
        p.cbox(0, 0, r * 0.5, w * 0.4, d * 0.25, r * 0.9, DARK_METAL)
