"""Ground features (issue 13, outdoor scenes): water and sand as flat patches on the ground.

A lake or pond is an oval of water with a muddy rim, a river or stream a strip along Y with
earth banks, the sea a wide sheet with a line of surf along its -Y side; sand and a shore are
flat sandy patches. All are a few centimetres high (the layout box): things keep off water
unless they rest on it (a boat), and stand on sand.
"""

from __future__ import annotations

import math

import numpy as np

from .palette import Look, Palette
from .parts import Parts
from .registry import builder

WATER = Look((0.16, 0.42, 0.66), 0.05)
SHALLOW = Look((0.36, 0.64, 0.78), 0.05)
SURF = Look((0.90, 0.94, 0.96), 0.4)
MUD = Look((0.36, 0.30, 0.20), 1.0)
SAND = Look((0.86, 0.76, 0.55), 1.0)
WET_SAND = Look((0.70, 0.60, 0.42), 1.0)
STONE_GREY = Look((0.46, 0.45, 0.42), 0.9)
RIM = 0.35  # m: the muddy rim round a lake, a river's bank
SEGMENTS = 40


@builder("water")
def water(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A lake or pond (an oval), a river (a strip along Y) or the sea (a sheet, surf at -Y)."""
    look = pal.main(WATER)
    if pal.has("river", "stream", "creek", "brook", "canal"):
        bank = min(RIM, w * 0.15)
        p.box(-w / 2, -d / 2, 0, -w / 2 + bank, d / 2, h * 0.6, MUD)
        p.box(w / 2 - bank, -d / 2, 0, w / 2, d / 2, h * 0.6, MUD)
        p.box(-w / 2 + bank, -d / 2, 0, w / 2 - bank, d / 2, h * 0.8, look)
        return
    if pal.has("sea", "ocean", "bay"):
        surf = min(0.6, d * 0.1)
        p.box(-w / 2, -d / 2, 0, w / 2, -d / 2 + surf, h * 0.5, WET_SAND)
        p.box(-w / 2, -d / 2 + surf * 0.5, 0, w / 2, -d / 2 + surf * 1.5, h * 0.85, SURF)
        p.box(-w / 2, -d / 2 + surf * 1.5, 0, w / 2, -d / 2 + surf * 3.5, h * 0.8, pal.main(SHALLOW))
        p.box(-w / 2, -d / 2 + surf * 3.5, 0, w / 2, d / 2, h * 0.8, look)
        return
    rim = min(RIM, min(w, d) * 0.1)
    p.cylinder(0, 0, 0, h * 0.6, w / 2, MUD, segments=SEGMENTS, scale_y=d / w)
    p.cylinder(0, 0, 0, h * 0.8, w / 2 - rim, look, segments=SEGMENTS, scale_y=(d - 2 * rim) / (w - 2 * rim))
    if pal.has("pond", "puddle"):  # a ring of stones
        for k in range(14):
            a = 2 * math.pi * k / 14
            p.sphere(math.cos(a) * (w / 2 - rim / 2), math.sin(a) * (d / 2 - rim / 2), 0, 0.12, 0.1, h * 2, STONE_GREY,
                     8, 4)


@builder("sand_patch")
def sand_patch(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A flat sandy patch (sand, a beach, a shore) with a darker wet edge at its front (-Y: the
    water's side when it lies by water, the two facing each other)."""
    look = pal.main(SAND)
    edge = min(0.5, d * 0.15)
    p.box(-w / 2, -d / 2 + edge, 0, w / 2, d / 2, h, look)
    p.box(-w / 2, -d / 2, 0, w / 2, -d / 2 + edge, h * 0.9, WET_SAND)
