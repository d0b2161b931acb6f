"""The word that introduces a group's shape (issue 14, paraphrases): people say "arranged *as* two
rows of two", "set out *into* a circle", "chairs *forming* a semicircle", "*in the form of* a 3 by
4 grid" where the lexicon's group-shape phrases start with "in" ("in two rows of two", "in a
circle"). Such a word (lexicon ``shape_prepositions``) is read as "in" when what follows, with "in"
before it, is a group-shape phrase the tokenizer knows; elsewhere it is left alone ("twice as tall
as the desk", "as many chairs as guests", "turn it into a reading nook").
"""

from __future__ import annotations

from collections.abc import Callable, Collection

MAX_WORDS = 4  # the longest shape preposition ("in the formation of")


def shapes_with_in(words: list[str], prepositions: Collection[str],
                   is_shape: Callable[[list[str]], bool]) -> list[str]:
    """``words`` with each shape preposition before a group shape replaced by "in"; ``is_shape``
    says whether a word list starting with "in" starts with a group-shape phrase."""
    out: list[str] = []
    i = 0
    while i < len(words):
        size = _preposition_at(words, i, prepositions)
        if size and is_shape(["in", *words[i + size:]]):
            out.append("in")
            i += size
            continue
        out.append(words[i])
        i += 1
    return out


def _preposition_at(words: list[str], i: int, prepositions: Collection[str]) -> int:
    """How many words a shape preposition takes at ``i`` (longest first); 0 when none starts there."""
    for size in range(min(MAX_WORDS, len(words) - i), 0, -1):
        if " ".join(words[i:i + size]) in prepositions:
            return size
    return 0
