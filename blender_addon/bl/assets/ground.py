"""Ground and water features (issue 13): a lake, the sea, a river, a field, a dune, a patch of mud,
snow or lava, a vegetable patch — flat patches lying on the ground, never boxes. The noun picks
the look: water with a sandy bank, an elongated winding river, grass, sand, soil with crop rows."""

from __future__ import annotations

import math

import numpy as np

from .palette import LEAF, SOIL, Look, Palette
from .parts import Parts
from .registry import builder
from .variants import pick

WATER = Look((0.10, 0.32, 0.62), 0.05)
SEA = Look((0.04, 0.22, 0.50), 0.1)
BANK = Look((0.78, 0.68, 0.45), 1.0)
SAND = Look((0.86, 0.74, 0.48), 1.0)
GRASS = Look((0.16, 0.42, 0.10), 0.95)
MUD = Look((0.20, 0.13, 0.07), 0.7)
SNOW = Look((0.93, 0.95, 0.98), 0.8)
ICE = Look((0.75, 0.88, 0.95), 0.1)
LAVA = Look((1.0, 0.28, 0.02), 0.6)
ROCK = Look((0.12, 0.10, 0.09), 0.9)
SIDES = 28


def _outline(w: float, d: float, rng: np.random.Generator, wobble: float = 0.12) -> list[tuple[float, float]]:
    """An irregular closed outline inside the w x d box, counter-clockwise (a natural edge)."""
    jitter = 1.0 - wobble * rng.random(SIDES)
    return [(math.cos(a) * w / 2 * j, math.sin(a) * d / 2 * j)
            for a, j in zip(np.linspace(0, 2 * math.pi, SIDES, endpoint=False), jitter)]


def _inset(points: list[tuple[float, float]], factor: float) -> list[tuple[float, float]]:
    return [(x * factor, y * factor) for x, y in points]


def _sea(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """The sea: it reaches the scene's edges (the planner lays it along the far side, as wide as the
    scene), so its back and sides are straight; only its front (-Y, toward the land) is a natural
    shoreline, a strip of sandy bank before the water. Not an oval pond."""
    xs = np.linspace(-w / 2, w / 2, SIDES)
    surf = [(float(x), -d / 2 + d * 0.06 * float(r)) for x, r in zip(xs, rng.random(SIDES))]
    back = [(w / 2, d / 2), (-w / 2, d / 2)]
    p.prism(surf + back, 0.0, h * 0.6, BANK, axis="z")
    bank = min(1.0, d * 0.08)
    p.prism([(x, y + bank) for x, y in surf] + back, 0.0, h, pal.main(SEA), axis="z")


def _water(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A lake or the sea: a sandy bank round the water, the water a little below the bank's top."""
    if pal.has("sea", "ocean"):
        _sea(p, w, d, h, pal, rng)
        return
    edge = _outline(w, d, rng, 0.05 if pal.has("bay") else 0.15)
    p.prism(edge, 0.0, h * 0.6, BANK, axis="z")
    look = pal.main(SEA if pal.has("sea", "ocean", "bay") else WATER)
    p.prism(_inset(edge, 0.9), 0.0, h, look, axis="z")


def _river(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A river along the longer side, winding gently, with grassy banks."""
    long_y = d >= w
    length, width = (d, w) if long_y else (w, d)
    n = 16
    ts = np.linspace(-length / 2, length / 2, n)
    shift = np.sin(np.linspace(0, 2 * math.pi, n) + rng.random() * math.pi) * width * 0.15

    def strip(half: float) -> list[tuple[float, float]]:
        left = [(s - half, t) for s, t in zip(shift, ts)]
        right = [(s + half, t) for s, t in zip(shift[::-1], ts[::-1])]
        ring = right + left
        return ring if long_y else [(t, -s) for s, t in ring]

    p.prism(strip(width * 0.35), 0.0, h * 0.6, GRASS, axis="z")
    p.prism(strip(width * 0.26), 0.0, h, pal.main(WATER), axis="z")


def _plain(look: Look) -> object:
    def draw(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
        p.prism(_outline(w, d, rng), 0.0, h, pal.main(look), axis="z")
    return draw


def _dune(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A sand dune: stacked, shrinking sand plates (a low mound)."""
    edge = _outline(w, d, rng, 0.1)
    for k in range(4):
        p.prism(_inset(edge, 1.0 - k * 0.22), h * k / 4, h * (k + 1) / 4, pal.main(SAND), axis="z")


def _crops(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A vegetable patch: a soil bed with rows of green plants."""
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.3, pal.main(SOIL))
    rows = max(2, round(d / 0.5))
    for r in range(rows):
        y = -d / 2 + d * (r + 0.5) / rows
        for c in range(max(2, round(w / 0.4))):
            x = -w / 2 + w * (c + 0.5) / max(2, round(w / 0.4))
            p.sphere(x, y, h * 0.3, min(0.15, w / 8), min(0.15, d / rows / 2.5), h * 0.7, LEAF, 8, 4)


def _lava(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    edge = _outline(w, d, rng)
    p.prism(edge, 0.0, h * 0.7, ROCK, axis="z")
    p.prism(_inset(edge, 0.85), 0.0, h, pal.main(LAVA), axis="z")


PATCHES = {
    ("river", "stream", "creek", "brook", "canal", "waterway"): _river,
    ("lake", "lagoon", "reservoir", "loch", "mere", "tarn", "sea", "ocean", "bay", "water", "swamp", "marsh",
     "bog"): _water,
    ("dune", "dunes", "bank"): _dune,
    ("vegetable", "veg", "crop", "crops", "allotment", "plot"): _crops,
    ("lava", "magma"): _lava,
    ("sand", "sandy", "beach", "desert"): _plain(SAND),
    ("mud", "dirt"): _plain(MUD),
    ("snow", "snowdrift", "snowbank", "snowfield"): _plain(SNOW),
    ("ice", "rink", "frozen"): _plain(ICE),
}


@builder("ground_patch")
def ground_patch(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A flat patch of ground the noun names: water (lake, sea), a river, sand, a dune, grass (field,
    meadow, lawn), mud, snow, ice, lava or a vegetable patch; grass when the noun says nothing else."""
    pick(pal, PATCHES, _plain(GRASS))(p, w, d, h, pal, rng)  # type: ignore[operator]


# the shore and sand of the catalog (issue 13, outdoor ground): things stand on them; a shore lies by its
# water, the two facing each other, so its wet edge is drawn at its front
WET_SAND = Look((0.70, 0.60, 0.42), 1.0)


@builder("sand_patch")
def sand_patch(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A flat sandy patch (sand, a shore) with a darker wet edge at its front (-Y: the water's side
    when it lies by water, the two facing each other)."""
    look = pal.main(SAND)
    edge = min(0.5, d * 0.15)
    p.box(-w / 2, -d / 2 + edge, 0, w / 2, d / 2, h, look)
    p.box(-w / 2, -d / 2, 0, w / 2, -d / 2 + edge, h * 0.9, WET_SAND)
