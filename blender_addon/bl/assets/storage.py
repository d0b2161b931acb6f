"""Case furniture and appliances: nightstands, wardrobes, dressers, cabinets, shelves,
TV stands, fridges, stoves, fireplaces, pianos, clocks. Doors, drawers and openings face -Y."""

from __future__ import annotations

import numpy as np

from .palette import (
    BLACK,
    BRICK,
    CREAM,
    DARK_METAL,
    DARK_WOOD,
    FIRE,
    FLAME,
    GLASS,
    GOLD,
    LIGHT_WOOD,
    METAL,
    STONE,
    WHITE,
    WOOD,
    Look,
    Palette,
)
from .parts import Parts
from .registry import builder
from .tables import four_legs

BOOK_COLOURS = [Look(c, 0.8) for c in ((0.55, 0.07, 0.05), (0.08, 0.2, 0.5), (0.1, 0.35, 0.12),
                                        (0.75, 0.6, 0.15), (0.3, 0.12, 0.35), (0.85, 0.85, 0.8),
                                        (0.05, 0.05, 0.05), (0.6, 0.3, 0.1))]


def drawer_fronts(p: Parts, x0: float, x1: float, z0: float, z1: float, y_front: float, rows: int,
                  look: Look, knob: Look, cols: int = 1) -> None:
    """Drawer fronts proud of a body's front face at ``y_front``, each with a knob."""
    dz = (z1 - z0) / rows
    dx = (x1 - x0) / cols
    for r in range(rows):
        for c in range(cols):
            xa, za = x0 + c * dx, z0 + r * dz
            p.box(xa + 0.008, y_front - 0.015, za + 0.008, xa + dx - 0.008, y_front, za + dz - 0.008, look)
            p.cbox(xa + dx / 2, y_front - 0.025, za + dz / 2 - 0.012, min(0.1, dx * 0.3), 0.012, 0.022, knob)


def body(p: Parts, w: float, d: float, z0: float, z1: float, look: Look, front_inset: float = 0.015) -> None:
    """The carcass of a cabinet, its front face ``front_inset`` behind y = -d/2."""
    p.box(-w / 2, -d / 2 + front_inset, z0, w / 2, d / 2, z1, look)


@builder("nightstand")
def nightstand(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A small cabinet on short legs with two drawers and a top."""
    look = pal.main(WOOD)
    four_legs(p, w, d, 0.08, 0.04, DARK_WOOD, 0.02)
    body(p, w, d, 0.08, h - 0.025, look)
    p.box(-w / 2, -d / 2 + 0.005, h - 0.025, w / 2, d / 2, h, look)
    drawer_fronts(p, -w / 2 + 0.02, w / 2 - 0.02, 0.1, h - 0.04, -d / 2 + 0.015, 2, LIGHT_WOOD, GOLD)


@builder("wardrobe")
def wardrobe(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A tall cupboard: plinth, two doors with long handles, a cornice."""
    look = pal.main(WOOD)
    p.box(-w / 2 + 0.02, -d / 2 + 0.04, 0, w / 2 - 0.02, d / 2, 0.08, DARK_WOOD)
    body(p, w, d, 0.08, h - 0.05, look, 0.03)
    p.box(-w / 2, -d / 2, h - 0.05, w / 2, d / 2, h, look)
    doors = 2 if w < 1.5 else 3
    dw = (w - 0.04) / doors
    for k in range(doors):
        x0 = -w / 2 + 0.02 + k * dw
        p.box(x0 + 0.006, -d / 2 + 0.015, 0.1, x0 + dw - 0.006, -d / 2 + 0.03, h - 0.07, LIGHT_WOOD)
        hx = x0 + dw - 0.05 if k % 2 == 0 else x0 + 0.05
        p.cbox(hx, -d / 2 + 0.008, h * 0.42, 0.02, 0.015, h * 0.18, METAL)


@builder("dresser")
def dresser(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A chest of drawers: three rows of drawers (two columns when wide) on short legs."""
    look = pal.main(WOOD)
    four_legs(p, w, d, 0.1, 0.05, DARK_WOOD, 0.02)
    body(p, w, d, 0.1, h - 0.03, look)
    p.box(-w / 2, -d / 2 + 0.005, h - 0.03, w / 2, d / 2, h, look)
    cols = 2 if w > 0.9 else 1
    drawer_fronts(p, -w / 2 + 0.02, w / 2 - 0.02, 0.12, h - 0.045, -d / 2 + 0.015, 3, LIGHT_WOOD, GOLD, cols)


@builder("cabinet")
def cabinet(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A cupboard with two doors and vertical handles on a plinth; a glass-fronted display case with
    shelves (at the layout's named heights) for a display or china cabinet, and a hutch (a cupboard
    with a counter, open shelves set back above it) for "hutch"."""
    if pal.has("hutch", "welsh"):
        hutch(p, w, d, h, pal)
        return
    if pal.has("display", "curio", "china", "vitrine", "showcase") or shelf_tops(pal, h, 0):
        display_case(p, w, d, h, pal.main(WOOD), shelf_tops(pal, h, 0))
        return
    look = pal.main(Look((0.55, 0.56, 0.5), 0.6))
    p.box(-w / 2 + 0.02, -d / 2 + 0.04, 0, w / 2 - 0.02, d / 2, 0.06, BLACK)
    body(p, w, d, 0.06, h - 0.03, look, 0.03)
    p.box(-w / 2, -d / 2 + 0.01, h - 0.03, w / 2, d / 2, h, DARK_WOOD)
    for sx in (-1, 1):
        p.box(sx * 0.004, -d / 2 + 0.015, 0.08, sx * (w / 2 - 0.02), -d / 2 + 0.03, h - 0.05, look)
        p.cbox(sx * 0.05, -d / 2 + 0.008, h * 0.55, 0.015, 0.015, h * 0.2, METAL)


def display_case(p: Parts, w: float, d: float, h: float, look: Look, tops: list[float] | None) -> None:
    """A case with a back, shelves (``tops``, else four evenly) and a framed glass front."""
    open_case(p, w, d, h, look, 4, back=True, tops=tops)
    p.box(-w / 2 + 0.025, -d / 2, 0.0, w / 2 - 0.025, -d / 2 + 0.005, h - 0.025, GLASS)
    p.box(-0.01, -d / 2 - 0.004, 0.0, 0.01, -d / 2 + 0.005, h - 0.025, look)


def hutch(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A dresser base with doors up to its ``counter_top`` and open shelves set back above it,
    half as deep, with a cornice (its ``top``)."""
    look = pal.main(WOOD)
    counter = pal.surface_height(("counter_top",), h * 0.47, h)
    p.box(-w / 2 + 0.02, -d / 2 + 0.04, 0, w / 2 - 0.02, d / 2, 0.06, DARK_WOOD)
    body(p, w, d, 0.06, counter - 0.03, look)
    p.box(-w / 2, -d / 2, counter - 0.03, w / 2, d / 2, counter, look)
    for sx in (-1, 1):
        p.box(sx * 0.004, -d / 2, 0.08, sx * (w / 2 - 0.02), -d / 2 + 0.015, counter - 0.05, LIGHT_WOOD)
        p.cbox(sx * 0.05, -d / 2 - 0.008, counter * 0.55, 0.015, 0.015, counter * 0.2, GOLD)
    t, y0 = 0.025, d / 2 - d * 0.48
    for sx in (-1, 1):
        p.box(sx * w / 2, y0, counter, sx * (w / 2 - t), d / 2, h, look)
    p.box(-w / 2 + t, y0, h - t, w / 2 - t, d / 2, h, look)
    p.box(-w / 2 + t, d / 2 - 0.01, counter, w / 2 - t, d / 2, h - t, look)
    levels = max(1, round((h - counter) / 0.35) - 1)
    for k in range(1, levels + 1):
        z = counter + (h - counter) * k / (levels + 1)
        p.box(-w / 2 + t, y0, z - t, w / 2 - t, d / 2 - 0.01, z, look)


def shelf_tops(pal: Palette, h: float, default: int) -> list[float] | None:
    """The shelf heights the layout names (``shelf_1``..``shelf_N`` surfaces, bottom up), if any."""
    tops = sorted(height for name, height in pal.surfaces if name.startswith("shelf") and 0 < height < h)
    return tops or None


def open_case(p: Parts, w: float, d: float, h: float, look: Look, shelves: int, back: bool,
              tops: list[float] | None = None) -> list[float]:
    """Sides, top, bottom, shelves (and a back panel at +Y): returns each shelf's top z.
    ``tops``: the shelves' top heights (the layout's named surfaces), else ``shelves`` evenly."""
    t = 0.025
    p.box(-w / 2, -d / 2, 0, -w / 2 + t, d / 2, h, look)
    p.box(w / 2 - t, -d / 2, 0, w / 2, d / 2, h, look)
    p.box(-w / 2 + t, -d / 2, h - t, w / 2 - t, d / 2, h, look)
    if back:
        p.box(-w / 2 + t, d / 2 - 0.01, 0, w / 2 - t, d / 2, h - t, look)
    levels = []
    gap = (h - t) / shelves
    bottoms = [top - t for top in tops] if tops else [k * gap + (0.05 if k == 0 else 0) for k in range(shelves)]
    for z in bottoms:
        z = max(0.0, z)
        p.box(-w / 2 + t, -d / 2, z, w / 2 - t, d / 2 - 0.01, z + t, look)
        levels.append(z + t)
    return levels


def books_on(p: Parts, x0: float, x1: float, z: float, max_h: float, y_back: float, depth: float,
             rng: np.random.Generator, fill: float = 0.8) -> None:
    """A row of standing books of random widths, heights and colours, spines toward -Y."""
    x = x0 + 0.01
    end = x0 + (x1 - x0) * fill
    while x < end:
        bw = float(rng.uniform(0.02, 0.045))
        bh = float(rng.uniform(0.6, 0.95)) * max_h
        bd = depth * float(rng.uniform(0.75, 0.95))
        look = BOOK_COLOURS[int(rng.integers(len(BOOK_COLOURS)))]
        p.box(x, y_back - bd, z, min(x + bw, x1), y_back, z + bh, look)
        x += bw + 0.002


@builder("bookshelf")
def bookshelf(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A tall open case with a back at +Y, shelves (at the layout's named heights when given)
    and books standing on them, unless the layout puts its own things on the shelves."""
    look = pal.main(WOOD)
    shelves = max(2, round(h / 0.36))
    levels = open_case(p, w, d, h, look, shelves, back=True, tops=shelf_tops(pal, h, shelves))
    gap = (h - 0.025) / max(len(levels), 1)
    for z in ([] if pal.carries else levels):
        books_on(p, -w / 2 + 0.03, w / 2 - 0.03, z, min(0.3, gap - 0.05), d / 2 - 0.015, d - 0.05, rng,
                 fill=float(rng.uniform(0.55, 0.95)))


@builder("shelf")
def shelf(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A low open shelf unit without a back, a few books on the lower shelves."""
    look = pal.main(LIGHT_WOOD)
    shelves = max(2, round(h / 0.35))
    levels = open_case(p, w, d, h, look, shelves, back=False, tops=shelf_tops(pal, h, shelves))
    for z in ([] if pal.carries else levels[:-1]):
        books_on(p, -w / 2 + 0.03, w / 2 - 0.03, z, 0.22, d / 2 - 0.02, d - 0.06, rng, fill=0.5)


@builder("tv_stand")
def tv_stand(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A low, long unit: two doors either side of an open middle bay, on short feet."""
    look = pal.main(Look((0.12, 0.1, 0.09), 0.5))
    four_legs(p, w, d, 0.05, 0.04, BLACK, 0.04)
    body(p, w, d, 0.05, h - 0.03, look)
    p.box(-w / 2, -d / 2, h - 0.03, w / 2, d / 2, h, look)
    bay = w * 0.34
    p.box(-bay / 2, -d / 2 + 0.014, 0.08, bay / 2, -d / 2 + 0.016, h - 0.06, BLACK)
    p.box(-bay / 2, -d / 2 + 0.014, (h - 0.03) / 2, bay / 2, d / 2 - 0.03, (h - 0.03) / 2 + 0.02, look)
    for sx in (-1, 1):
        p.box(sx * (bay / 2 + 0.01), -d / 2, 0.08, sx * (w / 2 - 0.015), -d / 2 + 0.016, h - 0.05, LIGHT_WOOD)
        p.cbox(sx * (bay / 2 + 0.05), -d / 2 - 0.005, (h - 0.03) / 2, 0.015, 0.012, 0.1, METAL)


@builder("refrigerator")
def refrigerator(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A white box with a freezer door on top, a fridge door below and long handles at -Y."""
    look = pal.main(Look((0.9, 0.9, 0.9), 0.25))
    body(p, w, d, 0.0, h, look, 0.04)
    split = h * 0.68
    p.box(-w / 2 + 0.01, -d / 2 + 0.02, 0.02, w / 2 - 0.01, -d / 2 + 0.04, split - 0.01, look)
    p.box(-w / 2 + 0.01, -d / 2 + 0.02, split + 0.01, w / 2 - 0.01, -d / 2 + 0.04, h - 0.01, look)
    p.cbox(w / 2 - 0.08, -d / 2 + 0.01, split - 0.45, 0.025, 0.02, 0.38, METAL)
    p.cbox(w / 2 - 0.08, -d / 2 + 0.01, split + 0.06, 0.025, 0.02, 0.25, METAL)
    p.box(-w / 2 + 0.01, -d / 2, split - 0.012, w / 2 - 0.01, -d / 2 + 0.02, split + 0.012, DARK_METAL)


@builder("stove")
def stove(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An oven: body, black hob with four burners, a glass oven door with a handle at -Y,
    a control panel at the back."""
    look = pal.main(Look((0.75, 0.76, 0.78), 0.25, 1.0))
    top = h * 0.9
    body(p, w, d, 0, top, look, 0.02)
    p.box(-w / 2, -d / 2 + 0.02, top - 0.01, w / 2, d / 2 - 0.08, top + 0.005, BLACK)
    for bx in (-1, 1):
        for by in (-1, 1):
            cx, cy = bx * w * 0.22, -0.04 + by * d * 0.17
            p.cylinder(cx, cy, top + 0.005, top + 0.008, min(w, d) * 0.1, DARK_METAL, segments=16)  # (flush: a pot
            # stands level on the hob, the knowledge base's counter_top)
    p.box(-w / 2, d / 2 - 0.08, top - 0.01, w / 2, d / 2, h, look)
    p.box(-w * 0.38, -d / 2 + 0.01, top * 0.18, w * 0.38, -d / 2 + 0.02, top * 0.7, BLACK)
    p.rod((-w * 0.35, -d / 2 - 0.01, top * 0.8), (w * 0.35, -d / 2 - 0.01, top * 0.8), 0.012, METAL)
    for k in range(4):
        p.cylinder(-w * 0.3 + k * w * 0.2, -d / 2 + 0.02, top * 0.88, top * 0.88 + 0.01, 0.018, BLACK, segments=10)


@builder("fireplace")
def fireplace(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A stone surround with an opening at -Y, a mantel shelf, a hearth, logs and flames inside."""
    look = pal.main(BRICK if pal.has("brick") else STONE)
    open_w, open_h = w * 0.55, h * 0.55
    pillar = (w - open_w) / 2
    for sx in (-1, 1):
        p.box(sx * w / 2, -d / 2 + 0.06, 0.06, sx * (open_w / 2), d / 2, h - 0.08, look)
    p.box(-open_w / 2, -d / 2 + 0.06, open_h + 0.06, open_w / 2, d / 2, h - 0.08, look)
    p.box(-open_w / 2, d / 2 - 0.1, 0.06, open_w / 2, d / 2, open_h + 0.06, BLACK)
    p.box(-w / 2, -d / 2, h - 0.08, w / 2, d / 2, h, DARK_WOOD)
    p.box(-w / 2 + pillar * 0.3, -d / 2, 0, w / 2 - pillar * 0.3, d / 2, 0.06, STONE)
    for k, a in enumerate((0.35, -0.35)):
        p.cbox(0, -d * 0.05 + k * 0.05, 0.06, open_w * 0.6, 0.09, 0.09, WOOD, rot=(0, 0, a))
    p.lathe([(open_w * 0.18, 0.15), (open_w * 0.1, open_h * 0.5), (0.0, open_h * 0.75)], FIRE, 0, 0.0, 12)
    p.lathe([(open_w * 0.1, 0.15), (0.0, open_h * 0.5)], FLAME, open_w * 0.12, -0.03, 10)
    p.lathe([(open_w * 0.1, 0.15), (0.0, open_h * 0.45)], FLAME, -open_w * 0.12, -0.03, 10)


@builder("piano")
def piano(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An upright piano: a black case at +Y, a keyboard sticking out to -Y at 70 cm with
    white keys and black keys, legs under the keyboard."""
    look = pal.main(Look((0.01, 0.01, 0.012), 0.15))
    key_z = h * 0.56
    case_y = -d / 2 + d * 0.42
    p.box(-w / 2, case_y, 0, w / 2, d / 2, h, look)
    p.box(-w / 2, -d / 2, key_z - 0.06, w / 2, case_y, key_z - 0.02, look)
    keyboard(p, w / 2 - 0.06, -d / 2, case_y, key_z)
    for sx in (-1, 1):
        p.box(sx * w / 2, -d / 2, key_z - 0.06, sx * (w / 2 - 0.06), case_y, key_z + 0.05, look)
        p.cbox(sx * (w / 2 - 0.04), -d / 2 + 0.05, 0, 0.05, 0.05, key_z - 0.06, look)
    p.box(-w / 2 + 0.08, case_y - 0.005, key_z + 0.15, w / 2 - 0.08, case_y, key_z + 0.3, DARK_WOOD)


def keyboard(p: Parts, half: float, y_front: float, y_back: float, key_z: float) -> None:
    """A piano keyboard across x = -half..half from 1 cm behind the keybed's front edge ``y_front`` to
    ``y_back``, its white keys' top at ``key_z``: white keys, and black keys on the back half in the
    groups of two and three."""
    p.box(-half, y_front + 0.01, key_z - 0.02, half, y_back, key_z, WHITE)
    keys = int(2 * half / 0.0235)
    mid_y = (y_front + y_back) / 2
    for k in range(keys - 1):
        if k % 7 in (0, 1, 3, 4, 5):  # black keys sit between white keys C-D, D-E, F-G, G-A, A-B
            x = -half + (k + 1) * 2 * half / keys
            p.box(x - 0.006, mid_y, key_z, x + 0.006, y_back, key_z + 0.012, BLACK)


@builder("clock")
def clock(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A grandfather clock: plinth, a narrow trunk with a pendulum window, a hood with a
    round white face at -Y. Hung on a wall, or as flat as a wall clock: a wall clock."""
    if pal.mount == "wall" or (d < 0.12 and h < 0.8):
        from .wall import (
            wall_clock,  # a module of hung things; imported here to keep the cycle out
        )

        wall_clock(p, w, d, h, pal, rng)
        return
    look = pal.main(DARK_WOOD)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.12, look)
    p.box(-w * 0.36, -d * 0.4, h * 0.12, w * 0.36, d / 2, h * 0.75, look)
    p.box(-w * 0.18, -d * 0.42, h * 0.25, w * 0.18, -d * 0.4, h * 0.65, GOLD)
    p.box(-w / 2, -d / 2, h * 0.75, w / 2, d / 2, h * 0.97, look)
    p.box(-w * 0.45, -d / 2, h * 0.97, w * 0.45, d * 0.45, h, look)
    face = min(w * 0.38, h * 0.09)
    p.lathe([(face, 0.0), (face, 0.012)], CREAM, axis="y", base=(0.0, -d / 2 - 0.012, h * 0.86), segments=24)
    p.rod((0, -d / 2 - 0.014, h * 0.86), (face * 0.6, -d / 2 - 0.014, h * 0.86 + face * 0.4), 0.006, BLACK)
    p.rod((0, -d / 2 - 0.014, h * 0.86), (0, -d / 2 - 0.014, h * 0.86 + face * 0.8), 0.006, BLACK)
