"""Figures: people (a mannequin standing, sitting or walking), animals (a quadruped), birds
and plush toys. Faces look toward -Y. Proportions are of the figure's box, so a child is a
small person and a horse a large quadruped."""

from __future__ import annotations

import numpy as np

from .palette import BLACK, Look, Palette
from .parts import Parts
from .registry import builder

SKIN = Look((0.72, 0.50, 0.36), 0.7)
SHIRT = Look((0.16, 0.32, 0.62), 0.85)
TROUSERS = Look((0.10, 0.10, 0.14), 0.85)
SHOE = Look((0.05, 0.04, 0.03), 0.6)
HAIR = Look((0.10, 0.06, 0.03), 0.9)
FUR = Look((0.45, 0.30, 0.16), 0.95)
PLUSH = Look((0.55, 0.36, 0.18), 1.0)
FEATHER = Look((0.55, 0.55, 0.58), 0.9)
BEAK = Look((0.9, 0.55, 0.1), 0.6)
SHIRTS = tuple(Look(c, 0.85) for c in ((0.16, 0.32, 0.62), (0.6, 0.12, 0.1), (0.15, 0.4, 0.2), (0.8, 0.65, 0.2),
                                        (0.45, 0.2, 0.5), (0.85, 0.85, 0.82), (0.1, 0.1, 0.12), (0.9, 0.45, 0.15)))
TROUSER_LOOKS = (TROUSERS, Look((0.15, 0.2, 0.35), 0.85), Look((0.35, 0.28, 0.2), 0.85), Look((0.4, 0.4, 0.42), 0.85))
HAIRS = (HAIR, Look((0.02, 0.02, 0.02), 0.9), Look((0.55, 0.38, 0.15), 0.9), Look((0.6, 0.6, 0.58), 0.9))
SKINS = (SKIN, Look((0.85, 0.64, 0.5), 0.7), Look((0.45, 0.3, 0.2), 0.7), Look((0.62, 0.42, 0.28), 0.7))
SEATED_SHAPE = 0.25  # depth / height of a figure's box at or above which it is seated (core.architecture.posture)
WALKING = ("walking", "walks", "running", "runs", "walker", "jogger", "runner", "pedestrian", "hiker")


def _pose(pal: Palette, w: float, d: float, h: float) -> str:
    """On a seat ("seat": resting on something, a seated box, hips at its bottom), seated on the
    floor box (the catalog's "sitting" adjective: feet on the floor inside the box), walking when a
    word says so, else standing."""
    if pal.mount == "surface" and d >= SEATED_SHAPE * h:
        return "seat"
    if d >= 0.4 * h:
        return "sit"
    return "walk" if pal.has(*WALKING) else "stand"


def _head(p: Parts, x: float, y: float, z: float, r: float, skin: Look, hair: Look) -> None:
    """Head with hair on top and back, a nose toward -Y."""
    p.sphere(x, y, z, r * 0.85, r * 0.95, r, skin, segments=16, rings=10)
    p.sphere(x, y + r * 0.18, z + r * 0.22, r * 0.9, r * 0.85, r * 0.8, hair, segments=16, rings=8)
    p.sphere(x, y - r * 0.92, z - r * 0.05, r * 0.14, r * 0.16, r * 0.18, skin, segments=8, rings=4)


def _arm(p: Parts, shoulder: tuple[float, float, float], hand: tuple[float, float, float], r: float,
         sleeve: Look, skin: Look) -> None:
    elbow = tuple((a + b) / 2 for a, b in zip(shoulder, hand))
    p.rod(shoulder, elbow, r, sleeve, 10)  # type: ignore[arg-type]
    p.rod(elbow, hand, r * 0.85, skin, 10)  # type: ignore[arg-type]
    p.sphere(*hand, r * 1.1, r * 1.1, r * 1.2, skin, segments=8, rings=4)


def _dress(pal: Palette, rng: np.random.Generator) -> tuple[Look, Look, Look, Look]:
    """Shirt (the colour hint), skin, trousers and hair: each figure dressed by its seed."""
    pick = rng.integers(0, 1 << 16, size=4)
    return (pal.main(SHIRTS[pick[0] % len(SHIRTS)]), SKINS[pick[1] % len(SKINS)],
            TROUSER_LOOKS[pick[2] % len(TROUSER_LOOKS)], HAIRS[pick[3] % len(HAIRS)])


def _upper_body(p: Parts, u: float, y: float, hip_z: float, looks: tuple[Look, Look, Look, Look]) -> float:
    """Torso, neck and head over the hips at (0, y, hip_z); returns the shoulders' height."""
    shirt, skin, _, hair = looks
    top = hip_z + 0.58 * u
    p.lathe([(0.15 * u, hip_z - 0.04 * u), (0.16 * u, hip_z + 0.12 * u), (0.14 * u, hip_z + 0.3 * u),
             (0.2 * u, top - 0.06 * u), (0.12 * u, top + 0.02 * u), (0.0, top + 0.03 * u)], shirt, cy=y,
            segments=16, scale_y=0.62)
    p.cylinder(0, y, top, top + 0.08 * u, 0.05 * u, skin, segments=10)
    _head(p, 0.0, y, top + 0.19 * u, 0.115 * u, skin, hair)
    return top


def _on_seat(p: Parts, d: float, h: float, pal: Palette, looks: tuple[Look, Look, Look, Look]) -> None:
    """Seated on a seat: the box is the part on it (hips at its bottom, thighs to its front); the
    shins hang to the floor ``pal.rest`` below as the appendage (knees just past the box)."""
    shirt, skin, trousers, _ = looks
    u = h / seated_height() / 1.75
    leg_r, hx, front = 0.065 * u, 0.1 * u, -d / 2
    hip_z, y = leg_r, d / 2 - 0.125 * u
    for sx in (-1, 1):
        p.rod((sx * hx, y, hip_z), (sx * hx, front + leg_r, hip_z), leg_r, trousers, 10)
    top = _upper_body(p, u, y, hip_z, looks)
    for sx in (-1, 1):
        _arm(p, (sx * 0.21 * u, y, top - 0.04 * u), (sx * 0.19 * u, front + 0.07 * u, hip_z + 0.26 * u),
             0.045 * u, shirt, skin)
    if pal.rest <= 0.05:
        return
    legs = Parts()
    shin = min(pal.rest + hip_z - 0.07 * u, 0.5 * u)  # a bar stool's sitter: the feet dangle
    for sx in (-1, 1):
        knee = (sx * hx, front - 0.04 * u, hip_z)
        ankle = (sx * hx, front - 0.06 * u, hip_z - shin)
        legs.rod((sx * hx, front + leg_r, hip_z), knee, leg_r, trousers, 10)
        legs.sphere(*knee, leg_r, leg_r, leg_r, trousers, segments=10, rings=6)
        legs.rod(knee, ankle, leg_r * 0.85, trousers, 10)
        legs.cbox(sx * hx, ankle[1] - 0.06 * u, ankle[2] - 0.07 * u, 0.1 * u, 0.26 * u, 0.07 * u, SHOE)
    p.appendage = legs


def seated_height() -> float:
    """A seated figure's box height as a fraction of its standing height (the knowledge base's
    "sit" posture)."""
    from ...core.knowledge.objects import load_knowledge

    posture = load_knowledge().postures.get("sit")
    return posture.height if posture is not None else 0.55


@builder("person")
def person(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A mannequin: head with hair, torso in a shirt (the colour hint), arms, legs in trousers,
    shoes; standing, mid-stride, seated on a seat (the layout rests it on one: its shins reach the
    floor outside its box) or seated in a floor-standing box (thighs forward, for chairs and benches)."""
    looks = _dress(pal, rng)
    shirt, skin, trousers, _ = looks
    pose = _pose(pal, w, d, h)
    if pose == "seat":
        _on_seat(p, d, h, pal, looks)
        return
    stature = h if pose != "sit" else h / 0.72  # a seated figure's box is ~72 % of its height
    u = stature / 1.75  # body unit: proportions of a 1.75 m adult
    leg_r, hip_z, hx = 0.065 * u, (0.92 if pose != "sit" else 0.46) * u, 0.1 * u
    _legs(p, u, pose, hip_z, leg_r, hx, trousers)
    top = _upper_body(p, u, 0.0, hip_z, looks)
    swing = 0.2 * u if pose == "walk" else 0.0
    for sx, step in ((-1, -1), (1, 1)):
        shoulder = (sx * 0.21 * u, 0.0, top - 0.04 * u)
        if pose == "sit":
            hand = (sx * 0.2 * u, -0.32 * u, hip_z + 0.12 * u)  # hands forward, on a table or the lap
        else:
            hand = (sx * 0.25 * u, step * swing, hip_z - 0.05 * u)
        _arm(p, shoulder, hand, 0.045 * u, shirt, skin)


def _legs(p: Parts, u: float, pose: str, hip_z: float, leg_r: float, hx: float, trousers: Look) -> None:
    """Legs and shoes: thighs forward and shins down (sit), or straight, mid-stride for walk."""
    if pose == "sit":
        for sx in (-1, 1):
            knee = (sx * hx, -0.42 * u, hip_z)
            p.rod((sx * hx, 0.0, hip_z), knee, leg_r, trousers, 10)
            p.rod(knee, (sx * hx, -0.45 * u, 0.06 * u), leg_r * 0.85, trousers, 10)
            p.cbox(sx * hx, -0.5 * u, 0, 0.1 * u, 0.25 * u, 0.07 * u, SHOE)
        return
    stride = 0.22 * u if pose == "walk" else 0.0
    for sx, step in ((-1, 1), (1, -1)):
        foot = (sx * hx, step * stride, 0.07 * u)
        p.rod((sx * hx, 0.0, hip_z), foot, leg_r, trousers, 10)
        p.cbox(sx * hx, foot[1] - 0.06 * u, 0, 0.1 * u, 0.26 * u, 0.07 * u, SHOE)


@builder("quadruped")
def quadruped(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A four-legged animal along Y, head at -Y: body, legs, neck, head with ears and snout, tail."""
    fur = pal.main(FUR)
    body_z, body_h = h * 0.62, h * 0.34
    body_l = d * 0.62
    p.sphere(0, d * 0.05, body_z, w * 0.48, body_l / 2, body_h / 2, fur, segments=16, rings=8)
    leg_r = min(w, d) * 0.08
    for sx in (-1, 1):
        for y in (-body_l * 0.36 + d * 0.05, body_l * 0.36 + d * 0.05):
            p.rod((sx * w * 0.26, y, body_z), (sx * w * 0.26, y, 0.02 * h), leg_r, fur, 8)
            p.sphere(sx * w * 0.26, y - leg_r * 0.4, leg_r * 0.8, leg_r * 1.2, leg_r * 1.6, leg_r * 0.8,
                     pal.colour(Look((0.12, 0.08, 0.05), 0.8)), segments=8, rings=4)
    neck = (0, -body_l * 0.4, body_z + body_h * 0.3)
    head = (0, -d * 0.38, h * 0.82)
    p.rod(neck, head, body_h * 0.28, fur, 10)
    hr = min(w * 0.42, h * 0.16)
    p.sphere(*head, hr, hr * 1.1, hr, fur, segments=14, rings=8)
    p.sphere(0, head[1] - hr * 1.05, head[2] - hr * 0.25, hr * 0.5, hr * 0.6, hr * 0.45, fur, segments=10, rings=6)
    p.sphere(0, head[1] - hr * 1.6, head[2] - hr * 0.2, hr * 0.16, hr * 0.12, hr * 0.14, BLACK, segments=8, rings=4)
    for sx in (-1, 1):
        p.sphere(sx * hr * 0.55, head[1] + hr * 0.1, head[2] + hr * 0.95, hr * 0.25, hr * 0.12, hr * 0.4, fur,
                 segments=8, rings=4)
        p.sphere(sx * hr * 0.4, head[1] - hr * 0.85, head[2] + hr * 0.25, hr * 0.1, hr * 0.08, hr * 0.1, BLACK,
                 segments=8, rings=4)
    p.rod((0, body_l * 0.5 + d * 0.02, body_z + body_h * 0.2), (0, d / 2, body_z - body_h * 0.6), leg_r * 0.6, fur, 6)


@builder("bird")
def bird(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A perched bird facing -Y: round body, head, beak, folded wings, tail, thin legs."""
    feather = pal.main(FEATHER)
    p.sphere(0, 0.05 * d, h * 0.45, w * 0.4, d * 0.38, h * 0.3, feather, segments=14, rings=8)
    p.sphere(0, -d * 0.22, h * 0.8, w * 0.28, d * 0.22, h * 0.18, feather, segments=12, rings=8)
    p.cbox(0, -d * 0.45, h * 0.76, w * 0.12, d * 0.12, h * 0.06, BEAK, rot=(0.2, 0, 0))
    for sx in (-1, 1):
        p.sphere(sx * w * 0.38, d * 0.1, h * 0.5, w * 0.1, d * 0.32, h * 0.2, pal.colour(Look((0.3, 0.3, 0.33), 0.9)),
                 segments=8, rings=6)
        p.rod((sx * w * 0.12, 0, h * 0.25), (sx * w * 0.12, -d * 0.05, 0.0), w * 0.03, BEAK, 5)
        p.sphere(sx * w * 0.12, -d * 0.33, h * 0.84, w * 0.04, d * 0.03, h * 0.04, BLACK, segments=6, rings=4)
    p.cbox(0, d * 0.42, h * 0.35, w * 0.3, d * 0.2, h * 0.06, feather, rot=(-0.4, 0, 0))


@builder("teddy_bear")
def teddy_bear(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A sitting plush bear facing -Y: round body and head, round ears, muzzle, arms, legs."""
    plush = pal.main(PLUSH)
    light = Look(tuple(min(1.0, c * 1.5 + 0.1) for c in plush.color), 1.0)  # type: ignore[arg-type]
    p.sphere(0, 0.05 * d, h * 0.3, w * 0.36, d * 0.36, h * 0.27, plush, segments=16, rings=8)
    hr = min(w, h) * 0.24
    hz = h - hr * 1.15
    p.sphere(0, 0, hz, hr, hr * 0.95, hr, plush, segments=16, rings=8)
    p.sphere(0, -hr * 0.85, hz - hr * 0.25, hr * 0.42, hr * 0.35, hr * 0.32, light, segments=10, rings=6)
    p.sphere(0, -hr * 1.18, hz - hr * 0.15, hr * 0.12, hr * 0.08, hr * 0.1, BLACK, segments=8, rings=4)
    for sx in (-1, 1):
        p.sphere(sx * hr * 0.75, 0, hz + hr * 0.8, hr * 0.3, hr * 0.18, hr * 0.3, plush, segments=10, rings=6)
        p.sphere(sx * hr * 0.38, -hr * 0.85, hz + hr * 0.25, hr * 0.09, hr * 0.06, hr * 0.09, BLACK,
                 segments=6, rings=4)
        p.sphere(sx * w * 0.38, -d * 0.1, h * 0.38, w * 0.12, d * 0.14, h * 0.16, plush, segments=10, rings=6)
        p.sphere(sx * w * 0.2, -d * 0.3, h * 0.1, w * 0.14, d * 0.2, h * 0.1, plush, segments=10, rings=6)
        p.sphere(sx * w * 0.2, -d * 0.47, h * 0.1, w * 0.09, d * 0.03, h * 0.08, light, segments=8, rings=4)
