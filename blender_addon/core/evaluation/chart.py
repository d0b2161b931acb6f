"""A small scatter chart as a PNG, drawn with numpy and written with zlib (no plotting
library: matplotlib is not a dependency). Used for the benchmark's score-vs-size chart.

Text uses a built-in 3x5 pixel font scaled up; only the characters the chart needs exist.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

# 3x5 glyphs, rows top to bottom, "#" = ink
_GLYPHS = {
    "0": "### #.# #.# #.# ###", "1": ".#. ##. .#. .#. ###", "2": "### ..# ### #.. ###", "3": "### ..# ### ..# ###",
    "4": "#.# #.# ### ..# ..#", "5": "### #.. ### ..# ###", "6": "### #.. ### #.# ###", "7": "### ..# ..# .#. .#.",
    "8": "### #.# ### #.# ###", "9": "### #.# ### ..# ###", ".": "... ... ... ... .#.", " ": "... ... ... ... ...",
    "-": "... ... ### ... ...", "/": "..# ..# .#. #.. #..", "(": ".#. #.. #.. #.. .#.", ")": ".#. ..# ..# ..# .#.",
    "a": "... ### ..# #.# ###", "b": "#.. #.. ### #.# ###", "c": "... ### #.. #.. ###", "d": "..# ..# ### #.# ###",
    "e": "... ### ### #.. ###", "f": ".## #.. ##. #.. #..", "g": "### #.# ### ..# ##.", "h": "#.. #.. ### #.# #.#",
    "i": ".#. ... .#. .#. .#.", "j": "..# ... ..# #.# ###", "k": "#.. #.# ##. #.# #.#", "l": "##. .#. .#. .#. ###",
    "m": "... ### ### #.# #.#", "n": "... ##. #.# #.# #.#", "o": "... ### #.# #.# ###", "p": "... ### #.# ### #..",
    "r": "... ### #.. #.. #..", "s": "... ### ##. ..# ###", "t": ".#. ### .#. .#. .##", "u": "... #.# #.# #.# ###",
    "v": "... #.# #.# #.# .#.", "w": "... #.# #.# ### ###", "x": "... #.# .#. .#. #.#", "y": "... #.# ### ..# ##.",
    "z": "... ### .#. #.. ###",
}
WHITE, BLACK, GREY = (255, 255, 255), (40, 40, 40), (215, 215, 215)


@dataclass(frozen=True)
class Series:
    """Points of one colour with a legend name."""

    name: str
    xs: Sequence[float]
    ys: Sequence[float]
    colour: tuple[int, int, int]


def png_bytes(image: np.ndarray) -> bytes:
    """Encode an (H, W, 3) uint8 array as a PNG file."""
    height, width, _ = image.shape
    raw = b"".join(b"\x00" + image[row].tobytes() for row in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def draw_text(image: np.ndarray, text: str, x: int, y: int, scale: int = 2,
              colour: tuple[int, int, int] = BLACK) -> None:
    """Write lower-case text with its top-left corner at (x, y); unknown characters are skipped."""
    for index, char in enumerate(text.lower()):
        glyph = _GLYPHS.get(char)
        if glyph is None:
            continue
        for r, row in enumerate(glyph.split()):
            for c, ink in enumerate(row):
                if ink == "#":
                    x0, y0 = x + (index * 4 + c) * scale, y + r * scale
                    image[max(y0, 0):max(y0 + scale, 0), max(x0, 0):max(x0 + scale, 0)] = colour


def _disc(image: np.ndarray, cx: float, cy: float, radius: int, colour: tuple[int, int, int]) -> None:
    h, w, _ = image.shape
    ys, xs = np.ogrid[:h, :w]
    mask = (xs - cx) ** 2 + (ys - cy) ** 2 <= radius ** 2
    image[mask] = colour


def scatter_png(series: Sequence[Series], path: Path, *, title: str, x_label: str, y_label: str,
                x_max: float, width: int = 720, height: int = 420) -> Path:
    """Draw a scatter chart (y in [0, 1], x in [0, x_max]) with grid, ticks, legend; write PNG."""
    image = np.full((height, width, 3), WHITE, dtype=np.uint8)
    left, right, top, bottom = 70, width - 20, 40, height - 50

    def px(value: float) -> float:
        return left + (right - left) * value / x_max

    def py(value: float) -> float:
        return bottom - (bottom - top) * value

    for tick in np.linspace(0.0, 1.0, 6):
        image[int(py(tick)), left:right] = GREY
        draw_text(image, f"{tick:.1f}", left - 34, int(py(tick)) - 5)
    step = max(1, int(round(x_max / 6 / 5)) * 5)
    for tick in range(0, int(x_max) + 1, step):
        image[top:bottom, int(px(tick))] = GREY
        draw_text(image, str(tick), int(px(tick)) - 4 * len(str(tick)), bottom + 8)
    image[top:bottom + 1, left] = BLACK
    image[bottom, left:right] = BLACK
    for s in series:
        for xv, yv in zip(s.xs, s.ys):
            _disc(image, px(min(xv, x_max)), py(max(0.0, min(1.0, yv))), 5, s.colour)
    draw_text(image, title, left, 12, scale=3)
    draw_text(image, x_label, (left + right) // 2 - 4 * len(x_label), bottom + 28)
    draw_text(image, y_label, 6, top - 20)
    for index, s in enumerate(series):
        lx, ly = right - 150, top + 10 + index * 20
        _disc(image, lx, ly + 5, 5, s.colour)
        draw_text(image, s.name, lx + 12, ly)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png_bytes(image))
    return path
