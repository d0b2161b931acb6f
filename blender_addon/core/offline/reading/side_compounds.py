"""A place said as a "-side" modifier is what the thing stands by (issue 14, paraphrases): "a
lakeside campsite" is "a campsite by a lake", "a riverside cafe" a cafe by a river, "poolside
loungers" loungers by a pool, so the lake, river or pool is placed too. Only where the word
before "side" is a thing the knowledge base knows and the whole is no name of its own ("a
bedside table", "a bedside lamp" stay what they are); "the lakeside" alone stays the scene.
"""

from __future__ import annotations

import re

from ...knowledge.objects import load_knowledge
from .lexicon import Vocabulary

_SIDE_WORD = re.compile(r"\b([A-Za-z]{2,})side\s+([a-z]+)(?:\s+([a-z]+))?\b")


def unfold_sides(text: str, vocab: Vocabulary) -> str:
    """The text with each "<place>side <noun>" read as "<noun> by a <place>"."""
    book = load_knowledge()

    def unfold(match: re.Match[str]) -> str:
        place, first, second = match.group(1), match.group(2), match.group(3)
        word = f"{place}side"
        if book.lookup(place.lower()) is None or vocab.is_noun(f"{word.lower()} {first}"):
            return match.group(0)
        if second and vocab.is_noun(f"{first} {second}"):  # "a riverside coffee shop"
            return f"{first} {second} by a {place.lower()}"
        if not vocab.is_noun(first):
            return match.group(0)
        return f"{first} by a {place.lower()}" + (f" {second}" if second else "")
    return _SIDE_WORD.sub(unfold, text)
