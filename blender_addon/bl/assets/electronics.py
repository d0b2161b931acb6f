"""Screens and computers. Screens face -Y (the viewer of a TV at yaw 0 stands at -Y)."""

from __future__ import annotations

import math

import numpy as np

from .palette import BLACK, DARK_METAL, METAL, SCREEN, Look, Palette
from .parts import Parts
from .registry import builder

SCREEN_GLOW = Look((0.08, 0.22, 0.45), 0.1)


def screen_panel(p: Parts, w: float, y_front: float, z0: float, z1: float, thick: float, frame: Look) -> None:
    """A flat panel: frame at the back, a glossy screen inset on its -Y face."""
    p.box(-w / 2, y_front, z0, w / 2, y_front + thick, z1, frame)
    bezel = min(0.02, w * 0.03)
    p.box(-w / 2 + bezel, y_front - 0.004, z0 + bezel, w / 2 - bezel, y_front, z1 - bezel, SCREEN)
    # a lighter band across the glass reads as a lit screen in Workbench renders
    p.box(-w / 2 + bezel * 2, y_front - 0.005, z0 + (z1 - z0) * 0.55, w / 2 - bezel * 2, y_front - 0.004,
          z0 + (z1 - z0) * 0.62, SCREEN_GLOW)


def hung_panel(p: Parts, w: float, d: float, h: float, frame: Look) -> None:
    """A screen on a wall bracket: the bracket against the wall (+Y), the panel just in front of it,
    so the whole thing lies within 5 cm of the wall whatever depth the box has."""
    bracket = min(0.02, d * 0.3)
    thick = min(0.04, max(0.01, d - bracket - 0.005))
    back = d / 2 - bracket
    screen_panel(p, w, back - thick, 0.0, h, thick, frame)
    p.box(-w * 0.15, back, h * 0.35, w * 0.15, d / 2, h * 0.65, DARK_METAL)


@builder("tv")
def tv(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A flat TV on a foot: the panel is near the front (-Y), the foot spans the depth; hung
    on a wall, the panel alone with a bracket behind it."""
    frame = pal.main(BLACK)
    if pal.mount == "wall":
        hung_panel(p, w, d, h, frame)
        return
    foot_h = min(0.02, h * 0.03)
    panel_z0 = h * 0.1
    panel_t = min(0.05, d * 0.3)
    y_front = -d / 2 + 0.005
    screen_panel(p, w, y_front, panel_z0, h, panel_t, frame)
    p.cbox(0, 0, 0, w * 0.35, d, foot_h, DARK_METAL)
    p.cbox(0, y_front + panel_t + 0.02, foot_h, 0.08, 0.04, panel_z0 + 0.15, DARK_METAL)


@builder("monitor")
def monitor(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A computer monitor: screen facing -Y on a neck and a round foot; hung on a wall, the panel
    on its bracket alone."""
    frame = pal.main(BLACK)
    if pal.mount == "wall":
        hung_panel(p, w, d, h, frame)
        return
    panel_z0 = h * 0.25
    y_front = -d / 2 + 0.005
    screen_panel(p, w, y_front, panel_z0, h, 0.03, frame)
    p.cylinder(0, 0.0, 0, 0.015, min(w * 0.25, d / 2), DARK_METAL, segments=24, scale_y=1.0)
    p.cbox(0, y_front + 0.05, 0.015, 0.05, 0.025, panel_z0 + 0.1, DARK_METAL, rot=(-0.15, 0, 0))


@builder("laptop")
def laptop(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An open laptop: a base with a black keyboard, the lid hinged at +Y and tilted back,
    its screen facing -Y."""
    shell = pal.main(METAL)
    base_t = min(0.02, h * 0.1)
    tilt = math.radians(15)
    lid_len = (h - base_t) / math.cos(tilt)
    base_d = d - lid_len * math.sin(tilt)
    y_hinge = -d / 2 + base_d
    p.box(-w / 2, -d / 2, 0, w / 2, y_hinge, base_t, shell)
    p.box(-w * 0.44, -d / 2 + base_d * 0.42, base_t, w * 0.44, y_hinge - 0.015, base_t + 0.002, BLACK)
    p.box(-w * 0.15, -d / 2 + 0.02, base_t, w * 0.15, -d / 2 + base_d * 0.35, base_t + 0.001, DARK_METAL)
    cy = y_hinge + math.sin(tilt) * lid_len / 2
    cz = base_t + math.cos(tilt) * lid_len / 2
    p.cbox(0, cy, cz - lid_len / 2, w, 0.008, lid_len, shell, rot=(-tilt, 0, 0))
    inner = lid_len * 0.86
    off = -0.0045
    p.cbox(0, cy + off * math.cos(tilt), cz - inner / 2 + off * math.sin(tilt), w * 0.9, 0.002, inner,
           SCREEN, rot=(-tilt, 0, 0))


@builder("keyboard")
def keyboard(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A flat keyboard with rows of keys and a space bar."""
    case = pal.main(Look((0.1, 0.1, 0.11), 0.5))
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.5, case)
    rows, cols = 5, 14
    kw, kd = (w - 0.02) / cols, (d - 0.02) / rows
    keys = Look((0.8, 0.8, 0.8), 0.5) if case.color[0] < 0.5 else BLACK
    for r in range(rows):
        y0 = -d / 2 + 0.01 + r * kd
        if r == 0:
            p.box(-w * 0.25, y0 + 0.002, h * 0.5, w * 0.25, y0 + kd - 0.002, h, keys)
            continue
        for c in range(cols):
            x0 = -w / 2 + 0.01 + c * kw
            p.box(x0 + 0.002, y0 + 0.002, h * 0.5, x0 + kw - 0.002, y0 + kd - 0.002, h, keys)
