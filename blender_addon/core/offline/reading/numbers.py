"""A word as the number it says: digits, or a number word of the lexicon ("8", "twelve"), and
each reader's own words besides ("a"/"single" for a correction, "dozen" or "twins" for a capacity)."""
from __future__ import annotations

from collections.abc import Mapping

from .lexicon import Lexicon


def number_of(word: str, lex: Lexicon, extra: Mapping[str, int] | None = None) -> int | None:
    """The number a word says ("8", "Twelve", case-insensitive), or its value in ``extra`` (the
    caller's own words: ``{"dozen": 12}``); None for any other word."""
    if word.isdigit():
        return int(word)
    low = word.lower()
    if extra is not None and low in extra:
        return int(extra[low])
    value = lex.numbers.get(low)
    return int(value) if value is not None else None
