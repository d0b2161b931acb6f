"""Values derived once per (lexicon, catalog) pair (issue 14): the vocabulary's name tables and the
tokenizer's phrase table were rebuilt for every prompt, most of the offline planner's time."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass, replace
from types import MappingProxyType
from typing import Any

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


def frozen(value: Any) -> Any:
    """``value`` made read-only all the way down (dicts as mappingproxies, lists as tuples, sets as
    frozensets, a frozen dataclass's fields in turn), so a caller that mutates a shared table raises
    instead of leaking one prompt's change into the next prompt's plan (same prompt + seed = same bytes,
    in one long-lived process too). Anything else (compiled patterns, numbers) is returned as is."""
    if isinstance(value, (dict, MappingProxyType)):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    if is_dataclass(value) and not isinstance(value, type) and value.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return replace(value, **{f.name: frozen(getattr(value, f.name)) for f in fields(value) if f.init})
    return value
