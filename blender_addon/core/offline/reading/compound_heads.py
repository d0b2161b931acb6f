"""Compound names the tokenizer keeps whole.

Two nouns joined by "and" that together name what a place sells or holds ("a fish and chip shop",
"a cheese and wine party", "a nuts and bolts shop"): one article for the whole, the place's noun
right after the second word. Read as the place's modifiers, never as a thing of their own (was one
live fish in a chip shop). "a sofa and coffee table" (a thing's noun after the second word) stays two
things sharing the article.

A verb that is also a head noun (closed words ``verb_nouns``) ending a phrase right after one thing's
noun is that thing's name ("a silver tea set and a harp": a tea set, not tea): no verb agrees with
"a tea" there, unless the noun names a living thing, which does things ("a cat stands.")."""

from __future__ import annotations

from collections.abc import Callable

from ...assets.families import LIVING_FAMILIES, load_families
from ...assets.phrase import singular
from .closed_words import word_set
from .tokentype import Token

ARTICLES = frozenset({"a", "an"})
VERB_NOUNS = word_set("verb_nouns")  # "a tea set": a verb that is also a head noun


def place_compounds(tokens: list[Token], names_place: Callable[[str], bool]) -> list[Token]:
    """Drop the "and" of "a X and Y <place>" (X, Y single words, the place noun singular), so the
    phrase reads as one place named "X Y <place>"."""
    out = list(tokens)
    i = 0
    while i + 4 < len(out):
        det, first, joined, second, place = out[i:i + 5]
        if det.kind == "DET" and det.text in ARTICLES and first.kind == "WORD" \
                and joined.kind == "AND" and second.kind == "WORD" and place.kind in ("WORD", "NOUN") \
                and singular(place.text) == place.text and names_place(place.text):
            del out[i + 2]
        i += 1
    return out



def living(word: str) -> bool:
    """Whether the noun names a living thing (a person, an animal), which does things."""
    family = load_families().for_noun(word)
    return family is not None and family.name in LIVING_FAMILIES
