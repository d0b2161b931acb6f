"""Counts written as a shopping list writes them (issue 14 counts7): "bookshelves x2", "desk x1",
"chairs ×6" after the noun, "2x chairs", "3 x office chairs" before it; read as "2 bookshelves",
"1 desk", "3 office chairs". A measure is no count: "3 x 4 m", "a 2x3 grid", "3 x 2 metres".
"""

from __future__ import annotations

import re

from .closed_words import word_pattern
from .parentheses import counted_before

_UNIT = rf"(?:{word_pattern('measure_words')}|{word_pattern('multiplied_sizes')})\b"
# "bookshelves x2": a multiplier after a word, not before a number or a unit ("3 x 4 m")
_AFTER = re.compile(rf"(?<=[A-Za-z])\s+[x\u00d7]\s?(\d+)\b(?![.,]\d)(?!\s*(?:[x\u00d7*]|\d|{_UNIT}))", re.IGNORECASE)
_UNIT_BEFORE = re.compile(rf"\b{_UNIT}\s*$", re.IGNORECASE)  # "3 m x 3.5 m": a measure
# "2x chairs", "3 x office chairs": a count and a multiplier before a word that is no unit
_BEFORE = re.compile(rf"\b(\d+)\s?[x\u00d7]\s+(?!{_UNIT}|\d)(?=[A-Za-z])", re.IGNORECASE)


def read_multipliers(text: str) -> str:
    """The text with each shopping-list count said as a count before its noun."""
    text = _BEFORE.sub(lambda m: f"{m.group(1)} ", text)
    out, last = [], 0
    for found in _AFTER.finditer(text):
        before = counted_before(text[last:found.start()], f"x{found.group(1)}")
        if before is None or _UNIT_BEFORE.search(text[last:found.start()]):
            continue
        out.append(before)
        last = found.end()
    out.append(text[last:])
    return "".join(out)
