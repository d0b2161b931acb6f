"""A list after a colon that names what a general word stood for (issue 14): "Three things go
against the back wall: a dresser, a bookshelf and a plant." The sentence says where "three
things" go and the colon says what they are, so the list takes the general phrase's place
("a dresser, a bookshelf and a plant go against the back wall"); without this the general
word makes things of its own (a book, a cup, a vase) and the named ones stand anywhere.

The general words are the lexicon's ``generic_nouns`` ("thing", "item", "object") and "the
following"; a count or determiner before them goes with them. A colon after anything else
(a desk listing what it carries, a scene listing its parts) is left to the grammar, and so is
a general word that also names a place ("at the end: ...").
"""

from __future__ import annotations

import functools
import re

from .lexicon import Vocabulary

_LIST_END = r"[.!?;\n]|$"
_BETWEEN = "more|other|different|small|little|big|large|few"  # "two more things", "a few small items"


@functools.lru_cache(maxsize=8)
def _pattern(numbers: tuple[str, ...], counts: tuple[str, ...], nouns: tuple[str, ...]) -> re.Pattern[str]:
    """The colon sentence with its general phrase, and the list up to the sentence's end."""
    before = "|".join(sorted({*numbers, *counts, "the", "these", "those", "all", "my", "our", r"\d+"},
                             key=len, reverse=True))
    plural = "|".join(sorted({f"{n}s" for n in nouns} | set(nouns), key=len, reverse=True))
    general = rf"(?:(?:{before})\s+)?(?:(?:{_BETWEEN})\s+)?(?:{plural})\b|the\s+following(?:\s+(?:{plural}))?\b"
    return re.compile(rf"(?P<head>[^.!?;:\n]*?)\b(?P<general>{general})(?P<tail>[^.!?;:\n]*):\s*"
                      rf"(?P<list>[^.!?;:\n]+?)\s*(?P<end>{_LIST_END})", re.IGNORECASE)


def name_listed_things(text: str, vocab: Vocabulary) -> str:
    """The text with each general phrase before a colon replaced by the list after it."""
    lex = vocab.lexicon
    nouns = tuple(sorted(n for n in lex.generic_nouns if n not in lex.location_nouns and n != "odd"))  # not "the end"
    pattern = _pattern(tuple(lex.numbers), tuple(lex.count_phrases), nouns)

    def swap(match: re.Match[str]) -> str:
        listed = match.group("list").strip().rstrip(",")
        end = match.group("end") or "."
        return f"{match.group('head')}{listed}{match.group('tail')}{end}"
    return pattern.sub(swap, text)
