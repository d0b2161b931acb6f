"""Compound adjectives of lining (issue 14, phrases6): "a tree-lined avenue", "a palm-lined
beach path", "a shop-lined street" read as "<the thing> lined with <the plural> on both sides"
-- the lining things are objects along both sides of the named one, not one "tree" and an
unknown word. Read on the text before the sentences are split into words (the hyphen marks it)."""

from __future__ import annotations

import re

from ..distributions.per_place import plural_of
from .closed_words import word_pattern

_LINED = re.compile(rf"\b([a-z]+)-lined\s+((?:[a-z]+\s+){{0,2}}?[a-z]+)(?=\s*(?:[,.;:!?]|\s+"
                    rf"{word_pattern('lined_followers')}\b|$))", re.IGNORECASE)


def lined_compounds(text: str) -> str:
    """``text`` with each "<X>-lined <Y>" read as "<Y> lined with <X>s on both sides"."""
    def spell(match: re.Match[str]) -> str:
        lining = plural_of(match.group(1)) or match.group(1)
        return f"{match.group(2)} lined with {lining} on both sides"
    return _LINED.sub(spell, text)
