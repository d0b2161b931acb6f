"""The reader's small closed word classes, kept as data (knowledge is data): the words that say
one thing ("a", "each"), the words that open a clause ("then", "also"), the words that give a
room's span ("wide", "deep"), the vague amounts ("a few metres") and the like. Each lives in
``closed_words.json`` (schema ``setdresser.offline_closed_words/1``) under ``lists`` (words),
``tables`` (words to numbers) or ``maps`` (words to words), each with what it is for; a module builds
its constant from :func:`word_set`, :func:`word_tuple`, :func:`word_table` or :func:`word_map`
(a module at its size limit imports its constant from here), read once through the one reader
(:func:`~setdresser.blender_addon.core.datafiles.read_document`, cached read-only).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...datafiles import read_document, read_only_cache

CLOSED_WORDS_PATH = Path(__file__).with_name("closed_words.json")
CLOSED_WORDS_SCHEMA = "setdresser.offline_closed_words/1"


@read_only_cache(maxsize=None)
def load_closed_words(path: Path = CLOSED_WORDS_PATH) -> dict[str, Any]:
    """The document at ``path``; ValueError naming the file and the entry when its schema is not
    :data:`CLOSED_WORDS_SCHEMA`, a list is not a list of words, a table not words to numbers or a
    map not words to words."""
    data = read_document(path, CLOSED_WORDS_SCHEMA)
    lists, tables, maps = data.get("lists"), data.get("tables"), data.get("maps", {})
    if not isinstance(lists, dict) or not isinstance(tables, dict) or not isinstance(maps, dict):
        raise ValueError(f"{path}: 'lists', 'tables' and 'maps' must be objects")
    for name, entry in lists.items():
        words = entry.get("words") if isinstance(entry, dict) else None
        if not isinstance(words, list) or not words or not all(isinstance(w, str) and w for w in words):
            raise ValueError(f"{path}: lists.{name}.words must be a list of words")
    for name, entry in tables.items():
        values = entry.get("values") if isinstance(entry, dict) else None
        if not isinstance(values, dict) or not values or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in values.values()):
            raise ValueError(f"{path}: tables.{name}.values must map words to numbers")
    for name, entry in maps.items():
        values = entry.get("values") if isinstance(entry, dict) else None
        if not isinstance(values, dict) or not values or not all(isinstance(v, str) and v for v in values.values()):
            raise ValueError(f"{path}: maps.{name}.values must map words to words")
    return data


def word_tuple(name: str) -> tuple[str, ...]:
    """The words of the list ``name``, in the file's order."""
    return tuple(load_closed_words()["lists"][name]["words"])


def word_set(name: str) -> frozenset[str]:
    """The words of the list ``name``."""
    return frozenset(word_tuple(name))


def word_table(name: str) -> Mapping[str, float]:
    """The table ``name``: each word's number (read-only)."""
    table: Mapping[str, float] = load_closed_words()["tables"][name]["values"]
    return table


def word_pattern(name: str, space: str = " ") -> str:
    """The words of the list ``name`` as one regular-expression group, in the file's order (the
    first that matches wins): each word's letters match as they are, its spaces as ``space``."""
    return "(?:" + "|".join(re.escape(word).replace("\\ ", space) for word in word_tuple(name)) + ")"


def word_map(name: str) -> Mapping[str, str]:
    """The map ``name``: each word's word (read-only)."""
    table: Mapping[str, str] = load_closed_words()["maps"][name]["values"]
    return table


# the constants of modules at their size limit
SINGULAR_DETERMINERS = word_set("singular_determiners")  # "a chair", "each table": one thing (tokens, agreement)
PLURAL_VERBS = word_set("plural_verbs")  # "the chairs are ...": a plural subject (grammar)
MAIN_VERBS = word_set("main_verbs")  # "a lamp stands ...": the clause's verb (grammar)
RELATION_VERBS = word_set("relation_verbs")  # "a desk with monitors on it *faces* the wall": the desk's verb (grammar)
ARRANGEMENTS = word_set("arrangement_nouns")  # "the row", "the circle" (grammar)
REFERENCE_DETERMINERS = word_set("reference_determiners")  # "the two", "these": things said before (chunks, agreement)
EVERY_ONE = word_set("every_one_determiners")  # "each", "both", "all": every one of them (chunks, grammar, referents)
