"""Load and validate ``features.json``: what a place's modifier features (issue 14, composition).

A place phrase is a HEAD ("club", "workshop", "showroom", "sale") and a MODIFIER before it (a trade:
"a bookbinder's workshop", a sport: "a snooker club", an activity: "a knitting circle", an occasion:
"a christening at the village church", a room's goods: "a bathroom showroom"). The head gives the room
(the archetypes' ``room_heads``); a *feature* of this table, found by its modifier words, names the
featured things as item sentences of the planner's English (the archetypes' placeholders, filled from
the room's capacity), its ``base`` room where the head names none of its own, the base room's items
it replaces (``drop``) and the user's plain nouns that mean its featured thing there (``senses``).
The file's ``about`` says when each key applies; core/offline/completion/place_features.py reads it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...datafiles import read_only_cache
from .loader import Item, item_list, text_field

FEATURES_SCHEMA = "setdresser.place_features/1"
FEATURES_PATH = Path(__file__).with_name("features.json")
KINDS = frozenset({"trade", "sport", "activity", "occasion", "goods"})
FEATURE_KEYS = frozenset({"id", "kind", "words", "base", "heads", "event", "drop", "senses", "items"})
ITEM_KEYS = frozenset({"object", "text", "optional"})


@dataclass(frozen=True)
class Feature:
    """One modifier's featured things: the words that name it and what it adds."""

    id: str
    kind: str
    words: tuple[str, ...]
    items: tuple[Item, ...] = ()
    base: str = ""  # the room it is held in when the head names none ("a kettlebell class": a gym)
    heads: frozenset[str] = frozenset()  # only before these heads (empty: before any place head)
    event: bool = False  # also as the text's first noun ("a christening at the village church")
    drop: frozenset[str] = frozenset()  # the base room's items its things replace
    senses: Mapping[str, str] = field(default_factory=dict)  # "tables" in a snooker club: snooker tables


@dataclass(frozen=True)
class FeatureBook:
    """Every feature, and the head nouns that say where a modifier stands."""

    features: tuple[Feature, ...]
    heads: frozenset[str] = frozenset()
    venue_heads: frozenset[str] = frozenset()
    structure_heads: frozenset[str] = frozenset()
    occupation_words: frozenset[str] = frozenset()
    setting_prepositions: frozenset[str] = frozenset()  # "a kiosk *in* a mall": the mall is the setting

    def phrases(self) -> list[tuple[tuple[str, ...], Feature]]:
        """(words of a phrase, its feature), the longest phrases first."""
        out = [(tuple(w.split()), f) for f in self.features for w in f.words]
        return sorted(out, key=lambda p: -len(p[0]))


def _words(raw: Any, where: str) -> tuple[str, ...]:
    """A list of lower-case phrases."""
    if not isinstance(raw, list):
        raise ValueError(f"{where}: expected a list of strings")
    return tuple(text_field(w, where).lower() for w in raw)


def _feature(raw: Any, where: str, archetype_ids: frozenset[str]) -> Feature:
    """One feature entry; ValueError names what is wrong and where."""
    if not isinstance(raw, Mapping) or set(raw) - FEATURE_KEYS:
        raise ValueError(f"{where}: expected an object with only the keys {sorted(FEATURE_KEYS)}")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise ValueError(f"{where}.kind: expected one of {sorted(KINDS)}")
    base = str(raw.get("base", ""))
    if base and archetype_ids and base not in archetype_ids:
        raise ValueError(f"{where}.base: unknown archetype {base!r}")
    senses = raw.get("senses") or {}
    if not isinstance(senses, Mapping):
        raise ValueError(f"{where}.senses: expected an object of noun -> featured thing")
    words = _words(raw.get("words"), f"{where}.words")
    if not words:
        raise ValueError(f"{where}.words: expected at least one word")
    return Feature(id=text_field(raw.get("id"), f"{where}.id"), kind=kind, words=words,
                   items=item_list(raw.get("items", []), f"{where}.items", "featured", keys=ITEM_KEYS),
                   base=base, heads=frozenset(_words(raw.get("heads", []), f"{where}.heads")),
                   event=bool(raw.get("event", False)), drop=frozenset(_words(raw.get("drop", []), f"{where}.drop")),
                   senses={text_field(k, f"{where}.senses").lower(): text_field(v, f"{where}.senses").lower()
                           for k, v in senses.items()})


def parse_features(data: Any, archetype_ids: frozenset[str] = frozenset(), where: str = "features") -> FeatureBook:
    """Validate a parsed ``features.json`` (bases checked against ``archetype_ids`` when given)."""
    if not isinstance(data, Mapping) or data.get("schema") != FEATURES_SCHEMA:
        raise ValueError(f"{where}: schema must be {FEATURES_SCHEMA!r}")
    raw = data.get("features")
    if not isinstance(raw, list) or not raw:
        raise ValueError(f"{where}.features: expected a non-empty list")
    features = tuple(_feature(f, f"{where}.features[{i}]", archetype_ids) for i, f in enumerate(raw))
    ids = [f.id for f in features]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{where}.features: ids must be unique")
    lists = {key: frozenset(_words(data.get(key, []), f"{where}.{key}"))
             for key in ("heads", "venue_heads", "structure_heads", "occupation_words", "setting_prepositions")}
    return FeatureBook(features=features, **lists)


@read_only_cache(maxsize=1)
def load_features(path: Path = FEATURES_PATH) -> FeatureBook:
    """The bundled features (cached), their bases checked against the bundled archetypes."""
    from .loader import load_archetypes
    ids = frozenset(a.id for a in load_archetypes().archetypes)
    return parse_features(json.loads(path.read_text(encoding="utf-8")), ids, str(path))
