"""Family builders whose noun picks among machines, road vehicles and buildings (issue 13): a
toaster, a treadmill or a vending machine is not a microwave; a bus, a truck or a tractor is not
a saloon car; a lighthouse, a windmill, a castle or a skyscraper is not a cottage. Fronts face -Y;
what the noun does not name is drawn by the family's plain model (microwave, car, house)."""

from __future__ import annotations

import math

import numpy as np

from .household import microwave
from .outdoor import ROOF, WALL, car, house
from .palette import BLACK, DARK_METAL, GLASS, LIGHT, METAL, RED, STONE, WHITE, Look, Palette
from .parts import Parts
from .registry import builder
from .variants import draw_variant

BODY = Look((0.85, 0.85, 0.84), 0.4)
DARK = Look((0.12, 0.12, 0.13), 0.5)
WATER = Look((0.45, 0.65, 0.9), 0.05)
SAND = Look((0.85, 0.72, 0.45), 1.0)
AWNING = Look((0.8, 0.15, 0.12), 0.8)
BELT = Look((0.05, 0.05, 0.05), 0.9)


def _toaster(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(METAL)
    p.box(-w / 2, -d / 2, h * 0.05, w / 2, d / 2, h, look)
    p.box(-w / 2 + 0.01, -d / 2 + 0.01, 0, w / 2 - 0.01, d / 2 - 0.01, h * 0.05, BLACK)
    for x in (-w * 0.2, w * 0.2):
        p.box(x - w * 0.08, -d * 0.35, h - 0.004, x + w * 0.08, d * 0.35, h + 0.001, BLACK)
    p.box(w / 2, -d * 0.1, h * 0.5, w / 2 + 0.015, d * 0.1, h * 0.6, BLACK)


def _blender(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.3, pal.main(DARK))
    p.lathe([(r * 0.6, h * 0.3), (r * 0.9, h * 0.9), (r * 0.9, h * 0.92), (0, h * 0.92)], GLASS, segments=16)
    p.cylinder(0, 0, h * 0.92, h, r * 0.7, BLACK, segments=16)


def _coffee(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(DARK)
    p.box(-w / 2, d * 0.1, 0, w / 2, d / 2, h, look)
    p.box(-w / 2, -d / 2, h * 0.75, w / 2, d / 2, h, look)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.06, look)
    p.lathe([(min(w, d) * 0.3, h * 0.06), (min(w, d) * 0.32, h * 0.45), (0, h * 0.5)], GLASS, cy=-d * 0.15,
            segments=16)


def _treadmill(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(DARK)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.12, look)
    p.box(-w * 0.4, -d * 0.45, h * 0.12, w * 0.4, d * 0.45, h * 0.14, BELT)
    for sx in (-1, 1):
        p.rod((sx * w * 0.45, -d * 0.35, h * 0.1), (sx * w * 0.45, -d * 0.45, h * 0.95), 0.025, METAL)
    p.cbox(0, -d * 0.45, h * 0.85, w * 0.95, 0.12, h * 0.15, look, rot=(0.5, 0, 0))


def _vacuum(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(RED)
    p.box(-w / 2, -d / 2, 0, w / 2, -d * 0.1, h * 0.08, DARK)
    p.cbox(0, d * 0.15, h * 0.05, w * 0.7, d * 0.5, h * 0.4, look)
    p.rod((0, d * 0.2, h * 0.45), (0, d * 0.35, h * 0.95), 0.015, METAL)
    p.rod((-w * 0.2, d * 0.35, h * 0.97), (w * 0.2, d * 0.35, h * 0.97), 0.02, BLACK)


def _water_cooler(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.62, pal.main(WHITE))
    p.box(-w * 0.3, -d / 2 - 0.005, h * 0.35, w * 0.3, -d / 2, h * 0.5, DARK)
    p.lathe([(r * 0.2, h * 0.62), (r * 0.9, h * 0.66), (r * 0.9, h * 0.95), (r * 0.3, h), (0, h)], WATER, segments=20)
    for x, look in ((-w * 0.15, Look((0.2, 0.3, 0.8), 0.3)), (w * 0.15, RED)):
        p.cbox(x, -d / 2 - 0.02, h * 0.5, 0.04, 0.04, 0.03, look)


def _cabinet_machine(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A vending machine (glass front with rows of goods), an arcade cabinet or an ATM (a screen)."""
    look = pal.main(RED if pal.has("vending", "soda", "snack") else DARK)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h, look)
    if pal.has("vending", "soda", "snack", "jukebox"):
        p.box(-w * 0.42, -d / 2 - 0.005, h * 0.25, w * 0.15, -d / 2, h * 0.92, GLASS)
        colours = (RED, Look((0.95, 0.75, 0.1), 0.5), Look((0.2, 0.5, 0.9), 0.5), Look((0.2, 0.7, 0.3), 0.5))
        for row in range(5):
            for col in range(4):
                p.cbox(-w * 0.37 + col * w * 0.13, -d / 2 + 0.06, h * (0.3 + 0.12 * row), w * 0.08, 0.06, h * 0.07,
                       colours[(row + col) % 4])
        p.box(w * 0.22, -d / 2 - 0.005, h * 0.55, w * 0.4, -d / 2, h * 0.75, DARK)
        return
    p.box(-w * 0.35, -d / 2 - 0.005, h * 0.55, w * 0.35, -d / 2, h * 0.85, Look((0.05, 0.2, 0.35), 0.1))
    p.cbox(0, -d / 2 - 0.05, h * 0.4, w * 0.8, 0.12, h * 0.06, look, rot=(-0.3, 0, 0))


def _tall_box(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A heater, an air purifier or humidifier, a boiler, a generator: a box with a grille."""
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h, pal.main(WHITE if not pal.has("generator") else RED))
    n = max(3, round(h / 0.05))
    for k in range(n):
        z = h * (0.15 + 0.6 * k / n)
        p.box(-w * 0.38, -d / 2 - 0.004, z, w * 0.38, -d / 2, z + h * 0.6 / n * 0.5, DARK)
    p.box(-w * 0.15, -d / 2 - 0.004, h * 0.85, w * 0.15, -d / 2, h * 0.92, Look((0.1, 0.8, 0.3), 0.3))


def _sewing(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(WHITE)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.2, look)
    p.box(w * 0.25, -d * 0.4, h * 0.2, w / 2, d * 0.4, h, look)
    p.box(-w / 2, -d * 0.35, h * 0.75, w / 2, d * 0.35, h, look)
    p.box(-w * 0.45, -d * 0.1, h * 0.45, -w * 0.35, d * 0.1, h * 0.75, look)
    p.rod((-w * 0.4, 0, h * 0.45), (-w * 0.4, 0, h * 0.22), 0.003, METAL)
    p.lathe([(h * 0.18, 0), (h * 0.18, 0.02)], DARK, axis="x", base=(w / 2, 0, h * 0.75))


def _office_machine(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A printer, copier, scanner or shredder: a box with a paper tray or a slot and a panel."""
    look = pal.main(BODY)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h, look)
    if pal.has("shredder"):
        p.box(-w * 0.4, -d * 0.05, h - 0.004, w * 0.4, d * 0.05, h + 0.001, BLACK)
        p.box(-w * 0.45, -d / 2 - 0.005, 0.02, w * 0.45, -d / 2, h * 0.7, DARK)
        return
    p.box(-w * 0.4, -d / 2 - d * 0.2, h * 0.45, w * 0.4, -d / 2, h * 0.5, Look((0.95, 0.95, 0.93), 0.8))
    p.box(-w * 0.45, -d * 0.4, h - 0.01, w * 0.45, d * 0.4, h + 0.005, DARK)
    p.box(w * 0.15, -d / 2 - 0.005, h * 0.8, w * 0.45, -d / 2, h * 0.95, Look((0.1, 0.3, 0.5), 0.2))


def _safe(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(DARK_METAL)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h, look)
    p.box(-w * 0.42, -d / 2 - 0.01, h * 0.08, w * 0.42, -d / 2, h * 0.92, look)
    p.lathe([(min(w, h) * 0.12, 0), (min(w, h) * 0.12, 0.03)], METAL, axis="y", base=(0, -d / 2 - 0.04, h * 0.55))
    p.rod((w * 0.25, -d / 2 - 0.01, h * 0.35), (w * 0.25, -d / 2 - 0.06, h * 0.35), 0.012, METAL)


def _projector(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h, pal.main(WHITE))
    p.lathe([(h * 0.35, 0), (h * 0.35, 0.03), (h * 0.25, 0.03)], BLACK, axis="y", base=(w * 0.25, -d / 2 - 0.03, h / 2))
    if pal.mount == "ceiling":
        p.rod((0, 0, h), (0, 0, h * 1.6), 0.02, METAL)


def _amplifier(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h, pal.main(DARK))
    p.box(-w * 0.45, -d / 2 - 0.004, h * 0.1, w * 0.45, -d / 2, h * 0.7, BLACK)
    for k in range(5):
        p.lathe([(h * 0.05, 0), (h * 0.05, 0.015)], METAL, axis="y", base=(-w * 0.35 + k * w * 0.17, -d / 2 - 0.015,
                                                                            h * 0.85))


APPLIANCES = {("toaster",): _toaster, ("blender", "mixer", "juicer"): _blender,
              ("coffee", "espresso"): _coffee, ("treadmill",): _treadmill, ("vacuum", "hoover"): _vacuum,
              ("cooler", "dispenser"): _water_cooler,
              ("vending", "arcade", "atm", "jukebox", "soda", "snack"): _cabinet_machine,
              ("heater", "purifier", "humidifier", "dehumidifier", "boiler", "generator"): _tall_box,
              ("sewing",): _sewing, ("printer", "copier", "photocopier", "scanner", "fax", "shredder"): _office_machine,
              ("safe",): _safe, ("projector", "beamer"): _projector, ("amplifier", "amp", "stereo"): _amplifier}


@builder("appliance")
def appliance(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A machine the noun names (toaster, blender, coffee maker, treadmill, vacuum cleaner, water
    cooler, vending machine, heater, sewing machine, printer, safe, projector, amplifier), else a
    microwave-like box."""
    draw_variant(p, w, d, h, pal, rng, APPLIANCES, microwave)


def _wheels(p: Parts, w: float, ys: tuple[float, ...], r: float, width: float) -> None:
    for y in ys:
        for sx in (-1, 1):
            p.lathe([(r, 0), (r, width)], BLACK, axis="x", base=(sx * w / 2 - (width if sx > 0 else 0), y, r))


def _bus(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(h * 0.15, 0.5)
    look = pal.main(Look((0.95, 0.7, 0.05), 0.4) if pal.has("school") else RED)
    p.box(-w / 2 + 0.02, -d / 2, r * 0.8, w / 2 - 0.02, d / 2, h, look)
    for sx in (-1, 1):
        p.box(sx * (w / 2 - 0.01) - 0.011, -d * 0.42, h * 0.5, sx * (w / 2 - 0.01) + 0.011, d * 0.45, h * 0.85, GLASS)
    p.box(-w * 0.45, -d / 2 - 0.01, h * 0.45, w * 0.45, -d / 2, h * 0.9, GLASS)
    _wheels(p, w, (-d * 0.35, d * 0.3), r, 0.12 * w / 2.5)


def _truck(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(h * 0.17, 0.55)
    cab = d * 0.25
    p.box(-w / 2, -d / 2, r, w / 2, -d / 2 + cab, h * 0.8, pal.main(RED))
    p.box(-w * 0.45, -d / 2 - 0.01, h * 0.5, w * 0.45, -d / 2, h * 0.75, GLASS)
    p.box(-w / 2, -d / 2 + cab + 0.1, r, w / 2, d / 2, h, Look((0.9, 0.9, 0.88), 0.5))
    _wheels(p, w, (-d / 2 + cab * 0.5, d * 0.2, d * 0.38), r, 0.1 * w / 2.5)


def _tractor(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(Look((0.1, 0.45, 0.15), 0.5))
    big, small = h * 0.3, h * 0.17
    p.box(-w * 0.25, -d / 2, small, w * 0.25, d * 0.1, h * 0.5, look)
    p.box(-w * 0.3, d * 0.05, big * 0.9, w * 0.3, d * 0.4, h, GLASS)
    p.box(-w * 0.32, d * 0.05, h * 0.96, w * 0.32, d * 0.42, h, look)
    p.rod((-w * 0.1, -d * 0.3, h * 0.5), (-w * 0.1, -d * 0.3, h * 0.8), 0.04, DARK_METAL)
    for sx in (-1, 1):
        p.lathe([(big, 0), (big, w * 0.18)], BLACK, axis="x",
                base=(sx * w / 2 - (w * 0.18 if sx > 0 else 0), d * 0.25, big))
        p.lathe([(small, 0), (small, w * 0.12)], BLACK, axis="x",
                base=(sx * w * 0.35 - (w * 0.12 if sx > 0 else 0), -d * 0.35, small))


def _golf_cart(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """An open golf cart: a low body, a bench seat at the layout's ``seat`` height with a backrest,
    a canopy on four posts at its full height, a front cowl with a steering wheel (nose to -Y)."""
    look = pal.main(WHITE)
    r = min(0.2, h * 0.12)
    seat = pal.surface_height(("seat",), h * 0.4, h * 0.7)
    p.box(-w / 2 + 0.05, -d / 2, r, w / 2 - 0.05, d / 2, r * 2, DARK)
    p.box(-w / 2 + 0.05, -d * 0.15, r * 2, w / 2 - 0.05, d * 0.2, seat - 0.08, look)
    p.box(-w / 2 + 0.08, -d * 0.15, seat - 0.08, w / 2 - 0.08, d * 0.2, seat, BLACK)
    p.box(-w / 2 + 0.08, d * 0.2, seat - 0.08, w / 2 - 0.08, d * 0.25, seat + 0.4, BLACK)
    p.box(-w / 2 + 0.05, -d / 2, r * 2, w / 2 - 0.05, -d * 0.3, seat + 0.1, look)
    p.rod((0.0, -d * 0.3, seat + 0.05), (w * 0.15, -d * 0.22, seat + 0.3), 0.015, DARK_METAL)
    p.cylinder(w * 0.15, -d * 0.22, seat + 0.29, seat + 0.32, 0.12, BLACK, segments=16)
    for sx in (-1, 1):
        for y in (-d * 0.3, d * 0.25):
            p.cbox(sx * (w / 2 - 0.07), y, seat, 0.03, 0.03, h - 0.05 - seat, DARK_METAL)
    p.box(-w / 2, -d * 0.35, h - 0.05, w / 2, d * 0.3, h, look)
    _wheels(p, w, (-d * 0.33, d * 0.33), r, 0.15)


ROAD = {("bus", "coach", "minibus"): _bus, ("truck", "lorry", "van", "ambulance", "pickup", "forklift"): _truck,
        ("tractor",): _tractor, ("golf",): _golf_cart}


@builder("road_vehicle")
def road_vehicle(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A bus, a truck or van, a tractor (noses toward -Y), else a car."""
    draw_variant(p, w, d, h, pal, rng, ROAD, car)


def _tower(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A lighthouse (a tapering white tower with red bands and a lantern) or a windmill (a tower,
    a cap and four sails on its front)."""
    r = min(w, d) / 2
    mill = pal.has("windmill", "mill", "turbine")
    look = pal.main(WHITE if not mill else STONE)
    top = h * (0.85 if not mill else 0.7)
    p.lathe([(r * 0.6, 0), (r * 0.35, top), (0, top)], look, segments=20)
    if mill:
        p.sphere(0, 0, top, r * 0.4, r * 0.45, h * 0.06, ROOF, segments=16, rings=6)
        for k in range(4):
            a = math.pi / 4 + k * math.pi / 2
            p.cbox(math.cos(a) * h * 0.13, -r * 0.45, top + math.sin(a) * h * 0.13 - h * 0.01, h * 0.28, 0.03, h * 0.05,
                   Look((0.85, 0.8, 0.7), 0.8), rot=(0, -a, 0))
        return
    for z in (0.2, 0.5):
        p.cylinder(0, 0, top * z, top * (z + 0.12), r * (0.6 - 0.25 * (z + 0.06)) + 0.02, RED, segments=20)
    p.cylinder(0, 0, top, h * 0.95, r * 0.3, LIGHT, segments=12)
    p.lathe([(r * 0.35, h * 0.95), (0, h)], RED, segments=12)


def _castle(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(SAND if pal.has("sand", "sandcastle") else STONE)
    t = min(w, d) * 0.1
    wall_h = h * 0.55
    for x0, y0, x1, y1 in ((-w / 2, -d / 2, w / 2, -d / 2 + t), (-w / 2, d / 2 - t, w / 2, d / 2),
                           (-w / 2, -d / 2, -w / 2 + t, d / 2), (w / 2 - t, -d / 2, w / 2, d / 2)):
        p.box(x0, y0, 0, x1, y1, wall_h, look)
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.cylinder(sx * (w / 2 - t), sy * (d / 2 - t), 0, h * 0.8, t * 1.6, look, segments=14)
            p.lathe([(t * 1.8, h * 0.8), (0, h)], ROOF, cx=sx * (w / 2 - t), cy=sy * (d / 2 - t), segments=14)
    p.box(-w * 0.12, -d / 2 - 0.05, 0, w * 0.12, -d / 2 + t, wall_h * 0.5, DARK)


def _church(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    nave_h = h * 0.45
    p.box(-w / 2, -d * 0.25, 0, w / 2, d / 2, nave_h, pal.main(WALL))
    p.prism([(-w / 2, nave_h), (w / 2, nave_h), (0, nave_h + w * 0.4)], -d * 0.25, d / 2, ROOF)
    tw = min(w, d) * 0.35
    p.box(-tw / 2, -d / 2, 0, tw / 2, -d / 2 + tw, h * 0.72, pal.main(WALL))
    p.lathe([(tw * 0.72, h * 0.72), (0, h)], ROOF, cy=-d / 2 + tw / 2, segments=4)
    p.box(-tw * 0.2, -d / 2 - 0.05, 0, tw * 0.2, -d / 2, nave_h * 0.5, DARK)


def _skyscraper(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h, pal.main(Look((0.55, 0.62, 0.7), 0.2, 0.3)))
    floors = max(4, min(40, round(h / 3.5)))
    for k in range(floors):
        z = h * (k + 0.3) / floors
        p.box(-w / 2 - 0.05, -d / 2 - 0.05, z, w / 2 + 0.05, d / 2 + 0.05, z + h / floors * 0.5, GLASS)


STALL_COUNTER = (0.375, 0.45)  # a stall's counter: its top at this share of the height, this share of the depth deep
STALL_EAVE = 0.8  # the awning's front edge at this share of the height; its back edge at the top
STALL_STRIPES = 6


def _stall(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A market stall inside its box: a counter across the front (its flat top is the knowledge
    base's ``counter_top``), posts up to a striped awning that slopes from the front eave to the
    back top, the posts meeting it (the awning stood apart from them, and baskets on the open
    back half of the counter's surface fell)."""
    top, eave, t = h * STALL_COUNTER[0], h * STALL_EAVE, 0.04
    p.box(-w / 2, -d / 2, 0, w / 2, -d / 2 + d * STALL_COUNTER[1], top, pal.main(Look((0.5, 0.34, 0.18), 0.8)))
    for sx in (-1, 1):
        for sy, post_h in ((-1, eave), (1, h - t)):
            p.cylinder(sx * (w / 2 - 0.05), sy * (d / 2 - 0.05), 0, post_h, 0.04, pal.main(WHITE), segments=8)
    p.prism([(-d / 2, eave - t), (d / 2, h - t), (d / 2, h), (-d / 2, eave)], -w / 2, w / 2, AWNING, axis="x")
    stripe = w / STALL_STRIPES
    for k in range(STALL_STRIPES):  # a valance along the front, red and white
        look = AWNING if k % 2 == 0 else pal.main(WHITE)
        p.box(-w / 2 + k * stripe, -d / 2, eave - 0.16, -w / 2 + (k + 1) * stripe, -d / 2 + 0.02, eave - t, look)


def _open_shelter(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A greenhouse (glass walls under a glass gable), a gazebo (posts under a pyramid roof) or a
    market stall (a counter under an awning)."""
    eave = h * 0.65
    if pal.has("greenhouse", "glasshouse", "conservatory"):
        p.box(-w / 2, -d / 2, 0, w / 2, d / 2, eave, GLASS)
        p.prism([(-w / 2, eave), (w / 2, eave), (0, h)], -d / 2, d / 2, GLASS)
        p.box(-w / 2, -d / 2 - 0.01, 0, w / 2, -d / 2, 0.3, pal.main(WHITE))
        return
    if pal.has("stall", "booth", "kiosk", "stand"):
        _stall(p, w, d, h, pal)
        return
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.cylinder(sx * (w / 2 - 0.08), sy * (d / 2 - 0.08), 0, eave, 0.06, pal.main(WHITE), segments=8)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, 0.15, STONE)
    p.lathe([(max(w, d) * 0.62, eave), (0, h)], ROOF, segments=8)


BUILDINGS = {("greenhouse", "glasshouse", "conservatory", "gazebo", "pavilion", "pergola", "stall", "kiosk"):
             _open_shelter,("lighthouse", "windmill", "mill", "turbine"): _tower,
             ("castle", "palace", "fortress", "fort", "citadel"): _castle,
             ("church", "chapel", "cathedral", "temple", "mosque"): _church,
             ("skyscraper", "tower", "highrise", "high-rise", "office"): _skyscraper}


@builder("building")
def building(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A lighthouse or windmill, a castle, a church, a skyscraper, else a gabled house."""
    draw_variant(p, w, d, h, pal, rng, BUILDINGS, house)
