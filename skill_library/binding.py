"""Binding one use of a relation: its arity and its params checked against the relation's spec,
each value converted to its declared type (a whole float for an ``int``), defaults filled in; a
``custom:`` relation keeps params it does not declare. Problems raise :class:`ProgramError`."""

from __future__ import annotations

import math
from typing import Any, Mapping

from .base import CUSTOM_PREFIX, Param, Relation, RelationSpec
from .errors import ProgramError


def _check_param_value(param: Param, value: Any) -> tuple[Any, str | None]:
    """The value converted to the param's type, or a problem description."""
    if param.type == "bool":
        if not isinstance(value, bool):
            return value, f"must be true or false, got {value!r}"
    elif param.type == "str":
        if not isinstance(value, str):
            return value, f"must be a string, got {value!r}"
    elif param.type == "int":
        integral = isinstance(value, float) and math.isfinite(value) and value == int(value)
        if isinstance(value, bool) or not (isinstance(value, int) or integral):
            return value, f"must be an integer, got {value!r}"
        value = int(value)
    elif param.type == "float":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return value, f"must be a finite number, got {value!r}"
        value = float(value)
    if param.choices is not None and value not in param.choices:
        return value, f"must be one of {list(param.choices)}, got {value!r}"
    if param.minimum is not None and value < param.minimum:
        return value, f"must be >= {param.minimum}, got {value!r}"
    if param.maximum is not None and value > param.maximum:
        return value, f"must be <= {param.maximum}, got {value!r}"
    return value, None


def _arity_text(spec: RelationSpec) -> str:
    if spec.max_args is None:
        return f"at least {spec.min_args}"
    if spec.max_args == spec.min_args:
        return str(spec.min_args)
    return f"{spec.min_args} to {spec.max_args}"


def bind_params(relation: Relation, n_args: int, given: Mapping[str, Any], where: str) -> dict[str, Any]:
    """Check arity and params of one use of ``relation``; returns the params with defaults filled."""
    spec = relation.spec
    if n_args < spec.min_args or (spec.max_args is not None and n_args > spec.max_args):
        raise ProgramError(f"{spec.signature()} takes {_arity_text(spec)} object(s), got {n_args}", where)
    declared = {p.name: p for p in spec.params}
    unknown = sorted(set(given) - set(declared))
    if unknown and not spec.name.startswith(CUSTOM_PREFIX):
        raise ProgramError(f"unknown parameter(s) {unknown}; {spec.name} takes "
                           f"{sorted(declared) or 'no parameters'}", where)
    params: dict[str, Any] = {k: given[k] for k in unknown}  # custom relations keep undeclared params
    for name, param in declared.items():
        if name not in given or given[name] is None:
            if param.required:
                raise ProgramError(f"parameter '{name}' is required", where)
            params[name] = param.default
            continue
        params[name], problem = _check_param_value(param, given[name])
        if problem:
            raise ProgramError(f"parameter '{name}' {problem}", where)
    problem = relation.validate(params, n_args) if relation.validate else None
    if problem:
        raise ProgramError(problem, where)
    return params
