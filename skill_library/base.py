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

from .phrases import RelationPhrases

CUSTOM_PREFIX = "custom:"  # a program's own relation, custom:NAME (its score in the script language)
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
    maximum: float | None = None  # numbers above this are bad input (angles <= 180 deg, fractions <= 1)
    internal: bool = False  # filled in before solving (a surface's level): not shown to models

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default,
                               "description": self.description}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.required:
            out["required"] = True
        if self.internal:
            out["internal"] = True
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
    # How a revision may state the same relation again (core/revision.py): ``unordered`` = (start, stop)
    # slices the args whose order says nothing (proximity(a, b) = proximity(b, a); stop None = to the end,
    # negative = from the end); ``converse``: the two-argument relation saying the same with the args
    # swapped (above(a, b) = under(b, a)); ``synonyms``: relations over the same args saying the same.
    unordered: tuple[int, int | None] | None = None
    converse: str = ""
    synonyms: tuple[str, ...] = ()

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
# A proposal move (see moves.py): (context, arg indices, params, the object moving, count) -> [m, 3] or None.
MoveFn = Callable[[Any, tuple[int, ...], dict[str, Any], int, int], "np.ndarray | None"]
Boundary = Literal["wall", "corner", "centre"]
GroupShape = Literal["line", "lattice", "ring", "arc"]


@dataclass(frozen=True)
class Placement:
    """How the solver treats a relation besides climbing its score: its moves and discrete role.

    A relation module declares it once as ``PLACEMENT``; the solver reads these fields and
    never the relation's name, so a new relation gets the same treatment by declaring them.
    The default (a relation that only scores) gets random moves and no discrete role.
    """

    moves: MoveFn | None = None  # target poses for one of its objects (moves.py)
    side: tuple[float, float] | None = None  # args[0] lies this way from args[1], in args[1]'s frame (x right, y back)
    anchored: bool = False  # args[0] is placed relative to the others, so they are placed first
    boundary: Boundary | None = None  # args[0] against a wall, in a corner or at the room's centre
    boundary_param: str | None = None  # the parameter naming which wall/corner; its "any" is a discrete choice
    group: GroupShape | None = None  # arranges its objects as a whole; "ring": round the last arg, its centre;
    # "arc": on a circle or arc round a free centre (no object)
    moves_together: bool = False  # its objects (and those placed beside them) move as one in the search
    faces: bool = False  # args[0] turns toward args[1]
    quarter_turns: int | None = None  # yaw(args[0]) - yaw(args[1]) in quarter turns, mod 2
    wall_preference: Literal["opposite", "shared"] | None = None  # wall choice: across the room / on one wall
    scale: Literal["order", "ratio"] | None = None  # sizes strictly ordered along args / a height ratio
    spans: bool = False  # args[0] lies between args[1] and args[2]: resting on one, it may bridge onto the other

    @property
    def ordered(self) -> bool:
        """Whether the order of its objects is chosen by the solver (groups; chains are by physics)."""
        return self.group is not None

    def members(self, args: tuple[int, ...]) -> list[int]:
        """The objects a group arranges (a ring leaves out its centre)."""
        return list(args[:-1]) if self.group == "ring" else list(args)

    def side_axis(self) -> int:
        """The local axis (0 = x, 1 = y) along which args[0] sits beside args[1]."""
        return 1 if self.side is not None and self.side[1] != 0 else 0

    def side_first(self) -> bool:
        """Whether args[0] comes first reading left to right / front to back."""
        return self.side is not None and self.side[0] + self.side[1] < 0

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
    placement: Placement = field(default_factory=Placement, compare=False)
    phrases: RelationPhrases = field(default_factory=RelationPhrases, compare=False)  # its words (phrases.py)

    @property
    def name(self) -> str:
        return self.spec.name
