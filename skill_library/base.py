"""The interface every relation implements.

A relation scores a *batch* of candidate layouts at once: the solver evaluates hundreds of
candidates per step, so every function takes :class:`Poses` arrays shaped ``[B, N, ...]``
and returns one value per candidate (``[B]``). Scores are smooth, in [0, 1], 1 = fully
satisfied; checks are crisp booleans using the tolerances of CONTRACTS §5.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Mapping

import numpy as np

ParamType = Literal["float", "int", "str", "bool"]

# How a relation changes the implicit physics (CONTRACTS §4), read by the solver and audit:
#   support: args[0] rests on args[1]'s top      stack: args[i+1] rests on args[i]
#   inside:  args[0] stands inside args[1]        under: args[0] may sit beneath args[1]
#   above:   args[0] floats over args[1]          overlap: footprints may overlap
PhysicsRole = Literal["none", "support", "stack", "inside", "under", "above", "overlap"]


@dataclass(frozen=True)
class Param:
    """One typed parameter; ``default=None`` with ``required=False`` means 'free'."""

    name: str
    type: ParamType
    default: Any = None
    description: str = ""
    choices: tuple[Any, ...] | None = None
    required: bool = False
    minimum: float | None = None  # numbers below this are bad input (e.g. distances >= 0)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default,
                               "description": self.description}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.required:
            out["required"] = True
        return out


@dataclass(frozen=True)
class RelationSpec:
    """What a relation is, for the registry, the validators and the prompts."""

    name: str
    min_args: int
    max_args: int | None  # None = variadic
    params: tuple[Param, ...]
    description: str
    version: int = 1
    physics: PhysicsRole = "none"
    arg_names: tuple[str, ...] = ()  # e.g. ("a", "b") or ("objs...", "center")
    frame_free: bool = True  # invariant to moving/rotating the whole scene (no bounds, no world frame)
    # parameter values that tie an otherwise frame-free relation to the world, e.g. (("frame", "world"),)
    world_frame_when: tuple[tuple[str, Any], ...] = ()

    def is_frame_free(self, params: Mapping[str, Any]) -> bool:
        """Whether the relation, with these (filled-in) params, ignores moving/rotating the whole scene."""
        return self.frame_free and not any(params.get(k) == v for k, v in self.world_frame_when)

    def signature(self) -> str:
        """``on_top_of(a, b)``, ``around(objs..., center)``: how prompts show the arguments."""
        return f"{self.name}({', '.join(self.arg_names)})"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "min_args": self.min_args, "max_args": self.max_args,
                "params": [p.to_dict() for p in self.params], "description": self.description,
                "version": self.version, "physics": self.physics, "arg_names": list(self.arg_names),
                "signature": self.signature()}


@dataclass(frozen=True)
class Poses:
    """A batch of B candidate layouts of the same N objects.

    pos:  [B, N, 3] origin (bottom-centre) in world space
    yaw:  [B, N] rotation about Z; front(yaw) = (sin yaw, -cos yaw)
    size: [B, N, 3] extents along the object's local x (width), y (depth), z (height), scale applied
    bounds_min/bounds_max: [3] room bounds, or None when the ground is unbounded
    """

    pos: np.ndarray
    yaw: np.ndarray
    size: np.ndarray
    bounds_min: np.ndarray | None = None
    bounds_max: np.ndarray | None = None

    @property
    def batch(self) -> int:
        return int(self.pos.shape[0])

    @property
    def count(self) -> int:
        return int(self.pos.shape[1])


ScoreFn = Callable[[Poses, tuple[int, ...], Mapping[str, Any]], np.ndarray]
CheckFn = Callable[[Poses, tuple[int, ...], Mapping[str, Any]], np.ndarray]
# Cross-parameter validation at bind time: (filled-in params, number of args) -> problem or None.
ValidateFn = Callable[[Mapping[str, Any], int], "str | None"]


@dataclass(frozen=True)
class Relation:
    """A relation: its spec plus ``score`` ([B] floats in [0, 1]) and ``check`` ([B] bools).

    Both take the batch, the argument *indices* into the N objects (in argument order) and
    the parameters with defaults already filled in by the registry.
    """

    spec: RelationSpec
    score: ScoreFn
    check: CheckFn
    source: str = field(default="", compare=False)  # the file it was loaded from
    validate: ValidateFn | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        return self.spec.name
