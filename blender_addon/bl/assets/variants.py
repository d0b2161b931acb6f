"""One builder, several shapes: the noun (or a hint) picks the variant ("hammer", "scissors" and
"sword" are all hand tools, drawn differently)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

import numpy as np

from .palette import Palette
from .parts import Parts
from .registry import Builder

T = TypeVar("T")
Variant = Callable[[Parts, float, float, float, Palette], None]


def pick(pal: Palette, table: Mapping[tuple[str, ...], T], default: T) -> T:
    """The first entry of ``table`` one of whose words the label or hints contain, else ``default``."""
    for words, value in table.items():
        if pal.has(*words):
            return value
    return default


def draw_variant(p: Parts, w: float, d: float, h: float, pal: Palette, rng: np.random.Generator,
                 table: Mapping[tuple[str, ...], Variant], default: Builder) -> None:
    """Draw the variant of ``table`` the noun names, else the ``default`` builder (a car for a road
    vehicle no word picks, a house for a building)."""
    draw = pick(pal, table, None)
    if draw is None:
        default(p, w, d, h, pal, rng)
    else:
        draw(p, w, d, h, pal)


def along_longer(p: Parts, w: float, d: float, draw: Callable[[Parts, float, float], None]) -> None:
    """Draw a lying thing along Y (``draw(p, width, length)``) and turn it when the box is
    longer in X than in Y."""
    if w > d:
        draw(p, d, w)
        p.swap_xy()
    else:
        draw(p, w, d)
