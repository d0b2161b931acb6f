"""The function table: every function a script can call, by qualified name.

A script calls ``NAME(...)`` (builtins and the script API), ``np.NAME(...)``,
``np.linalg.NAME(...)`` or ``math.NAME(...)``; nothing else is callable, and no module or
foreign object ever reaches the script. Each entry lists the keyword arguments it accepts
(``out=``, ``dtype=object`` and the like do not exist) and a size pre-check, so an
allocation over the limits is refused *before* numpy makes it. docs/script_language.md lists
the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import EvalFailure, LimitExceeded
from .values import Budget, broadcast_size, check_int

PreCheck = Callable[[tuple[Any, ...], dict[str, Any], Budget], None]


@dataclass(frozen=True)
class TableFunction:
    """One callable table entry: ``qualname`` as the script writes it."""

    qualname: str
    fn: Callable[..., Any]
    keywords: frozenset[str] = frozenset()
    precheck: PreCheck | None = None


def _size(shape: Any) -> int:
    dims = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
    if len(dims) > 8 or any(not isinstance(d, (int, np.integer)) or isinstance(d, bool) or d < 0 for d in dims):
        raise EvalFailure(f"a shape must be up to 8 non-negative integers, got {dims!r}"[:200], "value")
    return math.prod(int(d) for d in dims)


def _elements(value: Any, depth: int = 0) -> int:
    """Array elements held by ``value`` (lists and tuples walked), what combining them costs."""
    if isinstance(value, np.ndarray):
        return int(value.size)
    if isinstance(value, (list, tuple)) and depth < 8:
        return sum(_elements(v, depth + 1) for v in value) + len(value)
    return 1


def _check(size: int, budget: Budget) -> None:
    if size > budget.limits.array_elements:
        raise LimitExceeded(f"the result would have {size:,} elements, over the limit of "
                            f"{budget.limits.array_elements:,}")


def pre_combine(args: tuple[Any, ...], kwargs: dict[str, Any], budget: Budget) -> None:
    """Any call: the inputs' elements together bound the output of most functions."""
    _check(sum(_elements(a) for a in args) + sum(_elements(v) for v in kwargs.values()), budget)


def pre_broadcast(args: tuple[Any, ...], kwargs: dict[str, Any], budget: Budget) -> None:
    """Element-wise functions: the broadcast shape of the arguments."""
    try:
        _check(broadcast_size((*args, *kwargs.values())), budget)
    except ValueError as exc:
        raise EvalFailure(f"shapes do not match: {exc}", "value") from None


def pre_shape(args: tuple[Any, ...], kwargs: dict[str, Any], budget: Budget) -> None:
    """``zeros(shape)``, ``broadcast_to(x, shape)``, ``reshape(x, shape)``: the shape's size."""
    shape = kwargs.get("shape", args[1] if len(args) > 1 and not isinstance(args[0], (int, tuple, list)) else
                       args[0] if args else ())
    if isinstance(shape, (list, tuple)) and any(d == -1 for d in shape if isinstance(d, int)):
        return  # reshape(x, (-1, 3)): never larger than x
    _check(_size(shape), budget)


def pre_arange(args: tuple[Any, ...], kwargs: dict[str, Any], budget: Budget) -> None:
    """``arange(start, stop, step)``: its length."""
    nums = [float(a) for a in args if isinstance(a, (int, float))]
    start, stop, step = (0.0, nums[0], 1.0) if len(nums) == 1 else (nums + [1.0])[:3] if nums else (0.0, 0.0, 1.0)
    if step == 0 or not all(map(math.isfinite, (start, stop, step))):
        raise EvalFailure("arange needs finite numbers and a step other than 0", "value")
    _check(max(0, math.ceil((stop - start) / step)), budget)


def pre_count(position: int, name: str) -> PreCheck:
    """A count argument (``linspace``'s ``num``) bounds the result."""
    def check(args: tuple[Any, ...], kwargs: dict[str, Any], budget: Budget) -> None:
        count = kwargs.get(name, args[position] if len(args) > position else 50)
        _check(int(count) if isinstance(count, (int, float)) and math.isfinite(count) else 0, budget)
    return check


def pre_product(args: tuple[Any, ...], kwargs: dict[str, Any], budget: Budget) -> None:
    """``outer``, ``tile``, ``repeat``: the product of the sizes."""
    first = _elements(args[0]) if args else 1
    second = args[1] if len(args) > 1 else kwargs.get("repeats", kwargs.get("reps", 1))
    factor = (int(np.sum(second)) if isinstance(second, np.ndarray) and second.dtype.kind in "iu" and
              second.size == 1 else _elements(second) if isinstance(second, np.ndarray)
              else _size(second) if isinstance(second, (int, tuple, list)) else 1)
    _check(first * max(factor, 1), budget)


_DTYPES = {"float": np.float64, "float64": np.float64, "float32": np.float64, "int": np.int64, "int64": np.int64,
           "int32": np.int64, "bool": np.bool_, "bool_": np.bool_}


def dtype_of(value: Any) -> Any:
    """A ``dtype=`` argument: ``float``, ``int``, ``bool`` (names, strings or ``np.float64``...)."""
    name = value.qualname.rsplit(".", 1)[-1] if isinstance(value, TableFunction) else value
    if not isinstance(name, str) or name not in _DTYPES:
        raise EvalFailure("dtype must be float, int or bool", "value")
    return _DTYPES[name]


def _with_dtype(fn: Callable[..., Any]) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        if "dtype" in kwargs:
            kwargs["dtype"] = dtype_of(kwargs["dtype"])
        return fn(*args, **kwargs)
    return call


def _numeric_array(value: Any, dtype: Any = None) -> np.ndarray:
    """``np.array``: numbers only, never strings or objects."""
    result = np.array(value, dtype=dtype_of(dtype) if dtype is not None else None)
    if result.dtype.kind not in "biuf":
        raise EvalFailure("np.array takes numbers (or lists of numbers) only", "type")
    return result


UNARY = ["abs", "absolute", "sqrt", "square", "exp", "exp2", "log", "log1p", "expm1", "log2", "log10", "sin",
         "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "sign", "floor", "ceil", "trunc",
         "rint", "deg2rad", "rad2deg", "radians", "degrees", "isfinite", "isnan", "isinf", "logical_not",
         "negative", "reciprocal", "cbrt", "sinc"]
BINARY = ["arctan2", "hypot", "minimum", "maximum", "fmin", "fmax", "mod", "fmod", "remainder", "power",
          "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "greater", "greater_equal",
          "less", "less_equal", "equal", "not_equal", "logical_and", "logical_or", "logical_xor", "copysign",
          "heaviside"]
REDUCE = ["sum", "mean", "min", "max", "amin", "amax", "prod", "any", "all", "std", "var", "median",
          "nanmean", "nansum", "nanmin", "nanmax"]
REDUCE_KW = frozenset({"axis", "keepdims"})


def _np_entries() -> dict[str, TableFunction]:
    """Every ``np.*`` function a script may call, with its allowed keywords and its pre-check."""
    table: dict[str, TableFunction] = {}

    def add(name: str, fn: Callable[..., Any], keywords: str = "", pre: PreCheck | None = pre_combine) -> None:
        table[f"np.{name}"] = TableFunction(f"np.{name}", fn, frozenset(keywords.split()), pre)

    _add_np_math(add)
    _add_np_arrays(add)
    for name, dtype in (("float64", float), ("float32", float), ("int64", int), ("int32", int), ("bool_", bool)):
        add(name, _scalar_cast(dtype), "", None)
    table["np.linalg.norm"] = TableFunction("np.linalg.norm", np.linalg.norm, frozenset({"axis", "keepdims", "ord"}),
                                            pre_combine)
    return table


def _add_np_math(add: Callable[..., None]) -> None:
    """Element-wise maths, reductions and the functions along an axis."""
    for name in UNARY + BINARY:
        add(name, getattr(np, name), "", pre_broadcast)
    for name in REDUCE:
        add(name, getattr(np, name), "axis keepdims")
    for name in ("argmin", "argmax", "cumsum", "cumprod", "count_nonzero", "sort", "argsort", "expand_dims",
                 "squeeze", "diff", "flip"):
        add(name, getattr(np, name), "axis")
    add("where", np.where, "", pre_broadcast)
    add("clip", np.clip, "", pre_broadcast)
    add("nan_to_num", np.nan_to_num, "nan posinf neginf", pre_broadcast)
    add("round", np.round, "decimals", pre_broadcast)
    add("around", np.round, "decimals", pre_broadcast)
    add("isclose", np.isclose, "rtol atol", pre_broadcast)
    add("average", np.average, "axis weights")


def _add_np_arrays(add: Callable[..., None]) -> None:
    """Functions that make, join, reshape or repeat arrays."""
    add("zeros", _with_dtype(np.zeros), "dtype", pre_shape)
    add("ones", _with_dtype(np.ones), "dtype", pre_shape)
    add("full", _with_dtype(np.full), "dtype", pre_shape)
    for name in ("zeros_like", "ones_like", "full_like"):
        add(name, _with_dtype(getattr(np, name)), "dtype")
    add("arange", _with_dtype(np.arange), "dtype", pre_arange)
    add("linspace", np.linspace, "num endpoint", pre_count(2, "num"))
    add("array", _numeric_array, "dtype")
    add("asarray", _numeric_array, "dtype")
    for name in ("stack", "concatenate", "vstack", "hstack", "column_stack"):
        add(name, getattr(np, name), "axis" if name in ("stack", "concatenate") else "")
    add("reshape", np.reshape, "", pre_shape)
    add("broadcast_to", np.broadcast_to, "", pre_shape)
    add("transpose", np.transpose, "axes")
    add("swapaxes", np.swapaxes)
    add("cross", np.cross, "axis", pre_broadcast)
    add("outer", np.outer, "", pre_product)
    add("tile", np.tile, "", pre_product)
    add("repeat", np.repeat, "axis", pre_product)
    add("unique", np.unique)


def _scalar_cast(kind: type) -> Callable[[Any], Any]:
    def cast(value: Any) -> Any:
        if isinstance(value, np.ndarray):
            return value.astype(dtype_of(kind.__name__))
        return kind(value)
    return cast


def _math_entries() -> dict[str, TableFunction]:
    names = ["sqrt", "exp", "log", "log10", "log2", "sin", "cos", "tan", "asin", "acos", "atan", "atan2",
             "sinh", "cosh", "tanh", "hypot", "floor", "ceil", "fabs", "radians", "degrees", "copysign",
             "isfinite", "isnan", "isinf", "isclose", "fmod", "trunc"]
    return {f"math.{n}": TableFunction(f"math.{n}", getattr(math, n), frozenset({"rel_tol", "abs_tol"})
                                       if n == "isclose" else frozenset()) for n in names}


CONSTANTS: dict[str, Any] = {"np.pi": math.pi, "np.e": math.e, "np.inf": math.inf, "np.nan": math.nan,
                             "np.newaxis": None, "math.pi": math.pi, "math.e": math.e, "math.tau": math.tau,
                             "math.inf": math.inf, "math.nan": math.nan}
NAMESPACES = frozenset({"np", "np.linalg", "math"})
TABLE: dict[str, TableFunction] = {**_np_entries(), **_math_entries()}
# ``x.sum(axis=1)`` is ``np.sum(x, axis=1)``: the array methods a script may call.
ARRAY_METHODS = {name: f"np.{name}" for name in (*REDUCE, "argmin", "argmax", "cumsum", "clip", "reshape", "round",
                                                  "flatten", "ravel", "astype", "squeeze", "transpose")}
TABLE["np.flatten"] = TableFunction("np.flatten", np.ravel, frozenset(), None)
TABLE["np.ravel"] = TableFunction("np.ravel", np.ravel, frozenset(), None)
TABLE["np.astype"] = TableFunction("np.astype", lambda x, dtype: np.asarray(x, dtype=dtype_of(dtype)), frozenset(),
                                   pre_combine)
ARRAY_ATTRIBUTES = ("shape", "ndim", "size", "T")


def array_attribute(array: np.ndarray, name: str) -> Any:
    """``x.shape``, ``x.ndim``, ``x.size``, ``x.T``."""
    if name == "shape":
        return tuple(int(d) for d in array.shape)
    if name == "ndim":
        return int(array.ndim)
    if name == "size":
        return int(array.size)
    if name == "T":
        return array.T
    raise EvalFailure(f"arrays have no attribute {name!r}; they have {', '.join(ARRAY_ATTRIBUTES)}", "name")


def safe_power(base: Any, exponent: Any) -> Any:
    """``base ** exponent`` for Python ints without building huge integers."""
    if isinstance(base, int) and isinstance(exponent, int) and not isinstance(base, bool) and exponent > 0 \
            and abs(base) > 1 and exponent * math.log2(abs(base)) > 63:
        raise LimitExceeded("an integer larger than 2**63 is over the limit")
    result = base ** exponent
    return check_int(result) if isinstance(result, int) else result
