""""Just a bed and a wardrobe", "only a bathtub and a sink", "a desk and a chair, nothing else":
the user's objects are all the room holds, so no archetype completes it (issue 14).

The words are data (``only_named`` in ``core/knowledge/archetypes/archetypes.json``): a phrase
that names no object ("nothing else", "that's all") is taken out of the text wherever it
stands; an exclusive word ("just", "only") counts before an article that does not start a
measure ("just a bed", not "just a little to the left" or "only a metre away") and at the end
of a clause after a thing's noun ("a bed and a wardrobe only", not "adults only"), and is taken
out of the text there too (it is read here, so it is not reported as not understood). "Only
one bench" counts the benches, not the room: a number after the word is the count's reading.
"""

from __future__ import annotations

import re

from ...knowledge.archetypes import ArchetypeBook, load_archetypes
from ...knowledge.objects import load_knowledge

_APOSTROPHE = "['\u2019]"  # "that's all" as typed with a straight or a curly apostrophe



def only_named(text: str, book: ArchetypeBook | None = None) -> tuple[str, bool]:
    """The text without the words that say nothing else is wanted, and whether it said so."""
    book = book or load_archetypes()
    words = book.only_named
    said = False
    for phrase in words.phrases:
        escaped = re.escape(phrase).replace("'", _APOSTROPHE)
        pattern = re.compile(rf"[\s,;:\u2013\u2014-]*\b{escaped}(?![\w'\u2019])", re.IGNORECASE)
        text, n = pattern.subn("", text)
        said = said or n > 0
    if not words.words:
        return text, said
    alternatives = "|".join(re.escape(w) for w in sorted(words.words, key=len, reverse=True))
    hits: list[bool] = []

    def before_article(m: re.Match[str]) -> str:
        keep = _measure(m.group(1), words.not_before)
        hits.append(not keep)
        return m.group(0) if keep else ""

    def clause_end(m: re.Match[str]) -> str:
        keep = not _thing(m.group(1), book)
        hits.append(not keep)
        return m.group(0) if keep else m.group(1)

    text = re.sub(rf"\b(?:{alternatives})\s+(?=(?:a|an)\s+([\w-]+))", before_article, text, flags=re.IGNORECASE)
    text = re.sub(rf"\b([\w-]+)\s+(?:{alternatives})\b(?=\s*(?:[.,;:!?]|$))", clause_end, text, flags=re.IGNORECASE)
    return text, said or any(hits)


def _measure(word: str, not_before: frozenset[str]) -> bool:
    """Whether the word after "just a" starts a measure ("a little", "a metre"), not a thing."""
    return word.lower() in not_before or word.lower().rstrip("s") in not_before


def _thing(word: str, book: ArchetypeBook) -> bool:
    """Whether the word before a clause-ending "only" is a thing's noun ("a wardrobe only"),
    not the people a place is for ("adults only", "staff only")."""
    low = word.lower()
    return low not in book.capacity_nouns and load_knowledge().lookup(low) is not None
