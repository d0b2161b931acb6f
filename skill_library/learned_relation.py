"""What a learned relation file (``skill_library/learned/<name>/v<N>/relation.py``) is made of.

A learned version keeps its base relation's contract: the same name, arguments, parameters,
physics role and crisp ``check`` (the built-in's, CONTRACTS §5 tolerances). What the outer
loop learns is the smooth ``score`` the solver climbs. That score is generated code, so it
runs only inside the sandbox (ARCHITECTURE.md): the relation file holds it as text
(``LEARNED_SOURCE``), the sandbox child compiles it under its restricted builtins and
:func:`install`\\ s it, and the pipeline solves in the sandbox whenever the active library has
a learned version (:func:`has_learned`). In any other process ``score`` is the built-in's, so
an in-process audit reports the built-in score next to the (shared) check.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any, Callable, Mapping

import numpy as np

from .base import Poses, Relation, RelationSpec

ScoreFn = Callable[[Poses, tuple[int, ...], Mapping[str, Any]], np.ndarray]

# (name, version) -> learned source, filled as learned relation files are imported.
_DECLARED: dict[tuple[str, int], str] = {}
# (name, version) -> the compiled score, filled only inside the sandbox child.
_INSTALLED: dict[tuple[str, int], ScoreFn] = {}


def builtin_module(name: str) -> Any:
    """The built-in module of relation ``name`` (its contract: spec, check, reference score)."""
    return importlib.import_module(f"{__package__}.builtin.{name}")


def learned_relation(name: str, version: int, source: str,
                     description: str = "") -> tuple[RelationSpec, ScoreFn, Callable[..., np.ndarray], Any]:
    """``(SPEC, score, check, validate)`` for a learned relation file; see the module docstring."""
    base = builtin_module(name)
    spec = dataclasses.replace(base.SPEC, version=int(version), description=description or base.SPEC.description)
    key = (name, int(version))
    _DECLARED[key] = source

    def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
        learned = _INSTALLED.get(key)
        return learned(poses, idx, params) if learned is not None else base.score(poses, idx, params)

    return spec, score, base.check, getattr(base, "validate", None)


def declared_source(name: str, version: int) -> str | None:
    """The learned source of ``name`` v``version`` once its file was imported, else None."""
    return _DECLARED.get((name, int(version)))


def install(name: str, version: int, score: ScoreFn) -> None:
    """Route ``name`` v``version``'s score to ``score`` (the sandbox child calls this only)."""
    _INSTALLED[(name, int(version))] = score


def is_learned(relation: Relation) -> bool:
    """Whether a registry relation was loaded from ``learned/``."""
    return relation.source.startswith("learned/")


def learned_versions(registry: Any) -> dict[str, int]:
    """``{name: version}`` of every active learned relation in a :class:`Registry`."""
    out = {}
    for name in registry.names():
        relation = registry.get(name)
        if is_learned(relation):
            out[name] = relation.spec.version
    return out


def has_learned(registry: Any = None) -> bool:
    """Whether the library in use (default: ``default_registry()``) has an active learned version."""
    if registry is None:
        from .registry import default_registry

        registry = default_registry()
    return bool(learned_versions(registry))
