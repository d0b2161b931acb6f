"""A word as the number it says: digits, or a number word of the lexicon ("8", "twelve"), and
each reader's own words besides ("a"/"single" for a correction, "dozen" or "twins" for a capacity);
and back: a number as the lexicon's word for it."""
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


def word_for(number: int, lex: Lexicon, *, single_word: bool = False) -> str:
    """The lexicon's first word for ``number`` (``single_word``: only a word of letters alone), else its
    digits: a reader that rewrites a count writes it as the text would ("ten", not "10")."""
    return next((w for w, v in lex.numbers.items() if v == number and (not single_word or w.isalpha())), str(number))
