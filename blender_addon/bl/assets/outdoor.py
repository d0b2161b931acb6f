"""Outdoor things: vegetation, rocks, camp, buildings, fences, paths, street furniture,
cars and stages. Doors, faces of signs and car fronts point to -Y."""

from __future__ import annotations

import math

import numpy as np

from .palette import (ASPHALT, BARK, BLACK, DARK_METAL, DARK_WOOD, FIRE, FLAME, GLASS, GRAVEL, LEAF, LEAF_DARK,
                      LIGHT, LIGHT_WOOD, METAL, PAINT_YELLOW, RED, STONE, WHITE, WOOD, Look, Palette)
from .parts import Parts
from .registry import builder

ROOF = Look((0.33, 0.07, 0.04), 0.8)
WALL = Look((0.88, 0.84, 0.72), 0.9)
TENT = Look((0.95, 0.42, 0.05), 0.7)
LOG_END = Look((0.72, 0.55, 0.32), 0.8)
CAR_RED = Look((0.65, 0.04, 0.03), 0.25, 0.3)
SIGN_GREEN = Look((0.03, 0.3, 0.12), 0.5)
BIN_GREEN = Look((0.12, 0.25, 0.15), 0.5, 0.5)
DIRT = Look((0.30, 0.19, 0.09), 1.0)


def blob_cluster(p: Parts, cx: float, cy: float, z0: float, z1: float, rx: float, ry: float, count: int,
                 rng: np.random.Generator, looks: tuple[Look, ...]) -> None:
    """Overlapping ellipsoids filling the box around (cx, cy) from z0 to z1 (foliage)."""
    hz = (z1 - z0) / 2
    p.sphere(cx, cy, z0 + hz, rx * 0.8, ry * 0.8, hz, looks[0], 14, 8)
    for k in range(count):
        a = rng.uniform(0, 2 * math.pi)
        br = rng.uniform(0.35, 0.5)
        ox, oy = math.cos(a) * rx * (1 - br), math.sin(a) * ry * (1 - br)
        bz = rng.uniform(z0 + hz * br, z1 - hz * br)
        p.sphere(cx + ox, cy + oy, bz, rx * br, ry * br, hz * br, looks[k % len(looks)], 12, 7)


def bumpy_rock(p: Parts, cx: float, cy: float, z0: float, rx: float, ry: float, rz: float, look: Look,
               rng: np.random.Generator, segments: int = 12, rings: int = 7, top: float = 1.1) -> None:
    """A rock: an ellipsoid with its vertices pushed in and out at random, flat-bottomed; ``top`` (a
    share of the ellipsoid's half height) cuts a flat top off it, where something can sit."""
    verts, faces = [], []
    for i in range(rings + 1):
        phi = math.pi * i / rings
        for k in range(segments):
            a = 2 * math.pi * k / segments
            s = 1.0 if i in (0, rings) else rng.uniform(0.8, 1.1)
            verts.append((math.sin(phi) * math.cos(a) * s, math.sin(phi) * math.sin(a) * s, -math.cos(phi) * s))
    for i in range(rings):
        for k in range(segments):
            a, b = i * segments + k, i * segments + (k + 1) % segments
            faces.append((a, b, b + segments, a + segments))
    arr = np.array(verts)
    arr[:, 2] = np.clip(arr[:, 2], -0.55, top)  # a flat bottom: rocks sit, they do not balance
    arr = (arr - (0, 0, arr[:, 2].min())) * (rx, ry, rz / (arr[:, 2].max() - arr[:, 2].min()))
    p.add(arr + (cx, cy, z0), faces, look)


@builder("tree")
def tree(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A broadleaf tree (trunk and a crown of leaf clumps); a conifer of stacked cones for 'pine'."""
    trunk_r = min(w, d) * 0.06
    if pal.has("pine", "fir", "spruce", "conifer", "christmas"):
        p.cylinder(0, 0, 0, h * 0.25, trunk_r, BARK, segments=10)
        tiers = 4
        for k in range(tiers):
            z0 = h * (0.15 + 0.2 * k)
            r = (w / 2) * (1 - 0.2 * k)
            p.lathe([(r, z0), (r * 0.1, z0 + h * 0.35), (0.0, min(h, z0 + h * 0.38))],
                    pal.colour(LEAF_DARK), segments=16, smooth=False)
        return
    p.cylinder(0, 0, 0, h * 0.55, trunk_r, BARK, segments=10, radius_top=trunk_r * 0.7)
    for k in range(3):
        a = k * 2 * math.pi / 3 + 0.4
        p.rod((0, 0, h * 0.4), (math.cos(a) * w * 0.22, math.sin(a) * d * 0.22, h * 0.62), trunk_r * 0.45, BARK, 6)
    blob_cluster(p, 0, 0, h * 0.35, h, w / 2, d / 2, 9, rng, (pal.colour(LEAF), LEAF_DARK))


@builder("bush")
def bush(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A round shrub of leaf clumps resting on the ground."""
    blob_cluster(p, 0, 0, 0, h, w / 2, d / 2, 8, rng, (pal.colour(LEAF), LEAF_DARK))


@builder("rock")
def rock(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An irregular grey boulder with a flattish top (the knowledge base's "top" there: one sits on it)."""
    bumpy_rock(p, 0, 0, 0, w / 2, d / 2, h, pal.main(STONE), rng, 14, 8, top=0.8)


@builder("log")
def log(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A log lying along X: bark round its length, light wood rings at both ends."""
    r = min(d, h) / 2
    p.lathe([(r, -w / 2 + 0.01), (r * 1.03, 0.0), (r, w / 2 - 0.01)], pal.main(BARK), axis="x", base=(0, 0, r),
            segments=14)
    for sx in (-1, 1):
        x0 = -w / 2 if sx < 0 else w / 2 - 0.012
        p.lathe([(r * 0.92, 0.0), (r * 0.92, 0.012)], LOG_END, axis="x", base=(x0, 0, r), segments=14)


CAMPFIRE_GRATE = 0.6  # the grate's half side, a share of the fire's radius (knowledge base: surface "grate")


@builder("campfire")
def campfire(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A ring of stones, crossed logs, flames in the middle and a grate over them."""
    r = min(w, d) / 2
    stones = 9
    for k in range(stones):
        a = 2 * math.pi * k / stones
        s = r * 0.2
        bumpy_rock(p, math.cos(a) * (r - s), math.sin(a) * (r - s), 0, s, s * 0.9, h * 0.22, STONE, rng, 8, 5)
    for k in range(4):
        a = k * math.pi / 4 + 0.2
        p.rod((math.cos(a) * r * 0.6, math.sin(a) * r * 0.6, 0.04), (-math.cos(a) * r * 0.15, -math.sin(a) * r * 0.15,
              h * 0.35), r * 0.07, BARK, 8)
    p.lathe([(r * 0.35, 0.02), (r * 0.25, h * 0.4), (0.0, h * 0.9)], FIRE, segments=10, smooth=False)
    for k in range(3):
        a = k * 2 * math.pi / 3
        p.lathe([(r * 0.14, 0.02), (0.0, h * 0.6)], FLAME, math.cos(a) * r * 0.18, math.sin(a) * r * 0.18, 8,
                smooth=False)
    g = r * CAMPFIRE_GRATE  # an iron grate over the flames on four legs: a pot or a kettle stands on it
    p.box(-g, -g, h - 0.015, g, g, h, DARK_METAL)
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.rod((sx * g * 0.95, sy * g * 0.95, 0.0), (sx * g * 0.95, sy * g * 0.95, h - 0.015), 0.012, DARK_METAL, 6)


@builder("tent")
def tent(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An A-frame tent along Y with a dark door triangle on its front (-Y) and poles."""
    cloth = pal.main(TENT)
    p.prism([(-w / 2, 0), (w / 2, 0), (0, h * 0.97)], -d / 2 + 0.02, d / 2 - 0.02, cloth, axis="y")
    p.prism([(-w * 0.22, 0), (w * 0.22, 0), (0, h * 0.55)], -d / 2, -d / 2 + 0.02, BLACK, axis="y")
    for sy in (-1, 1):
        p.cylinder(0, sy * (d / 2 - 0.05), 0, h, 0.015, DARK_METAL, segments=6)


@builder("house")
def house(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A gabled house: walls, a red roof with its ridge along X, a chimney, a front door
    and four windows on the front (-Y)."""
    walls = pal.main(WALL)
    wall_h = h * 0.55
    o = min(w, d) * 0.05
    p.box(-w / 2 + o, -d / 2 + o, 0, w / 2 - o, d / 2 - o, wall_h, walls)
    p.prism([(-d / 2 + o, wall_h), (0, h), (d / 2 - o, wall_h)], -w / 2 + o, w / 2 - o, walls, axis="x")
    slope = math.atan2(h - wall_h, d / 2)
    half = math.hypot(d / 2, h - wall_h) / 2
    for sy in (-1, 1):
        cy, cz = sy * d / 4, wall_h + (h - wall_h) / 2
        # the slab's long axis must run eave -> ridge: up toward the middle on both sides
        p.cbox(0, cy, cz - 0.1, w, 2 * half + 0.1, 0.2, ROOF, rot=(-sy * slope, 0, 0))
    p.cbox(w * 0.25, d * 0.15, wall_h, w * 0.08, w * 0.08, (h - wall_h) * 0.85, STONE)
    front = -d / 2 + o
    p.box(-w * 0.06, front - 0.05, 0, w * 0.06, front, wall_h * 0.6, DARK_WOOD)
    for x in (-w * 0.3, -w * 0.17, w * 0.17, w * 0.3):
        p.cbox(x, front - 0.03, wall_h * 0.35, w * 0.09, 0.06, wall_h * 0.35, WHITE)
        p.cbox(x, front - 0.035, wall_h * 0.38, w * 0.07, 0.06, wall_h * 0.29, GLASS)


@builder("fence")
def fence(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A picket fence along X: posts, two rails, pointed pickets."""
    look = pal.main(WHITE)
    posts = max(2, round(w / 1.2) + 1)
    for k in range(posts):
        x = -w / 2 + 0.04 + k * (w - 0.08) / (posts - 1)
        p.cbox(x, 0, 0, 0.08, d, h, look)
    for z in (h * 0.25, h * 0.7):
        p.box(-w / 2, 0, z, w / 2, d / 2 * 0.6, z + 0.07, look)
    pickets = max(3, int(w / 0.14))
    pw = 0.08
    for k in range(pickets):
        x = -w / 2 + 0.07 + k * (w - 0.14) / max(1, pickets - 1)
        p.prism([(x - pw / 2, 0.02), (x + pw / 2, 0.02), (x + pw / 2, h * 0.88), (x, h * 0.97), (x - pw / 2, h * 0.88)],
                -d / 2, -d / 2 * 0.2, look, axis="y")


@builder("path")
def path(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A gravel strip along Y paved with irregular flagstones; plain gravel or a dirt
    track when asked for one."""
    if pal.has("gravel", "dirt", "sand", "sandy", "muddy"):
        dirt = pal.has("dirt", "muddy")
        p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h, DIRT if dirt else GRAVEL)
        return
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.5, GRAVEL)
    stone = pal.main(Look((0.62, 0.6, 0.55), 0.9))
    y = -d / 2
    while y < d / 2 - 0.1:
        length = float(rng.uniform(0.3, 0.5))
        split = float(rng.uniform(0.35, 0.65)) * w
        for x0, x1 in ((-w / 2 + 0.04, -w / 2 + split - 0.03), (-w / 2 + split + 0.03, w / 2 - 0.04)):
            p.box(x0, y + 0.03, h * 0.5, x1, min(d / 2, y + length - 0.03), h, stone)
        y += length


@builder("road")
def road(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """Asphalt along Y with white edge lines and a dashed yellow centre line."""
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.8, pal.main(ASPHALT))
    for sx in (-1, 1):
        p.box(sx * (w / 2 - 0.25), -d / 2, h * 0.8, sx * (w / 2 - 0.37), d / 2, h, WHITE)
    dash, gap = 1.5, 1.0
    y = -d / 2 + gap / 2
    while y < d / 2:
        p.box(-0.06, y, h * 0.8, 0.06, min(d / 2, y + dash), h, PAINT_YELLOW)
        y += dash + gap


@builder("mailbox")
def mailbox(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A rural mailbox on a wooden post: an arched box along Y, door at -Y, flag at +X."""
    look = pal.main(Look((0.15, 0.2, 0.5), 0.4, 0.6))
    box_h = h * 0.25
    bw = w * 0.8
    z0 = h - box_h
    p.cbox(0, d * 0.1, 0, 0.09, 0.09, z0, WOOD)
    arch = [(-bw / 2, z0), (bw / 2, z0), (bw / 2, z0 + box_h - bw / 2)]
    arch += [(math.cos(a) * bw / 2, z0 + box_h - bw / 2 + math.sin(a) * bw / 2)
             for a in np.linspace(0.3, math.pi - 0.3, 6)]
    arch += [(-bw / 2, z0 + box_h - bw / 2)]
    p.prism(arch, -d / 2 + 0.01, d / 2, look, axis="y")
    p.prism(arch, -d / 2, -d / 2 + 0.01, DARK_METAL, axis="y")
    p.box(bw / 2, d * 0.1, z0 + box_h * 0.2, w / 2, d * 0.14, z0 + box_h * 0.9, RED)
    p.box(bw / 2, d * 0.14, z0 + box_h * 0.65, w / 2, d * 0.3, z0 + box_h * 0.9, RED)


@builder("trash_can")
def trash_can(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A ribbed metal bin with a domed lid and a handle."""
    look = pal.main(BIN_GREEN)
    r = min(w, d) / 2
    p.lathe([(r * 0.85, 0), (r * 0.95, h * 0.85)], look, segments=24)
    for z in (h * 0.2, h * 0.5, h * 0.78):
        p.cylinder(0, 0, z, z + 0.025, r * 0.85 + r * 0.1 * z / (h * 0.85) + 0.006, look, segments=24)
    p.lathe([(r, h * 0.85), (r, h * 0.88), (r * 0.6, h * 0.95), (0.0, h * 0.965)], look, segments=24)
    p.cbox(0, 0, h * 0.96, r * 0.5, 0.03, h * 0.04, DARK_METAL)


@builder("sign")
def sign(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A road sign: a green board with a white border and white lettering bars, facing -Y,
    on two metal posts."""
    board = pal.main(SIGN_GREEN)
    bh = min(h * 0.35, w * 0.6)
    z0 = h - bh
    for sx in (-1, 1):
        p.cylinder(sx * w * 0.3, d * 0.2, 0, h - 0.02, 0.03, METAL, segments=8)
    p.box(-w / 2, -d / 2 + 0.01, z0, w / 2, -d / 2 + 0.04, h, WHITE)
    b = min(w, bh) * 0.06
    p.box(-w / 2 + b, -d / 2, z0 + b, w / 2 - b, -d / 2 + 0.01, h - b, board)
    for k, frac in enumerate((0.7, 0.5)):
        z = z0 + bh * (0.62 - 0.3 * k)
        p.box(-w * 0.35, -d / 2 - 0.003, z, -w * 0.35 + w * frac, -d / 2, z + bh * 0.14, WHITE)


@builder("car")
def car(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A saloon car, nose to -Y: a low body with bonnet and boot, a glass cabin under a
    painted roof, four wheels, headlights at the front and red tail lights at the back."""
    paint = pal.main(CAR_RED)
    wheel_r = min(h * 0.24, d * 0.08)
    body_z0, body_z1 = wheel_r * 0.5, h * 0.52
    p.box(-w / 2 + 0.04, -d / 2 + 0.05, body_z0, w / 2 - 0.04, d / 2 - 0.05, body_z1, paint)
    for sy in (-1, 1):  # bumpers
        p.box(-w / 2 + 0.06, sy * (d / 2 - 0.06), body_z0, w / 2 - 0.06, sy * d / 2, body_z0 + wheel_r * 0.7,
              DARK_METAL)
    roof_t = h * 0.05
    glass = [(-d * 0.22, body_z1), (d * 0.3, body_z1), (d * 0.2, h - roof_t), (-d * 0.07, h - roof_t)]
    p.prism(glass, -w / 2 + 0.13, w / 2 - 0.13, Look((0.04, 0.06, 0.09), 0.1), axis="x")
    p.box(-w / 2 + 0.12, -d * 0.08, h - roof_t, w / 2 - 0.12, d * 0.21, h, paint)
    for y in (-d * 0.02, d * 0.1):  # pillars between the side windows
        p.box(-w / 2 + 0.125, y - 0.04, body_z1, w / 2 - 0.125, y + 0.04, h - roof_t, paint)
    for sy in (-1, 1):
        y = sy * (d / 2 - d * 0.19)
        for sx in (-1, 1):
            x0 = -w / 2 if sx < 0 else w / 2 - 0.2
            p.lathe([(wheel_r, 0), (wheel_r, 0.2)], BLACK, axis="x", base=(x0, y, wheel_r), segments=18)
            hub_x = x0 - 0.004 if sx < 0 else x0 + 0.2
            p.lathe([(wheel_r * 0.55, 0), (wheel_r * 0.55, 0.004)], METAL, axis="x", base=(hub_x, y, wheel_r),
                    segments=12)
    for sx in (-1, 1):
        p.cbox(sx * (w / 2 - 0.28), -d / 2 + 0.045, body_z1 - 0.16, 0.32, 0.012, 0.09, LIGHT)
        p.cbox(sx * (w / 2 - 0.28), d / 2 - 0.045, body_z1 - 0.16, 0.32, 0.012, 0.09, RED)


@builder("stage")
def stage(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A raised wooden deck with a black skirt and steps at the front (-Y) right."""
    deck = pal.main(LIGHT_WOOD)
    steps_d = min(0.9, d * 0.2)
    front = -d / 2 + steps_d
    p.box(-w / 2, front, 0, w / 2, d / 2, h - 0.05, BLACK)
    p.box(-w / 2, front - 0.03, h - 0.05, w / 2, d / 2, h, deck)
    n = max(2, round(h / 0.2))
    sw = min(1.2, w * 0.25)
    for k in range(n - 1):
        z1 = h * (k + 1) / n
        y0 = -d / 2 + steps_d * k / (n - 1)
        p.box(w / 2 - sw, y0, 0, w / 2, front, z1, WOOD)


@builder("barrel")
def barrel(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A bulging wooden barrel with three iron hoops."""
    r = min(w, d) / 2
    p.lathe([(r * 0.82, 0), (r * 0.95, h * 0.25), (r * 0.985, h * 0.5), (r * 0.95, h * 0.75), (r * 0.82, h)],
            pal.main(WOOD), segments=24)
    for z, rr in ((h * 0.1, 0.87), (h * 0.5, 0.985), (h * 0.9, 0.87)):
        p.cylinder(0, 0, z - 0.02, z + 0.02, r * rr + 0.008, DARK_METAL, segments=24)


