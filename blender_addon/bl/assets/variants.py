"""One builder, several shapes: the noun (or a hint) picks the variant ("hammer", "scissors" and
"sword" are all hand tools, drawn differently)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from .palette import Palette
from .parts import Parts

T = TypeVar("T")


def pick(pal: Palette, table: Mapping[Sequence[str], T], default: T) -> T:
    """The first entry of ``table`` one of whose words the label or hints contain, else ``default``."""
    for words, value in table.items():
        if pal.has(*words):
            return value
    return default


def along_longer(p: Parts, w: float, d: float, draw: Callable[[Parts, float, float], None]) -> None:
    """Draw a lying thing along Y (``draw(p, width, length)``) and turn it when the box is
    longer in X than in Y."""
    if w > d:
        draw(p, d, w)
        p.swap_xy()
    else:
        draw(p, w, d)
