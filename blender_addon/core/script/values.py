"""The values a script can hold, the limits on them, and the step budget.

A script only ever sees values the evaluator made itself: ``None``, bools, ints (|n| < 2**63),
floats, strings, lists, tuples and dicts of those, ``range``, numeric numpy arrays (bool, int,
float; never object, string or record arrays), and three read-only views: :class:`PosesView`,
:class:`Params` and :class:`Namespace` (``np``, ``math``). :func:`admit` checks every value a
table function returns before the script gets it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .errors import EvalFailure, LimitExceeded


@dataclass(frozen=True)
class Limits:
    """The bounds of one evaluation (a script run, or one call of a scoring function)."""

    steps: int = 2_000_000  # evaluated nodes, loop iterations and calls, plus array elements / 16
    elements: int = 40_000_000  # array elements created in total (8 bytes each: 320 MB)
    array_elements: int = 4_000_000  # elements of any one array
    sequence_length: int = 100_000  # items of a list/tuple/dict, characters of a string
    call_depth: int = 32  # nested calls of the script's own functions
    output_chars: int = 65_536  # what print() keeps


SCRIPT_LIMITS = Limits()
SCORE_LIMITS = Limits(steps=200_000)
INT_LIMIT = 2 ** 63


@dataclass
class Budget:
    """What an evaluation has used so far; raises :class:`LimitExceeded` past its limits."""

    limits: Limits = field(default_factory=Limits)
    steps: int = 0
    elements: int = 0
    depth: int = 0

    def __post_init__(self) -> None:
        self.max_steps = self.limits.steps

    def step(self, n: int = 1) -> None:
        """Count ``n`` steps."""
        self.steps += n
        if self.steps > self.max_steps:
            raise LimitExceeded(f"the script ran more than {self.limits.steps:,} steps (an endless or too long loop?)")

    def allocate(self, size: int) -> None:
        """Count an array of ``size`` elements about to be created (before it is)."""
        if size > self.limits.array_elements:
            raise LimitExceeded(f"an array of {size:,} elements is larger than the limit of "
                                f"{self.limits.array_elements:,}")
        self.elements += size
        if self.elements > self.limits.elements:
            raise LimitExceeded(f"the script created more than {self.limits.elements:,} array elements in all")
        self.step(size // 16)


class PosesView:
    """A batch of poses as the script sees it: ``pos``, ``yaw``, ``size`` (read-only arrays),
    ``batch``, ``count``, ``bounds_min``, ``bounds_max``."""

    FIELDS = ("pos", "yaw", "size", "batch", "count", "bounds_min", "bounds_max")

    ARRAYS = ("pos", "yaw", "size", "bounds_min", "bounds_max")

    def __init__(self, poses: Any) -> None:
        self._poses = poses
        shape = np.shape(poses.pos)
        self._fields: dict[str, Any] = {"batch": int(shape[0]), "count": int(shape[1])}

    def field(self, name: str) -> Any:
        """One field by name (the validator admits only :attr:`FIELDS`); arrays are made read-only
        views on first use."""
        if name in self._fields:
            return self._fields[name]
        if name not in self.ARRAYS:
            raise EvalFailure(f"poses has no field {name!r}; it has {', '.join(self.FIELDS)}", "name")
        value = getattr(self._poses, name)
        self._fields[name] = None if value is None else _read_only(np.asarray(value, dtype=float))
        return self._fields[name]


class Params:
    """A relation's parameters, read-only: ``params["name"]`` and ``params.get("name", default)``."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self._values = {str(k): admit(v) for k, v in values.items()}

    def get(self, key: Any, default: Any = None) -> Any:
        """The parameter ``key``, or ``default``."""
        return self._values.get(key, default) if isinstance(key, str) else default

    def item(self, key: Any) -> Any:
        """``params[key]``; a missing key is an error naming it."""
        if not isinstance(key, str) or key not in self._values:
            raise EvalFailure(f"no parameter {key!r}; given: {sorted(self._values)}", "name")
        return self._values[key]


@dataclass(frozen=True)
class Namespace:
    """A function table namespace (``np``, ``np.linalg``, ``math``): only its table entries exist."""

    name: str


def _read_only(array: np.ndarray) -> np.ndarray:
    view = array.view()
    view.flags.writeable = False
    return view


def admit(value: Any, depth: int = 0, limits: Limits = SCRIPT_LIMITS, *, shallow: bool = False) -> Any:
    """``value`` if the script may hold it (numpy scalars become Python numbers); else EvalFailure.

    ``shallow``: a container built by the evaluator from values it already admitted; only its
    length is checked (checking every item again would make list building quadratic)."""
    if value is None or isinstance(value, (bool, str, float, range, PosesView, Params, Namespace)):
        if isinstance(value, str) and len(value) > limits.sequence_length:
            raise LimitExceeded(f"a string of {len(value):,} characters is longer than {limits.sequence_length:,}")
        return value
    if isinstance(value, int):
        return check_int(value)
    if isinstance(value, np.generic):
        return admit(value.item(), depth, limits) if value.dtype.kind in "biuf" else _refuse(value)
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "biuf":
            raise EvalFailure(f"arrays of {value.dtype} are not supported (numbers only)", "type")
        return value
    if isinstance(value, (list, tuple, dict)):
        if depth > 8 or len(value) > limits.sequence_length:
            raise LimitExceeded(f"a {type(value).__name__} of {len(value):,} items, or nested more than 8 "
                                "deep, is over the limit")
        if shallow:
            return value
        if isinstance(value, dict):
            return {_key(k): admit(v, depth + 1, limits) for k, v in value.items()}
        items = [admit(v, depth + 1, limits) for v in value]
        return items if isinstance(value, list) else tuple(items)
    return _refuse(value)


def _key(key: Any) -> Any:
    if not isinstance(key, (str, int, float, bool)) or isinstance(key, float) and math.isnan(key):
        raise EvalFailure("dictionary keys must be strings or numbers", "type")
    return key


def _refuse(value: Any) -> Any:
    raise EvalFailure(f"a value of type {type(value).__name__} is not supported in scripts", "type")


def check_int(value: int) -> int:
    """``value`` when |value| < 2**63, else a limit error (no huge integers)."""
    if -INT_LIMIT < value < INT_LIMIT:
        return value
    raise LimitExceeded("an integer larger than 2**63 is over the limit")


def broadcast_size(values: Any) -> int:
    """Elements of the broadcast of ``values`` (arrays and scalars); ValueError when they do not match."""
    shapes = [v.shape for v in values if isinstance(v, np.ndarray) and v.shape]
    if not shapes:
        return 1
    first = shapes[0]
    if all(shape == first for shape in shapes):  # the common case, without numpy's slow general path
        return int(math.prod(first))
    return int(math.prod(np.broadcast_shapes(*shapes)))


def type_name(value: Any) -> str:
    """The script-level name of a value's type, for messages."""
    if isinstance(value, np.ndarray):
        return f"array of shape {tuple(value.shape)}"
    if isinstance(value, Namespace):
        return f"namespace {value.name}"
    return {PosesView: "poses", Params: "params"}.get(type(value), type(value).__name__)
