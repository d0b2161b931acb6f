"""The builtin functions of the script language (``len``, ``range``, ``min``, ``print``...).

Each wraps the Python builtin of the same name with the language's limits: lengths are
checked before a sequence is built, values are the language's own, and ``print`` writes
into the run's capped output.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from .errors import EvalFailure, LimitExceeded
from .functions import TableFunction, pre_combine
from .operators import text
from .values import INT_LIMIT, SCRIPT_LIMITS, check_int, type_name

if TYPE_CHECKING:
    from .evaluator import Output


def _length_of(value: Any) -> int:
    if isinstance(value, (range, list, tuple, str, dict, np.ndarray)):
        return len(value) if not isinstance(value, np.ndarray) or value.ndim else 1
    raise EvalFailure(f"a {type_name(value)} has no length", "type")


def _bounded(value: Any) -> Any:
    """An iterable argument, refused when it is longer than the sequence limit."""
    if _length_of(value) > SCRIPT_LIMITS.sequence_length:
        raise LimitExceeded(f"a sequence of {_length_of(value):,} items is longer than "
                            f"{SCRIPT_LIMITS.sequence_length:,}")
    return list(value) if isinstance(value, np.ndarray) else value


def _range(*args: Any) -> range:
    if not 1 <= len(args) <= 3 or any(not isinstance(a, int) or isinstance(a, bool) for a in args):
        raise EvalFailure("range() takes 1 to 3 integers", "type")
    return range(*args)


def _int(value: Any = 0) -> int:
    if isinstance(value, float) and not math.isfinite(value):
        raise EvalFailure(f"cannot convert {value} to an integer", "value")
    if isinstance(value, np.ndarray):
        value = value.item() if value.size == 1 else _fail_array("int")
    if isinstance(value, str) and len(value) > 19:
        raise LimitExceeded("an integer larger than 2**63 is over the limit")
    return check_int(int(value))


def _float(value: Any = 0.0) -> float:
    if isinstance(value, np.ndarray):
        value = value.item() if value.size == 1 else _fail_array("float")
    if isinstance(value, int) and abs(value) >= INT_LIMIT:
        raise LimitExceeded("an integer larger than 2**63 is over the limit")
    return float(value)


def _fail_array(name: str) -> Any:
    raise EvalFailure(f"{name}() of an array with more than one element", "type")


def _str(value: Any = "") -> str:
    return text(value)


def _reduce(builtin: Callable[..., Any]) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        if len(args) == 1:
            return builtin(_bounded(args[0]))
        return builtin(*args)
    return call


def _sum(values: Any, start: Any = 0) -> Any:
    total = start
    for value in _bounded(values):
        total = total + value
    return total


def _round(value: Any, digits: Any = None) -> Any:
    if isinstance(value, np.ndarray):
        return np.round(value, digits or 0)
    return round(value, digits) if digits is not None else round(value)


def _sorted(values: Any, reverse: bool = False) -> list[Any]:
    return sorted(_bounded(values), reverse=bool(reverse))


def _enumerate(values: Any, start: int = 0) -> list[tuple[int, Any]]:
    return [(start + i, v) for i, v in enumerate(_bounded(values))]


def _zip(*values: Any) -> list[tuple[Any, ...]]:
    return list(zip(*(_bounded(v) for v in values)))


def builtin_table(output: Output) -> dict[str, TableFunction]:
    """The builtins, with ``print`` writing into ``output``."""
    def show(*values: Any, sep: Any = " ", end: Any = "\n") -> None:
        output.write(str(sep).join(text(v) for v in values) + str(end))

    return {**BUILTINS, "print": TableFunction("print", show, frozenset({"sep", "end"}), pre_combine)}


def _builtins() -> dict[str, TableFunction]:
    entries: dict[str, tuple[Callable[..., Any], str]] = {
        "abs": (abs, ""), "len": (_length_of, ""), "range": (_range, ""), "int": (_int, ""),
        "float": (_float, ""), "bool": (bool, ""), "str": (_str, ""), "round": (_round, ""),
        "min": (_reduce(min), ""), "max": (_reduce(max), ""), "sum": (_sum, "start"), "any": (_reduce(any), ""),
        "all": (_reduce(all), ""), "sorted": (_sorted, "reverse"), "enumerate": (_enumerate, "start"),
        "zip": (_zip, ""), "list": (lambda v=(): list(_bounded(v)), ""), "tuple": (lambda v=(): tuple(_bounded(v)), "")}
    return {name: TableFunction(name, fn, frozenset(keywords.split()), pre_combine)
            for name, (fn, keywords) in entries.items()}


BUILTINS = _builtins()
