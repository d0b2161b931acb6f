"""Operators, subscripts and text formatting of the script language, with their size checks.

Every operation checks the size of its result *before* computing it (string and list
repetition, broadcasting, fancy indexing, integer powers), so no script can allocate past the
limits; integers stay below 2**63 and text is made only from the language's own values.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import Any

import numpy as np

from .errors import EvalFailure, LimitExceeded
from .functions import safe_power
from .values import Budget, Params, PosesView, broadcast_size, check_int, type_name

BINARY: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: safe_power, ast.BitAnd: operator.and_,
    ast.BitOr: operator.or_, ast.BitXor: operator.xor}
UNARY: dict[type, Callable[[Any], Any]] = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_,
                                           ast.Invert: operator.invert}
COMPARE: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
    ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
    ast.In: lambda a, b: _contains(b, a), ast.NotIn: lambda a, b: not _contains(b, a)}
NUMBER = (bool, int, float, np.ndarray)
SEQUENCE = (str, list, tuple)


def _contains(container: Any, item: Any) -> bool:
    if not isinstance(container, (str, list, tuple, dict, range)):
        raise EvalFailure(f"'in' needs a list, tuple, string, dict or range, not {type_name(container)}", "type")
    if isinstance(container, str) and not isinstance(item, str):
        raise EvalFailure("'in' a string needs a string", "type")
    return bool(item in container)


def binary(op: ast.operator, left: Any, right: Any, budget: Budget) -> Any:
    """``left OP right`` with the language's types and size checks."""
    if isinstance(left, NUMBER) and isinstance(right, NUMBER):
        return _numeric(op, left, right, budget)
    if isinstance(op, ast.Add) and isinstance(left, SEQUENCE) and type(left) is type(right):
        _length(len(left) + len(right), budget)
        return left + right  # type: ignore[operator]
    if isinstance(op, ast.Mult) and (isinstance(left, SEQUENCE) and _is_int(right) or
                                     isinstance(right, SEQUENCE) and _is_int(left)):
        seq, times = (left, right) if isinstance(left, SEQUENCE) else (right, left)
        _length(len(seq) * max(int(times), 0), budget)
        return seq * int(times)
    if isinstance(op, ast.Mod) and isinstance(left, str):
        raise EvalFailure("'%' formatting of strings is not supported (use an f-string)", "construct")
    raise EvalFailure(f"unsupported operand types for {type(op).__name__}: {type_name(left)} and "
                      f"{type_name(right)}", "type")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _length(n: int, budget: Budget) -> None:
    if n > budget.limits.sequence_length:
        raise LimitExceeded(f"a string or list of {n:,} items is longer than {budget.limits.sequence_length:,}")
    budget.step(n // 16)


def _numeric(op: ast.operator, left: Any, right: Any, budget: Budget) -> Any:
    arrays = [v for v in (left, right) if isinstance(v, np.ndarray)]
    if arrays:
        try:
            size = broadcast_size((left, right))
        except ValueError:
            raise EvalFailure(f"shapes {np.shape(left)} and {np.shape(right)} do not match", "value") from None
        budget.allocate(size)
        budget.step(sum(a.size for a in arrays) // 16)
    if isinstance(op, (ast.BitAnd, ast.BitOr, ast.BitXor)) and _has_float(left, right):
        raise EvalFailure("&, | and ^ need booleans or integers", "type")
    try:
        result = BINARY[type(op)](left, right)
    except ZeroDivisionError:
        raise EvalFailure("division by zero", "value") from None
    except OverflowError:
        raise LimitExceeded("a number is too large (overflow)") from None
    return check_int(result) if isinstance(result, int) else result


def _has_float(*values: Any) -> bool:
    return any(isinstance(v, float) or isinstance(v, np.ndarray) and v.dtype.kind == "f" for v in values)


def unary(op: ast.unaryop, operand: Any, budget: Budget) -> Any:
    """``OP operand``."""
    if isinstance(op, ast.Not):
        return not truth(operand)
    if not isinstance(operand, NUMBER) or isinstance(op, ast.Invert) and _has_float(operand):
        raise EvalFailure(f"bad operand type for {type(op).__name__}: {type_name(operand)}", "type")
    if isinstance(operand, np.ndarray):
        budget.allocate(operand.size)
    result = UNARY[type(op)](operand)
    return check_int(result) if isinstance(result, int) else result


def truth(value: Any) -> bool:
    """The truth of a condition; an array of more than one element is an error, as in numpy."""
    if isinstance(value, np.ndarray) and value.size != 1:
        raise EvalFailure("the truth of an array with more than one element is ambiguous (use np.any/np.all "
                          "or np.where)", "value")
    if isinstance(value, (PosesView, Params)):
        return True
    return bool(value)


def compare(op: ast.cmpop, left: Any, right: Any, budget: Budget) -> Any:
    """``left OP right`` (element-wise for arrays)."""
    if isinstance(left, np.ndarray) or isinstance(right, np.ndarray):
        _numeric(ast.Add(), left, right, budget) if isinstance(left, NUMBER) and isinstance(right, NUMBER) else None
    return COMPARE[type(op)](left, right)


def subscript(value: Any, index: Any, budget: Budget) -> Any:
    """``value[index]`` on the language's containers and arrays."""
    if isinstance(value, Params):
        return value.item(index)
    if isinstance(value, dict):
        if index not in value:
            raise EvalFailure(f"no key {index!r}"[:120], "value")
        return value[index]
    if isinstance(value, (list, tuple, str, range)):
        if not (_is_int(index) or isinstance(index, slice)):
            raise EvalFailure(f"{type_name(value)} indices must be integers or slices", "type")
        return value[index]
    if isinstance(value, np.ndarray):
        _check_fancy(value, index, budget)
        return value[index]
    raise EvalFailure(f"a {type_name(value)} cannot be indexed", "type")


def _check_fancy(array: np.ndarray, index: Any, budget: Budget) -> None:
    """Refuse an index whose result could pass the size limit (integer arrays repeat elements)."""
    parts = index if isinstance(index, tuple) else (index,)
    axis, bound = 0, 0
    for part in parts:
        if isinstance(part, list):
            part = np.asarray(part)
        if isinstance(part, np.ndarray):
            if part.dtype.kind not in "biu":
                raise EvalFailure("arrays used as indices must hold integers or booleans", "type")
            if part.dtype.kind != "b":
                dim = array.shape[axis] if axis < array.ndim else 1
                bound = max(bound, int(part.size) * (array.size // max(dim, 1)))
            axis += part.ndim if part.dtype.kind == "b" else 1
        elif part is Ellipsis:
            axis = array.ndim  # what follows counts from the end: use the widest bound below
        elif not (part is None or _is_int(part) or isinstance(part, (slice, bool))):
            raise EvalFailure(f"an array index must be integers, slices, None or arrays, not {type_name(part)}",
                              "type")
        else:
            axis += part is not None
    if bound:
        budget.allocate(bound)


def format_value(value: Any, conversion: int, spec: str) -> str:
    """An f-string field: numbers, strings, bools and None only."""
    if isinstance(value, np.ndarray) and value.size == 1:
        value = value.item()
    if not isinstance(value, (int, float, str, bool)) and value is not None:
        raise EvalFailure(f"an f-string can show numbers and strings, not {type_name(value)}", "type")
    if conversion == ord("r"):
        value = repr(value)
    elif conversion == ord("s"):
        value = str(value)
    try:
        return format(value, spec)
    except (ValueError, TypeError) as exc:
        raise EvalFailure(f"format spec {spec!r}: {exc}", "value") from None


def text(value: Any, depth: int = 0) -> str:
    """``str(value)`` / what ``print`` shows, built from the language's own values only."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return str(value)
    if isinstance(value, np.ndarray):
        return str(value.tolist()) if value.size <= 64 else f"<array of shape {tuple(value.shape)}>"
    if isinstance(value, (list, tuple)) and depth < 4:
        inner = ", ".join(repr(v) if isinstance(v, str) else text(v, depth + 1) for v in value[:64])
        more = ", ..." if len(value) > 64 else ""
        return f"[{inner}{more}]" if isinstance(value, list) else f"({inner}{more})"
    return f"<{type_name(value)}>"
