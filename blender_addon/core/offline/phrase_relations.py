"""Which relation the offline coder writes for a phrase kind (knowledge is data).

``lexicon.json`` maps a phrase ("in front of", "beneath") to a *kind* ("front", "under");
``phrase_relations.json`` maps a kind to a relation of the library, in three tables:
``directional`` (a side of the anchor), ``simple`` (one relation of two objects) and
``negated`` (what "nothing on the desk" rules out) and ``compass`` (a compass side of the
anchor: "east of the bed" is right_of in the world frame). The loader checks the file's shape; the
tests check that every relation is in the registry and every kind is one the lexicon makes.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from ..errors import BadInput

PHRASE_RELATIONS_PATH = Path(__file__).with_name("phrase_relations.json")
PHRASE_RELATIONS_SCHEMA = "setdresser.offline_phrase_relations/1"
TABLES = ("directional", "simple", "negated", "compass")


@dataclass(frozen=True)
class PhraseRelations:
    """Kind -> relation name, per table (read-only mappings)."""

    directional: Mapping[str, str]
    simple: Mapping[str, str]
    negated: Mapping[str, str]
    compass: Mapping[str, str]


def parse_phrase_relations(data: Any, source: str) -> PhraseRelations:
    """Check and read a ``setdresser.offline_phrase_relations/1`` document."""
    if not isinstance(data, dict) or data.get("schema") != PHRASE_RELATIONS_SCHEMA:
        raise BadInput(f"schema must be {PHRASE_RELATIONS_SCHEMA!r}", source)
    tables: dict[str, Mapping[str, str]] = {}
    for name in TABLES:
        table = data.get(name)
        if not isinstance(table, dict) or not all(
                isinstance(k, str) and k and isinstance(v, str) and v for k, v in table.items()):
            raise BadInput("must map phrase kinds to relation names (non-empty strings)", f"{source}: {name}")
        tables[name] = MappingProxyType(dict(table))
    unknown = sorted(set(data) - {"schema", "description", *TABLES})
    if unknown:
        raise BadInput(f"unknown key(s) {', '.join(unknown)}", source)
    return PhraseRelations(**tables)


@functools.lru_cache(maxsize=1)
def load_phrase_relations() -> PhraseRelations:
    """The bundled ``phrase_relations.json`` (cached)."""
    data = json.loads(PHRASE_RELATIONS_PATH.read_text(encoding="utf-8"))
    return parse_phrase_relations(data, PHRASE_RELATIONS_PATH.name)
