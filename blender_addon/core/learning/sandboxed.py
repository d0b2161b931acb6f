"""The sandbox child's side of learned relations (imported by ``sandbox_child`` only).

- :func:`prepare_library`: before the guards go up, point the registry at the parent's library
  (the child's environment is scrubbed, so the request carries the folder), load it, and
  compile every active learned score; :meth:`LearnedCode.install` then defines them with the
  restricted builtins, while armed, and routes the relations' scores to them.
- :func:`prepare_properties`: the ``"properties"`` request: compile a candidate score and
  run :func:`~.properties.check_properties` on it, armed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from types import CodeType
from typing import Any, Callable

from ....skill_library.base import Relation
from ....skill_library.registry import LIBRARY_DIR_ENV, default_registry
from ..sandbox_custom import CUSTOM_PREFIX, wrap_score
from ..sandbox_policy import SandboxError, check_source
from .properties import check_properties
from .runtime import builtin_module, declared_source, install, learned_versions

Define = Callable[[str, CodeType], Callable[..., Any]]  # sandbox_child._define with its guard bound


def compile_learned(name: str, source: str) -> CodeType:
    """A learned score's source compiled after the sandbox's static policy check."""
    filename = CUSTOM_PREFIX + name
    return compile(check_source(source, filename), filename, "exec")


@dataclass
class LearnedCode:
    """The active learned scores, compiled and waiting to be defined under the guard."""

    compiled: dict[tuple[str, int], CodeType] = field(default_factory=dict)

    def install(self, define: Define) -> None:
        """Define each learned function (restricted, armed) and route its relation's score to it."""
        for (name, version), code in self.compiled.items():
            install(name, version, wrap_score(name, define(name, code)))


def prepare_library(library_dir: str | None) -> LearnedCode:
    """Load the library at ``library_dir`` (the parent's) now, while files may still be read."""
    if library_dir:
        os.environ[LIBRARY_DIR_ENV] = library_dir
        default_registry.cache_clear()
    registry = default_registry()
    learned = LearnedCode()
    for name, version in learned_versions(registry).items():
        source = declared_source(name, version)
        if source is None:
            raise SandboxError(f"learned relation {name} v{version} has no LEARNED_SOURCE", kind="program",
                               filename=f"learned/{name}/v{version}/relation.py")
        learned.compiled[(name, version)] = compile_learned(name, source)
    return learned


def prepare_properties(request: dict[str, Any], define_with_guard: Callable[..., Callable[..., Any]]) -> Callable[..., dict[str, Any]]:
    """The runner of a ``{"op": "properties", "relation", "source", "seed", "cases"}`` request."""
    name = str(request["relation"])
    base = builtin_module(name)
    relation = Relation(spec=base.SPEC, score=base.score, check=base.check, source=f"builtin/{name}.py",
                        validate=getattr(base, "validate", None))
    code = compile_learned(name, str(request["source"]))
    seed, cases = int(request.get("seed", 0)), list(request.get("cases", []))

    def run(guard: Any) -> dict[str, Any]:
        candidate = define_with_guard(name, code, guard)
        return {"properties": check_properties(candidate, relation, seed=seed, cases=cases).to_dict()}

    return run
