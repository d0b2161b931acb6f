"""Values derived once per (lexicon, catalog) pair (issue 14): the vocabulary's name tables and the
tokenizer's phrase table were rebuilt for every prompt, most of the offline planner's time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...datafiles import frozen

__all__ = ["frozen", "shared"]

_SHARED: dict[tuple[int, int, str], tuple[Any, Any, Any]] = {}


def shared(lex: Any, catalog: Any, what: str, make: Callable[[], Any]) -> Any:
    """A value derived only from one (lexicon, catalog) pair, made once per pair: both are loaded
    once and never changed, so the noun tables and the tokenizer's phrase table need not be rebuilt
    for every prompt (they were most of the planner's time). Reloading either (a new library) is a
    new pair. The value is shared: callers only read it."""
    key = (id(lex), id(catalog), what)
    hit = _SHARED.get(key)
    if hit is None or hit[0] is not lex or hit[1] is not catalog:
        if len(_SHARED) > 32:
            _SHARED.clear()
        hit = _SHARED[key] = (lex, catalog, frozen(make()))
    return hit[2]
