"""The bundled data files' one reader: the JSON object of a file whose ``schema`` names what it
holds (knowledge is data, each file with its schema and a loader; the loaders share this step), and
the read-only form a loader caches it in (:func:`frozen`)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import fields, is_dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from .errors import BadInput

T = TypeVar("T")


def read_document(path: Path, schema: str) -> dict[str, Any]:
    """The JSON object in ``path``; ValueError naming the file unless its ``schema`` is ``schema``."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("schema") != schema:
        raise ValueError(f"{path}: schema must be {schema!r}")
    return data


def read_json(source: Path, what: str) -> Any:
    """The JSON in a file the user may name or edit (``what`` it is: "asset index", "override file");
    every reader of such files words its errors this one way: one line of bad input naming the
    file, and for bad JSON the line and column ("<file>: layout.json is not valid JSON: Expecting
    value (line 3, column 7)")."""
    try:
        return json.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise BadInput(f"{what} not found", str(source)) from exc
    except json.JSONDecodeError as exc:
        raise BadInput(f"{what} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                       str(source)) from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).splitlines()[0]
        raise BadInput(f"cannot read {what}: {reason}", str(source)) from None


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


def read_only_cache(maxsize: int | None = 1) -> Callable[[Callable[..., T]], functools._lru_cache_wrapper[T]]:
    """``functools.lru_cache`` for a loader whose value every caller shares: the value is cached
    :func:`frozen`, so a caller that writes into it raises instead of changing the next caller's data."""
    def wrap(load: Callable[..., T]) -> functools._lru_cache_wrapper[T]:
        @functools.lru_cache(maxsize=maxsize)
        @functools.wraps(load)
        def cached(*args: Any, **kwargs: Any) -> T:
            return frozen(load(*args, **kwargs))  # type: ignore[no-any-return]
        return cached
    return wrap
