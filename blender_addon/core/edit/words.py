"""The word knowledge of grounding and editing: ``words.json`` with a schema and a typed loader.

Phrases are lower-case, space-joined words (as :func:`..assets.phrase.normalise` writes them).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ..errors import SetDresserError

WORDS_PATH = Path(__file__).with_name("words.json")
WORDS_SCHEMA = "setdresser.edit_words/1"
PREDICATES = frozenset({"on", "under", "near", "in_front_of", "behind", "left_of", "right_of", "between",
                        "facing", "against", "in", "at"})
PLACEMENTS = PREDICATES | {"to", "closer", "away"}
MEASURES = frozenset({"volume", "height", "top", "width", "length", "view_x", "view_depth", "distance"})
VERBS = frozenset({"move", "add", "remove", "replace", "swap", "rotate", "make", "resize", "grow", "shrink",
                   "restyle"})


@dataclass(frozen=True)
class EditWords:
    """The parsed ``words.json``."""

    relations: dict[str, str]
    superlatives: dict[str, tuple[str, str]]
    comparatives: dict[str, tuple[str, str]]
    sides: dict[str, tuple[str, str]]
    ordinal_axes: dict[str, tuple[str, str]]
    negations: frozenset[str]
    relative_words: frozenset[str]
    with_words: frozenset[str]
    without_words: frozenset[str]
    article_words: frozenset[str]
    all_words: frozenset[str]
    edit_verbs: dict[str, str]
    size_words: dict[str, float]
    colors: dict[str, tuple[float, float, float]]
    directions: dict[str, float]
    placements: dict[str, str]
    wall_words: dict[str, str]
    fillers: frozenset[str]
    add_articles: frozenset[str]
    side_phrases: dict[str, tuple[str, str]]


def _pairs(raw: Mapping[str, Any], where: str, allowed: frozenset[str]) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for key, value in raw.items():
        measure, mode = (value.split(":") if isinstance(value, str) else value)
        if measure not in allowed:
            raise SetDresserError(f"{WORDS_PATH.name}: {where}[{key!r}]: unknown measure {measure!r}")
        out[key] = (str(measure), str(mode))
    return out


def _checked(table: Mapping[str, str], allowed: frozenset[str], where: str) -> dict[str, str]:
    bad = sorted(v for v in table.values() if v not in allowed)
    if bad:
        raise SetDresserError(f"{WORDS_PATH.name}: {where}: unknown names {bad}")
    return dict(table)


def parse_words(data: Mapping[str, Any]) -> EditWords:
    """Validate and type the word tables; raises :class:`SetDresserError` naming the bad entry."""
    if data.get("schema") != WORDS_SCHEMA:
        raise SetDresserError(f"{WORDS_PATH.name}: schema must be {WORDS_SCHEMA!r}, got {data.get('schema')!r}")
    return EditWords(
        relations=_checked(data["relations"], PREDICATES, "relations"),
        superlatives=_pairs(data["superlatives"], "superlatives", MEASURES),
        comparatives=_pairs(data["comparatives"], "comparatives", MEASURES),
        sides=_pairs(data["sides"], "sides", MEASURES),
        ordinal_axes=_pairs(data["ordinal_axes"], "ordinal_axes", MEASURES),
        negations=frozenset(data["negations"]), relative_words=frozenset(data["relative_words"]),
        with_words=frozenset(data["with_words"]), without_words=frozenset(data["without_words"]),
        article_words=frozenset(data["article_words"]), all_words=frozenset(data["all_words"]),
        edit_verbs=_checked(data["edit_verbs"], VERBS, "edit_verbs"),
        size_words={k: float(v) for k, v in data["size_words"].items()},
        colors={k: (float(v[0]), float(v[1]), float(v[2])) for k, v in data["colors"].items()},
        directions={k: float(v) for k, v in data["directions"].items()},
        placements=_checked(data["placements"], PLACEMENTS, "placements"),
        wall_words=dict(data["wall_words"]), fillers=frozenset(data["fillers"]),
        add_articles=frozenset(data["add_articles"]),
        side_phrases=_pairs(data["side_phrases"], "side_phrases", MEASURES),
    )


@functools.lru_cache(maxsize=1)
def load_words() -> EditWords:
    """The bundled word tables (cached)."""
    return parse_words(json.loads(WORDS_PATH.read_text(encoding="utf-8")))
