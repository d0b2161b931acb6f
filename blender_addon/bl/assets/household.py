"""Bathroom and kitchen fittings and household things: sink, toilet, bathtub, towel, towel
rack, microwave, kettle, cooking pot, pan, globe, backpack, flashlight, guitar. Fronts face -Y."""

from __future__ import annotations

import math

import numpy as np

from .palette import BLACK, DARK_METAL, LIGHT_WOOD, METAL, WHITE, WOOD, Look, Palette
from .parts import Parts
from .registry import builder

CERAMIC = Look((0.93, 0.93, 0.92), 0.15)
WATER = Look((0.55, 0.72, 0.85), 0.05)
TOWEL = Look((0.25, 0.55, 0.75), 1.0)
OCEAN = Look((0.08, 0.25, 0.6), 0.4)
LAND = Look((0.2, 0.5, 0.15), 0.6)
CANVAS = Look((0.2, 0.3, 0.2), 0.9)


@builder("sink")
def sink(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A washbasin on a pedestal with a tap at the back; on a counter (low box) only the basin. The tap
    stands inside the box: the basin's rim is the tap's height below the top (the knowledge base's
    ``counter_top``)."""
    look = pal.main(CERAMIC)
    tap = min(0.12, h * 0.35)
    rim = h - tap
    basin_h = min(rim, 0.2)
    if rim - basin_h > 0.2:
        p.lathe([(min(w, d) * 0.18, 0.0), (min(w, d) * 0.12, (rim - basin_h) * 0.5), (min(w, d) * 0.16, rim - basin_h)],
                look, segments=16)
    p.box(-w / 2, -d / 2, rim - basin_h, w / 2, d / 2, rim, look)
    p.cylinder(0, -d * 0.05, rim - basin_h * 0.6, rim + 0.002, min(w, d) * 0.33, WATER, segments=24, scale_y=0.75)
    p.rod((0, d / 2 - 0.05, rim), (0, d / 2 - 0.05, h - 0.01), 0.012, METAL)
    p.rod((0, d / 2 - 0.05, h - 0.01), (0, d / 2 - 0.14, h - 0.03), 0.01, METAL)


@builder("toilet")
def toilet(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A toilet: a cistern against the wall (+Y), the bowl and seat toward -Y on a foot."""
    look = pal.main(CERAMIC)
    seat_z = h * 0.52
    p.lathe([(w * 0.22, 0.0), (w * 0.2, seat_z * 0.5), (w * 0.45, seat_z - 0.03), (w * 0.46, seat_z)], look,
            cx=0, cy=-d * 0.12, segments=20, scale_y=1.3)
    p.cylinder(0, -d * 0.12, seat_z, seat_z + 0.03, w * 0.46, WHITE, segments=20, scale_y=1.3)
    p.cylinder(0, -d * 0.12, seat_z + 0.025, seat_z + 0.032, w * 0.3, WATER, segments=20, scale_y=1.3)
    p.box(-w / 2, d / 2 - d * 0.28, seat_z - 0.05, w / 2, d / 2, h, look)
    p.cbox(w * 0.3, d / 2 - d * 0.14, h, 0.05, 0.02, 0.012, METAL)


@builder("bathtub")
def bathtub(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A built-in tub: four walls and a floor around a hollow with water, a tap at one end."""
    look = pal.main(CERAMIC)
    t = min(0.08, w * 0.05, d * 0.1)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.3, look)
    p.box(-w / 2, -d / 2, 0, -w / 2 + t, d / 2, h, look)
    p.box(w / 2 - t, -d / 2, 0, w / 2, d / 2, h, look)
    p.box(-w / 2 + t, -d / 2, 0, w / 2 - t, -d / 2 + t, h, look)
    p.box(-w / 2 + t, d / 2 - t, 0, w / 2 - t, d / 2, h, look)
    p.box(-w / 2 + t, -d / 2 + t, h * 0.3, w / 2 - t, d / 2 - t, h * 0.6, WATER)  # (the knowledge base's "top")
    if d >= w:  # a spout from the inside of one end wall, under the rim
        p.rod((0, -d / 2 + t, h - 0.06), (0, -d / 2 + t * 2.5 + 0.05, h - 0.08), 0.015, METAL)
    else:
        p.rod((-w / 2 + t, 0, h - 0.06), (-w / 2 + t * 2.5 + 0.05, 0, h - 0.08), 0.015, METAL)


@builder("towel")
def towel(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A towel folded over a bar: two hanging layers and the rounded fold on top."""
    cloth = pal.main(TOWEL)
    layer = max(0.004, d * 0.3)
    p.box(-w / 2, -d / 2, h * 0.08, w / 2, -d / 2 + layer, h - d / 2, cloth)
    p.box(-w / 2, d / 2 - layer, 0.0, w / 2, d / 2, h - d / 2, cloth)
    p.lathe([(d / 2, -w / 2), (d / 2, w / 2)], cloth, axis="x", base=(0.0, 0.0, h - d / 2), segments=12)
    for z in (h * 0.2, h * 0.25):
        p.box(-w / 2, -d / 2 - 0.002, z, w / 2, -d / 2, z + h * 0.02, Look((0.92, 0.92, 0.9), 1.0))


@builder("towel_rack")
def towel_rack(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A free-standing rack: two posts on feet and three rails (hung on a wall: the rails alone)."""
    look = pal.main(METAL)
    if pal.mount == "wall":
        for sx in (-1, 1):
            p.box(sx * w / 2 - 0.015, d / 2 - 0.01, 0, sx * w / 2 + 0.015, d / 2, h, look)
        for k in range(max(1, round(h / 0.2))):
            z = h - 0.02 - k * 0.2
            p.rod((-w / 2, 0, z), (w / 2, 0, z), 0.012, look)
        return
    for sx in (-1, 1):
        p.rod((sx * w / 2 * 0.95, 0, 0.02), (sx * w / 2 * 0.95, 0, h), 0.015, look)
        p.cbox(sx * w / 2 * 0.95, 0, 0, 0.05, d, 0.02, look)
    for z in (h * 0.55, h * 0.78, h * 0.98):
        p.rod((-w / 2 * 0.95, 0, z), (w / 2 * 0.95, 0, z), 0.012, look)


@builder("microwave")
def microwave(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A microwave oven: a box with a dark window door on the left and a control panel."""
    body = pal.main(Look((0.85, 0.85, 0.84), 0.4))
    p.box(-w / 2, -d / 2 + 0.01, 0, w / 2, d / 2, h, body)
    p.box(-w / 2 + 0.02, -d / 2, 0.03, w * 0.2, -d / 2 + 0.01, h - 0.03, BLACK)
    p.box(-w / 2 + 0.05, -d / 2 - 0.002, 0.06, w * 0.15, -d / 2, h - 0.06, Look((0.1, 0.12, 0.12), 0.1))
    for k in range(3):
        p.cbox(w * 0.35, -d / 2 + 0.005, h * (0.25 + 0.2 * k), w * 0.12, 0.01, h * 0.1, DARK_METAL)


@builder("kettle")
def kettle(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An electric kettle: round body, lid knob, handle at +Y and a spout at -Y."""
    look = pal.main(METAL)
    r = min(w, d) * 0.38
    p.lathe([(r * 0.9, 0.0), (r, h * 0.1), (r, h * 0.7), (r * 0.75, h * 0.85), (0.0, h * 0.86)], look, segments=20)
    p.sphere(0, 0, h * 0.88, r * 0.15, r * 0.15, h * 0.06, BLACK, segments=8, rings=4)
    p.rod((0, r * 0.9, h * 0.2), (0, d / 2, h * 0.5), r * 0.1, BLACK)
    p.rod((0, d / 2, h * 0.5), (0, r * 0.8, h * 0.8), r * 0.1, BLACK)
    p.rod((0, -r * 0.9, h * 0.45), (0, -d / 2, h * 0.7), r * 0.1, look)


@builder("cooking_pot")
def cooking_pot(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A pot with a lid and two side handles."""
    look = pal.main(METAL)
    r = min(w * 0.4, d / 2)
    p.lathe([(r * 0.95, 0.0), (r, h * 0.05), (r, h * 0.82), (r * 1.02, h * 0.85), (r * 0.3, h * 0.95), (0, h * 0.95)],
            look, segments=24)
    p.sphere(0, 0, h * 0.96, r * 0.12, r * 0.12, h * 0.05, BLACK, segments=8, rings=4)
    for sx in (-1, 1):
        p.cbox(sx * (r + (w / 2 - r) / 2), 0, h * 0.7, w / 2 - r, r * 0.3, h * 0.06, BLACK)


@builder("pan")
def pan(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A frying pan: a shallow round pan at -X and a long handle toward +X."""
    look = pal.main(DARK_METAL)
    r = min(d / 2, w * 0.3)
    cx = -w / 2 + r
    p.lathe([(r * 0.85, 0.0), (r, h), (r * 0.95, h), (r * 0.8, h * 0.2), (0.0, h * 0.2)], look, cx=cx, segments=24)
    p.cbox((cx + r + w / 2) / 2, 0, h * 0.6, w / 2 - cx - r, r * 0.18, h * 0.3, BLACK)


@builder("globe")
def globe(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A desk globe: an ocean sphere with land patches, a meridian ring and a wooden stand."""
    r = min(w, d, h * 0.8) / 2
    cz = h - r
    p.sphere(0, 0, cz, r, r, r, pal.colour(OCEAN), segments=24, rings=12)
    for _ in range(6):
        a, b = float(rng.uniform(0, 2 * math.pi)), float(rng.uniform(-0.8, 0.8))
        x, y, z = math.cos(a) * math.cos(b) * r, math.sin(a) * math.cos(b) * r, math.sin(b) * r
        p.sphere(x * 0.93, y * 0.93, cz + z * 0.93, r * 0.32, r * 0.32, r * 0.22, LAND, segments=8, rings=4)
    p.lathe([(r * 1.08, -0.006), (r * 1.08, 0.006)], DARK_METAL, axis="y", base=(0, 0, cz), segments=24)
    p.rod((0, 0, cz - r * 1.05), (0, 0, h * 0.05), r * 0.06, WOOD)
    p.cylinder(0, 0, 0, h * 0.05, r * 0.6, WOOD, segments=16)


@builder("backpack")
def backpack(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A backpack standing upright: rounded main bag, a front pocket (-Y), straps at +Y, a handle."""
    cloth = pal.main(Look((0.6, 0.12, 0.08), 0.9))
    p.box(-w / 2, -d / 2 + d * 0.3, 0, w / 2, d / 2 - d * 0.1, h * 0.9, cloth)
    p.sphere(0, d * 0.1, h * 0.88, w / 2, d * 0.3, h * 0.12, cloth, segments=12, rings=6)
    p.box(-w * 0.38, -d / 2, h * 0.08, w * 0.38, -d / 2 + d * 0.32, h * 0.5, cloth)
    p.box(-w * 0.3, -d / 2 - 0.003, h * 0.45, w * 0.3, -d / 2, h * 0.47, BLACK)
    for sx in (-1, 1):
        p.box(sx * w * 0.3 - 0.025, d / 2 - d * 0.12, h * 0.1, sx * w * 0.3 + 0.025, d / 2, h * 0.85, BLACK)
    p.rod((-w * 0.1, d * 0.1, h * 0.98), (w * 0.1, d * 0.1, h), 0.01, BLACK)


@builder("flashlight")
def flashlight(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A torch lying along Y: a ribbed body, a wider head with a lens at -Y, a switch."""
    look = pal.main(Look((0.1, 0.1, 0.11), 0.4))
    r = min(w, h) / 2
    p.lathe([(r, 0.0), (r, d * 0.2), (r * 0.7, d * 0.35), (r * 0.7, d)], look, axis="y", base=(0, -d / 2, h / 2),
            segments=16)
    p.lathe([(r * 0.85, 0.0), (r * 0.85, 0.004)], Look((1.0, 0.95, 0.7), 0.1), axis="y",
            base=(0, -d / 2 - 0.004, h / 2), segments=16)
    p.cbox(0, -d * 0.05, h / 2 + r * 0.6, r * 0.4, d * 0.1, r * 0.3, METAL)


@builder("guitar")
def guitar(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An acoustic guitar standing upright: two-lobed body with a sound hole (-Y), neck, head."""
    look = pal.main(LIGHT_WOOD)
    body_h = h * 0.45
    for cz, r in ((body_h * 0.33, w * 0.5), (body_h * 0.78, w * 0.38)):
        p.lathe([(r, -d / 2), (r, d / 2)], look, axis="y", base=(0, 0, cz), segments=24)
    p.lathe([(w * 0.12, 0.0), (w * 0.12, 0.004)], BLACK, axis="y", base=(0, -d / 2 - 0.004, body_h * 0.6), segments=16)
    p.box(-w * 0.06, -d * 0.2, body_h, w * 0.06, d * 0.2, h * 0.9, WOOD)
    p.box(-w * 0.09, -d * 0.25, h * 0.9, w * 0.09, d * 0.25, h, WOOD)
    for k in range(6):
        x = -w * 0.04 + k * w * 0.016
        p.rod((x, -d * 0.22, body_h * 0.4), (x, -d * 0.22, h * 0.92), 0.0015, WHITE, 3)
