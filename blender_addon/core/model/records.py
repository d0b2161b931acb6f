"""The typed records every stage passes on (programs, layouts) and how each writes its exact schema
(``to_dict``); reading them back strictly is :mod:`.parsing`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..architecture.geometry import room_layout_dict
from ..architecture.mounting import finish_fields
from ..architecture.room import Room
from ..knowledge.objects import Surface
from ..solve_record import SolveInfo
from ..weights import STATED_WEIGHT

PROGRAM_SCHEMA, LAYOUT_SCHEMA = "setdresser.program/2", "setdresser.layout/4"  # /3: ``solve``; /4: hung supports
PROGRAM_SCHEMAS = ("setdresser.program/1", PROGRAM_SCHEMA)
LAYOUT_SCHEMAS = ("setdresser.layout/1", "setdresser.layout/2", "setdresser.layout/3", LAYOUT_SCHEMA)
SCENE_GRAPH_SCHEMA = "setdresser.scene_graph/1"

Vec3 = tuple[float, float, float]


@dataclass(frozen=True)
class Bounds:
    """Axis-aligned room/ground bounds; north = max Y, east = max X."""

    min: Vec3
    max: Vec3

    @property
    def ground_z(self) -> float:
        return self.min[2]

    def to_dict(self) -> dict[str, list[float]]:
        return {"min": list(self.min), "max": list(self.max)}


@dataclass
class ObjectSpec:
    """One object of a constraint program: what it is and how big, and its pose if locked."""

    id: str
    category: str
    dimensions: Vec3
    asset: str | None = None
    locked: bool = False
    location: Vec3 | None = None
    rotation_euler: Vec3 | None = None
    scale_range: tuple[float, float] | None = None
    mount: str | None = None  # floor | wall | ceiling | surface; None: from the knowledge base
    surfaces: tuple[Surface, ...] | None = None  # named support surfaces; None: from the knowledge base
    color: str | Vec3 | None = None  # the prompt's colour word or RGB
    material: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "category": self.category, "dimensions": list(self.dimensions)}
        if self.mount is not None:
            out["mount"] = self.mount
        if self.surfaces is not None:
            out["surfaces"] = [s.to_dict() for s in self.surfaces]
        out.update(finish_fields(self.color, self.material))
        out.update({"asset": self.asset} if self.asset is not None else {})
        out.update({"locked": True} if self.locked else {})
        for key in ("location", "rotation_euler", "scale_range"):  # the optional vectors, when set
            if getattr(self, key) is not None:
                out[key] = list(getattr(self, key))
        return out


@dataclass
class Constraint:
    """A relation over object ids; ``relation`` is a library name or ``custom:NAME``."""

    relation: str
    args: tuple[str, ...]
    params: dict[str, Any] = field(default_factory=dict)
    weight: float = STATED_WEIGHT
    hard: bool = False

    def label(self) -> str:
        """A short human-readable name, used in messages: ``on_top_of(lamp_1, desk_1)``."""
        return f"{self.relation}({', '.join(self.args)})"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"relation": self.relation, "args": list(self.args), "params": dict(self.params),
                               "weight": self.weight}
        return out | ({"hard": True} if self.hard else {})


@dataclass
class Program:
    """A constraint program: objects, relations between them, optional bounds.

    ``custom_functions`` maps ``NAME`` (used as ``custom:NAME``) to the Python source that
    defines it, in the script language (core/script): interpreted, never executed.
    """

    objects: list[ObjectSpec]
    constraints: list[Constraint]
    bounds: Bounds | None = None
    custom_functions: dict[str, str] = field(default_factory=dict)
    room: Room | None = None

    def object_ids(self) -> list[str]:
        return [o.id for o in self.objects]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"schema": PROGRAM_SCHEMA}
        if self.bounds is not None:
            out["bounds"] = self.bounds.to_dict()
        if self.room is not None:
            out["room"] = self.room.to_dict()
        out["objects"] = [o.to_dict() for o in self.objects]
        out["constraints"] = [c.to_dict() for c in self.constraints]
        return out | ({"custom_functions": dict(self.custom_functions)} if self.custom_functions else {})


@dataclass
class PlacedObject:
    """One object of a solved layout (``layout/4``); ``support``: object id, ground, north_wall, ceiling or None."""

    id: str
    category: str
    asset: str | None
    location: Vec3
    rotation_euler: Vec3
    dimensions: Vec3
    bbox_min: Vec3
    bbox_max: Vec3
    support: str | None = "ground"
    locked: bool = False
    mount: str = "floor"
    support_surface: str | None = None  # the named surface of ``support`` it rests on (shelf_2, seat)
    color: str | Vec3 | None = None
    material: str | None = None
    asset_fallback: str | None = None  # "family:<name>" or "box" when no asset of its own stands in

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "category": self.category, "asset": self.asset,
            "location": _rounded(self.location), "rotation_euler": _rounded(self.rotation_euler),
            "dimensions": _rounded(self.dimensions),
            "bbox_min": _rounded(self.bbox_min), "bbox_max": _rounded(self.bbox_max),
            "support": self.support, "locked": self.locked, "mount": self.mount,
            "support_surface": self.support_surface, "asset_fallback": self.asset_fallback,
        }
        out.update(finish_fields(self.color, self.material))
        return out


@dataclass
class ConstraintResult:
    """How well one constraint holds in a layout."""

    relation: str
    args: tuple[str, ...]
    params: dict[str, Any]
    score: float
    satisfied: bool
    hard: bool = False  # a feasibility condition of the program, not a preference

    def to_dict(self) -> dict[str, Any]:
        out = {"relation": self.relation, "args": list(self.args), "params": dict(self.params),
               "score": round(float(self.score), 4), "satisfied": bool(self.satisfied)}
        if self.hard:
            out["hard"] = True
        return out

    def label(self) -> str:
        """``relation(a, b)``, how reports name it."""
        return f"{self.relation}({', '.join(self.args)})"


@dataclass
class PhysicsChecks:
    """Violations of the implicit physics (CONTRACTS §4): empty lists mean all holds."""

    collisions: list[tuple[str, str, float]] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    out_of_bounds: list[str] = field(default_factory=list)
    unstable: list[str] = field(default_factory=list)  # load beyond the support region (issue 21)
    blocked_clearance: list[tuple[str, str]] = field(default_factory=list)  # (object, opening) (issue 13)

    @property
    def valid(self) -> bool:
        return not (self.collisions or self.unsupported or self.out_of_bounds or self.unstable
                    or self.blocked_clearance)

    def to_dict(self) -> dict[str, Any]:
        return {"collisions": [[a, b, round(float(d), 4)] for a, b, d in self.collisions],
                "unsupported": list(self.unsupported), "out_of_bounds": list(self.out_of_bounds),
                "unstable": list(self.unstable), "blocked_clearance": [list(p) for p in self.blocked_clearance]}


@dataclass
class Layout:
    """A solved scene: poses of every object plus how each constraint and the physics fare."""

    objects: list[PlacedObject]
    constraints: list[ConstraintResult]
    checks: PhysicsChecks
    bounds: Bounds | None = None
    prompt: str = ""
    seed: int = 0
    room: Room | None = None
    solve: SolveInfo | None = None

    def by_id(self) -> dict[str, PlacedObject]:
        return {o.id: o for o in self.objects}

    def satisfied_fraction(self) -> float:
        if not self.constraints:
            return 1.0
        return sum(c.satisfied for c in self.constraints) / len(self.constraints)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"schema": LAYOUT_SCHEMA, "prompt": self.prompt, "seed": self.seed,
                               "units": "m", "up": "+Z", "front": "-Y"}
        if self.bounds is not None:
            out["bounds"] = self.bounds.to_dict()
        if self.room is not None:
            out["room"] = room_layout_dict(self.bounds, self.room)
        out["objects"] = [o.to_dict() for o in self.objects]
        out["constraints"] = [c.to_dict() for c in self.constraints]
        out["checks"] = self.checks.to_dict()
        return out | ({"solve": self.solve.to_dict()} if self.solve is not None else {})


def _rounded(values: Sequence[float], digits: int = 5) -> list[float]:
    return [round(float(v), digits) for v in values]
