"""A word as the number it says: digits, or a number word of the lexicon ("8", "twelve")."""
from __future__ import annotations

from .lexicon import Lexicon


def number_of(word: str, lex: Lexicon) -> int | None:
    """The number a word says ("8", "Twelve", case-insensitive); None for any other word."""
    if word.isdigit():
        return int(word)
    value = lex.numbers.get(word.lower())
    return int(value) if value is not None else None
