"""Stands, instruments and oddments (issue 13): a microphone stand, a music stand, an easel, a
tripod, a flip chart, a coat rack; a drum kit, a harp, a trumpet; a fish; an upright two-legged
creature (a monster, an alien, a robot, a gorilla, a penguin); an anvil, a cannon, a telescope,
a microscope, an anchor and a torus. Fronts face -Y."""

from __future__ import annotations

import math

import numpy as np

from .palette import BLACK, DARK_METAL, DARK_WOOD, METAL, PAPER, WHITE, WOOD, Look, Palette
from .parts import Parts
from .registry import builder
from .variants import pick

BRASS = Look((0.8, 0.6, 0.2), 0.25, 1.0)
CANVAS = Look((0.95, 0.93, 0.86), 0.9)
DRUM = Look((0.6, 0.05, 0.08), 0.3)
SCALES = Look((0.95, 0.5, 0.1), 0.4)
SKIN = Look((0.3, 0.5, 0.25), 0.8)


def _tripod_legs(p: Parts, r: float, top: float, look: Look) -> None:
    for k in range(3):
        a = 2 * math.pi * k / 3 + math.pi / 2
        p.rod((math.cos(a) * r, math.sin(a) * r, 0), (0, 0, top), 0.012, look)


def _stand(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A microphone stand, a music stand or a camera tripod: three legs, a pole, a head."""
    look = pal.main(BLACK)
    _tripod_legs(p, min(w, d) * 0.45, h * 0.3, look)
    if pal.has("music"):
        p.rod((0, 0, h * 0.3), (0, 0, h * 0.75), 0.012, look)
        p.cbox(0, 0, h * 0.7, w, 0.02, h * 0.3, look, rot=(-0.35, 0, 0))
        p.cbox(0, -0.06, h * 0.72, w * 0.8, 0.01, h * 0.26, PAPER, rot=(-0.35, 0, 0))
    elif pal.has("tripod", "camera"):
        p.rod((0, 0, h * 0.3), (0, 0, h * 0.9), 0.015, look)
        p.cbox(0, 0, h * 0.9, min(w, d) * 0.3, min(w, d) * 0.2, h * 0.1, BLACK)
    else:  # a microphone stand: pole, a boom toward -Y, the microphone
        p.rod((0, 0, h * 0.3), (0, 0, h * 0.85), 0.012, look)
        p.rod((0, 0, h * 0.85), (0, -d * 0.4, h * 0.95), 0.01, look)
        p.sphere(0, -d * 0.45, h * 0.96, 0.03, 0.04, 0.03, METAL, segments=10, rings=6)


def _easel(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """An easel holding a canvas, or a flip chart holding a paper pad."""
    look = pal.main(WOOD if not pal.has("flip", "flipchart", "chart") else METAL)
    for sx in (-1, 1):
        p.rod((sx * w * 0.4, -d * 0.3, 0), (sx * w * 0.1, 0, h * 0.95), 0.02, look)
    p.rod((0, d / 2, 0), (0, 0, h * 0.85), 0.02, look)
    p.cbox(0, -d * 0.15, h * 0.35, w * 0.9, 0.04, 0.03, look)
    if pal.has("flip", "flipchart", "chart", "presentation"):
        p.cbox(0, -d * 0.12, h * 0.4, w * 0.9, 0.02, h * 0.55, PAPER, rot=(-0.1, 0, 0))
        for k in range(4):
            p.cbox(
                -w * 0.1,
                -d * 0.16 - 0.01,
                h * (0.75 - 0.08 * k),
                w * 0.5,
                0.005,
                0.015,
                Look((0.1, 0.2, 0.7), 0.5),
                rot=(-0.1, 0, 0),
            )
    else:
        p.cbox(0, -d * 0.12, h * 0.38, w * 0.8, 0.03, h * 0.45, CANVAS, rot=(-0.1, 0, 0))
        p.cbox(0, -d * 0.15, h * 0.5, w * 0.5, 0.005, h * 0.2, Look((0.2, 0.45, 0.7), 0.6), rot=(-0.1, 0, 0))


def _coat_rack(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(DARK_WOOD)
    _tripod_legs(p, min(w, d) * 0.45, h * 0.12, look)
    p.cylinder(0, 0, 0, h * 0.97, min(w, d) * 0.04, look, segments=10)
    p.sphere(0, 0, h * 0.97, min(w, d) * 0.06, min(w, d) * 0.06, h * 0.03, look, segments=10, rings=6)
    for k in range(6):
        a = 2 * math.pi * k / 6
        p.rod((0, 0, h * 0.88), (math.cos(a) * w * 0.45, math.sin(a) * d * 0.45, h * 0.94), 0.012, look)


STANDS = {
    ("music", "microphone", "mic", "tripod", "camera"): _stand,
    ("easel", "flip", "flipchart", "chart", "presentation"): _easel,
    ("coat", "hat", "hall", "rack"): _coat_rack,
}


@builder("stand")
def stand(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A stand the noun names: microphone, music, tripod, easel, flip chart, coat rack."""
    pick(pal, STANDS, _stand)(p, w, d, h, pal)


def _drums(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(DRUM)
    r = min(w, d) * 0.22
    p.lathe([(r, -r * 0.7), (r, r * 0.7)], look, axis="y", base=(0, d * 0.05, r))  # the bass drum faces -Y
    for x, y, z, rr in (
        (-w * 0.2, -d * 0.2, h * 0.5, r * 0.45),
        (w * 0.2, -d * 0.15, h * 0.5, r * 0.4),
        (-w * 0.1, d * 0.05, r * 2.1, r * 0.38),
        (w * 0.1, d * 0.05, r * 2.1, r * 0.38),
        (w * 0.35, d * 0.2, h * 0.35, r * 0.5),
    ):
        p.cylinder(x, y, z - rr * 0.6, z, rr, look, segments=18)
        p.cylinder(x, y, z, z + 0.005, rr, WHITE, segments=18)
        p.rod((x, y, 0), (x, y, z - rr * 0.6), 0.012, METAL)
    for x, y in ((-w * 0.42, -d * 0.3), (w * 0.42, 0.0)):
        p.rod((x, y, 0), (x, y, h * 0.95), 0.01, METAL)
        p.cylinder(x, y, h * 0.95, h * 0.96, r * 0.6, BRASS, segments=20)
    p.cbox(0, d * 0.42, 0, w * 0.2, d * 0.15, h * 0.4, BLACK)


def _harp(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(Look((0.7, 0.5, 0.2), 0.4))
    p.cbox(0, d * 0.2, 0, w * 0.6, d * 0.3, h * 0.08, look)
    p.rod((0, d * 0.3, h * 0.05), (0, -d * 0.2, h * 0.95), min(w, d) * 0.12, look)  # the soundboard
    p.rod((0, -d * 0.45, h * 0.05), (0, -d * 0.45, h * 0.9), min(w, d) * 0.06, look)  # the pillar
    p.rod((0, -d * 0.45, h * 0.9), (0, -d * 0.2, h * 0.97), min(w, d) * 0.06, look)
    for k in range(1, 12):  # strings from the soundboard to the pillar
        t = k / 12
        z = h * 0.05 + h * 0.9 * t
        p.rod((0, d * 0.3 - d * 0.5 * t, z), (0, -d * 0.42, z + 0.01), 0.002, WHITE, 4)


def _trumpet(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(BRASS)
    r = min(w, h) * 0.12
    z = h * 0.5
    p.lathe([(r * 0.4, 0), (r * 0.4, d * 0.75), (min(w, h) / 2, d)], look, axis="y", base=(0, -d / 2, z), segments=16)
    p.lathe([(r * 0.6, 0), (r * 0.6, d * 0.35)], look, axis="y", base=(w * 0.2, -d * 0.25, z - r * 1.5), segments=10)
    for k in range(3):
        p.cylinder(w * 0.05 * (k - 1), -d * 0.1 + k * d * 0.06, z - r, z + r * 2.5, r * 0.3, look, segments=8)


def _tuba(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A big brass horn standing up (a tuba, a euphonium): a tube widening to a bell at the top, a
    second tube beside it joined at the bottom, valves and a mouthpiece toward -Y."""
    look = pal.main(BRASS)
    side = min(w, d)
    bell, tube = side * 0.45, side * 0.09
    x0 = -w / 2 + bell  # the bell's axis, the valve tube to its right
    p.lathe([(tube, h * 0.12), (tube * 1.3, h * 0.5), (bell * 0.55, h * 0.82), (bell, h), (bell * 0.85, h)], look,
            cx=x0, cy=0.0, segments=20)
    x1 = min(w / 2 - tube, x0 + bell * 1.1)
    p.rod((x0, 0, h * 0.12), (x0, 0, h * 0.05), tube, look, 10)
    p.rod((x0, 0, h * 0.05), (x1, 0, h * 0.05), tube, look, 10)
    p.rod((x1, 0, h * 0.05), (x1, 0, h * 0.6), tube * 0.8, look, 10)
    for k in range(3):  # the valves
        p.cylinder(x1 - tube * 0.2, -tube * 2.2 + k * tube * 1.1, h * 0.42, h * 0.56, tube * 0.45, look, segments=8)
    p.rod((x1, 0, h * 0.6), (x1, -d * 0.45, h * 0.68), tube * 0.45, look, 8)


def _woodwind(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A straight wind instrument along its longest axis (a recorder, an oboe lying; a bassoon
    standing): a dark tube, a flared foot and a row of keys."""
    look = pal.main(Look((0.25, 0.15, 0.08), 0.5))
    if h >= max(w, d):  # standing
        r = min(w, d) * 0.22
        p.cylinder(0, 0, 0, h * 0.92, r, look, segments=12, radius_top=r * 0.8)
        p.rod((0, 0, h * 0.92), (0, -d * 0.4, h), r * 0.25, METAL, 6)
        for k in range(5):
            p.cylinder(0, -r, h * (0.3 + 0.1 * k), h * (0.3 + 0.1 * k) + 0.01, r * 0.25, METAL, segments=6)
        return
    along_x = w > d
    length, r = max(w, d), min(w, d, h) * 0.4
    lathe_axis = "x" if along_x else "y"
    base = (-length / 2, 0, h / 2) if along_x else (0, -length / 2, h / 2)
    p.lathe([(r * 0.8, 0), (r * 0.8, length * 0.85), (r * 1.3, length)], look, axis=lathe_axis, base=base, segments=12)


INSTRUMENTS = {
    ("tuba", "tubas", "sousaphone", "euphonium", "helicon", "baritone"): _tuba,
    ("recorder", "piccolo", "oboe", "fife", "bassoon", "contrabassoon", "didgeridoo", "alphorn", "clarinet"): _woodwind,
    ("drum", "drums", "drumkit"): _drums,
    ("harp",): _harp,
    ("trumpet", "trombone", "horn", "cornet", "bugle", "saxophone", "flugelhorn"): _trumpet,
}


@builder("instrument")
def instrument(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A drum kit, a harp, a brass horn (lying, bell toward +Y), a standing tuba or a wind pipe."""
    pick(pal, INSTRUMENTS, _drums)(p, w, d, h, pal)


@builder("fish")
def fish(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A fish along Y, head at -Y: a body, a tail fin, a dorsal fin, eyes."""
    look = pal.main(SCALES)
    p.sphere(0, -d * 0.1, h / 2, w / 2, d * 0.38, h * 0.4, look, segments=16, rings=8)
    p.prism([(d * 0.2, h / 2), (d / 2, h * 0.05), (d / 2, h * 0.95)], -w * 0.05, w * 0.05, look, axis="x")
    p.prism([(-d * 0.2, h * 0.8), (d * 0.1, h * 0.85), (-d * 0.05, h)], -w * 0.03, w * 0.03, look, axis="x")
    for sx in (-1, 1):
        p.sphere(sx * w * 0.3, -d * 0.35, h * 0.58, w * 0.12, d * 0.04, h * 0.08, BLACK, segments=8, rings=4)


@builder("biped")
def biped(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An upright two-legged creature facing -Y: stout legs, a round body, long arms, a head with
    big eyes (a monster, an alien, a gorilla, a penguin, a dinosaur stands like this)."""
    look = pal.main(SKIN)
    leg_r = w * 0.1
    for sx in (-1, 1):
        p.rod((sx * w * 0.18, 0, h * 0.4), (sx * w * 0.2, 0, h * 0.04), leg_r, look, 10)
        p.sphere(sx * w * 0.2, -d * 0.15, h * 0.03, leg_r * 1.3, d * 0.3, h * 0.03, look, segments=10, rings=4)
        p.rod((sx * w * 0.36, 0, h * 0.68), (sx * w * 0.45, -d * 0.15, h * 0.3), leg_r * 0.7, look, 10)
    p.sphere(0, 0, h * 0.55, w * 0.34, d * 0.42, h * 0.22, look, segments=18, rings=10)
    p.sphere(0, d * 0.02, h * 0.86, w * 0.22, d * 0.3, h * 0.13, look, segments=16, rings=8)
    for sx in (-1, 1):
        p.sphere(sx * w * 0.09, -d * 0.26, h * 0.9, w * 0.07, d * 0.05, h * 0.04, WHITE, segments=10, rings=6)
        p.sphere(sx * w * 0.09, -d * 0.3, h * 0.9, w * 0.03, d * 0.02, h * 0.02, BLACK, segments=8, rings=4)
    p.cbox(0, -d * 0.28, h * 0.8, w * 0.14, d * 0.03, h * 0.015, BLACK)


def _anvil(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(DARK_METAL)
    p.cbox(0, 0, 0, w, d * 0.6, h * 0.25, look)
    p.cbox(0, 0, h * 0.25, w * 0.5, d * 0.35, h * 0.4, look)
    p.cbox(0, d * 0.1, h * 0.65, w, d * 0.7, h * 0.35, look)
    p.prism([(-d / 2, h), (-d * 0.25, h * 0.7), (-d * 0.25, h)], -w * 0.3, w * 0.3, look, axis="x")


def _cannon(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = h * 0.3
    for sx in (-1, 1):
        p.lathe([(r, 0), (r, 0.06)], WOOD, axis="x", base=(sx * w / 2 - (0.06 if sx > 0 else 0), d * 0.1, r))
    p.cbox(0, d * 0.15, r * 0.6, w * 0.7, d * 0.5, r * 0.7, WOOD)
    p.lathe(
        [(h * 0.25, 0), (h * 0.22, d * 0.5), (h * 0.13, d * 0.9), (h * 0.16, d)],
        pal.main(DARK_METAL),
        axis="y",
        base=(0, d / 2, h * 0.62),
    )


def _scope(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A telescope on a tripod (tube toward -Y and up), or a microscope on a desk."""
    look = pal.main(WHITE if not pal.has("microscope") else BLACK)
    if pal.has("microscope"):
        p.cbox(0, d * 0.1, 0, w * 0.8, d * 0.7, h * 0.06, look)
        p.rod((0, d * 0.35, h * 0.06), (0, d * 0.3, h * 0.75), min(w, d) * 0.08, look)
        p.cbox(0, -d * 0.05, h * 0.3, w * 0.6, d * 0.35, h * 0.03, look)
        p.rod((0, d * 0.25, h * 0.85), (0, -d * 0.05, h * 0.4), min(w, d) * 0.07, METAL)
        p.rod((0, d * 0.25, h * 0.85), (0, d * 0.35, h), min(w, d) * 0.05, BLACK)
        return
    _tripod_legs(p, min(w, d) * 0.45, h * 0.55, DARK_METAL)
    p.rod((0, d * 0.3, h * 0.45), (0, -d * 0.45, h * 0.98), min(w, d) * 0.07, look, 14)


def _anchor(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(DARK_METAL)
    p.rod((0, 0, h * 0.12), (0, 0, h * 0.85), min(w, d) * 0.1, look)
    p.rod((-w * 0.3, 0, h * 0.78), (w * 0.3, 0, h * 0.78), min(w, d) * 0.07, look)
    p.lathe(
        [(h * 0.07, 0), (h * 0.07, d * 0.2), (h * 0.03, d * 0.2), (h * 0.03, 0)],
        look,
        axis="y",
        base=(0, -d * 0.1, h * 0.93),
    )
    pts = [(math.sin(t) * w * 0.45, 0, h * 0.35 - math.cos(t) * h * 0.25) for t in np.linspace(-1.3, 1.3, 9)]
    for a, b in zip(pts, pts[1:]):
        p.rod(a, b, min(w, d) * 0.08, look)
    for sx in (-1, 1):
        p.prism(
            [(sx * w * 0.5, h * 0.45), (sx * w * 0.36, h * 0.3), (sx * w * 0.46, h * 0.28)][::sx],
            -d * 0.1,
            d * 0.1,
            look,
        )


@builder("oddment")
def oddment(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An anvil, a cannon, a telescope or microscope, an anchor; the noun picks it."""
    pick(
        pal,
        {
            ("anvil",): _anvil,
            ("cannon", "artillery"): _cannon,
            ("telescope", "microscope"): _scope,
            ("anchor",): _anchor,
        },
        _anvil,
    )(p, w, d, h, pal)


@builder("torus")
def torus(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A ring lying flat (a torus, a doughnut shape, a tyre)."""
    big, r = (min(w, d) - h) / 2, h / 2
    look = pal.main(Look((0.25, 0.45, 0.75), 0.4))
    ring = [(math.cos(a) * big, math.sin(a) * big, r) for a in np.linspace(0, 2 * math.pi, 33)]
    for a, b in zip(ring, ring[1:]):
        p.rod(a, b, r, look, 12)
        p.sphere(*b, r, r, r, look, segments=12, rings=6)
