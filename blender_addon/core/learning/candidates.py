"""The outer loop's gate helpers, in this process: a candidate score is interpreted, never run.

- :func:`check_properties_of_source`: the skill library's property tests
  (:func:`~.properties.check_properties`) on a learned-score candidate's source.
- :func:`solve_with_library`: solve a program against the library at ``library_dir`` (the
  gate compares the current library with a copy holding the candidate).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any, Iterator

from ....skill_library.base import Relation
from ....skill_library.registry import LIBRARY_DIR_ENV, default_registry
from ..model import Layout, Program
from ..script import compile_score
from .properties import check_properties
from .runtime import builtin_module


def check_properties_of_source(relation: str, source: str, *, seed: int = 0,
                               cases: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The property report (as a dict) of ``source`` as the score of built-in ``relation``.

    A source outside the script language raises :class:`~..script.ScriptError` (a BadInput)."""
    base = builtin_module(relation)
    reference = Relation(spec=base.SPEC, score=base.score, check=base.check, source=f"builtin/{relation}.py",
                         validate=getattr(base, "validate", None))
    candidate = compile_score(relation, source, clip=False)  # the range is one of the properties
    return check_properties(candidate, reference, seed=seed, cases=cases or []).to_dict()


@contextlib.contextmanager
def library_in_use(library_dir: Path | None) -> Iterator[None]:
    """Make ``library_dir`` the library in use for the block (``None``: leave it)."""
    if library_dir is None:
        yield
        return
    before = os.environ.get(LIBRARY_DIR_ENV)
    os.environ[LIBRARY_DIR_ENV] = str(library_dir)
    default_registry.cache_clear()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(LIBRARY_DIR_ENV, None)
        else:
            os.environ[LIBRARY_DIR_ENV] = before
        default_registry.cache_clear()


def solve_with_library(program: Program, *, seed: int, effort: float, prompt: str = "",
                       library_dir: Path | None = None) -> Layout:
    """Solve ``program`` (custom functions interpreted) with the library at ``library_dir``, with the
    solver's counted work ``effort`` (results never depend on the machine's speed)."""
    from ..solve_record import Budget
    from ..stage_set import numpy_solve

    with library_in_use(library_dir):
        return numpy_solve(program, seed, Budget(effort=effort), prompt)
