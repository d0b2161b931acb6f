"""Plain primitives (sphere, cube, cylinder, cone) for "a red ball", "a stone column"."""

from __future__ import annotations

import numpy as np

from .palette import Look, Palette
from .parts import Parts
from .registry import builder

PRIMITIVE = Look((0.25, 0.45, 0.75), 0.4)
CONE_ORANGE = Look((0.95, 0.35, 0.03), 0.5)


@builder("sphere")
def sphere(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A smooth sphere (an ellipsoid when the sizes differ)."""
    p.sphere(0, 0, h / 2, w / 2, d / 2, h / 2, pal.main(Look((0.8, 0.2, 0.12), 0.35)), segments=32, rings=16)


@builder("cube")
def cube(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A box."""
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h, pal.main(PRIMITIVE))


@builder("cylinder")
def cylinder(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """An upright cylinder."""
    p.cylinder(0, 0, 0, h, w / 2, pal.main(PRIMITIVE), segments=32, scale_y=d / w)


@builder("cone")
def cone(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator) -> None:
    """A traffic cone: a square foot, an orange cone with a white band; a plain cone for a
    geometric one ("cone shape")."""
    r = min(w, d) / 2
    if pal.has("shape", "geometric", "plain", "primitive"):
        p.lathe([(r, 0.0), (0.0, h)], pal.main(PRIMITIVE), segments=32)
        return
    look = pal.main(CONE_ORANGE)
    p.box(-w / 2, -d / 2, 0, w / 2, d / 2, h * 0.05, look)
    p.lathe([(r * 0.75, h * 0.05), (r * 0.12, h), (0.0, h)], look, segments=24)
    band0, band1 = 0.45, 0.62
    p.lathe([(r * (0.75 - 0.63 * band0) + 0.003, h * band0), (r * (0.75 - 0.63 * band1) + 0.003, h * band1)],
            Look((0.92, 0.92, 0.9), 0.4), segments=24)
