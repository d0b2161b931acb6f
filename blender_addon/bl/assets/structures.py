"""Built things (issue 13): a wall segment, an arch, a bridge, a pier, stairs, a ladder, a well,
a fountain, a pool or pond, a bus stop or phone booth, a tower crane, a parking meter, a
parasol, a barbecue grill, a snowman, an ironing board and a hose reel. Fronts face -Y."""

from __future__ import annotations

import math

import numpy as np

from .palette import BLACK, BRICK, DARK_METAL, GLASS, METAL, PAINT_YELLOW, RED, STONE, WHITE, WOOD, Look, Palette
from .parts import Parts
from .registry import builder
from .variants import pick

WATER = Look((0.2, 0.45, 0.7), 0.05)
TILE = Look((0.7, 0.85, 0.9), 0.3)
SNOW = Look((0.95, 0.96, 0.98), 0.8)
CANOPY = Look((0.85, 0.2, 0.15), 0.8)
HOSE = Look((0.15, 0.5, 0.15), 0.5)
DECK = Look((0.5, 0.34, 0.18), 0.8)
DECK_SHADE = Look((0.22, 0.15, 0.08), 0.9)  # what shows between a deck's planks


def _wall(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(BRICK if pal.has("brick") else STONE)
    rows = max(2, round(h / 0.25))
    for k in range(rows):
        shift = (k % 2) * 0.15
        p.box(
            -w / 2,
            -d / 2 + 0.01 * (k % 2),
            h * k / rows,
            w / 2,
            d / 2 - 0.01 * (k % 2),
            h * (k + 1) / rows - 0.008,
            look,
        )
        n = max(1, round(w / 0.6))
        for j in range(n + 1):
            x = -w / 2 + (j + shift) * w / n
            if -w / 2 < x < w / 2:
                p.box(
                    x - 0.006,
                    -d / 2 - 0.003,
                    h * k / rows,
                    x + 0.006,
                    d / 2 + 0.003,
                    h * (k + 1) / rows,
                    Look((0.8, 0.78, 0.72), 0.9),
                )
    p.box(-w / 2 - 0.02, -d / 2 - 0.02, h - 0.05, w / 2 + 0.02, d / 2 + 0.02, h, look)


def _arch(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(RED if pal.has("torii") else STONE)
    post = w * 0.12
    for sx in (-1, 1):
        p.box(
            sx * w / 2 - (post if sx > 0 else 0),
            -d / 2,
            0,
            sx * w / 2 + (post if sx < 0 else 0),
            d / 2,
            h - w / 2 + post,
            look,
        )
    inner, outer, n = w / 2 - post, w / 2, 12
    base = h - w / 2
    for k in range(n):
        a0, a1 = math.pi * k / n, math.pi * (k + 1) / n
        pts = [
            (math.cos(a0) * outer, base + math.sin(a0) * outer),
            (math.cos(a0) * inner, base + math.sin(a0) * inner),
            (math.cos(a1) * inner, base + math.sin(a1) * inner),
            (math.cos(a1) * outer, base + math.sin(a1) * outer),
        ]
        p.prism(pts[::-1], -d / 2, d / 2, look)


def _bridge(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A footbridge along X (its long side): an arched deck, rails on both sides."""
    look = pal.main(DECK)
    n = 10
    for k in range(n):
        x0, x1 = -w / 2 + w * k / n, -w / 2 + w * (k + 1) / n
        z0, z1 = (h * 0.5 * math.sin(math.pi * (x - -w / 2) / w) for x in (x0, x1))
        t = h * 0.08  # the deck's thickness
        p.prism([(x0, z0), (x1, z1), (x1, z1 + t), (x0, z0 + t)], -d / 2, d / 2, look)
        for sy in (-1, 1):
            rail = h * 0.5 - 0.03  # (the rail's top at the box's top)
            p.rod((x0, sy * (d / 2 - 0.04), z0 + t), (x0, sy * (d / 2 - 0.04), z0 + rail), 0.03, WOOD)
            p.rod((x0, sy * (d / 2 - 0.04), z0 + rail), (x1, sy * (d / 2 - 0.04), z1 + rail), 0.03, WOOD)


def _pier(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(DECK)
    n = max(4, round(d / 0.25))
    p.box(-w / 2 + 0.05, -d / 2, h * 0.8, w / 2 - 0.05, d / 2, h - 0.02, DECK_SHADE)  # under the gaps
    for k in range(n):
        y = -d / 2 + (k + 0.5) * d / n
        p.cbox(0, y, h * 0.8, w, d / n * 0.85, h * 0.2, look)
    for y in np.linspace(-d / 2 + 0.2, d / 2 - 0.2, max(2, round(d / 2))):
        for sx in (-1, 1):
            p.cylinder(sx * (w / 2 - 0.12), y, 0, h * 0.8, 0.1, WOOD, segments=10)


def _stairs(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """Stairs rising toward +Y, with a handrail on one side."""
    look = pal.main(WOOD)
    n = max(3, round(h / 0.18))
    for k in range(n):
        p.box(-w / 2, -d / 2 + d * k / n, 0, w / 2 - 0.06, d / 2, h * (k + 1) / n - 0.02, look)
        p.box(
            -w / 2,
            -d / 2 + d * k / n,
            h * (k + 1) / n - 0.02,
            w / 2 - 0.06,
            d / 2,
            h * (k + 1) / n,
            Look((0.75, 0.6, 0.4), 0.6),
        )
    p.rod((w / 2 - 0.03, -d / 2, 0.9), (w / 2 - 0.03, d / 2, h - 0.02), 0.025, DARK_METAL)
    for t in (0.05, 0.5, 0.95):
        y, z = -d / 2 + d * t, h * t
        p.rod((w / 2 - 0.03, y, max(0.0, z - 0.2)), (w / 2 - 0.03, y, z + 0.9 - 0.02 * t), 0.015, DARK_METAL)


def _ladder(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A step ladder: two A-frame sides meeting at the top, rungs on the front (-Y)."""
    look = pal.main(METAL if not pal.has("wooden", "wood") else WOOD)
    for sx in (-1, 1):
        p.rod((sx * w * 0.45, -d / 2, 0), (sx * w * 0.4, -d * 0.05, h - 0.05), 0.02, look)
        p.rod((sx * w * 0.45, d / 2, 0), (sx * w * 0.4, d * 0.05, h - 0.05), 0.018, look)
    n = max(3, round(h / 0.3))
    for k in range(1, n):
        t = k / n
        y = -d / 2 + (d / 2 - d * 0.05) * t
        p.cbox(0, y, h * t - 0.02, w * (0.9 - 0.1 * t), 0.1, 0.03, look)
    p.cbox(0, 0, h - 0.05, w * 0.85, d * 0.2, 0.05, PAINT_YELLOW)


def _well(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    look = pal.main(STONE)
    p.lathe([(r, 0), (r, h * 0.45), (r * 0.8, h * 0.45), (r * 0.8, h * 0.05)], look, segments=20)
    p.cylinder(0, 0, 0, h * 0.3, r * 0.8, WATER, segments=20)
    for sx in (-1, 1):
        p.cbox(sx * r * 0.85, 0, h * 0.45, 0.08, 0.08, h * 0.4, WOOD)
    p.rod((-r * 0.85, 0, h * 0.78), (r * 0.85, 0, h * 0.78), 0.04, WOOD)
    p.prism([(-d / 2, h * 0.82), (d / 2, h * 0.82), (0, h)], -w / 2, w / 2, Look((0.4, 0.15, 0.08), 0.8), axis="x")
    p.rod((0, 0, h * 0.78), (0, 0, h * 0.55), 0.006, DARK_METAL)
    p.cylinder(0, 0, h * 0.45, h * 0.55, 0.08, WOOD, segments=10)


def _fountain(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    look = pal.main(STONE)
    p.lathe([(r, 0), (r, h * 0.3), (r * 0.9, h * 0.3), (r * 0.9, h * 0.05)], look, segments=32)
    p.cylinder(0, 0, 0, h * 0.25, r * 0.9, WATER, segments=32)
    p.cylinder(0, 0, 0, h * 0.75, r * 0.1, look, segments=12)
    p.lathe([(r * 0.08, h * 0.65), (r * 0.45, h * 0.72), (r * 0.45, h * 0.78), (r * 0.4, h * 0.78)], look, segments=24)
    p.cylinder(0, 0, h * 0.72, h * 0.77, r * 0.4, WATER, segments=24)
    p.lathe([(r * 0.05, h * 0.75), (r * 0.03, h), (0, h)], WATER, segments=8)


def _pool(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A swimming pool (a tiled rim round the water) or a pond (irregular, stones round it)."""
    if pal.has("pond", "puddle"):
        p.cylinder(0, 0, 0, h * 0.7, 1.0, WATER, segments=28, scale_y=d / w)
        for k in range(14):
            a = 2 * math.pi * k / 14
            p.sphere(math.cos(a) * (w / 2 - 0.1), math.sin(a) * (d / 2 - 0.1), 0, 0.12, 0.1, h, STONE, 8, 4)
        return
    t = min(0.3, w * 0.06)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.6, pal.main(WATER))
    for x0, y0, x1, y1 in (
        (-w / 2, -d / 2, w / 2, -d / 2 + t),
        (-w / 2, d / 2 - t, w / 2, d / 2),
        (-w / 2, -d / 2, -w / 2 + t, d / 2),
        (w / 2 - t, -d / 2, w / 2, d / 2),
    ):
        p.box(x0, y0, 0, x1, y1, h, TILE)
    for sx in (-1, 1):
        p.rod(
            (w / 2 - t * 2 + sx * 0.25, d / 2 - t, h), (w / 2 - t * 2 + sx * 0.25, d / 2 - t * 2, h * 0.3), 0.02, METAL
        )


def _shelter(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A bus stop (a glass back, a roof and a bench) or a phone booth (a red box with glass)."""
    if pal.has("booth", "phone", "telephone"):
        look = pal.main(RED)
        p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.92, look)
        p.box(-w * 0.38, -d / 2 - 0.005, h * 0.2, w * 0.38, d / 2 + 0.005, h * 0.8, GLASS)
        p.box(-w / 2 - 0.005, -d * 0.38, h * 0.2, w / 2 + 0.005, d * 0.38, h * 0.8, GLASS)
        p.lathe([(w * 0.55, h * 0.92), (w * 0.5, h)], look, segments=4)
        return
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.cylinder(sx * (w / 2 - 0.05), sy * (d / 2 - 0.05), 0, h * 0.95, 0.04, DARK_METAL, segments=8)
    p.box(-w / 2 + 0.05, d / 2 - 0.07, 0.15, w / 2 - 0.05, d / 2 - 0.05, h * 0.9, GLASS)
    p.box(-w / 2, -d / 2, h * 0.95, w / 2, d / 2, h, pal.main(DARK_METAL))
    p.box(-w * 0.35, d * 0.05, 0.42, w * 0.35, d * 0.35, 0.47, WOOD)
    p.box(w / 2 - 0.06, -d / 2, h * 0.4, w / 2 - 0.04, -d * 0.1, h * 0.85, Look((0.1, 0.3, 0.7), 0.4))


def _divider(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A room divider or office partition: fabric panels in frames on small feet."""
    n = max(1, round(w / 0.5))
    look = pal.main(Look((0.45, 0.5, 0.55), 0.9))
    for k in range(n):
        x0 = -w / 2 + w * k / n
        p.box(x0 + 0.01, -d * 0.3, 0.05, x0 + w / n - 0.01, d * 0.3, h - 0.02, look)
        p.box(x0, -d * 0.4, 0.03, x0 + 0.02, d * 0.4, h, METAL)
    p.box(w / 2 - 0.02, -d * 0.4, 0.03, w / 2, d * 0.4, h, METAL)
    p.box(-w / 2, -d * 0.4, h - 0.02, w / 2, d * 0.4, h, METAL)
    for x in (-w / 2 + 0.1, w / 2 - 0.1):
        p.box(x - 0.03, -d / 2, 0, x + 0.03, d / 2, 0.03, METAL)


STRUCTURES = {
    ("divider", "partition", "cubicle"): _divider,
    ("wall",): _wall,
    ("arch", "archway", "torii", "gate"): _arch,
    ("bridge", "footbridge"): _bridge,
    ("pier", "dock", "jetty", "boardwalk"): _pier,
    ("stairs", "staircase", "steps", "stairway"): _stairs,
    ("ladder", "stepladder"): _ladder,
    ("well",): _well,
    ("fountain", "birdbath"): _fountain,
    ("pool", "pond", "puddle"): _pool,
    ("stop", "shelter", "booth"): _shelter,
}


@builder("structure")
def structure(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A built thing the noun names: wall segment, arch, bridge, pier, stairs, ladder, well,
    fountain, pool or pond, bus shelter or phone booth."""
    pick(pal, STRUCTURES, _wall)(p, w, d, h, pal)


def _crane(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(PAINT_YELLOW)
    m = min(w, d) * 0.06
    p.box(-m * 3, -m * 3, 0, m * 3, m * 3, m, STONE)
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.rod((sx * m, sy * m, 0), (sx * m, sy * m, h * 0.88), m * 0.15, look, 6)
    for k in range(12):
        z0, z1 = h * 0.88 * k / 12, h * 0.88 * (k + 1) / 12
        p.rod((-m, -m, z0), (m, m, z1), m * 0.08, look, 4)
    p.box(-w / 2, -m, h * 0.88, w / 2, m, h * 0.92, look)
    p.box(-m * 1.5, -m * 1.5, h * 0.92, m * 1.5, m * 1.5, h, look)
    p.box(w / 2 - w * 0.12, -m * 1.5, h * 0.8, w / 2 - w * 0.02, m * 1.5, h * 0.88, STONE)
    p.rod((-w * 0.35, 0, h * 0.88), (-w * 0.35, 0, h * 0.5), 0.02, DARK_METAL)
    p.cbox(-w * 0.35, 0, h * 0.48, m * 1.2, m * 1.2, h * 0.02, DARK_METAL)


def _parking_meter(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.cylinder(0, 0, 0, h * 0.7, min(w, d) * 0.12, DARK_METAL, segments=10)
    p.cbox(0, 0, h * 0.7, w, d, h * 0.3, pal.main(Look((0.25, 0.3, 0.35), 0.4, 0.6)))
    p.box(-w * 0.3, -d / 2 - 0.003, h * 0.85, w * 0.3, -d / 2, h * 0.95, GLASS)


def _parasol(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    p.cylinder(0, 0, 0, h * 0.03, r * 0.15, DARK_METAL, segments=16)
    p.cylinder(0, 0, 0, h * 0.95, min(0.025, r * 0.1), WHITE, segments=8)
    p.lathe([(r, h * 0.78), (r * 0.5, h * 0.9), (0, h)], pal.main(CANOPY), segments=8)


def _grill(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A kettle grill, open: a bowl on three legs with its grate at 70% of the height (the knowledge
    base's "grate", where the food goes) and the lid hung open behind it (+Y)."""
    look = pal.main(BLACK)
    r = min(w, d) / 2 * 0.8
    cy, grate = -d / 2 + r, h * 0.7
    for k in range(3):
        a = 2 * math.pi * k / 3 + math.pi / 2
        p.rod((math.cos(a) * r * 0.9, cy + math.sin(a) * r * 0.9, 0), (0, cy, h * 0.45), 0.015, DARK_METAL)
    p.lathe([(0.0, h * 0.42), (r * 0.7, h * 0.47), (r * 0.95, h * 0.58), (r, grate - 0.02)], look, cx=0, cy=cy,
            segments=20)
    for k in range(7):
        x = -r * 0.75 + k * r * 0.25
        half = math.sqrt(max(r * r * 0.81 - x * x, 0.0))
        p.box(x - 0.004, cy - half, grate - 0.01, x + 0.004, cy + half, grate, METAL)
    p.sphere(0, d / 2 - r * 0.25, h - r, r, r * 0.25, r, look, segments=20, rings=10)


def _snowman(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    for z, s in ((0.2, 1.0), (0.55, 0.72), (0.82, 0.48)):
        p.sphere(0, 0, h * z, r * s, r * s, h * 0.2 * s / 0.95 if z > 0.2 else h * 0.2, pal.main(SNOW), 16, 10)
    p.cylinder(0, 0, h * 0.9, h, r * 0.32, BLACK, segments=14)
    p.cylinder(0, 0, h * 0.9, h * 0.91, r * 0.45, BLACK, segments=14)
    p.lathe([(r * 0.06, 0), (0, r * 0.4)], Look((0.95, 0.45, 0.05), 0.6), axis="y", base=(0, -r * 0.45, h * 0.8))
    p.cylinder(0, 0, h * 0.66, h * 0.71, r * 0.52, RED, segments=16)
    for sx in (-1, 1):
        p.sphere(sx * r * 0.16, -r * 0.42, h * 0.85, r * 0.05, r * 0.05, r * 0.05, BLACK, 6, 4)
        p.rod((sx * r * 0.65, 0, h * 0.57), (sx * w / 2, 0, h * 0.75), 0.012, WOOD)


def _ironing(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.prism(
        [(-w / 2, -d / 2 + w / 2), (0, -d / 2), (w / 2, -d / 2 + w / 2), (w / 2, d / 2), (-w / 2, d / 2)],
        h - 0.03,
        h,
        pal.main(Look((0.6, 0.75, 0.85), 0.9)),
        axis="z",
    )
    for sy in (-1, 1):
        p.rod((-w * 0.3, sy * d * 0.3, 0), (w * 0.3, -sy * d * 0.2, h - 0.03), 0.012, METAL)


def _hose(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(d, h) / 2
    for sx in (-1, 1):
        p.lathe([(r, 0), (r, 0.02)], DARK_METAL, axis="x", base=(sx * w * 0.3 - 0.01, 0, r))
    p.lathe([(r * 0.8, 0), (r * 0.8, w * 0.58)], pal.main(HOSE), axis="x", base=(-w * 0.29, 0, r))
    p.rod((w * 0.3, 0, r), (w / 2, -d / 2, 0.02), 0.015, HOSE)


OUTDOOR = {
    ("crane",): _crane,
    ("meter",): _parking_meter,
    ("umbrella", "parasol", "sunshade"): _parasol,
    ("grill", "barbecue", "bbq"): _grill,
    ("snowman",): _snowman,
    ("ironing",): _ironing,
    ("hose", "reel"): _hose,
}


@builder("outdoor_thing")
def outdoor_thing(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A tower crane, a parking meter, a parasol, a kettle grill, a snowman, an ironing board, a
    hose reel; the noun picks it."""
    pick(pal, OUTDOOR, _parasol)(p, w, d, h, pal)
