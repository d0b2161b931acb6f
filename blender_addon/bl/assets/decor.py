"""Small things and furnishings: rugs, plants, tableware, books, boxes, baskets, pillows,
paintings and mirrors. Faces meant to be seen (a painting's canvas) point to -Y."""

from __future__ import annotations

import math

import numpy as np

from .palette import (BLACK, CREAM, GLASS, GOLD, LEAF, LEAF_DARK, PAPER, SOIL, TERRACOTTA, WHITE, WOOD,
                      DARK_WOOD, Look, Palette)
from .parts import Parts
from .registry import builder
from .storage import BOOK_COLOURS

RUG_RED = Look((0.50, 0.07, 0.06), 0.95)
RUG_BORDER = Look((0.85, 0.72, 0.45), 0.95)
CARDBOARD = Look((0.62, 0.45, 0.26), 0.9)
TAPE = Look((0.75, 0.62, 0.38), 0.5)
WICKER = Look((0.66, 0.48, 0.24), 0.85)
BOTTLE_GREEN = Look((0.05, 0.28, 0.08), 0.1)
SKY = Look((0.35, 0.6, 0.9), 0.8)
HILL = Look((0.2, 0.45, 0.12), 0.8)
SUN = Look((1.0, 0.8, 0.2), 0.8)
MIRROR = Look((0.72, 0.82, 0.88), 0.05)  # metallic reads black in Workbench studio light


@builder("rug")
def rug(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A flat rug with a light border and a centre medallion (round when asked)."""
    field = pal.main(RUG_RED)
    if pal.has("round", "circular", "oval"):
        p.cylinder(0, 0, 0, h * 0.9, w / 2, RUG_BORDER, segments=48, scale_y=d / w)
        p.cylinder(0, 0, h * 0.9, h, w / 2 * 0.85, field, segments=48, scale_y=d / w)
        return
    b = min(w, d) * 0.08
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.8, RUG_BORDER)
    p.box(-w / 2 + b, -d / 2 + b, h * 0.8, w / 2 - b, d / 2 - b, h * 0.9, field)
    p.cbox(0, 0, h * 0.9, min(w, d) * 0.3, min(w, d) * 0.3, h * 0.1, RUG_BORDER, rot=(0, 0, math.pi / 4))


@builder("potted_plant")
def potted_plant(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A terracotta pot with soil and a leafy crown wider than the pot."""
    pot = pal.main(TERRACOTTA)
    r = min(w, d) / 2
    pot_h = h * 0.33
    pr = r * 0.55
    p.lathe([(pr * 0.7, 0.0), (pr * 0.92, pot_h * 0.88), (pr, pot_h * 0.88), (pr, pot_h), (pr * 0.88, pot_h)],
            pot, segments=20)
    p.cylinder(0, 0, pot_h * 0.85, pot_h * 0.95, pr * 0.9, SOIL, segments=16)
    leaves = 11
    for k in range(leaves):  # long leaves arching out of the pot in all directions
        a = 2 * math.pi * k / leaves + rng.uniform(-0.2, 0.2)
        reach = rng.uniform(0.55, 0.95) * r
        top = rng.uniform(0.65, 1.0) * h
        tip = (math.cos(a) * reach, math.sin(a) * reach, top - rng.uniform(0.0, 0.2) * (h - pot_h))
        mid = (math.cos(a) * reach * 0.45, math.sin(a) * reach * 0.45, top)
        look = LEAF if k % 2 else LEAF_DARK
        p.rod((0, 0, pot_h * 0.9), mid, 0.008, LEAF_DARK, 5)
        lx, ly = math.cos(a), math.sin(a)
        length = math.dist(mid, tip) + r * 0.25
        p.sphere((mid[0] + tip[0]) / 2, (mid[1] + tip[1]) / 2, (mid[2] + tip[2]) / 2,
                 max(abs(lx) * length / 2, r * 0.12), max(abs(ly) * length / 2, r * 0.12), (h - pot_h) * 0.08,
                 look, 10, 5)
    p.sphere(0, 0, pot_h + (h - pot_h) * 0.55, r * 0.4, r * 0.4, (h - pot_h) * 0.35, LEAF_DARK, 12, 6)


@builder("vase")
def vase(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A classic amphora-shaped vase: foot, belly, neck, flared lip."""
    look = pal.main(Look((0.12, 0.28, 0.6), 0.25))
    r = min(w, d) / 2
    p.lathe([(r * 0.5, 0), (r * 0.9, h * 0.25), (r, h * 0.4), (r * 0.7, h * 0.65), (r * 0.4, h * 0.8),
             (r * 0.45, h * 0.95), (r * 0.6, h)], look, segments=24)


@builder("cup")
def cup(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A mug with an open top, a dark drink inside and a handle on its +X side."""
    look = pal.main(WHITE)
    r = min(d, w * 0.78) / 2
    cx = -(w - 2 * r) / 2
    p.lathe([(r * 0.9, 0), (r, h * 0.1), (r, h), (r * 0.88, h), (r * 0.88, h * 0.2)], look, cx, 0, 20)
    p.cylinder(cx, 0, h * 0.2, h * 0.8, r * 0.86, Look((0.12, 0.05, 0.02), 0.2), segments=16)
    steps = 8
    hr = h * 0.3
    for k in range(steps):  # a half ring on the side
        a0, a1 = -math.pi / 2 + math.pi * k / steps, -math.pi / 2 + math.pi * (k + 1) / steps
        p.rod((cx + r + math.cos(a0) * (w - 2 * r) * 0.9, 0, h * 0.5 + math.sin(a0) * hr),
              (cx + r + math.cos(a1) * (w - 2 * r) * 0.9, 0, h * 0.5 + math.sin(a1) * hr), h * 0.06, look, 6)


@builder("plate")
def plate(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A round plate with a raised rim."""
    look = pal.main(WHITE)
    r = min(w, d) / 2
    p.lathe([(r * 0.6, 0), (r * 0.65, h * 0.4), (r * 0.95, h * 0.75), (r, h), (r * 0.9, h * 0.9),
             (r * 0.62, h * 0.55)], look, segments=32)


@builder("bowl")
def bowl(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A round bowl with a foot ring and a hollow."""
    look = pal.main(CREAM)
    r = min(w, d) / 2
    p.lathe([(r * 0.4, 0), (r * 0.45, h * 0.08), (r * 0.8, h * 0.4), (r, h), (r * 0.9, h), (r * 0.72, h * 0.45),
             (r * 0.35, h * 0.2)], look, segments=28)


@builder("bottle")
def bottle(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A wine bottle: cylinder body, shoulder, long neck, cap."""
    look = pal.main(BOTTLE_GREEN)
    r = min(w, d) / 2
    p.lathe([(r, 0), (r, h * 0.6), (r * 0.8, h * 0.68), (r * 0.35, h * 0.75), (r * 0.3, h * 0.92)], look, segments=20)
    p.cylinder(0, 0, h * 0.92, h, r * 0.33, Look((0.5, 0.05, 0.05), 0.5), segments=12)
    p.cylinder(0, 0, h * 0.25, h * 0.5, r * 1.005, PAPER, segments=20)


@builder("book")
def book(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A book lying flat: covers and spine (at -X) in colour, cream pages on three sides; standing
    upright (taller than thick, on a shelf): covers at the sides, the spine out front (-Y)."""
    coloured = [c for c in BOOK_COLOURS if 0.1 < max(c.color) < 0.8]  # a white or black book reads as a slab
    default = coloured[int(rng.integers(len(coloured)))]
    cover = pal.main(default)
    if h > w:
        c = min(0.004, w * 0.12)
        p.box(-w / 2, -d / 2, 0, -w / 2 + c, d / 2, h, cover)
        p.box(w / 2 - c, -d / 2, 0, w / 2, d / 2, h, cover)
        p.box(-w / 2, -d / 2, 0, w / 2, -d / 2 + c, h, cover)
        p.box(-w / 2 + c, -d / 2 + c, c, w / 2 - c, d / 2 - c, h - c, PAPER)
        p.box(-w / 2 - 0.0005, -d / 2 - 0.0005, h * 0.78, w / 2 + 0.0005, -d / 2 + c, h * 0.84, GOLD)
        return
    c = min(0.004, h * 0.12)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, c, cover)
    p.box(-w / 2, -d / 2, h - c, w / 2, d / 2, h, cover)
    p.box(-w / 2, -d / 2, 0, -w / 2 + c, d / 2, h, cover)
    p.box(-w / 2 + c, -d / 2 + c, c, w / 2 - c, d / 2 - c, h - c, PAPER)


@builder("box")
def box(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A wooden crate of slats on a frame; a taped cardboard box when asked for one."""
    if pal.has("cardboard", "carton", "package", "parcel", "moving"):
        look = pal.main(CARDBOARD)
        p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.995, look)
        p.box(-w * 0.08, -d / 2 - 0.002, h * 0.8, w * 0.08, d / 2 + 0.002, h, TAPE)
        p.box(-w / 2 + 0.002, -d * 0.002, h * 0.995, w / 2 - 0.002, d * 0.002, h, BLACK)
        return
    look = pal.main(WOOD)
    s = min(w, d, h) * 0.1
    p.box(-w / 2 + s * 0.3, -d / 2 + s * 0.3, 0, w / 2 - s * 0.3, d / 2 - s * 0.3, h - s * 0.3, DARK_WOOD)
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.cbox(sx * (w / 2 - s / 2), sy * (d / 2 - s / 2), 0, s, s, h, look)
    slats = 3
    sh = (h - s) / slats
    for k in range(slats):
        z0 = s * 0.5 + k * sh + sh * 0.1
        for sy in (-1, 1):
            p.box(-w / 2 + s, sy * (d / 2 - s * 0.5), z0, w / 2 - s, sy * d / 2, z0 + sh * 0.8, look)
        for sx in (-1, 1):
            p.box(sx * (w / 2 - s * 0.5), -d / 2 + s, z0, sx * w / 2, d / 2 - s, z0 + sh * 0.8, look)
    for k in range(4):
        x0 = -w / 2 + k * w / 4 + s * 0.2
        p.box(x0, -d / 2, h - s * 0.5, x0 + w / 4 - s * 0.4, d / 2, h, look)


@builder("basket")
def basket(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An open wicker basket with woven bands and an arched handle across X."""
    look = pal.main(WICKER)
    r = min(w, d) / 2
    body_h = h * 0.6
    p.lathe([(r * 0.75, 0), (r, body_h), (r * 0.92, body_h), (r * 0.7, body_h * 0.1)], look, segments=24)
    for k in range(1, 4):
        z = body_h * k / 4
        rr = r * (0.75 + 0.25 * k / 4) + 0.003
        p.cylinder(0, 0, z - 0.006, z + 0.006, rr, DARK_WOOD, segments=24)
    steps = 10
    for k in range(steps):
        a0, a1 = math.pi * k / steps, math.pi * (k + 1) / steps
        p.rod((math.cos(a0) * r * 0.95, 0, body_h + math.sin(a0) * (h - body_h - 0.01)),
              (math.cos(a1) * r * 0.95, 0, body_h + math.sin(a1) * (h - body_h - 0.01)), 0.01, look, 6)


@builder("pillow")
def pillow(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A plump cushion: a rounded-box (superellipsoid) shape with a button in the middle."""
    look = pal.main(Look((0.08, 0.42, 0.48), 0.9))
    segments, rings = 24, 10
    verts = []
    for i in range(rings + 1):
        phi = -math.pi / 2 + math.pi * i / rings
        for k in range(segments):
            a = 2 * math.pi * k / segments
            cp, sp, ca, sa = math.cos(phi), math.sin(phi), math.cos(a), math.sin(a)
            # exponent 0.45 squares the outline; the corners stay soft like a stuffed cushion
            radial = math.copysign(abs(cp) ** 0.8, cp)
            verts.append((radial * math.copysign(abs(ca) ** 0.45, ca) * w / 2,
                          radial * math.copysign(abs(sa) ** 0.45, sa) * d / 2,
                          h / 2 + math.copysign(abs(sp) ** 1.2, sp) * h / 2))
    faces = [(i * segments + k, i * segments + (k + 1) % segments, (i + 1) * segments + (k + 1) % segments,
              (i + 1) * segments + k) for i in range(rings) for k in range(segments)]
    p.add(np.array(verts), faces, look, smooth=True)
    p.cylinder(0, 0, h * 0.93, h * 0.985, min(w, d) * 0.05, CREAM, segments=10)


@builder("painting")
def painting(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A framed landscape (sky, hills, sun) on a canvas facing -Y."""
    frame = pal.main(GOLD)
    f = min(w, h) * 0.07
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, f, frame)
    p.box(-w / 2, -d / 2, h - f, w / 2, d / 2, h, frame)
    p.box(-w / 2, -d / 2, f, -w / 2 + f, d / 2, h - f, frame)
    p.box(w / 2 - f, -d / 2, f, w / 2, d / 2, h - f, frame)
    y = -d / 2 + d * 0.3
    p.box(-w / 2 + f, y, f, w / 2 - f, d / 2, h - f, SKY)
    hill = [(-w / 2 + f, f), (w / 2 - f, f), (w / 2 - f, h * 0.45), (w * 0.1, h * 0.3), (-w * 0.2, h * 0.5),
            (-w / 2 + f, h * 0.35)]
    p.prism(hill, y - 0.003, y, HILL, axis="y")
    p.lathe([(min(w, h) * 0.08, 0), (min(w, h) * 0.08, 0.003)], SUN, axis="y", base=(w * 0.2, y - 0.003, h * 0.7))


@builder("mirror")
def mirror(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A standing mirror: a wooden frame around a reflective glass, two feet; hung on a wall, the
    frame flat against it (+Y) with no feet, the glass facing the room (-Y)."""
    frame = pal.main(DARK_WOOD)
    f = min(w, h) * 0.06
    t = min(0.03, d * 0.5)
    hung = pal.mount == "wall"
    z0 = 0.0 if hung else 0.06
    y1 = d / 2 if hung else t / 2  # the frame's back: on the wall when hung
    y0 = y1 - t
    for z in (z0, h - f):
        p.box(-w / 2, y0, z, w / 2, y1, z + f, frame)
    for sx in (-1, 1):
        p.box(sx * w / 2, y0, z0, sx * (w / 2 - f), y1, h, frame)
        if not hung:
            p.cbox(sx * (w / 2 - f / 2), 0, 0, f, d, z0, frame)
    p.box(-w / 2 + f, y0 - 0.002, z0 + f, w / 2 - f, y1 - 0.005, h - f, MIRROR)
    p.box(-w / 2 + f * 1.4, y0 - 0.003, h * 0.6, -w / 2 + f * 2.2, y0 - 0.002, h * 0.8, GLASS)


