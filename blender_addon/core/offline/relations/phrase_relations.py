"""Which relation the offline coder writes for a phrase kind: declared by the relations.

``lexicon.json`` and the relation plugins' ``PHRASES`` map a phrase ("in front of", "beneath")
to a *kind* ("front", "under"); each plugin also says which kinds stand for it in the coder's
three tables (skill_library/phrases.py): ``directional`` (a side of the anchor), ``simple``
(one relation of two objects) and ``negated`` (what "nothing on the desk" rules out). The
registry checks and joins the declarations; a new relation module adds its words and table
entries here without a change to the offline code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .....skill_library.phrases import TABLES
from .....skill_library.registry import Registry, default_registry


@dataclass(frozen=True)
class PhraseRelations:
    """Kind -> relation name, per table (read-only mappings)."""

    directional: Mapping[str, str]
    simple: Mapping[str, str]
    negated: Mapping[str, str]


def phrase_relations_of(registry: Registry) -> PhraseRelations:
    """The three tables the relations of ``registry`` declare."""
    book = registry.phrase_book()
    return PhraseRelations(**{name: book.table(name) for name in TABLES})


def load_phrase_relations() -> PhraseRelations:
    """The tables of the library in use (``default_registry()``; its phrase book is cached)."""
    return phrase_relations_of(default_registry())
