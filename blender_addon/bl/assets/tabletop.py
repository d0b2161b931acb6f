"""Small things that stand on a table or a shelf (issue 13): food, gadgets (a computer mouse, a
phone, a calculator, a camera, a microphone, a radio), clothes and shoes, and trinkets (soap, an
ashtray, a thermos, a board game, a skull). The noun picks the shape."""

from __future__ import annotations

import math

import numpy as np

from .palette import BLACK, DARK_METAL, FABRIC, METAL, WHITE, Look, Palette
from .parts import Parts
from .registry import builder
from .variants import along_longer, pick

CRUST = Look((0.62, 0.36, 0.12), 0.8)
CRUMB = Look((0.93, 0.82, 0.6), 0.9)
YELLOW = Look((0.95, 0.78, 0.12), 0.6)
CHEESE = Look((0.98, 0.76, 0.25), 0.6)
LETTUCE = Look((0.25, 0.6, 0.12), 0.8)
MEAT = Look((0.38, 0.16, 0.08), 0.8)
ICING = Look((0.95, 0.6, 0.7), 0.5)
TOMATO = Look((0.75, 0.12, 0.05), 0.6)
PLASTIC = Look((0.18, 0.18, 0.2), 0.4)
LEATHER = Look((0.28, 0.14, 0.06), 0.6)
BONE = Look((0.88, 0.84, 0.72), 0.8)
SOAP = Look((0.95, 0.85, 0.9), 0.3)


def _banana(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    for k in range(3):  # a small bunch: three curved fingers
        pts = [
            (-w / 2 + w * t, -d * 0.3 + d * 0.6 * (2 * t - 1) ** 2 + (k - 1) * d * 0.12, h * 0.5)
            for t in np.linspace(0.05, 0.95, 6)
        ]
        for a, b in zip(pts, pts[1:]):
            p.rod(a, b, min(d * 0.15, h * 0.45), pal.main(YELLOW), 8)


def _bread(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    def loaf(parts: Parts, W: float, L: float) -> None:
        parts.sphere(0, 0, h / 2, W / 2, L / 2, h / 2, pal.main(CRUST), segments=16, rings=8)
        for k in range(3):
            parts.cbox(0, -L * 0.25 + k * L * 0.25, h * 0.88, W * 0.6, L * 0.04, h * 0.1, CRUMB, rot=(0, 0, 0.5))

    along_longer(p, w, d, loaf)


def _sandwich(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    if pal.has("burger", "hamburger"):
        r = min(w, d) / 2
        for z0, z1, look, rr in (
            (0, 0.25, CRUST, 1.0),
            (0.25, 0.42, MEAT, 1.02),
            (0.42, 0.5, CHEESE, 1.05),
            (0.5, 0.58, LETTUCE, 1.06),
        ):
            p.cylinder(0, 0, h * z0, h * z1, r * rr * 0.95, look, segments=20)
        p.sphere(0, 0, h * 0.58, r, r, h * 0.42, CRUST, segments=20, rings=8)
        return
    for z0, z1, look in (
        (0, 0.3, CRUMB),
        (0.3, 0.42, LETTUCE),
        (0.42, 0.55, TOMATO),
        (0.55, 0.68, CHEESE),
        (0.68, 1.0, CRUMB),
    ):
        p.prism([(-w / 2, -d / 2), (w / 2, -d / 2), (-w / 2, d / 2)], h * z0, h * z1, look, axis="z")


def _round_food(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A cookie, a doughnut, a cupcake, a cake, a pizza or a wheel of cheese."""
    r = min(w, d) / 2
    if pal.has("donut", "doughnut"):
        p.lathe(
            [(r * 0.35, h * 0.5), (r * 0.6, 0), (r, h * 0.5), (r * 0.6, h), (r * 0.35, h * 0.5)],
            pal.main(CRUST),
            segments=20,
        )
        p.cylinder(0, 0, h * 0.7, h * 0.98, r * 0.8, ICING, segments=20)
    elif pal.has("cupcake", "muffin"):
        p.cylinder(0, 0, 0, h * 0.5, r * 0.75, Look((0.9, 0.9, 0.95), 0.6), segments=16, radius_top=r)
        p.sphere(0, 0, h * 0.5, r, r, h * 0.5, pal.main(ICING), segments=16, rings=8)
    elif pal.has("cake"):
        p.cylinder(0, 0, 0, h * 0.85, r, pal.main(CRUMB), segments=28)
        p.cylinder(0, 0, h * 0.85, h, r * 1.01, ICING, segments=28)
        p.cylinder(0, 0, h, h * 1.15, r * 0.08, TOMATO, segments=8)
    elif pal.has("pizza"):
        p.cylinder(0, 0, 0, h * 0.6, r, CRUST, segments=28)
        p.cylinder(0, 0, h * 0.6, h * 0.8, r * 0.9, TOMATO, segments=28)
        for k in range(6):
            a = k * 1.05
            p.cylinder(math.cos(a) * r * 0.5, math.sin(a) * r * 0.5, h * 0.8, h, r * 0.12, MEAT, segments=10)
    elif pal.has("cheese"):
        p.cylinder(0, 0, 0, h, r, pal.main(CHEESE), segments=28)
        p.prism([(0, 0), (r * 1.1, -r * 0.2), (r * 1.1, r * 0.3)], h * 0.98, h * 1.001, CRUMB, axis="z")
    else:  # a cookie or a biscuit
        p.cylinder(0, 0, 0, h, r, pal.main(CRUST), segments=20)
        for k in range(5):
            p.sphere(
                math.cos(k * 1.3) * r * 0.5, math.sin(k * 1.3) * r * 0.5, h, r * 0.1, r * 0.1, h * 0.15, MEAT, 6, 4
            )


def _meal(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    p.lathe(
        [(0, 0), (r * 0.6, 0), (r, h * 0.35), (r * 0.92, h * 0.35), (r * 0.55, h * 0.08), (0, h * 0.08)],
        WHITE,
        segments=28,
    )
    for k, look in enumerate((MEAT, LETTUCE, CHEESE)):
        a = k * 2.1
        p.sphere(math.cos(a) * r * 0.35, math.sin(a) * r * 0.35, h * 0.1, r * 0.3, r * 0.25, h * 0.9, look, 12, 6)


FOODS = {
    ("banana", "bananas"): _banana,
    ("bread", "loaf", "baguette"): _bread,
    ("sandwich", "burger", "hamburger", "sub", "toast"): _sandwich,
    ("cookie", "biscuit", "donut", "doughnut", "cupcake", "muffin", "cake", "pizza", "cheese"): _round_food,
}


@builder("food")
def food(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """Food: a bunch of bananas, a loaf, a sandwich or burger, round things (cookie, cake, pizza,
    cheese), else a meal on a plate."""
    pick(pal, FOODS, _meal)(p, w, d, h, pal)


def _mouse(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(PLASTIC)
    p.sphere(0, 0, 0, w / 2, d / 2, h, look, segments=16, rings=8)
    p.cbox(0, -d * 0.25, h * 0.55, w * 0.04, d * 0.45, h * 0.5, BLACK)


def _flat_device(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A phone, a tablet or a calculator lying face up; the calculator has keys."""
    p.cbox(0, 0, 0, w, d, h * 0.9, pal.main(BLACK if not pal.has("calculator") else PLASTIC))
    if pal.has("calculator"):
        p.cbox(0, -d * 0.32, h * 0.9, w * 0.8, d * 0.22, h * 0.1, Look((0.6, 0.7, 0.55), 0.3))
        for k in range(16):
            p.cbox(
                -w * 0.3 + k % 4 * w * 0.2, -d * 0.05 + k // 4 * d * 0.13, h * 0.9, w * 0.14, d * 0.09, h * 0.1, WHITE
            )
    else:
        p.cbox(0, 0, h * 0.9, w * 0.9, d * 0.88, h * 0.1, Look((0.03, 0.06, 0.12), 0.05))


def _camera(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.cbox(0, d * 0.15, 0, w, d * 0.5, h * 0.8, pal.main(BLACK))
    p.cbox(w * 0.25, d * 0.15, h * 0.8, w * 0.3, d * 0.4, h * 0.2, BLACK)
    p.lathe(
        [(h * 0.35, 0), (h * 0.35, d * 0.5), (h * 0.28, d * 0.5)],
        DARK_METAL,
        axis="y",
        base=(0, -d / 2, h * 0.4),
        segments=16,
    )


def _microphone(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    p.cylinder(0, 0, 0, h * 0.06, r, BLACK, segments=16)
    p.cylinder(0, 0, h * 0.06, h * 0.72, r * 0.25, pal.main(BLACK), segments=10, radius_top=r * 0.35)
    p.sphere(0, 0, h - r * 0.6, r * 0.6, r * 0.6, r * 0.6, METAL, segments=14, rings=8)


def _stapler(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    def draw(parts: Parts, W: float, L: float) -> None:
        parts.cbox(0, 0, 0, W, L, h * 0.3, BLACK)
        parts.cbox(
            0, -L * 0.05, h * 0.3, W * 0.8, L * 0.9, h * 0.7, pal.main(Look((0.6, 0.05, 0.05), 0.4)), rot=(0.06, 0, 0)
        )

    along_longer(p, w, d, draw)


def _box_device(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A radio, a router, a game console, a cash register: a box with a face toward -Y."""
    p.cbox(0, 0, 0, w, d, h, pal.main(PLASTIC if not pal.has("radio") else Look((0.45, 0.25, 0.1), 0.6)))
    if pal.has("radio"):
        p.lathe([(h * 0.3, 0), (h * 0.3, 0.004)], BLACK, axis="y", base=(-w * 0.2, -d / 2 - 0.004, h * 0.5))
        p.cbox(w * 0.25, -d / 2 - 0.002, h * 0.35, w * 0.3, 0.004, h * 0.3, Look((0.9, 0.85, 0.6), 0.3))
        p.rod((w * 0.4, 0, h), (w * 0.3, d * 0.2, h * 2.2), 0.003, METAL)
    elif pal.has("router"):
        for sx in (-1, 1):
            p.rod((sx * w * 0.4, d * 0.4, h), (sx * w * 0.45, d * 0.4, h * 3.5), min(w, d) * 0.03, BLACK)
    for k in range(4):
        p.cbox(-w * 0.3 + k * w * 0.2, -d / 2 - 0.002, h * 0.15, w * 0.06, 0.004, h * 0.08, Look((0.1, 0.8, 0.3), 0.3))


def _iron(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """A clothes iron standing on its sole plate, its point toward -Y."""

    def draw(parts: Parts, W: float, L: float) -> None:
        parts.prism(
            [(-W / 2, L / 2), (-W / 2, -L * 0.1), (0, -L / 2), (W / 2, -L * 0.1), (W / 2, L / 2)],
            0,
            h * 0.12,
            METAL,
            axis="z",
        )
        parts.prism(
            [
                (-W * 0.45, L * 0.45),
                (-W * 0.45, -L * 0.05),
                (0, -L * 0.42),
                (W * 0.45, -L * 0.05),
                (W * 0.45, L * 0.45),
            ],
            h * 0.12,
            h * 0.45,
            pal.main(Look((0.2, 0.45, 0.75), 0.3)),
            axis="z",
        )
        parts.cbox(0, L * 0.05, h * 0.8, W * 0.3, L * 0.6, h * 0.2, pal.main(Look((0.2, 0.45, 0.75), 0.3)))
        for y in (-L * 0.2, L * 0.3):
            parts.cbox(0, y, h * 0.45, W * 0.25, L * 0.08, h * 0.4, BLACK)

    along_longer(p, w, d, draw)


def _headphones(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """Headphones standing on their cups: a band arching over two round ear cups."""
    look = pal.main(BLACK)
    r = min(d, h * 0.35) / 2
    for sx in (-1, 1):
        p.lathe([(r, 0), (r, w * 0.18)], look, axis="x", base=(sx * w / 2 - (w * 0.18 if sx > 0 else 0), 0, r))
    arc = [(-math.cos(t) * (w / 2 - w * 0.09), 0, r + math.sin(t) * (h - r)) for t in np.linspace(0, math.pi, 10)]
    for a, b in zip(arc, arc[1:]):
        p.rod(a, b, min(d, h) * 0.08, look, 8)


GADGETS = {
    ("headphones", "headphone", "headset", "earphones"): _headphones,
    ("mouse",): _mouse,
    ("iron",): _iron,
    ("phone", "smartphone", "tablet", "calculator", "ipad"): _flat_device,
    ("camera",): _camera,
    ("microphone", "mic"): _microphone,
    ("stapler",): _stapler,
}


@builder("gadget")
def gadget(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A small device: a computer mouse, a phone or calculator, a camera, a microphone, a stapler,
    else a box with a face toward -Y (a radio, a router, a game console)."""
    pick(pal, GADGETS, _box_device)(p, w, d, h, pal)


def _folded(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    looks = (pal.main(FABRIC), Look((0.75, 0.72, 0.65), 0.9), pal.main(Look((0.55, 0.12, 0.1), 0.9)))
    n = 3
    for k in range(n):
        s = 1 - 0.04 * k
        p.cbox(0, 0, h * k / n, w * s, d * s, h / n * 0.96, looks[k % 3])


def _shoes(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(LEATHER)
    tall = pal.has("boots", "boot")
    for sx in (-1, 1):
        x = sx * w * 0.25
        p.sphere(x, -d * 0.1, 0, w * 0.22, d * 0.4, h * (0.35 if tall else 0.6), look, segments=14, rings=6)
        p.cbox(x, 0, 0, w * 0.44, d * 0.98, h * 0.1, BLACK)
        p.cylinder(x, d * 0.2, 0, h if tall else h * 0.7, w * 0.2, look, segments=14, scale_y=1.3)


def _hat(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    r = min(w, d) / 2
    look = pal.main(Look((0.15, 0.12, 0.1), 0.8))
    p.cylinder(0, 0, 0, h * 0.08, r, look, segments=24, scale_y=d / w if w else 1)
    p.lathe([(r * 0.55, h * 0.08), (r * 0.55, h * 0.9), (r * 0.45, h), (0, h)], look, segments=20)
    p.cylinder(0, 0, h * 0.08, h * 0.25, r * 0.56, RED_BAND, segments=20)


RED_BAND = Look((0.5, 0.05, 0.05), 0.7)


@builder("wearable")
def wearable(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """Clothes: a pair of shoes or boots, a hat, else a stack of folded clothes."""
    pick(
        pal,
        {("shoes", "shoe", "boots", "boot", "sneakers", "slippers", "sandals"): _shoes, ("hat", "cap", "helmet"): _hat},
        _folded,
    )(p, w, d, h, pal)


def _board_game(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    p.cbox(0, 0, 0, w, d, h * 0.3, pal.main(Look((0.35, 0.2, 0.08), 0.5)))
    n = 8
    for i in range(n):
        for j in range(n):
            look = WHITE if (i + j) % 2 else BLACK
            p.cbox(
                -w * 0.4 + (i + 0.5) * w * 0.1, -d * 0.4 + (j + 0.5) * d * 0.1, h * 0.3, w * 0.1, d * 0.1, 0.002, look
            )
    for k in range(6):
        x = -w * 0.35 + k * w * 0.14
        for y, look in ((-d * 0.35, WHITE), (d * 0.35, BLACK)):
            p.lathe([(w * 0.03, h * 0.3), (w * 0.012, h * 0.7), (w * 0.025, h)], look, cx=x, cy=y, segments=8)


def _skull(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    look = pal.main(BONE)
    if pal.has("bone", "fossil"):
        p.rod((0, -d * 0.35, h / 2), (0, d * 0.35, h / 2), min(w, h) * 0.2, look)
        for y in (-d * 0.4, d * 0.4):
            for sx in (-1, 1):
                p.sphere(sx * w * 0.2, y, h / 2, w * 0.28, d * 0.1, h * 0.45, look, 10, 6)
        return
    p.sphere(0, d * 0.08, h * 0.55, w / 2, d * 0.42, h * 0.45, look, segments=16, rings=10)
    p.cbox(0, -d * 0.25, 0, w * 0.6, d * 0.35, h * 0.35, look)
    for sx in (-1, 1):
        p.sphere(sx * w * 0.2, -d * 0.3, h * 0.55, w * 0.13, d * 0.1, h * 0.12, BLACK, 10, 6)


def _small_round(p: Parts, w: float, d: float, h: float, pal: Palette) -> None:
    """Soap (a rounded bar), an ashtray or coaster (a shallow dish), a thermos or shaker."""
    r = min(w, d) / 2
    if pal.has("soap"):
        p.sphere(0, 0, 0, w / 2, d / 2, h, pal.main(SOAP), segments=16, rings=6)
    elif pal.has("thermos", "flask", "shaker", "pepper", "salt"):
        p.cylinder(0, 0, 0, h * 0.82, r, pal.main(METAL if not pal.has("salt", "pepper") else GLASSY), segments=18)
        p.cylinder(0, 0, h * 0.82, h, r * 0.8, BLACK if not pal.has("salt") else METAL, segments=18)
    else:
        p.lathe(
            [(0, 0), (r, 0), (r, h), (r * 0.75, h), (r * 0.7, h * 0.4), (0, h * 0.4)],
            pal.main(Look((0.35, 0.4, 0.45), 0.2)),
            segments=24,
        )


GLASSY = Look((0.85, 0.9, 0.92), 0.1)
TRINKETS = {
    ("board", "chess", "chessboard", "checkers", "puzzle", "game"): _board_game,
    ("skull", "bone", "fossil"): _skull,
}


@builder("trinket")
def trinket(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A board game, a skull or bone, else a small round thing (soap, ashtray, thermos, shaker)."""
    pick(pal, TRINKETS, _small_round)(p, w, d, h, pal)
