"""Craft, carts, stands and odd things (issue 13): a boat, an airplane, a helicopter, a rocket and
a train (noses toward -Y); carts and trolleys on wheels; stands (a microphone stand, a music
stand, an easel, a tripod, a flip chart, a coat rack); drums, a harp, a trumpet; a fish, an
upright two-legged creature; an anvil, a cannon, a telescope, a microscope, an anchor, a torus."""

from __future__ import annotations

import math

import numpy as np

from .palette import BLACK, DARK_METAL, GLASS, METAL, RED, WHITE, WOOD, Look, Palette
from .parts import Parts
from .registry import builder
from .variants import pick

HULL = Look((0.85, 0.85, 0.82), 0.4)


def _boat(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(HULL)
    hull_h = h * 0.45
    p.prism([(-w / 2, hull_h), (-w * 0.3, 0), (w * 0.3, 0), (w / 2, hull_h)], -d * 0.3, d / 2, look)
    p.prism([(-d / 2, hull_h), (-d * 0.3, 0), (-d * 0.3, hull_h)], -w / 2, w / 2, look, axis="x")
    p.cbox(0, 0, hull_h - 0.02, w * 0.9, d * 0.75, 0.02, WOOD)
    p.cbox(0, d * 0.15, hull_h, w * 0.6, d * 0.3, h * 0.3, WHITE)
    p.box(-w * 0.28, d * 0.0 - 0.005, hull_h + h * 0.15, w * 0.28, d * 0.0, hull_h + h * 0.25, GLASS)
    p.rod((0, d * 0.25, hull_h + h * 0.3), (0, d * 0.25, h), 0.02, METAL)


def _airplane(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(WHITE)
    r = min(w * 0.06, h * 0.22)
    z = h * 0.35
    p.lathe(
        [(0, -d / 2), (r * 0.8, -d * 0.45), (r, -d * 0.3), (r, d * 0.3), (r * 0.3, d / 2)],
        look,
        axis="y",
        base=(0, 0, z),
        segments=16,
    )
    p.prism(
        [(-w / 2, d * 0.05), (-r, -d * 0.12), (r, -d * 0.12), (w / 2, d * 0.05), (w / 2, d * 0.1), (-w / 2, d * 0.1)],
        z - r * 0.3,
        z - r * 0.1,
        look,
        axis="z",
    )
    p.prism([(-w * 0.18, d * 0.48), (0, d * 0.38), (w * 0.18, d * 0.48)], z, z + r * 0.15, look, axis="z")
    p.prism([(d * 0.35, z), (d * 0.5, z), (d * 0.5, h)], -r * 0.1, r * 0.1, pal.colour(RED), axis="x")
    for sx in (-1, 1):
        p.lathe(
            [(r * 0.35, 0), (r * 0.35, d * 0.08)], DARK_METAL, axis="y", base=(sx * w * 0.2, -d * 0.08, z - r * 0.6)
        )
        p.rod((sx * r, 0, z - r), (sx * r, 0, 0), r * 0.08, DARK_METAL)
    p.rod((0, -d * 0.38, z - r), (0, -d * 0.38, 0), r * 0.08, DARK_METAL)


def _helicopter(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(RED)
    body_l = d * 0.4
    p.sphere(0, -d / 2 + body_l / 2, h * 0.45, w * 0.18, body_l / 2, h * 0.25, look, segments=18, rings=10)
    p.sphere(0, -d / 2 + body_l * 0.2, h * 0.5, w * 0.14, body_l * 0.22, h * 0.16, GLASS, segments=14, rings=8)
    p.rod((0, -d / 2 + body_l * 0.9, h * 0.5), (0, d / 2 - d * 0.03, h * 0.55), h * 0.04, look)
    p.cbox(0, d / 2 - d * 0.03, h * 0.45, 0.02, d * 0.06, h * 0.25, look)
    p.rod((0, -d / 2 + body_l / 2, h * 0.7), (0, -d / 2 + body_l / 2, h * 0.95), 0.04, DARK_METAL)
    for a in (0.4, 0.4 + math.pi / 2):
        p.cbox(
            0,
            -d / 2 + body_l / 2,
            h * 0.95,
            d * 0.95 * abs(math.cos(a)) + 0.2,
            d * 0.95 * abs(math.sin(a)) + 0.2,
            0.03,
            BLACK,
            rot=(0, 0, 0),
        )
    for sx in (-1, 1):
        p.rod((sx * w * 0.25, -d / 2 + body_l * 0.1, 0.03), (sx * w * 0.25, -d / 2 + body_l, 0.03), 0.04, DARK_METAL)
        p.rod(
            (sx * w * 0.25, -d / 2 + body_l * 0.5, 0.03),
            (sx * w * 0.1, -d / 2 + body_l * 0.5, h * 0.25),
            0.03,
            DARK_METAL,
        )


def _rocket(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) * 0.22
    p.lathe(
        [(r * 0.8, h * 0.05), (r, h * 0.15), (r, h * 0.7), (r * 0.6, h * 0.88), (0, h)], pal.main(WHITE), segments=24
    )
    p.lathe([(r * 0.5, 0), (r * 0.8, h * 0.05)], DARK_METAL, segments=16)
    for k in range(4):
        a = k * math.pi / 2
        c, s = math.cos(a), math.sin(a)
        p.cbox(
            c * (r + (min(w, d) / 2 - r) / 2),
            s * (r + (min(w, d) / 2 - r) / 2),
            0,
            (min(w, d) / 2 - r) * (abs(c) + 0.05),
            (min(w, d) / 2 - r) * (abs(s) + 0.05),
            h * 0.2,
            RED,
        )
    p.cylinder(0, -r * 0.98, h * 0.5, h * 0.55, r * 0.2, GLASS, segments=12)


def _train(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(Look((0.1, 0.3, 0.55), 0.4))
    cars = max(1, round(d / 7))
    cars += 1 - cars % 2  # an odd number: a car, not a coupling gap, at the middle
    gap = 0.3
    length = (d - gap * (cars - 1)) / cars
    for k in range(cars):
        y0 = -d / 2 + k * (length + gap)
        p.box(-w / 2, y0, h * 0.2, w / 2, y0 + length, h * 0.95, look)
        p.lathe([(w / 2, 0), (w / 2, length)], look, axis="y", base=(0, y0, h * 0.85), segments=16)
        for j in range(max(2, round(length / 1.5))):
            y = y0 + (j + 0.5) * length / max(2, round(length / 1.5))
            for sx in (-1, 1):
                p.box(sx * w / 2 - 0.01, y - 0.3, h * 0.55, sx * w / 2 + 0.01, y + 0.3, h * 0.8, GLASS)
        for y in (y0 + length * 0.15, y0 + length * 0.85):
            p.lathe([(h * 0.1, -w * 0.45), (h * 0.1, w * 0.45)], BLACK, axis="x", base=(0, y, h * 0.1))
    p.box(-w * 0.4, -d / 2 - 0.01, h * 0.55, w * 0.4, -d / 2, h * 0.8, GLASS)


CRAFT = {
    ("boat", "ship", "yacht", "canoe", "kayak", "sailboat", "ferry", "rowboat"): _boat,
    ("airplane", "plane", "aeroplane", "jet", "aircraft", "airliner"): _airplane,
    ("helicopter", "chopper"): _helicopter,
    ("rocket", "spaceship", "spacecraft"): _rocket,
    ("train", "locomotive", "tram", "railcar", "subway"): _train,
}


@builder("craft")
def craft(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A boat, an airplane, a helicopter, a rocket or a train, nose toward -Y."""
    pick(pal, CRAFT, _boat)(p, w, d, h, pal)


@builder("cart")
def cart(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A trolley on four wheels with a handle at +Y: shelves (bar cart, book cart), a wire basket
    (shopping cart); a hand truck (a nose plate and two wheels) or a lawn mower (a deck, a handle)."""
    look = pal.main(METAL)
    wr = min(0.1, h * 0.1)
    if pal.has("mower"):
        p.cbox(0, -d * 0.2, wr, w, d * 0.5, h * 0.25, pal.main(Look((0.1, 0.45, 0.15), 0.5)))
        for sx in (-1, 1):
            p.rod((sx * w * 0.35, d * 0.05, h * 0.3), (sx * w * 0.35, d / 2, h), 0.015, BLACK)
        p.rod((-w * 0.35, d / 2, h), (w * 0.35, d / 2, h), 0.015, BLACK)
    elif pal.has("hand", "dolly"):
        p.box(-w / 2, -d / 2, 0, w / 2, -d / 2 + 0.25, 0.02, look)
        for sx in (-1, 1):
            p.rod((sx * w * 0.4, -d / 2, 0.02), (sx * w * 0.4, d / 2, h), 0.015, look)
    else:
        basket = pal.has("shopping", "supermarket", "grocery")
        named = sorted(z / h for n, z in pal.surfaces if n.startswith("shelf") or n == "top") if any(
            n.startswith("shelf") for n, _ in pal.surfaces) else []  # (a book cart's shelves where the layout says)
        levels = named or ((0.45, 0.9) if basket else (0.2, 0.55, 0.9))
        wr = min(wr, (h * levels[0] - 0.04) / 2)
        for z in levels:
            p.box(-w / 2, -d / 2, h * z - 0.02, w / 2, d / 2 - 0.05, h * z, look if not basket else METAL)
        if basket:
            p.box(-w / 2, -d / 2, h * 0.45, -w / 2 + 0.01, d / 2 - 0.05, h * 0.9, GLASS)
            p.box(w / 2 - 0.01, -d / 2, h * 0.45, w / 2, d / 2 - 0.05, h * 0.9, GLASS)
        for sx in (-1, 1):
            for sy in (-1, 1):
                p.rod(
                    (sx * (w / 2 - 0.02), sy * (d / 2 - 0.07), wr * 2),
                    (sx * (w / 2 - 0.02), sy * (d / 2 - 0.07), h * 0.9),
                    0.012,
                    look,
                )
        p.rod((-w / 2, d / 2 - 0.02, h - 0.015), (w / 2, d / 2 - 0.02, h - 0.015), 0.015, BLACK)
    for sx in (-1, 1):
        for sy in (-1, 1) if not pal.has("hand", "dolly") else (-1,):
            p.lathe([(wr, -0.02), (wr, 0.02)], BLACK, axis="x", base=(sx * (w / 2 - 0.05), sy * (d / 2 - 0.1), wr))
