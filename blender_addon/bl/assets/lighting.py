"""Lamps, lanterns and candles: a base, a stem or body, and a lit shade or flame on top."""

from __future__ import annotations

import math

import numpy as np

from .palette import BLACK, CREAM, DARK_METAL, FLAME, FIRE, LIGHT, METAL, SHADE, WHITE, Look, Palette
from .parts import Parts
from .registry import builder

CERAMIC_BLUE = Look((0.10, 0.25, 0.45), 0.3)


def shade(p: Parts, z0: float, z1: float, r_bottom: float, r_top: float, look: Look) -> None:
    """An open lamp shade (a frustum) with a glowing bulb inside."""
    p.lathe([(r_bottom, z0), (r_top, z1)], look, segments=28)
    p.sphere(0, 0, z0 + (z1 - z0) * 0.3, r_top * 0.45, r_top * 0.45, r_top * 0.45, LIGHT, segments=10, rings=6)


@builder("lamp", "table_lamp")
def table_lamp(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A bulbous ceramic body on a round base, a short stem, a cream shade."""
    body = pal.main(CERAMIC_BLUE)
    r = min(w, d) / 2
    p.cylinder(0, 0, 0, 0.02, r * 0.55, body, segments=24)
    p.lathe([(r * 0.25, 0.02), (r * 0.5, h * 0.15), (r * 0.45, h * 0.3), (r * 0.12, h * 0.42), (r * 0.1, h * 0.45)],
            body, segments=24)
    p.cylinder(0, 0, h * 0.45, h * 0.58, 0.008, METAL, segments=8)
    shade(p, h * 0.52, h, r, r * 0.62, SHADE)


@builder("floor_lamp")
def floor_lamp(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A heavy round base, a thin pole and a drum shade at the top."""
    metal = pal.main(DARK_METAL)
    r = min(w, d) / 2
    p.cylinder(0, 0, 0, 0.03, r * 0.65, metal, segments=28)
    p.cylinder(0, 0, 0.03, h * 0.8, 0.013, metal, segments=10)
    shade(p, h * 0.76, h, r, r * 0.78, SHADE)


@builder("street_lamp")
def street_lamp(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A cast-iron post on a plinth with a glass lantern and a pointed cap on top."""
    iron = pal.main(Look((0.03, 0.04, 0.035), 0.5, 1.0))
    r = min(w, d) / 2
    p.cylinder(0, 0, 0, h * 0.06, r * 0.6, iron, segments=12)
    p.cylinder(0, 0, h * 0.06, h * 0.8, r * 0.22, iron, segments=12, radius_top=r * 0.14)
    p.cylinder(0, 0, h * 0.8, h * 0.82, r * 0.6, iron, segments=12)
    p.lathe([(r * 0.45, h * 0.82), (r * 0.75, h * 0.93)], LIGHT, segments=6, smooth=False)
    for k in range(6):
        a = k * math.pi / 3
        p.rod((math.cos(a) * r * 0.45, math.sin(a) * r * 0.45, h * 0.82),
              (math.cos(a) * r * 0.76, math.sin(a) * r * 0.76, h * 0.93), 0.012, iron, segments=6)
    p.lathe([(r, h * 0.93), (r * 0.2, h * 0.985), (0.0, h)], iron, segments=6, smooth=False)


@builder("lantern")
def lantern(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A camping lantern: base, a lit glass globe between four bars, a cap and a handle."""
    metal = pal.main(Look((0.55, 0.08, 0.05), 0.4, 0.6))
    r = min(w, d) / 2
    p.cylinder(0, 0, 0, h * 0.12, r * 0.8, metal, segments=16)
    p.lathe([(r * 0.55, h * 0.12), (r * 0.7, h * 0.35), (r * 0.55, h * 0.6)], LIGHT, segments=16)
    for k in range(4):
        a = math.pi / 4 + k * math.pi / 2
        p.rod((math.cos(a) * r * 0.72, math.sin(a) * r * 0.72, h * 0.1),
              (math.cos(a) * r * 0.72, math.sin(a) * r * 0.72, h * 0.62), 0.006, metal, segments=6)
    p.lathe([(r * 0.8, h * 0.6), (r * 0.3, h * 0.72), (0.0, h * 0.74)], metal, segments=16)
    for k in range(7):  # the carrying handle, a half circle across X
        a0, a1 = math.pi * k / 7, math.pi * (k + 1) / 7
        p.rod((math.cos(a0) * r * 0.75, 0, h * 0.72 + math.sin(a0) * (h * 0.26)),
              (math.cos(a1) * r * 0.75, 0, h * 0.72 + math.sin(a1) * (h * 0.26)), 0.005, BLACK, segments=6)


@builder("candle")
def candle(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A wax pillar in a small holder, a wick and a flame."""
    wax = pal.main(CREAM if not pal.has("white") else WHITE)
    r = min(w, d) / 2
    p.cylinder(0, 0, 0, h * 0.05, r, METAL, segments=20)
    p.cylinder(0, 0, h * 0.05, h * 0.72, r * 0.6, wax, segments=20)
    p.cylinder(0, 0, h * 0.72, h * 0.77, r * 0.05, BLACK, segments=6)
    p.lathe([(0.0, h * 0.75), (r * 0.22, h * 0.82), (r * 0.12, h * 0.92), (0.0, h)], FLAME, segments=12)
    p.lathe([(0.0, h * 0.76), (r * 0.1, h * 0.8), (0.0, h * 0.85)], FIRE, segments=8)


@builder("candelabrum")
def candelabrum(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A branched candle holder (a menorah): a foot, a stem, arms curving up on both sides in one
    plane across X, a cup and a lit candle on each of seven tips (nine for a hanukkiah, the middle one
    raised)."""
    metal = pal.main(Look((0.78, 0.62, 0.26), 0.35))  # brass unless told
    wax = WHITE if pal.has("white") else CREAM
    count = 9 if pal.has("hanukkiah", "chanukiah", "hanukkah", "chanukah") else 7
    half, arm_z, candle = w / 2 * 0.92, h * 0.58, h * 0.28
    p.cylinder(0, 0, 0, h * 0.04, min(w * 0.18, d / 2), metal, segments=20, radius_top=min(w * 0.12, d / 3))
    p.cylinder(0, 0, h * 0.04, arm_z, h * 0.018, metal, segments=10)
    for k in range(count):
        x = -half + 2 * half * k / (count - 1)
        z = arm_z + (h * 0.06 if count == 9 and k == count // 2 else 0.0)
        if abs(x) > 1e-6:  # an arm: down from the stem and up again, a half circle of 6 steps
            steps = [(x / 2 + x / 2 * -math.cos(math.pi * s / 6), arm_z - abs(x) / 2 * math.sin(math.pi * s / 6))
                     for s in range(7)]
            for (x0, z0), (x1, z1) in zip(steps, steps[1:]):
                p.rod((x0, 0, z0), (x1, 0, z1), h * 0.012, metal, segments=6)
        p.cylinder(x, 0, z, z + h * 0.05, h * 0.035, metal, segments=10)
        p.cylinder(x, 0, z + h * 0.05, z + h * 0.05 + candle, h * 0.018, wax, segments=8)
        top = z + h * 0.05 + candle
        p.lathe([(0.0, top), (h * 0.012, top + h * 0.02), (0.0, top + h * 0.05)], FLAME, x, 0, segments=8)
