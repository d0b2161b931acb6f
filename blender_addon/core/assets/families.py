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
from collections.abc import Mapping, Sequence
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
LIVING_FAMILIES = frozenset({"person", "quadruped", "bird", "fish", "biped"})  # shapes of living things
LIVING_KNOWLEDGE = frozenset({"person", "animal"})  # the knowledge base's families of living things
FAMILIES_FILE = Path(__file__).resolve().parents[3] / "assets_index" / "families.json"
# A shape drawn for a thing of other proportions reads wrong past this spread of the per-axis scale
# factors (a 1.9 m longcase clock squeezed to a 12 cm alarm clock, a person as a record player).
SHAPE_SPREAD = 3.5
THIN = 0.1  # an axis under this share of the largest one is a slab's thickness


def misshapen(model: Sequence[float], wanted: Sequence[float], limit: float = SHAPE_SPREAD) -> bool:
    """Whether a shape made for size ``model`` [w, d, h] would be distorted past ``limit`` when drawn
    at size ``wanted``: the largest per-axis scale factor over the smallest (footprints compared
    longer side to longer side; a thin axis that stays thin does not count)."""
    made = (*sorted(model[:2], reverse=True), model[2])  # the footprint either way round (the builder
    want = (*sorted(wanted[:2], reverse=True), wanted[2])  # draws a long table across or along)
    top_m, top_w = max(made), max(want)
    factors = [float(t) / float(m) for m, t in zip(made, want)  # (a thin axis that stays thin: a mat, a board)
               if float(m) > 0 and not (m < THIN * top_m and t < THIN * top_w)]
    return len(factors) > 1 and max(factors) > limit * min(factors)


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
        self.compound_heads: Mapping[str, Any] = data.get("compound_heads") or {}
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

    def named(self, name: str | None) -> Family | None:
        """The family called ``name``, if any."""
        return next((f for f in self._order if f.name == name), None)

    def listed(self, noun: str) -> Family | None:
        """The family ``categories`` names for the noun's knowledge-base category, if any."""
        from ..knowledge.objects import load_knowledge

        facts = load_knowledge().lookup(noun)
        return self.named(self._by_category.get(normalise(facts.category if facts is not None else noun)))

    def for_noun(self, noun: str, compounds: bool = True) -> Family | None:
        """The family ``categories`` names for the noun's knowledge-base category (a "mouse" is a
        computer mouse there), else :meth:`of` the noun, else :meth:`of` its knowledge-base
        category, else the family the knowledge base puts it in ("cello" is an instrument),
        mapped by ``knowledge_families``; last, an unknown one-word compound draws like its last part
        ("narrowboat": a boat, assets/compounds.py) unless ``compounds`` is False."""
        from ..knowledge.objects import (
            load_knowledge,  # the knowledge base is issue 13's core side
        )

        facts = load_knowledge().lookup(noun)
        key = normalise(facts.category) if facts is not None else normalise(noun)
        found = self.named(self._by_category.get(key)) or self._by_head(noun, facts)
        if found is None and facts is None and compounds:
            from .compounds import compound_head  # (compounds reads this module)

            head = compound_head(noun)
            return self.for_noun(head, compounds=False) if head is not None else None
        if found is not None or facts is None:
            return found
        # a synonym draws like its category ("bat" is a baseball bat there, "pear" an apple)
        return self._by_head(facts.category, facts) or self.named(self._by_knowledge.get(facts.family))

    def _by_head(self, noun: str, facts: Any) -> Family | None:
        """:meth:`of` the noun, except that a family found by a shorter ending of a name the knowledge
        base knows must have its proportions: a "record player" is no "player" (person), a "hot dog"
        no dog."""
        found = self.of(noun)
        if found is None or facts is None or self._lookup(normalise(noun).split()) is found:
            return found
        own = facts.family in self._by_knowledge  # a "clothes horse" is no horse: its own family draws it
        if found.name in LIVING_FAMILIES and facts.family not in LIVING_KNOWLEDGE and own:
            return None  # (a "rubber duck", of no family of its own, still looks a duck)
        return None if misshapen(found.dimensions, facts.typical) else found

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
