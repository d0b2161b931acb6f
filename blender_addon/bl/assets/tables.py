"""Tables, desks and counters: a top at full height carried by legs, pedestals or a body.

All builders draw in the asset frame (origin bottom-centre, front -Y) at the size asked;
``Parts.to_mesh`` then fits the result exactly to that size.
"""

from __future__ import annotations

import numpy as np

from .palette import BLACK, DARK_METAL, DARK_WOOD, LIGHT_WOOD, METAL, RED, STONE, WHITE, WOOD, Palette
from .parts import Look, Parts
from .registry import builder


def four_legs(p: Parts, w: float, d: float, z_top: float, size: float, look: Look, inset: float = 0.0) -> None:
    """Square legs in the four corners of a w x d footprint, from the floor to ``z_top``."""
    x = w / 2 - inset - size / 2
    y = d / 2 - inset - size / 2
    for sx in (-1, 1):
        for sy in (-1, 1):
            p.cbox(sx * x, sy * y, 0.0, size, size, z_top, look)


def apron(p: Parts, w: float, d: float, z_top: float, depth: float, inset: float, look: Look) -> None:
    """The frame under a table top, between the legs (reads as 'table' at a glance)."""
    t = 0.02
    p.box(-w / 2 + inset, -d / 2 + inset, z_top - depth, w / 2 - inset, -d / 2 + inset + t, z_top, look)
    p.box(-w / 2 + inset, d / 2 - inset - t, z_top - depth, w / 2 - inset, d / 2 - inset, z_top, look)
    p.box(-w / 2 + inset, -d / 2 + inset, z_top - depth, -w / 2 + inset + t, d / 2 - inset, z_top, look)
    p.box(w / 2 - inset - t, -d / 2 + inset, z_top - depth, w / 2 - inset, d / 2 - inset, z_top, look)


def _round(pal: Palette) -> bool:
    return pal.has("round", "circular", "oval")


def leg_table(p: Parts, w: float, d: float, h: float, top: Look, legs: Look) -> None:
    """A rectangular top on four legs with an apron."""
    t = min(0.045, h * 0.08)
    leg = max(0.025, min(0.07, w * 0.06, d * 0.08))
    p.box(-w / 2, -d / 2, h - t, w / 2, d / 2, h, top)
    inset = min(0.05, w * 0.04, d * 0.04)
    four_legs(p, w, d, h - t, leg, legs, inset)
    apron(p, w, d, h - t, min(0.09, h * 0.12), inset + leg * 0.3, legs)


def pedestal_table(p: Parts, w: float, d: float, h: float, top: Look, foot: Look) -> None:
    """A round (elliptic for w != d) top on a central column and a round foot."""
    t = min(0.045, h * 0.08)
    r = w / 2
    p.cylinder(0, 0, h - t, h, r, top, segments=40, scale_y=d / w)
    p.cylinder(0, 0, h - t - 0.03, h - t, r * 0.35, foot, segments=24, scale_y=d / w)
    p.cylinder(0, 0, 0.03, h - t - 0.03, max(0.025, r * 0.09), foot, segments=16)
    p.cylinder(0, 0, 0.0, 0.03, r * 0.55, foot, segments=32, scale_y=d / w)


@builder("table")
def table(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A four-legged wooden table (round top on a pedestal when asked for 'round')."""
    look = pal.main(WOOD)
    if _round(pal):
        pedestal_table(p, w, d, h, look, look)
    else:
        leg_table(p, w, d, h, look, look)


@builder("round_table")
def round_table(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A round top on a pedestal."""
    look = pal.main(WOOD)
    pedestal_table(p, w, d, h, look, look)


@builder("dining_table")
def dining_table(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A long table with a red runner down the middle."""
    look = pal.main(DARK_WOOD)
    if _round(pal):
        pedestal_table(p, w, d, h - 0.004, look, look)
        p.cylinder(0, 0, h - 0.004, h, w * 0.18, RED, segments=24)
        return
    leg_table(p, w, d, h - 0.004, look, look)
    p.box(-w * 0.42, -d * 0.16, h - 0.004, w * 0.42, d * 0.16, h, RED)


@builder("coffee_table")
def coffee_table(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A low table with a thick top and a shelf underneath."""
    look = pal.main(WOOD)
    t = min(0.05, h * 0.12)
    if _round(pal):
        p.cylinder(0, 0, h - t, h, w / 2, look, segments=40, scale_y=d / w)
        p.cylinder(0, 0, 0.06, 0.09, w * 0.38, look, segments=32, scale_y=d / w)
        for k in range(4):
            a = np.pi / 4 + k * np.pi / 2
            p.cylinder(np.cos(a) * w * 0.33, np.sin(a) * d * 0.33, 0, h - t, 0.025, DARK_WOOD, segments=10)
        return
    p.box(-w / 2, -d / 2, h - t, w / 2, d / 2, h, look)
    leg = min(0.06, w * 0.08)
    four_legs(p, w, d, h - t, leg, DARK_WOOD, 0.03)
    p.box(-w / 2 + 0.06, -d / 2 + 0.06, 0.07, w / 2 - 0.06, d / 2 - 0.06, 0.095, look)


@builder("side_table")
def side_table(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A small table with thin legs and a lower shelf."""
    look = pal.main(LIGHT_WOOD)
    if _round(pal):
        pedestal_table(p, w, d, h, look, DARK_METAL)
        return
    t = min(0.03, h * 0.06)
    p.box(-w / 2, -d / 2, h - t, w / 2, d / 2, h, look)
    four_legs(p, w, d, h - t, min(0.03, w * 0.08), look, 0.02)
    p.box(-w / 2 + 0.03, -d / 2 + 0.03, h * 0.25, w / 2 - 0.03, d / 2 - 0.03, h * 0.25 + 0.02, look)


@builder("picnic_table")
def picnic_table(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A plank table with a bench along each long side, on A-frame legs."""
    look = pal.main(LIGHT_WOOD)
    top_d = d * 0.5
    planks = 5
    gap = 0.012
    pw = (top_d - gap * (planks - 1)) / planks
    for k in range(planks):
        y0 = -top_d / 2 + k * (pw + gap)
        p.box(-w / 2, y0, h - 0.04, w / 2, y0 + pw, h, look)
    seat_h = h * 0.6
    for sy in (-1, 1):
        y_mid = sy * (d / 2 - d * 0.1)
        p.box(-w / 2 + 0.1, y_mid - d * 0.1, seat_h - 0.04, w / 2 - 0.1, y_mid + d * 0.1, seat_h, look)
    for sx in (-1, 1):
        x = sx * (w / 2 - 0.25)
        for sy in (-1, 1):  # the A-frame: legs splay from the top centre out to the bench ends
            p.rod((x, sy * top_d * 0.3, h - 0.04), (x, sy * (d / 2 - 0.05), 0.0), 0.035, DARK_WOOD)
        p.box(x - 0.03, -d / 2 + 0.02, seat_h - 0.1, x + 0.03, d / 2 - 0.02, seat_h - 0.04, DARK_WOOD)


@builder("desk")
def desk(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A desk: top, a drawer pedestal on the left, a side panel on the right, a modesty
    panel at the back (+Y), drawer fronts and handles facing -Y."""
    look = pal.main(WOOD)
    t = min(0.035, h * 0.06)
    p.box(-w / 2, -d / 2, h - t, w / 2, d / 2, h, look)
    ped_w = min(0.42, w * 0.32)
    x0 = -w / 2 + 0.02
    p.box(x0, -d / 2 + 0.03, 0, x0 + ped_w, d / 2 - 0.02, h - t, look)
    drawers = 3
    dh = (h - t - 0.05) / drawers
    for k in range(drawers):
        z0 = 0.04 + k * dh
        p.box(x0 + 0.015, -d / 2 + 0.015, z0 + 0.01, x0 + ped_w - 0.015, -d / 2 + 0.03, z0 + dh - 0.01, LIGHT_WOOD)
        p.cbox(x0 + ped_w / 2, -d / 2 + 0.01, z0 + dh * 0.55, ped_w * 0.35, 0.012, 0.015, METAL)
    p.box(w / 2 - 0.05, -d / 2 + 0.03, 0, w / 2 - 0.02, d / 2 - 0.02, h - t, look)
    p.box(x0 + ped_w, d / 2 - 0.05, h * 0.35, w / 2 - 0.05, d / 2 - 0.03, h - t, look)


@builder("counter")
def counter(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A kitchen counter: a body of cupboards with doors and handles at -Y, a recessed
    plinth and a stone top overhanging the front."""
    body = pal.main(WHITE)
    t = min(0.04, h * 0.05)
    p.box(-w / 2, -d / 2, h - t, w / 2, d / 2, h, STONE if not pal.has("marble") else Look((0.9, 0.9, 0.88), 0.2))
    p.box(-w / 2 + 0.01, -d / 2 + 0.08, 0, w / 2 - 0.01, d / 2, 0.1, BLACK)
    p.box(-w / 2 + 0.01, -d / 2 + 0.03, 0.1, w / 2 - 0.01, d / 2, h - t, body)
    doors = max(1, round(w / 0.5))
    dw = (w - 0.02) / doors
    for k in range(doors):
        x0 = -w / 2 + 0.01 + k * dw
        p.box(x0 + 0.006, -d / 2 + 0.02, 0.12, x0 + dw - 0.006, -d / 2 + 0.03, h - t - 0.02, body)
        hx = x0 + dw - 0.06 if k % 2 == 0 else x0 + 0.06
        p.cbox(hx, -d / 2 + 0.012, h - t - 0.2, 0.015, 0.016, 0.14, METAL)
