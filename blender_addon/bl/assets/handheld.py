"""Things of the hand, lying on a surface (issue 13): tools, blades, cutlery, pens, rackets, keys,
watches, and upright long-handled tools (broom, rake, shovel, bat). Each is drawn along the
box's longer horizontal side; the noun picks the shape ("hammer", "scissors", "sword")."""

from __future__ import annotations

import math
import numpy as np

from .palette import BLACK, DARK_METAL, DARK_WOOD, LIGHT_WOOD, METAL, RED, WOOD, Look, Palette
from .parts import Parts
from .registry import builder
from .variants import along_longer, pick

GRIP = Look((0.08, 0.08, 0.09), 0.7)
STEEL = Look((0.75, 0.76, 0.78), 0.25, 1.0)
BRASS = Look((0.78, 0.6, 0.25), 0.3, 1.0)
STRAW = Look((0.78, 0.62, 0.3), 0.9)
STRINGS = Look((0.9, 0.9, 0.85), 0.6)


def _hammer(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    p.cbox(0, -L * 0.1, 0, W * 0.35, L * 0.8, h * 0.45, pal.main(WOOD))
    p.cbox(0, L * 0.4, 0, W, L * 0.2, h, pal.colour(DARK_METAL))


def _screwdriver(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    r = min(W, h) / 2
    p.lathe(
        [(r, -L / 2), (r, -L * 0.1), (r * 0.25, -L * 0.05), (r * 0.25, L / 2)],
        pal.main(RED),
        axis="y",
        base=(0, 0, r),
        segments=10,
    )


def _wrench(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    look = pal.main(STEEL)
    p.cbox(0, 0, 0, W * 0.3, L * 0.75, h * 0.6, look)
    for y in (-L * 0.4, L * 0.4):
        p.cylinder(0, y, 0, h, W / 2, look, segments=12)


def _scissors(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    for sx in (-1, 1):
        p.cbox(sx * W * 0.07, L * 0.22, 0, W * 0.12, L * 0.56, h * 0.4, STEEL, rot=(0, 0, -sx * 0.08))
        p.lathe(
            [(W * 0.22, 0), (W * 0.22, h), (W * 0.12, h), (W * 0.12, 0)],
            pal.main(RED),
            cx=sx * W * 0.25,
            cy=-L * 0.3,
            segments=14,
        )


def _blade(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    """A sword or knife: grip, guard across, flat blade to a point (+Y)."""
    grip = pal.main(DARK_WOOD if pal.has("knife", "dagger") else GRIP)
    p.cbox(0, -L * 0.38, 0, W * 0.22, L * 0.24, h * 0.6, grip)
    p.cbox(0, -L * 0.24, 0, W, L * 0.04, h * 0.8, BRASS if not pal.has("knife") else grip)
    p.prism(
        [(-W * 0.16, -L * 0.22), (W * 0.16, -L * 0.22), (W * 0.14, L * 0.4), (0, L / 2), (-W * 0.14, L * 0.4)],
        0,
        h * 0.3,
        STEEL,
        axis="z",
    )


def _axe(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    p.cbox(0, 0, 0, W * 0.2, L, h * 0.5, pal.main(WOOD))
    p.prism(
        [(-W * 0.1, L * 0.3), (W / 2, L * 0.22), (W / 2, L * 0.5), (-W * 0.1, L * 0.42)], 0, h * 0.7, STEEL, axis="z"
    )


def _cutlery(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    look = pal.main(STEEL)
    p.cbox(0, -L * 0.18, 0, W * 0.45, L * 0.64, h * 0.5, look)
    if pal.has("spoon"):
        p.sphere(0, L * 0.32, h * 0.45, W / 2, L * 0.18, h * 0.45, look, segments=12, rings=6)
    elif pal.has("fork"):
        for k in range(4):
            p.cbox(-W * 0.36 + k * W * 0.24, L * 0.3, 0, W * 0.12, L * 0.4, h * 0.4, look)
    else:  # a knife: the blade
        p.prism([(-W / 2, L * 0.14), (W / 2, L * 0.14), (W / 2, L * 0.45), (0, L / 2)], 0, h * 0.3, look, axis="z")


def _sticks(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    """Chopsticks side by side, or one pen with a clip."""
    if pal.has("pen", "pencil", "marker", "crayon"):
        r = min(W, h) / 2
        p.lathe(
            [(0, -L / 2), (r, -L * 0.44), (r, L / 2)],
            pal.main(Look((0.1, 0.2, 0.6), 0.4)),
            axis="y",
            base=(0, 0, r),
            segments=10,
        )
        return
    for sx in (-1, 1):
        p.rod((sx * W * 0.25, -L / 2, h / 2), (sx * W * 0.18, L / 2, h / 2), min(W * 0.22, h / 2), pal.main(LIGHT_WOOD))


def _racket(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    frame = pal.main(Look((0.1, 0.25, 0.6), 0.4))
    p.cbox(0, -L * 0.3, 0, W * 0.14, L * 0.4, h * 0.8, GRIP)
    head_y, ry = L * 0.2, L * 0.3
    p.lathe([(W / 2, 0), (W / 2, h), (W * 0.43, h), (W * 0.43, 0)], frame, cy=head_y, segments=24, scale_y=ry / (W / 2))
    for k in range(-3, 4):
        p.cbox(k * W * 0.11, head_y, h * 0.45, 0.003, ry * 1.7, 0.003, STRINGS)
        p.cbox(0, head_y + k * ry * 0.22, h * 0.45, W * 0.8, 0.003, 0.003, STRINGS)


def _keys(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    if pal.has("wallet"):
        p.cbox(0, 0, 0, W, L, h, pal.main(Look((0.25, 0.13, 0.06), 0.6)))
        return
    p.lathe([(W * 0.3, 0), (W * 0.3, h * 0.4), (W * 0.22, h * 0.4), (W * 0.22, 0)], METAL, cy=-L * 0.3, segments=16)
    for k, angle in enumerate((-0.35, 0.0, 0.35)):
        p.cbox(
            math.sin(angle) * L * 0.25,
            L * 0.1,
            h * 0.4 * k / 2,
            W * 0.18,
            L * 0.55,
            h * 0.3,
            BRASS if k != 1 else STEEL,
            rot=(0, 0, -angle),
        )


def _watch(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    p.cbox(0, 0, 0, W * 0.7, L, h * 0.3, pal.main(Look((0.2, 0.12, 0.06), 0.6)))
    p.cylinder(0, 0, 0, h, W / 2, pal.colour(METAL), segments=20)
    p.cylinder(0, 0, h * 0.9, h * 1.01, W * 0.4, Look((0.92, 0.92, 0.88), 0.2), segments=20)


def _remote(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    p.cbox(0, 0, 0, W, L, h * 0.85, pal.main(BLACK))
    p.cylinder(0, -L * 0.36, h * 0.8, h, W * 0.14, RED, segments=10)
    for k in range(6):
        p.cbox(
            (k % 2 - 0.5) * W * 0.4,
            -L * 0.15 + k // 2 * L * 0.12,
            h * 0.8,
            W * 0.22,
            L * 0.06,
            h * 0.2,
            Look((0.35, 0.35, 0.38), 0.5),
        )


def _glasses(p: Parts, W: float, L: float, h: float, pal: Palette) -> None:
    """A pair of glasses lying folded: two lenses in a frame across, the temples behind."""
    frame = pal.main(BLACK)
    lens = Look((0.2, 0.2, 0.25), 0.05) if pal.has("sunglasses") else Look((0.8, 0.88, 0.92), 0.05)
    r = min(W * 0.22, h * 0.45)
    for sx in (-1, 1):
        p.lathe([(r, 0), (r, 0.004), (r * 0.85, 0.004)], frame, axis="y", base=(sx * W * 0.25, -L / 2, h / 2))
        p.cbox(sx * W * 0.25, -L / 2 + 0.002, h / 2 - r * 0.8, r * 1.6, 0.002, r * 1.6, lens)
        p.rod((sx * W * 0.47, -L / 2, h / 2), (sx * W * 0.4, L / 2, h * 0.4), 0.003, frame, 4)
    p.rod((-W * 0.05, -L / 2, h * 0.6), (W * 0.05, -L / 2, h * 0.6), 0.003, frame, 4)


LYING = {
    ("eyeglasses", "sunglasses", "spectacles", "goggles"): _glasses,
    ("hammer", "mallet"): _hammer,
    ("screwdriver",): _screwdriver,
    ("wrench", "spanner", "pliers"): _wrench,
    ("scissors",): _scissors,
    ("axe", "hatchet"): _axe,
    ("sword", "katana", "dagger", "knife", "machete"): _blade,
    ("fork", "spoon"): _cutlery,
    ("chopsticks", "chopstick", "pen", "pencil", "marker", "crayon"): _sticks,
    ("racket", "racquet"): _racket,
    ("keys", "key", "keychain", "wallet"): _keys,
    ("watch", "wristwatch"): _watch,
    ("remote", "controller"): _remote,
}


@builder("hand_tool")
def hand_tool(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A thing of the hand lying flat along its longer side; the noun picks which."""
    draw = pick(pal, LYING, _hammer)
    along_longer(p, w, d, lambda parts, W, L: draw(parts, W, L, h, pal))


def _bristles(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    head = h * 0.14
    if pal.has("mop"):
        for k in range(9):
            a = 2 * math.pi * k / 9
            p.rod(
                (0, 0, head),
                (math.cos(a) * w * 0.45, math.sin(a) * d * 0.45, 0.01),
                min(w, d) * 0.06,
                Look((0.85, 0.82, 0.7), 1.0),
            )
    elif pal.has("rake"):
        p.cbox(0, 0, head * 0.8, w, d * 0.3, head * 0.2, DARK_METAL)
        for k in range(9):
            p.cbox(-w * 0.45 + k * w * 0.1125, -d * 0.1, 0, w * 0.03, d * 0.15, head * 0.85, DARK_METAL)
    elif pal.has("shovel", "spade"):
        p.prism(
            [(-w * 0.4, head * 0.2), (0, 0), (w * 0.4, head * 0.2), (w * 0.4, head * 1.3), (-w * 0.4, head * 1.3)],
            -d * 0.1,
            d * 0.1,
            pal.colour(DARK_METAL),
        )
    else:  # a broom: a block with straw below it
        p.cbox(0, 0, head * 0.7, w * 0.8, d * 0.6, head * 0.3, pal.main(RED))
        p.prism([(-w / 2, 0), (w / 2, 0), (w * 0.4, head * 0.7), (-w * 0.4, head * 0.7)], -d / 2, d / 2, STRAW)


@builder("long_tool")
def long_tool(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An upright long-handled thing: a broom, mop, rake or shovel head down; a bat or stick."""
    r = min(w, d, 0.05) * 0.3 if min(w, d) > 0.06 else min(w, d) * 0.3
    if pal.has("bat", "club", "stick", "baton", "cane", "pole", "staff"):
        rb = min(w, d) / 2
        look = pal.main(LIGHT_WOOD if not pal.has("hockey", "golf") else BLACK)
        p.lathe(
            [(0, 0), (rb, 0.01), (rb, h * 0.3), (rb * 0.45, h * 0.75), (rb * 0.4, h * 0.97), (rb * 0.55, h)],
            look,
            segments=14,
        )
        return
    _bristles(p, w, d, h, pal)
    p.cylinder(0, 0, h * 0.1, h, max(r, 0.012), pal.colour(WOOD), segments=10)
