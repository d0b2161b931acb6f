"""Custom relations: a script's ``@custom_relation("NAME")`` functions as solver Relations.

A constraint uses such a function as ``"custom:NAME"``. The program carries the function's
*source*; :func:`custom_relations` interprets each one (:class:`~.runner.ScoreFunction`)
into a :class:`~skill_library.base.Relation` named ``custom:NAME`` whose arity comes from the
constraints using it, whose parameters are free, and whose check is ``score >= 0.9``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ....skill_library.base import CUSTOM_PREFIX, Param, Poses, Relation, RelationSpec
from ..errors import ProgramError
from ..model import Program
from .runner import ScoreFunction, compile_score

CHECK_THRESHOLD = 0.9  # a custom relation counts as satisfied from this score on


def check_custom_references(program: Program) -> None:
    """Every ``custom:NAME`` constraint must have its function; raises ProgramError otherwise."""
    for i, con in enumerate(program.constraints):
        name = con.relation[len(CUSTOM_PREFIX):]
        if con.relation.startswith(CUSTOM_PREFIX) and name not in program.custom_functions:
            raise ProgramError(f"uses {con.relation} but no @custom_relation({name!r}) function is defined",
                               f"constraints[{i}] {con.label()}")


def relation_spec(name: str, program: Program) -> RelationSpec:
    """The spec of ``custom:NAME``: arity from the constraints using it, their params free."""
    uses = [c for c in program.constraints if c.relation == CUSTOM_PREFIX + name]
    arities = [len(c.args) for c in uses] or [1]
    params: dict[str, Param] = {}
    for con in uses:
        for key, value in con.params.items():
            params.setdefault(key, Param(name=key, type=_param_type(value)))
    return RelationSpec(name=CUSTOM_PREFIX + name, min_args=min(arities), max_args=max(arities),
                        params=tuple(params.values()), frame_free=False,
                        description=f"custom scoring function {name!r} written by the coder (interpreted)")


def _param_type(value: Any) -> Any:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "str"


def make_relation(name: str, score: ScoreFunction, program: Program) -> Relation:
    """A Relation for the solver around one interpreted custom function."""
    def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
        return score(poses, idx, params) >= CHECK_THRESHOLD

    return Relation(spec=relation_spec(name, program), score=score, check=check, source=CUSTOM_PREFIX + name)


def custom_relations(program: Program) -> dict[str, Relation]:
    """``{"custom:NAME": Relation}`` for every custom function of ``program``."""
    check_custom_references(program)
    return {CUSTOM_PREFIX + name: make_relation(name, compile_score(name, source), program)
            for name, source in program.custom_functions.items()}
