"""Named looks shared by the asset builders, and the per-build palette that applies hints.

Colours are linear RGB as Blender stores them. A colour or material hint ("red",
"wooden", "metal") recolours the asset's *main* parts only (the seat and back of a chair,
not its legs), which keeps the object readable: a red chair still has dark legs.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.assets import Finish
from .parts import Look

WOOD = Look((0.45, 0.26, 0.11), 0.6)
LIGHT_WOOD = Look((0.66, 0.45, 0.24), 0.6)
DARK_WOOD = Look((0.20, 0.10, 0.045), 0.55)
METAL = Look((0.62, 0.63, 0.65), 0.3, 1.0)
DARK_METAL = Look((0.09, 0.09, 0.10), 0.4, 1.0)
BLACK = Look((0.015, 0.015, 0.017), 0.35)
WHITE = Look((0.86, 0.86, 0.84), 0.5)
CREAM = Look((0.93, 0.88, 0.74), 0.8)
FABRIC = Look((0.33, 0.36, 0.42), 0.9)
SCREEN = Look((0.02, 0.04, 0.09), 0.08)
LEAF = Look((0.10, 0.36, 0.07), 0.8)
LEAF_DARK = Look((0.04, 0.22, 0.05), 0.8)
BARK = Look((0.22, 0.13, 0.06), 0.9)
TERRACOTTA = Look((0.62, 0.24, 0.11), 0.8)
SOIL = Look((0.12, 0.07, 0.03), 1.0)
STONE = Look((0.46, 0.45, 0.42), 0.9)
BRICK = Look((0.52, 0.20, 0.12), 0.9)
FIRE = Look((1.0, 0.32, 0.02), 0.5)
FLAME = Look((1.0, 0.78, 0.15), 0.5)
GLASS = Look((0.55, 0.75, 0.85), 0.05)
LIGHT = Look((1.0, 0.92, 0.6), 0.5)
SHADE = Look((0.95, 0.87, 0.68), 0.8)
ASPHALT = Look((0.07, 0.07, 0.075), 0.95)
PAINT_YELLOW = Look((0.95, 0.75, 0.05), 0.6)
GRAVEL = Look((0.50, 0.44, 0.35), 1.0)
PAPER = Look((0.92, 0.89, 0.80), 0.9)
RED = Look((0.70, 0.06, 0.05), 0.5)
GOLD = Look((0.80, 0.58, 0.18), 0.3, 1.0)


class Palette:
    """The looks of one build: defaults, overridden for main parts by the hints."""

    def __init__(self, finish: Finish | None, hints: Sequence[str], label: str = "",
                 material_hinted: bool = False, colour_finish: Finish | None = None, mount: str = "floor",
                 surfaces: Sequence[tuple[str, float]] = (), carries: bool = False, rest: float = 0.0) -> None:
        self._finish = finish
        self._colour = colour_finish
        self.mount = mount  # layout v2: floor | wall | ceiling | surface (a TV on a wall has no foot)
        self.surfaces = tuple(surfaces)  # layout v2 named surfaces: (name, height above the origin)
        self.carries = carries  # the layout rests things on it: no decorative books of its own
        self.rest = max(0.0, float(rest))  # the origin's height above the floor (a seat's height)
        self.words = frozenset(w for h in (*hints, label) for w in str(h).lower().split())
        self.material_hinted = material_hinted  # a material word, not only a colour, was given

    def main(self, default: Look) -> Look:
        """The look of a main part: the hint's finish if any, else ``default``."""
        if self._finish is None:
            return default
        f = self._finish
        return Look(tuple(f.color), f.roughness, f.metallic)  # type: ignore[arg-type]

    def colour(self, default: Look) -> Look:
        """Like :meth:`main` but only a colour word counts: a "pine tree" is not pine wood."""
        if self._colour is None:
            return default
        return Look(tuple(self._colour.color), default.roughness, default.metallic)  # type: ignore[arg-type]

    def surface_height(self, names: Sequence[str], default: float, top: float) -> float:
        """The height of the first of ``names`` among the layout's named surfaces (so a seat or a
        mattress is built where the layout rests things on it), else ``default``; below ``top``."""
        for name in names:
            found = next((height for surface, height in self.surfaces if surface == name), None)
            if found is not None and 0.0 < found < top:
                return found
        return default

    def has(self, *words: str) -> bool:
        """Whether any of ``words`` was given as a hint or in the label."""
        return any(w in self.words for w in words)
