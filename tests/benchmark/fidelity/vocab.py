"""The benchmark's checking vocabulary (``vocabulary.json``): which concept an object's
category names, concept groups, colour and material words, and words that are not objects.

Independent of the product: nothing here reads the product's knowledge base or skill
library. An object's category is normalised (lower case, hyphens and underscores as
spaces, last word singular) and classified by the longest trailing run of its words that
is a known name: "red office chair" -> chair, "coffee table" -> coffee_table, "round
table" -> table. A category with no known trailing name keeps itself as its concept.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

VOCABULARY_PATH = Path(__file__).with_name("vocabulary.json")
_KEEP_S = ("ss", "us", "is", "as", "os")
_ES = ("ches", "shes", "xes", "sses", "zes", "oes")


def singular(word: str, irregular: dict[str, str]) -> str:
    """The singular of one English noun (the common rules plus the irregular table)."""
    if word in irregular:
        return irregular[word]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(_ES):
        return word[:-2]
    if len(word) > 2 and word.endswith("s") and not word.endswith(_KEEP_S):
        return word[:-1]
    return word


@dataclass(frozen=True)
class Vocabulary:
    """Concept names, groups, colours and materials of the benchmark."""

    names: dict[str, str]                 # normalised name -> concept
    concepts: frozenset[str]
    groups: dict[str, tuple[str, ...]]
    not_objects: frozenset[str]
    colour_words: dict[str, str]           # word -> colour family
    colour_points: tuple[tuple[str, tuple[float, float, float]], ...]
    material_words: dict[str, str]         # word -> material family
    irregular: dict[str, str]

    def normalise(self, text: str) -> str:
        """Lower case, punctuation to spaces, the last word singular."""
        words = re.sub(r"[_\-/]+", " ", text.lower().replace("\u2019", "'")).split()
        if not words:
            return ""
        words[-1] = singular(words[-1], self.irregular)
        return " ".join(words)

    def concept_of(self, category: str) -> str:
        """The concept an object category names (longest known trailing words), or the
        normalised category itself."""
        words = self.normalise(category).split()
        for start in range(len(words)):
            found = self.names.get(" ".join(words[start:]))
            if found:
                return found
        return " ".join(words)

    def is_known(self, category: str) -> bool:
        return self.concept_of(category) in self.concepts

    def is_phantom(self, category: str) -> bool:
        """A category that names a place, part, shape or direction, not a thing."""
        text = self.normalise(category)
        if self.is_known(text):
            return False
        words = text.split()
        return text in self.not_objects or (bool(words) and words[-1] in self.not_objects)

    def expand(self, selector: str | Sequence[str]) -> frozenset[str]:
        """Concepts a selector means: a concept, ``@group``, or a list of them."""
        items = [selector] if isinstance(selector, str) else list(selector)
        out: set[str] = set()
        for item in items:
            if item.startswith("@"):
                out.update(self.groups[item[1:]])
            else:
                out.add(item)
        return frozenset(out)

    def colour_family(self, value: Any) -> set[str]:
        """Colour families a layout colour value shows: words, or the nearest named RGB."""
        if isinstance(value, str):
            value = [value]
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, (int, float)) for v in value):
            rgb = [float(v) for v in value[:3]]
            nearest = min(self.colour_points, key=lambda p: math.dist(p[1], rgb))
            return {nearest[0]}
        families = set()
        for word in value or []:
            if isinstance(word, str):
                text = word.lower().strip()
                families.update(f for w, f in self.colour_words.items() if w == text or f" {w}" in f" {text}")
        return families

    def material_family(self, value: Any) -> set[str]:
        """Material families named by a layout material value (a word or a list of words)."""
        words = [value] if isinstance(value, str) else list(value or [])
        families = set()
        for word in words:
            if isinstance(word, str):
                text = f" {word.lower().strip()} "
                families.update(f for w, f in self.material_words.items() if f" {w} " in text)
        return families


@functools.cache
def load(path: Path = VOCABULARY_PATH) -> Vocabulary:
    """Read and index vocabulary.json (raises ValueError naming a name listed twice)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    irregular = dict(doc["irregular_plurals"])
    probe = Vocabulary({}, frozenset(), {}, frozenset(), {}, (), {}, irregular)
    names: dict[str, str] = {}
    for concept, terms in doc["concepts"].items():
        for term in [concept.replace("_", " "), *terms]:
            key = probe.normalise(term)
            if names.get(key, concept) != concept:
                raise ValueError(f"vocabulary.json: {term!r} is listed under {names[key]!r} and {concept!r}")
            names[key] = concept
    colour_words = {w: fam for fam, spec in doc["colours"].items() for w in [fam, *spec["words"]]}
    points = tuple((fam, tuple(rgb)) for fam, spec in doc["colours"].items() for rgb in spec["rgb"])
    materials = {w: fam for fam, words in doc["materials"].items() for w in [fam, *words]}
    return Vocabulary(names=names, concepts=frozenset(doc["concepts"]),
                      groups={k: tuple(v) for k, v in doc["groups"].items()},
                      not_objects=frozenset(probe.normalise(w) for w in doc["not_objects"]),
                      colour_words=colour_words, colour_points=points,  # type: ignore[arg-type]
                      material_words=materials, irregular=irregular)
