"""A relation's words: the phrases the offline coder reads as this relation (data, versioned).

A relation module may declare ``PHRASES``, a ``setdresser.relation_phrases/1`` document (a
learned ``relation.json`` may carry one under ``"phrases"``; without one it keeps its
built-in's)::

    PHRASES = {
        "schema": "setdresser.relation_phrases/1",
        "kinds": {"front": ["directional", "negated"]},
        "phrases": {"in front of": ["front"], "in front": ["front", {"implicit": True}]},
    }

``phrases`` maps a phrase (lower-case words, space-joined) to its *kind* and optional
parameters, as the offline lexicon's ``relation_phrases`` do; ``kinds`` says, for each kind this
relation owns, in which of the offline coder's tables the kind stands for this relation:
``directional`` (a side of the anchor, taking ``max_distance``), ``simple`` (one relation of
two objects), ``negated`` (what "nothing <phrase> the desk" rules out); an empty list leaves the
kind to the coder's own rules. :func:`parse_phrases` is the one loader (the registry calls it for
modules and learned files alike); :func:`collect` joins every relation's declaration into the
:class:`PhraseBook` the offline coder reads, refusing a phrase or a table entry claimed twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from .errors import ManifestError

PHRASES_SCHEMA = "setdresser.relation_phrases/1"
TABLES = ("directional", "simple", "negated")
_KEYS = frozenset({"schema", "description", "kinds", "phrases"})
_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class RelationPhrases:
    """One relation's declaration: kind -> tables, phrase -> (kind, params)."""

    kinds: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _EMPTY)
    phrases: Mapping[str, tuple[str, Mapping[str, Any]]] = field(default_factory=lambda: _EMPTY)

    def __bool__(self) -> bool:
        return bool(self.kinds or self.phrases)


def _nonempty_str(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _kinds(raw: Any, source: str) -> dict[str, tuple[str, ...]]:
    if not isinstance(raw, dict):
        raise ManifestError(f"{source}: kinds must map a phrase kind to a list of tables {list(TABLES)}")
    out: dict[str, tuple[str, ...]] = {}
    for kind, tables in raw.items():
        if not _nonempty_str(kind) or not isinstance(tables, (list, tuple)) \
                or not all(t in TABLES for t in tables) or len(set(tables)) != len(tables):
            raise ManifestError(f"{source}: kinds: {kind!r} must map to a list of distinct tables "
                                f"out of {list(TABLES)}, got {tables!r}")
        out[kind] = tuple(tables)
    return out


def _params(raw: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(raw, dict) or not all(
            _nonempty_str(k) and isinstance(v, (bool, int, float, str)) for k, v in raw.items()):
        raise ManifestError(f"{where}: parameters must map names to numbers, booleans or strings, got {raw!r}")
    return MappingProxyType(dict(raw))


def _phrases(raw: Any, kinds: Mapping[str, tuple[str, ...]], source: str) -> dict[str, tuple[str, Mapping[str, Any]]]:
    if not isinstance(raw, dict):
        raise ManifestError(f"{source}: phrases must map a phrase to [kind] or [kind, {{params}}]")
    out: dict[str, tuple[str, Mapping[str, Any]]] = {}
    for phrase, value in raw.items():
        where = f"{source}: phrases: {phrase!r}"
        if not _nonempty_str(phrase) or phrase != " ".join(phrase.lower().split()):
            raise ManifestError(f"{where}: a phrase is lower-case words joined by single spaces")
        if not isinstance(value, (list, tuple)) or len(value) not in (1, 2) or not _nonempty_str(value[0]):
            raise ManifestError(f"{where}: must be [kind] or [kind, {{params}}], got {value!r}")
        if value[0] not in kinds:
            raise ManifestError(f"{where}: kind {value[0]!r} is not one of this relation's kinds {sorted(kinds)}")
        out[phrase] = (value[0], _params(value[1], where) if len(value) == 2 else _EMPTY)
    return out


def parse_phrases(data: Any, source: str) -> RelationPhrases:
    """Check and read a ``setdresser.relation_phrases/1`` document; problems raise
    :class:`ManifestError` naming ``source`` and the offending key."""
    if not isinstance(data, dict) or data.get("schema") != PHRASES_SCHEMA:
        raise ManifestError(f"{source}: phrases: schema must be {PHRASES_SCHEMA!r}")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ManifestError(f"{source}: phrases: unknown key(s) {', '.join(unknown)}")
    kinds = _kinds(data.get("kinds", {}), f"{source}: phrases")
    phrases = _phrases(data.get("phrases", {}), kinds, f"{source}")
    return RelationPhrases(kinds=MappingProxyType(kinds), phrases=MappingProxyType(phrases))


@dataclass(frozen=True)
class PhraseBook:
    """Every relation's words together: the offline coder's tables and extra lexicon phrases."""

    tables: Mapping[str, Mapping[str, str]]  # table -> kind -> relation name
    phrases: Mapping[str, tuple[str, Mapping[str, Any]]]  # phrase -> (kind, params)
    owners: Mapping[str, str]  # phrase -> the relation declaring it

    def table(self, name: str) -> Mapping[str, str]:
        """Kind -> relation for one of :data:`TABLES`."""
        return self.tables[name]


def collect(declared: Iterable[tuple[str, RelationPhrases]]) -> PhraseBook:
    """Join (relation name, declaration) pairs; a phrase or a (table, kind) claimed by two
    relations raises :class:`ManifestError` naming both."""
    tables: dict[str, dict[str, str]] = {t: {} for t in TABLES}
    phrases: dict[str, tuple[str, Mapping[str, Any]]] = {}
    owners: dict[str, str] = {}
    for name, decl in sorted(declared, key=lambda pair: pair[0]):
        for kind, in_tables in decl.kinds.items():
            for table in in_tables:
                other = tables[table].setdefault(kind, name)
                if other != name:
                    raise ManifestError(f"{name}: phrase kind {kind!r} of table {table!r} is already {other}'s")
        for phrase, entry in decl.phrases.items():
            other = owners.setdefault(phrase, name)
            if other != name:
                raise ManifestError(f"{name}: phrase {phrase!r} is already declared by {other}")
            phrases[phrase] = entry
    return PhraseBook(tables=MappingProxyType({t: MappingProxyType(k) for t, k in tables.items()}),
                      phrases=MappingProxyType(phrases), owners=MappingProxyType(owners))
