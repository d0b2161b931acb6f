"""Fixtures (issue 13): small things on walls (switches, thermostats, hooks, a first aid kit, a
camera, a shower head, a mailbox, a radiator, an air conditioner), things hung from the ceiling
(a mobile, wind chimes, a birdcage, a smoke detector), fans and speakers of every mount, a urinal
and a shower stall. Wall things have their back at +Y (the wall), ceiling things their top at
the box's top (the ceiling)."""

from __future__ import annotations

import math

import numpy as np

from .palette import BLACK, DARK_METAL, GLASS, METAL, RED, WHITE, WOOD, Look, Palette
from .parts import Parts
from .registry import builder
from .variants import pick

PLATE = Look((0.93, 0.93, 0.9), 0.4)
GREEN = Look((0.1, 0.5, 0.2), 0.5)
CERAMIC = Look((0.93, 0.93, 0.92), 0.15)
GRILLE = Look((0.12, 0.12, 0.13), 0.9)


def _switch(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.box(-w / 2, d * 0.2, 0, w / 2, d / 2, h, pal.main(PLATE))
    if pal.has("thermostat"):
        p.lathe([(min(w, h) * 0.3, 0), (min(w, h) * 0.3, d * 0.7)], METAL, axis="y", base=(0, -d / 2, h / 2))
    else:
        p.box(-w * 0.15, -d / 2, h * 0.3, w * 0.15, d * 0.2, h * 0.7, WHITE)


def _hooks(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.box(-w / 2, d / 2 - min(d, 0.02), h * 0.4, w / 2, d / 2, h, pal.main(WOOD))
    n = max(1, min(6, round(w / 0.1)))
    for k in range(n):
        x = -w / 2 + (k + 0.5) * w / n
        p.rod((x, d * 0.3, h * 0.7), (x, -d * 0.4, h * 0.7), min(0.008, w / n * 0.1), DARK_METAL)
        p.rod((x, -d * 0.4, h * 0.7), (x, -d / 2, 0.0), min(0.008, w / n * 0.1), DARK_METAL)


def _kit(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A first aid kit (white cross on green), or a mailbox with a slot."""
    mail = pal.has("mailbox", "letterbox", "mail")
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h, pal.main(Look((0.1, 0.1, 0.12), 0.5) if mail else GREEN))
    if mail:
        p.box(-w * 0.35, -d / 2 - 0.003, h * 0.75, w * 0.35, -d / 2, h * 0.82, METAL)
        return
    p.box(-w * 0.08, -d / 2 - 0.003, h * 0.25, w * 0.08, -d / 2, h * 0.75, WHITE)
    p.box(-w * 0.25, -d / 2 - 0.003, h * 0.42, w * 0.25, -d / 2, h * 0.58, WHITE)


def _camera(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.box(-w * 0.3, d * 0.4, h * 0.3, w * 0.3, d / 2, h * 0.9, WHITE)
    p.rod((0, d * 0.45, h * 0.6), (0, d * 0.1, h * 0.6), min(w, h) * 0.1, WHITE)
    p.cbox(0, -d * 0.15, h * 0.1, w * 0.8, d * 0.7, h * 0.6, pal.main(WHITE), rot=(0.25, 0, 0))
    p.lathe([(h * 0.2, 0), (h * 0.2, 0.01)], BLACK, axis="y", base=(0, -d / 2, h * 0.35))


def _shower_head(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(METAL)
    p.rod((0, d / 2, h * 0.8), (0, -d * 0.2, h * 0.8), min(w, h) * 0.06, look)
    p.lathe(
        [(min(w, d) * 0.1, h * 0.55), (min(w, d) * 0.45, h * 0.25), (min(w, d) * 0.45, h * 0.15)],
        look,
        cy=-d * 0.2,
        segments=20,
    )
    p.cylinder(0, -d * 0.2, h * 0.55, h * 0.8, min(w, d) * 0.06, look, segments=8)


def _radiator(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """Upright fins between two rails on two feet. An odd number of fins, so one stands at the middle
    and a thing put on the top rests on fins there and a quarter in from each end (an even number
    left a gap at the middle: at its smallest width the top dipped to the rail)."""
    look = pal.main(WHITE)
    n = max(5, min(29, round(w / 0.06)))
    n += 1 - n % 2
    for k in range(n):
        x = -w / 2 + (k + 0.5) * w / n
        p.cbox(x, 0, h * 0.1, w / n * 0.7, d * 0.8, h * 0.9, look)
    p.cbox(0, 0, h * 0.15, w, d * 0.3, h * 0.06, look)
    p.cbox(0, 0, h * 0.85, w, d * 0.3, h * 0.06, look)
    for sx in (-1, 1):
        p.cbox(sx * w * 0.45, 0, 0, w * 0.04, d * 0.5, h * 0.1, look)


def _split_unit(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """An air conditioner's indoor unit: a long rounded white box with a vent at the bottom."""
    p.lathe([(d / 2, -w / 2), (d / 2, w / 2)], pal.main(WHITE), axis="x", base=(0, 0, h / 2), segments=16)
    p.box(-w / 2, -d / 2, h * 0.5, w / 2, d / 2, h, pal.main(WHITE))
    p.box(-w * 0.45, -d / 2 - 0.003, h * 0.1, w * 0.45, -d * 0.3, h * 0.3, GRILLE)


def _smoke_detector(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    p.lathe([(r * 0.6, 0), (r, h * 0.5), (r, h)], pal.main(WHITE), segments=24)
    p.cylinder(0, 0, -0.001, 0.0, r * 0.12, RED, segments=10)


def _trophy_head(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A mounted deer head: a wooden plaque on the wall (+Y), a neck and head toward -Y, antlers."""
    fur = pal.main(Look((0.42, 0.28, 0.15), 0.9))
    p.cylinder(0, d / 2 - 0.03, h * 0.2, h * 0.55, w * 0.18, WOOD, segments=16, scale_y=0.15)
    p.rod((0, d / 2 - 0.04, h * 0.38), (0, d * 0.05, h * 0.45), w * 0.12, fur)
    p.sphere(0, -d * 0.1, h * 0.45, w * 0.11, d * 0.2, h * 0.1, fur, segments=12, rings=8)
    p.sphere(0, -d * 0.35, h * 0.4, w * 0.06, d * 0.12, h * 0.06, fur, segments=10, rings=6)
    for sx in (-1, 1):
        base = (sx * w * 0.06, -d * 0.02, h * 0.53)
        tip = (sx * w * 0.4, -d * 0.05, h)
        p.rod(base, tip, w * 0.015, Look((0.85, 0.8, 0.68), 0.8), 6)
        for t in (0.4, 0.7):
            mid = tuple(a + (b - a) * t for a, b in zip(base, tip))
            p.rod(mid, (mid[0] - sx * w * 0.08, mid[1], mid[2] + h * 0.15), w * 0.012, Look((0.85, 0.8, 0.68), 0.8), 6)
        p.sphere(sx * w * 0.1, -d * 0.05, h * 0.52, w * 0.05, d * 0.03, h * 0.05, fur, segments=8, rings=4)


WALL_THINGS = {
    ("deer", "antlers", "trophy"): _trophy_head,
    ("switch",): _switch,
    ("thermostat",): _switch,
    ("hook", "hooks", "peg", "hanger", "rail"): _hooks,
    ("aid", "mailbox", "letterbox", "mail"): _kit,
    ("camera", "cctv"): _camera,
    ("shower",): _shower_head,
    ("radiator", "convector"): _radiator,
    ("conditioner", "ac", "split", "conditioning"): _split_unit,
    ("smoke", "detector", "alarm", "sprinkler"): _smoke_detector,
}


@builder("wall_fixture")
def wall_fixture(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A small fixture with its back on the wall (+Y): the noun picks it (a light switch, a coat
    hook rail, a first aid kit, a security camera, a shower head, a radiator...)."""
    pick(pal, WALL_THINGS, _switch)(p, w, d, h, pal)


def _mobile(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    colours = (RED, Look((0.1, 0.3, 0.8), 0.5), Look((0.95, 0.75, 0.1), 0.5), GREEN)
    p.rod((0, 0, h), (0, 0, h * 0.75), 0.004, DARK_METAL)
    for k in range(4):
        a = k * math.pi / 2
        x, y = math.cos(a) * w * 0.4, math.sin(a) * d * 0.4
        p.rod((0, 0, h * 0.75), (x, y, h * 0.75), 0.004, pal.main(WOOD))
        drop = h * (0.35 + 0.1 * (k % 2))
        p.rod((x, y, h * 0.75), (x, y, drop + min(w, d) * 0.1), 0.002, DARK_METAL)
        p.sphere(x, y, drop, min(w, d) * 0.1, min(w, d) * 0.1, min(w, d) * 0.1, colours[k], 10, 6)


def _chimes(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    r = min(w, d) / 2
    p.rod((0, 0, h), (0, 0, h * 0.85), 0.003, DARK_METAL)
    p.cylinder(0, 0, h * 0.8, h * 0.85, r * 0.8, pal.main(WOOD), segments=16)
    for k in range(6):
        a = k * math.pi / 3
        length = h * (0.35 + 0.06 * k)
        p.cylinder(
            math.cos(a) * r * 0.6,
            math.sin(a) * r * 0.6,
            h * 0.78 - length,
            h * 0.78,
            r * 0.08,
            pal.colour(METAL),
            segments=8,
        )
    p.cbox(0, 0, 0, r * 0.5, 0.004, h * 0.12, pal.main(WOOD))


def _birdcage(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    r, look = min(w, d) / 2, pal.main(Look((0.8, 0.68, 0.35), 0.3, 1.0))
    body = h * 0.75
    p.cylinder(0, 0, 0, body * 0.06, r, look, segments=20)
    p.sphere(0, 0, body, r, r, h * 0.12, look, segments=20, rings=6)
    for k in range(16):
        a = 2 * math.pi * k / 16
        p.rod((math.cos(a) * r, math.sin(a) * r, 0), (math.cos(a) * r, math.sin(a) * r, body), 0.003, look, 4)
    p.rod((0, 0, body + h * 0.1), (0, 0, h), 0.005, look)


@builder("hanging_ornament")
def hanging_ornament(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A thing hung from the ceiling by its top: a birdcage, wind chimes, else a mobile."""
    pick(pal, {("birdcage", "cage"): _birdcage, ("chime", "chimes", "windchime"): _chimes}, _mobile)(
        p, w, d, h, pal, rng
    )


def _blades(p: Parts, cx: float, cy: float, cz: float, r: float, look: Look, vertical: bool) -> None:
    for k in range(5 if not vertical else 3):
        a = 2 * math.pi * k / (5 if not vertical else 3)
        if vertical:  # a desk fan's blades turn in the XZ plane, facing -Y
            p.cbox(
                cx + math.cos(a) * r * 0.5,
                cy,
                cz + math.sin(a) * r * 0.5 - r * 0.12,
                r * 0.75,
                0.01,
                r * 0.25,
                look,
                rot=(0, -a, 0),
            )
        else:
            p.cbox(
                cx + math.cos(a) * r * 0.55,
                cy + math.sin(a) * r * 0.55,
                cz,
                r * 0.9,
                r * 0.2,
                0.012,
                look,
                rot=(0, 0, a),
            )


def _cage(p: Parts, cx: float, y0: float, depth: float, cz: float, r: float) -> None:
    """A fan's wire guard: a front and a back ring and the spokes of the front, open between."""
    wire = Look((0.7, 0.72, 0.75), 0.4, 1.0)
    ring = [(cx + math.cos(a) * r, cz + math.sin(a) * r) for a in np.linspace(0, 2 * math.pi, 25)]
    for y in (y0, y0 + depth):
        for (x0, z0), (x1, z1) in zip(ring, ring[1:]):
            p.rod((x0, y, z0), (x1, y, z1), r * 0.025, wire, 5)
    for x, z in ring[::3]:
        p.rod((cx, y0, cz), (x, y0, z), r * 0.012, wire, 4)
        p.rod((x, y0, z), (x, y0 + depth, z), r * 0.012, wire, 4)


@builder("ceiling_light")
def ceiling_light(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A light hung from the ceiling by the box's top: a chandelier (a stem, a ring of curved arms
    with candle bulbs), else a pendant: a canopy, a cord and a shade with a glowing bulb."""
    r = min(w, d) / 2
    metal = pal.colour(Look((0.8, 0.62, 0.25), 0.3, 1.0))
    p.cylinder(0, 0, h * 0.97, h, r * 0.15, metal, segments=16)
    if pal.has("chandelier", "candelabra"):
        _chandelier(p, r, h, metal)
        return
    _pendant(p, r, h, pal)


def _chandelier(p: Parts, r: float, h: float, metal: Look) -> None:
    """A stem, a ring of six curved arms with candle bulbs and a glass bowl below."""
    p.rod((0, 0, h), (0, 0, h * 0.35), r * 0.04, metal)
    p.sphere(0, 0, h * 0.3, r * 0.12, r * 0.12, h * 0.1, metal, segments=14, rings=8)
    for k in range(6):
        a = 2 * math.pi * k / 6
        c, s = math.cos(a), math.sin(a)
        p.rod((0, 0, h * 0.3), (c * r * 0.55, s * r * 0.55, h * 0.18), r * 0.025, metal)
        p.rod((c * r * 0.55, s * r * 0.55, h * 0.18), (c * r * 0.92, s * r * 0.92, h * 0.3), r * 0.025, metal)
        p.cylinder(c * r * 0.92, s * r * 0.92, h * 0.28, h * 0.32, r * 0.08, metal, segments=10)
        p.cylinder(c * r * 0.92, s * r * 0.92, h * 0.32, h * 0.42, r * 0.025, WHITE, segments=8)
        p.sphere(
            c * r * 0.92,
            s * r * 0.92,
            h * 0.45,
            r * 0.04,
            r * 0.04,
            h * 0.04,
            Look((1.0, 0.85, 0.4), 0.3),
            segments=8,
            rings=4,
        )
    p.lathe([(0, 0), (r * 0.1, h * 0.08), (r * 0.12, h * 0.3)], GLASS, segments=12)


def _pendant(p: Parts, r: float, h: float, pal: Palette) -> None:
    """A cord and a shade with a glowing bulb inside."""
    shade_h = min(h * 0.45, r * 1.2)
    p.rod((0, 0, h), (0, 0, shade_h), max(0.004, r * 0.02), BLACK)
    p.lathe(
        [
            (r * 0.15, shade_h),
            (r * 0.2, shade_h * 0.95),
            (r, shade_h * 0.05),
            (r, 0),
            (r * 0.96, 0),
            (r * 0.18, shade_h * 0.9),
        ],
        pal.main(Look((0.1, 0.25, 0.2), 0.4)),
        segments=28,
    )
    p.sphere(0, 0, shade_h * 0.25, r * 0.2, r * 0.2, shade_h * 0.2, Look((1.0, 0.92, 0.6), 0.4), segments=12, rings=6)


@builder("fan")
def fan(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A ceiling fan (downrod, motor and five blades; the box top is the ceiling), else a desk,
    floor or wall fan: a foot or wall plate, a stem and a round cage facing -Y."""
    look = pal.main(WHITE if pal.mount == "ceiling" or pal.has("ceiling") else Look((0.2, 0.22, 0.25), 0.4))
    if pal.mount == "ceiling" or pal.has("ceiling", "overhead"):
        r = min(w, d) / 2
        p.cylinder(0, 0, h * 0.9, h, r * 0.1, look, segments=14)
        p.rod((0, 0, h * 0.9), (0, 0, h * 0.35), r * 0.025, look)
        p.cylinder(0, 0, h * 0.05, h * 0.35, r * 0.13, look, segments=16)
        p.sphere(0, 0, h * 0.05, r * 0.1, r * 0.1, h * 0.05, Look((1.0, 0.92, 0.6), 0.5), segments=12, rings=6)
        _blades(p, 0, 0, h * 0.2, r, pal.colour(Look((0.45, 0.28, 0.12), 0.6)), vertical=False)
        return
    r = min(w, h * 0.6) / 2
    hub_z = h - r
    if pal.mount == "wall" or pal.has("wall"):
        p.box(-w * 0.15, d / 2 - 0.02, hub_z - r * 0.4, w * 0.15, d / 2, hub_z + r * 0.2, look)
        p.rod((0, d / 2, hub_z), (0, 0, hub_z), r * 0.08, look)
    else:
        p.cylinder(0, 0, 0, h * 0.04, min(w, d) * 0.4, look, segments=20)
        p.rod((0, 0, h * 0.04), (0, 0, hub_z), r * 0.05, look)
    _cage(p, 0, -d * 0.2, d * 0.3, hub_z, r)
    p.sphere(0, 0, hub_z, r * 0.2, r * 0.3, r * 0.2, look, segments=12, rings=6)
    _blades(p, 0, -d * 0.05, hub_z, r, pal.colour(Look((0.3, 0.5, 0.75), 0.4)), vertical=True)


@builder("speaker")
def speaker(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A loudspeaker: a cabinet with a tweeter and woofers on its front (-Y); hung from the
    ceiling, a round grille facing down."""
    look = pal.main(BLACK if not pal.has("wooden", "wood") else WOOD)
    if pal.mount == "ceiling" or pal.has("ceiling"):
        r = min(w, d) / 2
        p.cylinder(0, 0, h * 0.2, h, r * 0.9, look, segments=20)
        p.cylinder(0, 0, 0, h * 0.2, r, Look((0.85, 0.85, 0.85), 0.7), segments=24)
        return
    p.box(-w / 2, -d / 2 + 0.004, 0, w / 2, d / 2, h, look)
    r_small = min(w, h) * 0.12
    cones = [(h * 0.85, r_small)] + [(h * z, min(w * 0.38, h * 0.18)) for z in (0.55, 0.22)][: 1 + (h > 1.5 * w)]
    for z, r in cones:
        p.lathe([(r, 0), (r, 0.004), (r * 0.3, 0.004)], GRILLE, axis="y", base=(0, -d / 2, z), segments=20)
        p.sphere(0, -d / 2 + 0.004, z, r * 0.25, 0.01, r * 0.25, DARK_METAL, segments=10, rings=4)


@builder("urinal")
def urinal(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A wall urinal: a rounded bowl with its back on the wall (+Y), a flush pipe above it."""
    look = pal.main(CERAMIC)
    p.box(-w / 2, d * 0.3, 0, w / 2, d / 2, h * 0.85, look)
    p.sphere(0, d * 0.1, h * 0.45, w / 2, d * 0.4, h * 0.4, look, segments=20, rings=10)
    p.sphere(0, -d * 0.05, h * 0.5, w * 0.35, d * 0.25, h * 0.28, Look((0.8, 0.85, 0.86), 0.1), segments=16, rings=8)
    p.rod((0, d * 0.4, h * 0.85), (0, d * 0.4, h), 0.012, METAL)


@builder("shower")
def shower(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A shower stall: a tray, glass on three sides (the back +Y is the wall), a head and a riser."""
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, 0.08, pal.main(CERAMIC))
    for x0, y0, x1, y1 in (
        (-w / 2, -d / 2, -w / 2 + 0.01, d / 2),
        (w / 2 - 0.01, -d / 2, w / 2, d / 2),
        (-w / 2, -d / 2, w * 0.1, -d / 2 + 0.01),
    ):
        p.box(x0, y0, 0.08, x1, y1, h * 0.95, GLASS)
    p.box(-w / 2, -d / 2, h * 0.95, w / 2, -d / 2 + 0.02, h, METAL)
    p.rod((0, d / 2 - 0.03, 0.9), (0, d / 2 - 0.03, h * 0.85), 0.012, METAL)
    p.rod((0, d / 2 - 0.03, h * 0.85), (0, d * 0.2, h * 0.85), 0.012, METAL)
    p.cylinder(0, d * 0.2, h * 0.8, h * 0.85, 0.07, METAL, segments=16)
    p.box(-w / 2, d / 2 - 0.01, 0.08, w / 2, d / 2, h, Look((0.85, 0.88, 0.9), 0.3))
