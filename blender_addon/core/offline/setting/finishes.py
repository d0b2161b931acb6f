"""Colours and materials said *of* the room's walls or floor ("make the walls light grey and the
floor dark oak", "the floor is red", "walls painted white"): read from the words before the
sentence is parsed, so they become the room's finish and never a noun phrase ("walls light"
would be a lamp). Colours before the noun ("blue walls") are read with the noun phrase
(:func:`.openings.finish_room`)."""

from __future__ import annotations

from ..reading.closed_words import word_map, word_set
from ..referents.world import World

PARTS = word_map("finish_parts")  # "the flooring": the floor
ARTICLES = word_set("finish_articles")
LINKS = word_set("finish_links")  # "the walls should be painted in white"


def strip_finishes(world: World, words: list[str]) -> list[str]:
    """The sentence's words without the "<part> <link words> <colour/material words>" runs, whose
    colour and material words go to that part's finish."""
    out: list[str] = []
    i = 0
    while i < len(words):
        part = PARTS.get(words[i])
        j = i + 1
        while part is not None and j < len(words) and words[j] in LINKS:
            j += 1
        k = _finish_end(world, words, j) if part is not None else j
        if part is None or k == j or (words[i] == "room" and "painted" not in words[i + 1:j]):
            out.append(words[i])
            i += 1
            continue
        finish = world.finishes.setdefault(part, {"words": []})
        finish["words"] = list(dict.fromkeys([*finish["words"], *words[j:k]]))
        if out and out[-1] in ARTICLES:
            out.pop()  # "the walls ...": the article goes with them
        i = k
    return out


def _finish_end(world: World, words: list[str], start: int) -> int:
    """The end of the run of colour/material words (tone words only before a colour) from ``start``."""
    catalog, tones = world.vocab.catalog, world.vocab.lexicon.colour_tones
    k = start
    while k < len(words) and (catalog.finish([words[k]]) is not None
                              or (words[k] in tones and k + 1 < len(words) and catalog.finish([words[k + 1]]))):
        k += 1
    return k
