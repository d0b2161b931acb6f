"""Chairs, sofas, stools, benches and beds. Backs and headboards are at +Y: the sitter
faces -Y, the asset's front (CONTRACTS §1)."""

from __future__ import annotations

import math

import numpy as np

from .beds import bed_variant
from .palette import BLACK, CREAM, DARK_METAL, DARK_WOOD, FABRIC, METAL, WHITE, WOOD, Look, Palette
from .parts import Parts
from .registry import builder
from .tables import four_legs

VELVET_RED = Look((0.45, 0.03, 0.05), 0.9)
BLANKET = Look((0.12, 0.22, 0.48), 0.9)


@builder("chair")
def chair(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """Four legs, a seat at half height and a slatted back at +Y."""
    look = pal.main(WOOD)
    seat = pal.surface_height(("seat",), h * 0.5, h)
    t = min(0.04, seat * 0.1)
    leg = max(0.02, min(0.04, w * 0.08))
    p.box(-w / 2, -d / 2, seat - t, w / 2, d / 2, seat, look)
    four_legs(p, w, d, seat - t, leg, look, 0.01)
    for sx in (-1, 1):  # back posts continue the back legs up
        p.cbox(sx * (w / 2 - 0.01 - leg / 2), d / 2 - 0.01 - leg / 2, seat, leg, leg, h - seat, look)
    back_t = min(0.025, d * 0.06)
    p.box(-w / 2 + leg, d / 2 - 0.01 - back_t, h - (h - seat) * 0.35, w / 2 - leg, d / 2 - 0.01, h, look)
    for k in (-1, 0, 1):
        p.cbox(k * w * 0.2, d / 2 - 0.01 - back_t / 2, seat, w * 0.06, back_t * 0.8, h - seat, look)


@builder("office_chair")
def office_chair(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A five-star base on casters, a gas lift, a cushioned seat, armrests and a tall back at +Y."""
    look = pal.main(Look((0.04, 0.04, 0.045), 0.7))
    seat = pal.surface_height(("seat",), h * 0.46, h * 0.7)
    r = min(w, d) / 2
    hub = 0.09
    for k in range(5):
        a = math.pi / 2 + k * 2 * math.pi / 5
        end = (math.cos(a) * (r - 0.03), math.sin(a) * (r - 0.03))
        p.rod((0, 0, hub), (end[0], end[1], 0.06), 0.018, DARK_METAL)
        p.sphere(end[0], end[1], 0.03, 0.03, 0.03, 0.03, BLACK, segments=10, rings=6)
    p.cylinder(0, 0, 0.06, seat - 0.1, 0.03, METAL, segments=12)
    p.cylinder(0, 0, 0.06, 0.24, 0.045, DARK_METAL, segments=12)
    p.cbox(0, -d * 0.04, seat - 0.09, w * 0.8, d * 0.78, 0.09, look)
    back_y = d / 2 - 0.05
    p.cbox(0, back_y, seat + 0.06, w * 0.74, 0.06, h - seat - 0.06, look, rot=(-0.12, 0, 0))
    p.cbox(0, back_y + 0.01, seat - 0.08, 0.05, 0.03, 0.2, DARK_METAL)
    for sx in (-1, 1):
        x = sx * (w / 2 - 0.04)
        p.cbox(x, 0, seat - 0.06, 0.03, 0.04, 0.22, DARK_METAL)
        p.cbox(x, -0.02, seat + 0.16, 0.06, d * 0.42, 0.03, BLACK)


def upholstered(p: Parts, w: float, d: float, h: float, cover: Look, seats: int, arm_h: float,
                seat: float | None = None) -> None:
    """Sofa/armchair body: short legs, base, seat cushions (top at ``seat``, default half the
    height), arms and back cushions at +Y."""
    leg_h = 0.08
    arm_w = max(0.08, min(0.2, w * 0.12))
    back_d = d * 0.24
    seat = h * 0.5 if seat is None else seat
    four_legs(p, w, d, leg_h, 0.05, DARK_WOOD, 0.05)
    p.box(-w / 2, -d / 2, leg_h, w / 2, d / 2, seat - 0.02, cover)  # (under the seams between cushions)
    inner = w - 2 * arm_w
    cw = inner / seats
    for k in range(seats):
        x0 = -w / 2 + arm_w + k * cw
        p.box(x0 + 0.005, -d / 2 + 0.01, seat - 0.13, x0 + cw - 0.005, d / 2 - back_d, seat, cover)
        p.box(x0 + 0.01, d / 2 - back_d, seat - 0.05, x0 + cw - 0.01, d / 2 - back_d * 0.45, h * 0.92, cover)
    p.box(-w / 2, d / 2 - back_d * 0.5, leg_h, w / 2, d / 2, h, cover)
    for sx in (-1, 1):
        p.box(sx * w / 2, -d / 2, leg_h, sx * (w / 2 - arm_w), d / 2, arm_h, cover)


@builder("armchair")
def armchair(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A one-seat upholstered chair with thick arms."""
    upholstered(p, w, d, h, pal.main(Look((0.55, 0.32, 0.16), 0.85)), 1, h * 0.7,
                pal.surface_height(("seat",), h * 0.5, h * 0.7))


@builder("sofa")
def sofa(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A sofa with a seat cushion per ~0.65 m, arms and back cushions."""
    upholstered(p, w, d, h, pal.main(FABRIC), max(1, min(4, round(w / 0.65))), h * 0.72,
                pal.surface_height(("seat",), h * 0.5, h * 0.72))


@builder("stool")
def stool(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A round seat on four splayed legs with a foot ring."""
    look = pal.main(WOOD)
    r = min(w, d) / 2
    p.cylinder(0, 0, h - 0.04, h, r, look, segments=28, scale_y=d / w if w else 1)
    for k in range(4):
        a = math.pi / 4 + k * math.pi / 2
        top = (math.cos(a) * r * 0.55, math.sin(a) * r * 0.55, h - 0.04)
        foot = (math.cos(a) * (r - 0.02), math.sin(a) * (r - 0.02), 0.0)
        p.rod(top, foot, 0.018, DARK_WOOD)
    ring_z = h * 0.33
    for k in range(4):
        a0, a1 = math.pi / 4 + k * math.pi / 2, math.pi / 4 + (k + 1) * math.pi / 2
        f = 0.55 + 0.45 * (1 - ring_z / h) - 0.05
        p.rod((math.cos(a0) * r * f, math.sin(a0) * r * f, ring_z),
              (math.cos(a1) * r * f, math.sin(a1) * r * f, ring_z), 0.01, DARK_WOOD)


@builder("bench")
def bench(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A plank seat on two slab legs; a church pew (a seat with a tall back) for "pew"."""
    look = pal.main(WOOD)
    if pal.has("pew", "pews"):
        pew(p, w, d, h, pal.main(DARK_WOOD), pal.surface_height(("seat",), h * 0.47, h * 0.8))
        return
    t = min(0.05, h * 0.12)
    p.box(-w / 2, -d / 2, h - t, w / 2, d / 2, h, look)
    for sx in (-1, 1):
        x = sx * (w / 2 - min(0.12, w * 0.1))
        p.cbox(x, 0, 0, 0.05, d * 0.85, h - t, look)
    p.cbox(0, 0, h * 0.3, w * 0.75, 0.04, 0.05, look)


def pew(p: Parts, w: float, d: float, h: float, look: Look, seat: float) -> None:
    """A church pew: a thick seat at ``seat``, a tall back at +Y and solid end panels."""
    end, back = min(0.06, w * 0.03), min(0.08, d * 0.15)
    p.box(-w / 2 + end, -d / 2, seat - 0.05, w / 2 - end, d / 2 - back, seat, look)
    p.box(-w / 2 + end, d / 2 - back, seat - 0.05, w / 2 - end, d / 2, h * 0.97, look)
    p.box(-w / 2 + end, -d / 2 + 0.05, 0.05, w / 2 - end, -d / 2 + 0.08, seat - 0.05, look)
    for sx in (-1, 1):
        p.box(sx * w / 2, -d / 2, 0.0, sx * (w / 2 - end), d / 2, h, look)


@builder("park_bench")
def park_bench(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """Wooden slats for seat and back (+Y) on cast-iron side frames with armrests."""
    look = pal.main(WOOD)
    seat = h * 0.53
    for k in range(4):
        y0 = -d / 2 + 0.02 + k * (d * 0.6) / 4
        p.box(-w / 2 + 0.02, y0, seat - 0.035, w / 2 - 0.02, y0 + d * 0.6 / 4 - 0.015, seat, look)
    for k in range(3):
        z0 = seat + 0.08 + k * (h - seat - 0.08) / 3
        p.cbox(0, d / 2 - 0.06 - k * 0.025, z0, w - 0.04, 0.025, (h - seat - 0.08) / 3 - 0.02, look, rot=(-0.2, 0, 0))
    for sx in (-1, 1):
        x = sx * (w / 2 - 0.05)
        p.rod((x, -d / 2 + 0.05, 0), (x, -d / 2 + 0.07, seat), 0.022, DARK_METAL)
        p.rod((x, d / 2 - 0.08, 0), (x, d / 2 - 0.04, h), 0.022, DARK_METAL)
        p.rod((x, -d / 2 + 0.04, seat + 0.2), (x, d / 2 - 0.08, seat + 0.22), 0.02, DARK_METAL)
        p.rod((x, -d / 2 + 0.06, seat), (x, -d / 2 + 0.05, seat + 0.2), 0.02, DARK_METAL)


@builder("theater_seat")
def theater_seat(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A red cushioned seat and tall back between two dark side panels with armrests."""
    cover = pal.main(VELVET_RED)
    seat = h * 0.45
    side = 0.05
    for sx in (-1, 1):
        p.box(sx * w / 2, -d / 2 + 0.08, 0, sx * (w / 2 - side), d / 2 - 0.05, h * 0.62, BLACK)
        p.box(sx * w / 2, -d / 2, h * 0.62, sx * (w / 2 - side * 1.2), d / 2 - 0.05, h * 0.62 + 0.04, DARK_WOOD)
    p.box(-w / 2 + side, -d / 2 + 0.02, seat - 0.12, w / 2 - side, d / 2 - 0.15, seat, cover)
    p.cbox(0, d / 2 - 0.09, seat - 0.1, w - 2 * side - 0.01, 0.14, h - seat + 0.1, cover, rot=(-0.1, 0, 0))


@builder("bed")
def bed(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A wooden frame, a white mattress at 55% of the height, a blanket over the foot half,
    pillows and a tall headboard at +Y, a low footboard at -Y; a bunk bed, a crib, a bare mattress,
    a pet bed or a stretcher when the noun names one (:mod:`.beds`)."""
    variant = bed_variant(pal)
    if variant is not None:
        variant(p, w, d, h, pal)
        return
    # a material word ("metal bed") dresses the frame, a colour ("red bed") the blanket
    frame = pal.main(WOOD) if pal.material_hinted else WOOD
    blanket = BLANKET if pal.material_hinted else pal.main(BLANKET)
    top = pal.surface_height(("mattress",), h * 0.55, h)
    mat_t = min(0.22, top * 0.45)
    four_legs(p, w, d, 0.12, 0.07, DARK_WOOD, 0.0)
    p.box(-w / 2, -d / 2 + 0.04, 0.12, w / 2, d / 2 - 0.06, top - mat_t, frame)
    p.box(-w / 2 + 0.03, -d / 2 + 0.06, top - mat_t, w / 2 - 0.03, d / 2 - 0.08, top, WHITE)
    fold = 0.003 if pal.carries else 0.025  # a blanket things lie on is flat on the mattress
    p.box(-w / 2 + 0.01, -d / 2 + 0.05, top - mat_t * 0.7, w / 2 - 0.01, d * 0.12, top + fold, blanket)
    pillows = 0 if pal.carries else 2 if w > 1.1 else 1  # the layout's own pillows replace these
    pw = (w - 0.2) / max(pillows, 1)
    for k in range(pillows):
        x = -w / 2 + 0.1 + pw * (k + 0.5)
        p.sphere(x, d / 2 - 0.3, top + 0.06, pw * 0.45, 0.2, 0.075, CREAM, segments=16, rings=6)
    p.box(-w / 2, d / 2 - 0.06, 0, w / 2, d / 2, h, frame)
    p.box(-w / 2, -d / 2, 0, w / 2, -d / 2 + 0.04, top * 0.8, frame)
