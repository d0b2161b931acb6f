"""Things known by their outline (rooms issue follow-ups): a grand piano's bent case on three legs,
a reclining treatment chair (a dentist's or a tattooist's), a beanbag's squashed blob. The front is
-Y: the pianist, the patient and the sitter face -Y (CONTRACTS §1)."""

from __future__ import annotations

import math

import numpy as np

from .palette import BLACK, DARK_METAL, GOLD, Look, Palette
from .parts import Parts
from .registry import builder
from .storage import keyboard

PIANO_BLACK = Look((0.01, 0.01, 0.012), 0.15)
VINYL = Look((0.16, 0.42, 0.45), 0.5)  # a treatment chair's wipe-clean upholstery
BEAN_FABRIC = Look((0.72, 0.30, 0.08), 0.95)
BENT = 0.18  # share of the case's length the bentside runs straight before it curves in


def grand_outline(w: float, y0: float, y1: float, steps: int = 14) -> list[tuple[float, float]]:
    """The plan of a grand piano's case from its front (the keyboard side, ``y0``) to its tail (``y1``),
    counter-clockwise seen from above: the straight spine along -X, the bentside along +X curving in
    to the tail, and the round tail."""
    tail_x = -0.1 * w  # where the bentside meets the tail
    r = (tail_x + w / 2) / 2  # the tail's radius
    end = y1 - r
    side = []
    for k in range(steps + 1):
        t = k / steps
        u = min(1.0, max(0.0, (t - BENT) / (1 - BENT)))
        side.append((w / 2 - (w / 2 - tail_x) * (3 * u * u - 2 * u ** 3), y0 + t * (end - y0)))
    cx = -w / 2 + r
    tail = [(cx + r * math.cos(a), end + r * math.sin(a)) for a in np.linspace(0, math.pi, 9)[1:]]
    return [(-w / 2, y0), *side, *tail]


@builder("grand_piano")
def grand_piano(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A grand piano: the bent case on three tapered legs, its lid closed (things stand on it), the
    keyboard at the front (-Y) between cheek blocks, a lyre with pedals under it."""
    look = pal.main(PIANO_BLACK)
    bed_y = -d / 2 + min(0.3, d * 0.14)  # the keybed sticks out of the case's front
    case_z, key_z = h * 0.6, h * 0.7
    outline = grand_outline(w, bed_y, d / 2)
    p.prism(outline, case_z, h - 0.02, look, axis="z")
    p.prism([(x * 0.99, y) for x, y in outline], h - 0.02, h, look, axis="z")  # the lid, a shade inside the rim
    p.box(-w / 2, -d / 2, case_z, w / 2, bed_y, key_z - 0.02, look)
    keyboard(p, w / 2 - 0.07, -d / 2, bed_y, key_z)
    for sx in (-1, 1):  # cheek blocks
        p.box(sx * w / 2, -d / 2, key_z - 0.02, sx * (w / 2 - 0.07), bed_y, key_z + 0.05, look)
    p.box(-w / 2 + 0.07, bed_y - 0.02, key_z, w / 2 - 0.07, bed_y, h * 0.8, look)  # the fallboard
    legs = [(-w / 2 + 0.12, bed_y + 0.12), (w / 2 - 0.12, bed_y + 0.12), (-w * 0.3, d / 2 - d * 0.12)]
    for x, y in legs:
        p.lathe([(0.035, 0.0), (0.045, 0.04), (0.06, case_z * 0.85), (0.075, case_z)], look, x, y, segments=12)
    p.box(-0.08, bed_y + 0.16, 0.08, 0.08, bed_y + 0.19, case_z, look)  # the lyre
    for k in (-1, 0, 1):
        p.box(k * 0.05 - 0.015, bed_y + 0.05, 0.06, k * 0.05 + 0.015, bed_y + 0.17, 0.08, GOLD)
    p.box(-0.12, bed_y + 0.05, 0.0, 0.12, bed_y + 0.2, 0.06, look)


@builder("treatment_chair")
def treatment_chair(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A reclining treatment chair (a dentist's, a tattooist's): one long cushion that runs from a
    leg rest at the front (-Y) down over a flat seat and up a reclined back to a headrest, on a
    pedestal, with an arm on each side."""
    look = pal.main(VINYL)
    seat = pal.surface_height(("seat",), h * 0.5, h)
    t = min(0.1, seat * 0.2)  # cushion thickness
    ridge = [(-d / 2, seat * 0.72), (-d * 0.3, seat * 0.9), (-d * 0.24, seat), (d * 0.1, seat),
             (d * 0.18, seat + (h - seat) * 0.2), (d * 0.4, h - 0.06)]
    body = ridge + [(y, z - t) for y, z in reversed(ridge)]  # clockwise: the prism wants it the other way
    p.prism(body[::-1], -w * 0.34, w * 0.34, look, axis="x")
    p.box(-w * 0.2, d * 0.38, h - 0.18, w * 0.2, d / 2, h, look)  # the headrest
    for sx in (-1, 1):  # arms
        p.box(sx * w / 2, -d * 0.16, seat + 0.14, sx * w * 0.36, d * 0.14, seat + 0.2, look)
        p.box(sx * w * 0.44, d * 0.06, seat - t, sx * w * 0.4, d * 0.1, seat + 0.14, DARK_METAL)
    p.cylinder(0, 0, 0.08, seat - t, 0.09, DARK_METAL, segments=16)
    p.cbox(0, 0, 0.0, w * 0.8, d * 0.45, 0.08, DARK_METAL)
    p.box(-w * 0.2, -d / 2 + 0.05, seat * 0.55, w * 0.2, -d * 0.28, seat * 0.72, BLACK)  # a footplate


@builder("beanbag")
def beanbag(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A beanbag: a soft squashed blob, a round cushion pressed flat where one sits and a slumped
    hump at the back (+Y)."""
    look = pal.main(BEAN_FABRIC)
    seat = pal.surface_height(("seat",), h * 0.6, h)
    r = w / 2
    profile = [(0.0, 0.0), (r * 0.72, 0.0), (r * 0.93, seat * 0.08), (r, seat * 0.3), (r * 0.96, seat * 0.6),
               (r * 0.82, seat * 0.88), (r * 0.62, seat * 0.985), (r * 0.3, seat), (0.0, seat * 0.99)]
    p.lathe(profile, look, scale_y=d / w, segments=32)
    p.sphere(0, d * 0.27, h * 0.575, r * 0.86, d * 0.23, h * 0.425, look, segments=28, rings=12)
