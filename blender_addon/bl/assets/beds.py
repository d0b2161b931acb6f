"""Kinds of bed the bed builder draws by its noun (issue 13): a bunk bed with two mattresses, rails
and a ladder, a crib with slatted sides, a bare mattress, a pet bed, a stretcher; and the nursery's
changing table. Each puts its mattress tops at the layout's named surfaces (``mattress``,
``upper_mattress``, ``top``), so what the layout lays on them rests there. Headboards are at +Y
(CONTRACTS §1)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from .palette import BLACK, CREAM, DARK_METAL, LIGHT_WOOD, METAL, WHITE, WOOD, Look, Palette
from .parts import Parts
from .registry import builder
from .storage import drawer_fronts
from .tables import four_legs
from .variants import pick

BLANKET = Look((0.12, 0.22, 0.48), 0.9)
PET_FABRIC = Look((0.45, 0.32, 0.22), 1.0)
PAD = Look((0.2, 0.45, 0.6), 0.7)

Draw = Callable[[Parts, float, float, float, Palette], None]


def bed_variant(pal: Palette) -> Draw | None:
    """The kind of bed the noun names (or the layout's second mattress implies), None for a plain bed."""
    if any(name == "upper_mattress" for name, _ in pal.surfaces):
        return _bunk_bed
    return pick(pal, VARIANTS, None)


def made_mattress(p: Parts, x0: float, x1: float, y0: float, y1: float, top: float, thick: float,
                  pal: Palette, blanket: Look) -> None:
    """A white mattress between x0..x1, y0..y1 with its top at ``top``, a blanket over its foot (-Y)
    half and, unless the layout brings its own, a pillow at its head (+Y)."""
    p.box(x0, y0, top - thick, x1, y1, top, WHITE)
    fold = 0.003 if pal.carries else 0.02  # a blanket things lie on is flat on the mattress
    p.box(x0 - 0.01, y0 - 0.01, top - thick * 0.7, x1 + 0.01, y0 + (y1 - y0) * 0.55, top + fold, blanket)
    if not pal.carries:
        w = x1 - x0
        p.sphere((x0 + x1) / 2, y1 - 0.25, top + 0.05, w * 0.35, 0.16, 0.06, CREAM, segments=16, rings=6)


def _bunk_bed(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """Two bunks on four corner posts, a guard rail round the upper one and a ladder at its foot
    end on the -X side."""
    frame = pal.main(WOOD) if pal.material_hinted else WOOD
    blanket = BLANKET if pal.material_hinted else pal.main(BLANKET)
    low = pal.surface_height(("mattress",), h * 0.22, h)
    high = pal.surface_height(("upper_mattress",), h * 0.8, h)
    post, thick = 0.06, min(0.15, low * 0.45)
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.cbox(sx * (w / 2 - post / 2), sy * (d / 2 - post / 2), 0.0, post, post, h, frame)
    for top in (low, high):
        p.box(-w / 2 + post, -d / 2 + post, top - thick - 0.05, w / 2 - post, d / 2 - post, top - thick, frame)
        made_mattress(p, -w / 2 + post, w / 2 - post, -d / 2 + post, d / 2 - post, top, thick, pal, blanket)
    for sy in (-1, 1):  # end boards: low at the foot, tall at the head
        z1 = h - 0.02 if sy > 0 else high + 0.1
        p.box(-w / 2 + post, sy * (d / 2 - 0.03), high - thick - 0.05, w / 2 - post, sy * d / 2, z1, frame)
        p.box(-w / 2 + post, sy * (d / 2 - 0.03), low - thick - 0.05, w / 2 - post, sy * d / 2, low + 0.15, frame)
    rail_z = min(h - 0.03, high + 0.18)
    p.box(w / 2 - 0.03, -d / 2 + post, rail_z - 0.05, w / 2, d / 2 - post, rail_z, frame)
    p.box(-w / 2, -d / 2 + d * 0.35, rail_z - 0.05, -w / 2 + 0.03, d / 2 - post, rail_z, frame)
    _ladder(p, -w / 2, -d / 2 + post, -d / 2 + d * 0.3, rail_z, frame)


def _ladder(p: Parts, x: float, y0: float, y1: float, top: float, look: Look) -> None:
    """A ladder standing against the side at ``x`` between y0 and y1, up to ``top``."""
    for y in (y0, y1 - 0.04):
        p.box(x, y, 0.0, x + 0.035, y + 0.04, top, look)
    rungs = max(3, round(top / 0.28))
    for k in range(1, rungs + 1):
        z = top * k / (rungs + 1)
        p.box(x, y0 + 0.04, z - 0.015, x + 0.03, y1 - 0.04, z + 0.015, look)


def _crib(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A baby's crib: corner posts, slatted sides all round and a mattress inside."""
    look = pal.main(WHITE)
    top = pal.surface_height(("mattress",), h * 0.42, h)
    post, thick = 0.05, min(0.12, top * 0.3)
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.cbox(sx * (w / 2 - post / 2), sy * (d / 2 - post / 2), 0.0, post, post, h, look)
    p.box(-w / 2 + post, -d / 2 + post, top - thick - 0.04, w / 2 - post, d / 2 - post, top - thick, look)
    p.box(-w / 2 + post, -d / 2 + post, top - thick, w / 2 - post, d / 2 - post, top, WHITE)
    low, rail = top - thick - 0.04, 0.03
    for sx, sy, length, along_x in ((0, -1, w, True), (0, 1, w, True), (-1, 0, d, False), (1, 0, d, False)):
        cx, cy = sx * (w / 2 - rail / 2), sy * (d / 2 - rail / 2)
        size = (length - 2 * post, rail) if along_x else (rail, length - 2 * post)
        for z in (low, h - rail):
            p.cbox(cx, cy, z, size[0], size[1], rail, look)
        slats = max(3, int((length - 2 * post) / 0.07))
        for k in range(slats):
            t = -length / 2 + post + (k + 0.5) * (length - 2 * post) / slats
            p.cbox(t if along_x else cx, cy if along_x else t, low, 0.018, 0.018, h - rail - low, look)


def _mattress(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A bare mattress on the floor, its top the whole height."""
    p.box(-w / 2, -d / 2, 0.0, w / 2, d / 2, h * 0.92, pal.main(WHITE))
    p.box(-w / 2 + 0.02, -d / 2 + 0.02, h * 0.92, w / 2 - 0.02, d / 2 - 0.02, h, pal.main(WHITE))
    p.box(-w / 2 - 0.002, -d / 2 - 0.002, h * 0.45, w / 2 + 0.002, d / 2 + 0.002, h * 0.5, CREAM)


def _pet_bed(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A round pet bed: a cushion at the ``mattress`` height inside a soft bolster ring."""
    look = pal.main(PET_FABRIC)
    top = pal.surface_height(("mattress",), h * 0.5, h)
    p.cylinder(0.0, 0.0, 0.0, top, w / 2 * 0.9, look, segments=24, scale_y=d / w)
    p.cylinder(0.0, 0.0, top - 0.02, top, w / 2 * 0.62, CREAM, segments=24, scale_y=d / w)
    n, rx, ry = 16, w / 2, d / 2
    for k in range(n):
        a = 2 * math.pi * k / n
        bolster = min(w, d) * 0.1
        p.sphere(math.cos(a) * (rx - bolster), math.sin(a) * (ry - bolster), (top + h) / 2 - 0.02, bolster * 1.3,
                 bolster * 1.3, (h - top) / 2 + 0.02, look, segments=10, rings=6)


def _stretcher(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A stretcher on wheels: a padded top at its full height on a metal frame."""
    wheel = min(0.06, h * 0.1)
    for sx in (-1, 1):
        for sy in (-1, 1):
            x, y = sx * (w / 2 - 0.06), sy * (d / 2 - 0.15)
            p.rod((x, y, wheel * 2), (x, y, h - 0.08), 0.015, METAL)
            p.lathe([(wheel, -0.015), (wheel, 0.015)], BLACK, axis="x", base=(x, y, wheel))
    p.box(-w / 2, -d / 2, h - 0.1, w / 2, d / 2, h - 0.06, DARK_METAL)
    p.box(-w / 2 + 0.01, -d / 2 + 0.01, h - 0.06, w / 2 - 0.01, d / 2 - 0.01, h, pal.main(PAD))


VARIANTS: dict[tuple[str, ...], Draw] = {
    ("bunk", "bunkbed"): _bunk_bed,
    ("crib", "cradle", "bassinet"): _crib,
    ("dog", "cat", "pet", "puppy", "kitten"): _pet_bed,
    ("stretcher", "gurney"): _stretcher,
    ("mattress",): _mattress,
}


@builder("changing_table")
def changing_table(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A baby's changing table: a chest of drawers with a padded changing mat on top (the knowledge
    base's ``top``), held in by low rails at the back and both ends, an open shelf for nappies below."""
    look = pal.main(WHITE)
    pad = pal.surface_height(("top",), h - 0.08, h)
    deck = pad - 0.05
    four_legs(p, w, d, 0.08, 0.04, look, 0.01)
    p.box(-w / 2, -d / 2 + 0.015, 0.08, w / 2, d / 2, deck, look)
    drawer_fronts(p, -w / 2 + 0.02, w / 2 - 0.02, 0.1 + (deck - 0.1) * 0.3, deck - 0.02, -d / 2 + 0.015, 2,
                  pal.colour(LIGHT_WOOD), METAL)
    p.box(-w / 2 + 0.03, -d / 2, 0.1, w / 2 - 0.03, -d / 2 + 0.015, 0.1 + (deck - 0.1) * 0.28, BLACK)
    p.box(-w / 2, -d / 2, deck - 0.02, w / 2, d / 2, deck, look)
    p.box(-w / 2 + 0.04, -d / 2 + 0.03, deck, w / 2 - 0.04, d / 2 - 0.04, pad, PAD)
    for x0, x1, y0, y1 in ((-w / 2, w / 2, d / 2 - 0.03, d / 2), (-w / 2, -w / 2 + 0.03, -d / 2, d / 2),
                           (w / 2 - 0.03, w / 2, -d / 2, d / 2)):
        p.box(x0, y0, deck, x1, y1, h, look)
