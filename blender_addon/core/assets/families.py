"""Family shapes for nouns the catalog does not know (issue 13): a "wolf" is built as a
quadruped, a "cabin" as a house, a "jupiter" as a sphere, so a labelled box is the last resort.

The data is ``assets_index/families.json`` (schema ``setdresser.families/1``). Only a noun's
head counts: the multi-word keywords it ends with, then its last word (singular forms too), so
a "bird bath" is not a bird and a "dog bowl" not a dog.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import BadInput
from .phrase import CUT_WORDS, normalise, singular

FAMILIES_SCHEMA = "setdresser.families/1"
# A description's first noun phrase ends at a preposition or a participle clause ("a beast of burden
# like an ox", "a hut built from planks", "a goblin wearing a vest").
DESCRIPTION_CUTS = CUT_WORDS | frozenset("of like built made wearing holding carrying standing sitting walking "
                                         "seen shown dressed covered".split())
FAMILIES_FILE = Path(__file__).resolve().parents[3] / "assets_index" / "families.json"


@dataclass(frozen=True)
class Family:
    """A family: its name (reported as ``family:<name>``) and the asset that draws it."""

    name: str
    asset: str
    dimensions: tuple[float, float, float] = (0.5, 0.5, 0.5)  # when the catalog has no size for the noun


class Families:
    """Keyword -> family, in the file's order (the first family naming a keyword keeps it)."""

    def __init__(self, data: Mapping[str, Any], source: str = "<memory>") -> None:
        if data.get("schema") != FAMILIES_SCHEMA:
            raise BadInput(f"schema must be {FAMILIES_SCHEMA!r}", source)
        self._by_word: dict[str, Family] = {}
        self._order: list[Family] = []
        self._by_knowledge: dict[str, str] = {str(k): str(v) for k, v in (data.get("knowledge_families") or {}).items()}
        categories = data.get("categories") or {}
        self._by_category: dict[str, str] = {normalise(str(k)): str(v) for k, v in categories.items()}
        self.boxes: dict[str, str] = {str(k): str(v) for k, v in (data.get("boxes") or {}).items()}
        for index, raw in enumerate(data.get("families") or ()):
            where = f"{source}: families[{index}]"
            procedural = isinstance(raw, Mapping) and str(raw.get("asset", "")).startswith("procedural:")
            if not procedural or not raw.get("name"):
                raise BadInput("a family needs a name and a procedural asset", where)
            dims = raw.get("dimensions", (0.5, 0.5, 0.5))
            if not isinstance(dims, (list, tuple)) or len(dims) != 3 or not all(
                    isinstance(v, (int, float)) and v > 0 for v in dims):
                raise BadInput("'dimensions' must be three positive numbers", where)
            family = Family(str(raw["name"]), str(raw["asset"]), tuple(float(v) for v in dims))  # type: ignore[arg-type]
            self._order.append(family)
            for keyword in raw.get("keywords") or ():
                self._by_word.setdefault(normalise(str(keyword)), family)
        names = {f.name for f in self._order}
        self._kinds: dict[str, frozenset[str]] = {}
        for word, kinds in (data.get("kinds") or {}).items():
            unknown = sorted(set(kinds) - names)
            if unknown or not kinds:
                raise BadInput(f"kind {word!r} names no family {unknown or kinds!r}", f"{source}: kinds")
            self._kinds[normalise(str(word))] = frozenset(str(k) for k in kinds)
        for category, name in self._by_category.items():
            if name not in names:
                raise BadInput(f"category {category!r} names no family {name!r}", f"{source}: categories")

    def families(self) -> list[Family]:
        """Every family, in the file's order."""
        return list(self._order)

    def of(self, noun: str) -> Family | None:
        """The family that draws ``noun`` ("grey wolf" -> quadruped), or None."""
        words = normalise(noun).split()
        if not words:
            return None
        for start in range(len(words)):  # multi-word keywords ("golf cart") first, then the head noun
            found = self._lookup(words[start:])
            if found is not None:
                return found
        return None

    def keywords(self) -> list[str]:
        """Every keyword of every family (normalised), in the file's order."""
        return list(self._by_word)

    def kinds_of(self, noun: str) -> frozenset[str]:
        """The families a generic noun names as a whole ("creatures": quadruped, biped, bird, fish;
        "people": person), from ``kinds``; empty for any other noun."""
        words = normalise(noun).split()
        if not words:
            return frozenset()
        return self._kinds.get(" ".join(words)) or self._kinds.get(" ".join([*words[:-1], singular(words[-1])]),
                                                                   frozenset())

    @functools.lru_cache(maxsize=1)  # noqa: B019 - the one loaded Families lives as long as the process
    def compounds(self) -> dict[str, tuple[str, str | None]]:
        """Each keyword of two or more words -> (the asset of its family, its knowledge-base category):
        a catalog model of the keyword's last word does not draw it ("flying saucer": a craft)."""
        from ..knowledge.objects import load_knowledge  # (knowledge reads this package: no cycle at import)

        return {k: (f.asset, getattr(load_knowledge().lookup(k), "category", None)) for k, f in self._by_word.items()
                if " " in k}

    def named(self, name: str | None) -> Family | None:
        """The family called ``name``, if any."""
        return next((f for f in self._order if f.name == name), None)

    def for_noun(self, noun: str) -> Family | None:
        """The family ``categories`` names for the noun's knowledge-base category (a "mouse" is a
        computer mouse there), else :meth:`of` the noun, else :meth:`of` its knowledge-base
        category, else the family the knowledge base puts it in ("cello" is an instrument),
        mapped by ``knowledge_families``."""
        from ..knowledge.objects import (
            load_knowledge,  # the knowledge base is issue 13's core side
        )

        facts = load_knowledge().lookup(noun)
        key = normalise(facts.category) if facts is not None else normalise(noun)
        found = self.named(self._by_category.get(key)) or self.of(noun)
        if found is not None or facts is None:
            return found
        # a synonym draws like its category ("bat" is a baseball bat there, "pear" an apple)
        return self.of(facts.category) or self.named(self._by_knowledge.get(facts.family))

    def for_object(self, noun: str, description: str = "") -> Family | None:
        """The family that draws an object named ``noun`` whose look is ``description`` (the LLM
        planner's words): :meth:`for_noun`, else the family of the head of the description's first
        noun phrase ("A thin old man in rags" -> person; "A large shaggy beast of burden" -> quadruped).
        Only heads count, never a word before one: a "baby stroller" is no person. None: the object
        is drawn as a labelled box."""
        return self.for_noun(noun) or self._described(description)

    def _described(self, description: str) -> Family | None:
        """The family of the head of ``description``'s first noun phrase, cut at the first punctuation
        or preposition; a trailing participle is passed over ("a silver airship floating ...")."""
        first = re.split(r"[,.:;()]", str(description), maxsplit=1)[0]
        words = normalise(first).split()
        words = words[:next((k for k, w in enumerate(words) if k and w in DESCRIPTION_CUTS), len(words))]
        while words:
            found = self.for_noun(" ".join(words))
            if found is not None or not words[-1].endswith(("ing", "ed")):
                return found
            words = words[:-1]
        return None

    def _lookup(self, words: list[str]) -> Family | None:
        # the singular form, and the plural again when singular() cut a plural-only noun ("scissors")
        for form in (" ".join(words), " ".join([*words[:-1], singular(words[-1])]), " ".join(words) + "s"):
            if form in self._by_word:
                return self._by_word[form]
        return None


@functools.lru_cache(maxsize=1)
def load_families() -> Families:
    """The packaged family table, read once."""
    return Families(json.loads(FAMILIES_FILE.read_text(encoding="utf-8")), str(FAMILIES_FILE))
