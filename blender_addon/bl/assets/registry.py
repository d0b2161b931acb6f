"""The table of procedural builders, filled by the family modules with :func:`builder`."""

from __future__ import annotations

from typing import Callable

import numpy as np

from .palette import Palette
from .parts import Parts

# A builder draws one asset into ``parts`` at the given width, depth and height.
Builder = Callable[[Parts, float, float, float, Palette, np.random.Generator], None]

BUILDERS: dict[str, Builder] = {}


def builder(*names: str) -> Callable[[Builder], Builder]:
    """Register the decorated function as the builder of ``procedural:<name>`` for each name."""

    def register(fn: Builder) -> Builder:
        for name in names:
            BUILDERS[f"procedural:{name}"] = fn
        return fn

    return register
