"""Text retrieval over the index: a small BM25 over names, tags and descriptions.

No heavy dependencies: words are split from CamelCase and snake_case names
("WoodenChair_01" -> wooden chair 01), lower-cased and singularised, numbers dropped.
Names and tags count :data:`NAME_WEIGHT` times (they say what the object *is*; a
description often names other things: "a lamp for a desk").
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ..assets.phrase import singular, tokens
from .index import AssetRecord

BM25_K1 = 1.2  # the usual Okapi defaults (Robertson & Zaragoza 2009)
BM25_B = 0.75
NAME_WEIGHT = 3
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def words(text: str) -> list[str]:
    """Singular lower-case words of ``text``, with CamelCase split and digits dropped."""
    spaced = _CAMEL.sub(" ", str(text)).replace("_", " ")
    return [singular(w) for w in tokens(spaced) if not w.isdigit()]


def name_words(record: AssetRecord) -> set[str]:
    """Every word of the asset's name, unit name, tags and file stem."""
    stem = record.file.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    found: set[str] = set()
    for text in (record.name, record.unit_name, stem, *record.tags):
        found.update(words(text))
    return found


def name_heads(record: AssetRecord) -> set[str]:
    """The head noun (last word) of the name, unit name, file stem and each tag: what the
    asset *is* ("chair_cushion" is a cushion, not a chair)."""
    stem = record.file.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    heads: set[str] = set()
    for text in (record.name, record.unit_name, stem, *record.tags):
        found = words(text)
        if found:
            heads.add(found[-1])
    return heads


def document(record: AssetRecord) -> list[str]:
    """The bag of words BM25 sees for one record (names and tags repeated NAME_WEIGHT times)."""
    return sorted(name_words(record)) * NAME_WEIGHT + words(record.description)


@dataclass(frozen=True)
class TextHit:
    """One record's BM25 score for a query (``normalised`` in [0, 1], see :meth:`TextIndex.search`)."""

    index: int
    score: float
    normalised: float


class TextIndex:
    """BM25 over a fixed list of records."""

    def __init__(self, records: Sequence[AssetRecord]) -> None:
        self.docs = [Counter(document(r)) for r in records]
        self.lengths = [sum(d.values()) for d in self.docs]
        self.mean_length = (sum(self.lengths) / len(self.lengths)) if self.lengths else 0.0
        frequency: Counter[str] = Counter()
        for doc in self.docs:
            frequency.update(doc.keys())
        n = len(self.docs)
        # BM25+ style idf that never goes negative, so a word in every document still counts a little
        self.idf = {w: math.log(1.0 + (n - df + 0.5) / (df + 0.5)) for w, df in frequency.items()}

    def _score(self, query: Counter[str], position: int) -> float:
        doc, length = self.docs[position], self.lengths[position]
        total = 0.0
        for word, count in query.items():
            tf = doc.get(word, 0)
            if tf:
                norm = tf * (BM25_K1 + 1) / (tf + BM25_K1 * (1 - BM25_B + BM25_B * length / self.mean_length))
                total += count * self.idf[word] * norm
        return total

    def search(self, query: str, top_k: int = 10) -> list[TextHit]:
        """The best ``top_k`` records with a positive score, best first (ties: record order).

        ``normalised`` divides by the score an ideal document would get (every query word
        present NAME_WEIGHT times in a document of mean length), so it is comparable
        across queries and lies in [0, 1].
        """
        bag = Counter(words(query))
        if not bag or not self.docs:
            return []
        scores = [(self._score(bag, i), i) for i in range(len(self.docs))]
        ideal = self._ideal(bag)
        ranked = sorted(((s, i) for s, i in scores if s > 0), key=lambda si: (-si[0], si[1]))[:top_k]
        return [TextHit(index=i, score=s, normalised=min(1.0, s / ideal) if ideal > 0 else 0.0) for s, i in ranked]

    def _ideal(self, bag: Counter[str]) -> float:
        tf = NAME_WEIGHT
        norm = tf * (BM25_K1 + 1) / (tf + BM25_K1)
        return sum(count * self.idf.get(word, 0.0) * norm for word, count in bag.items())
