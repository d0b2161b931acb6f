"""The typed data every stage passes on: programs, layouts, scene graphs.

Contracts (CONTRACTS.md, docs/contracts.md): ``program/2`` and ``layout/2`` are v1 plus room, mounts,
surfaces; ``layout/3`` adds ``solve``; ``layout/4``: a hung object's ``support`` is its wall or ``ceiling``;
older versions are read as ``/4``. ``*_from_dict`` parse strictly (:class:`ProgramError` naming the object
or constraint), ``*_to_dict`` write the exact schema.
Conventions: metres, radians, Z up, origin at the bottom-centre, front = local -Y.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .architecture.geometry import room_layout_dict, upgrade_hung_supports, wall_lengths
from .architecture.mounting import check_args, finish_fields, object_extras_from_dict
from .architecture.room import Room, room_from_dict
from .errors import ProgramError
from .knowledge.objects import Surface
from .solve_record import SolveInfo, solve_info_from_dict

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
    weight: float = 1.0
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


# ---------------------------------------------------------------- parsing (strict)


MAX_EXTENT_M = 10_000.0  # any coordinate or size in a program or layout (issue 12: absurd sizes are bad input)


def _vec3(value: Any, where: str, *, positive: bool = False) -> Vec3:
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        raise ProgramError(f"expected a list of 3 numbers, got {value!r}", where)
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ProgramError(f"expected finite numbers, got {value!r}", where)
        if positive and v <= 0:
            raise ProgramError(f"dimensions must be positive, got {value!r}", where)
        if abs(v) > MAX_EXTENT_M:  # a 1e9 m desk or 1e300 bounds: refused, not solved into nonsense
            raise ProgramError(f"expected metres within +-{MAX_EXTENT_M:,.0f}, got {value!r}"[:160], where)
        out.append(float(v))
    return (out[0], out[1], out[2])


def bounds_from_dict(data: Any, where: str = "bounds") -> Bounds:
    """Parse ``{"min": [..], "max": [..]}``; min must be below max on every axis."""
    if not isinstance(data, Mapping) or "min" not in data or "max" not in data:
        raise ProgramError("expected {\"min\": [x, y, z], \"max\": [x, y, z]}", where)
    lo, hi = _vec3(data["min"], f"{where}.min"), _vec3(data["max"], f"{where}.max")
    if any(a >= b for a, b in zip(lo, hi)):
        raise ProgramError(f"min {list(lo)} must be below max {list(hi)} on every axis", where)
    return Bounds(lo, hi)


def object_from_dict(data: Any, index: int) -> ObjectSpec:
    """Parse one program object; ``index`` is used in messages when the id is missing."""
    where = f"objects[{index}]"
    if not isinstance(data, Mapping):
        raise ProgramError("expected an object", where)
    oid = data.get("id")
    if not isinstance(oid, str) or not oid:
        raise ProgramError("missing or empty 'id'", where)
    where = f"object '{oid}'"
    category = data.get("category", oid)
    if not isinstance(category, str):
        raise ProgramError("'category' must be a string", where)
    dims = _vec3(data.get("dimensions"), f"{where}.dimensions", positive=True)
    locked = bool(data.get("locked", False))
    loc = data.get("location")
    rot = data.get("rotation_euler")
    if locked and loc is None:
        raise ProgramError("is locked but has no 'location'", where)
    scale_range = data.get("scale_range")
    if scale_range is not None:
        if (not isinstance(scale_range, (list, tuple)) or len(scale_range) != 2
                or not all(isinstance(s, (int, float)) and s > 0 for s in scale_range)
                or scale_range[0] > scale_range[1]):
            raise ProgramError(f"'scale_range' must be [min, max] with 0 < min <= max, got {scale_range!r}", where)
        scale_range = (float(scale_range[0]), float(scale_range[1]))
    asset = data.get("asset")
    return ObjectSpec(
        id=oid, category=category, dimensions=dims, asset=asset if isinstance(asset, str) else None,
        locked=locked,
        location=_vec3(loc, f"{where}.location") if loc is not None else None,
        rotation_euler=_vec3(rot, f"{where}.rotation_euler") if rot is not None else None,
        scale_range=scale_range, **object_extras_from_dict(data, where),
    )


def constraint_from_dict(data: Any, index: int) -> Constraint:
    """Parse one constraint (structure only; names and arity are checked by the registry)."""
    where = f"constraints[{index}]"
    if not isinstance(data, Mapping):
        raise ProgramError("expected an object", where)
    relation = data.get("relation")
    args = data.get("args")
    if not isinstance(relation, str) or not relation:
        raise ProgramError("missing 'relation'", where)
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise ProgramError(f"'args' must be a list of object ids, got {args!r}", f"{where} ({relation})")
    params = data.get("params", {}) or {}
    if not isinstance(params, Mapping):
        raise ProgramError("'params' must be an object", f"{where} ({relation})")
    weight = data.get("weight", 1.0)
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or weight < 0 or not math.isfinite(weight):
        raise ProgramError(f"'weight' must be a non-negative number, got {weight!r}", f"{where} ({relation})")
    return Constraint(relation=relation, args=tuple(args), params=dict(params), weight=float(weight),
                      hard=bool(data.get("hard", False)))


MAX_PROGRAM_OBJECTS = 2_000  # a documented cap (issue 12): larger scenes are refused up front, not solved for hours
MAX_PROGRAM_CONSTRAINTS = 20_000


def program_from_dict(data: Any) -> Program:
    """Parse a ``setdresser.program/2`` (or ``/1``) document; ids must be unique and every arg known
    (an object, or an architecture id of the room: ``north_wall``.., an opening's id)."""
    if not isinstance(data, Mapping):
        raise ProgramError("a program must be a JSON object")
    schema = data.get("schema", PROGRAM_SCHEMA)
    if schema not in PROGRAM_SCHEMAS:
        raise ProgramError(f"unsupported schema {schema!r} (expected {PROGRAM_SCHEMA!r})", "schema")
    raw_objects = data.get("objects")
    if not isinstance(raw_objects, list):
        raise ProgramError("'objects' must be a list", "objects")
    if len(raw_objects) > MAX_PROGRAM_OBJECTS or len(data.get("constraints") or []) > MAX_PROGRAM_CONSTRAINTS:
        raise ProgramError(f"a program may have at most {MAX_PROGRAM_OBJECTS:,} objects and "
                           f"{MAX_PROGRAM_CONSTRAINTS:,} constraints (docs/script_language.md)", "objects")
    objects = [object_from_dict(o, i) for i, o in enumerate(raw_objects)]
    seen: set[str] = set()
    for obj in objects:
        if obj.id in seen:
            raise ProgramError("duplicate id", f"object '{obj.id}'")
        seen.add(obj.id)
    raw_constraints = data.get("constraints", [])
    if not isinstance(raw_constraints, list):
        raise ProgramError("'constraints' must be a list", "constraints")
    constraints = [constraint_from_dict(c, i) for i, c in enumerate(raw_constraints)]
    bounds = bounds_from_dict(data["bounds"]) if data.get("bounds") is not None else None
    room = (room_from_dict(data["room"], wall_lengths(bounds) if bounds is not None else None)
            if data.get("room") is not None else None)
    check_args(seen, constraints, room, bounds)
    custom = data.get("custom_functions", {}) or {}
    if not isinstance(custom, Mapping) or not all(isinstance(v, str) for v in custom.values()):
        raise ProgramError("'custom_functions' must map names to source code", "custom_functions")
    return Program(objects=objects, constraints=constraints, bounds=bounds, custom_functions=dict(custom),
                   room=room)


def layout_from_dict(data: Any) -> Layout:
    """Parse a ``setdresser.layout/4`` (or ``/1``-``/3``) document (as written by :meth:`Layout.to_dict`)."""
    if not isinstance(data, Mapping) or data.get("schema") not in LAYOUT_SCHEMAS:
        raise ProgramError(f"not a {LAYOUT_SCHEMA} document", "schema")
    objects = [
        PlacedObject(
            id=o["id"], category=o["category"], asset=o.get("asset"),
            location=_vec3(o["location"], f"object '{o['id']}'.location"),
            rotation_euler=_vec3(o["rotation_euler"], f"object '{o['id']}'.rotation_euler"),
            dimensions=_vec3(o["dimensions"], f"object '{o['id']}'.dimensions"),
            bbox_min=_vec3(o["bbox_min"], "bbox_min"), bbox_max=_vec3(o["bbox_max"], "bbox_max"),
            support=o.get("support"), locked=bool(o.get("locked", False)), mount=str(o.get("mount") or "floor"),
            support_surface=o.get("support_surface"), color=o.get("color"), material=o.get("material"),
            asset_fallback=o.get("asset_fallback"))
        for o in data.get("objects", [])
    ]
    constraints = [
        ConstraintResult(relation=c["relation"], args=tuple(c["args"]), params=dict(c.get("params", {})),
                         score=float(c["score"]), satisfied=bool(c["satisfied"]), hard=bool(c.get("hard", False)))
        for c in data.get("constraints", [])]
    raw = data.get("checks", {})
    checks = PhysicsChecks(
        collisions=[(a, b, float(d)) for a, b, d in raw.get("collisions", [])],
        unsupported=list(raw.get("unsupported", [])), out_of_bounds=list(raw.get("out_of_bounds", [])),
        unstable=list(raw.get("unstable", [])),
        blocked_clearance=[(str(a), str(b)) for a, b in raw.get("blocked_clearance", [])])
    bounds = bounds_from_dict(data["bounds"]) if data.get("bounds") is not None else None
    room = room_from_dict(data["room"]) if data.get("room") is not None else None
    upgrade_hung_supports(objects, bounds, room)  # /1-/3 said "ground" for a hung object
    return Layout(objects=objects, constraints=constraints, checks=checks, bounds=bounds,
                  prompt=str(data.get("prompt", "")), seed=int(data.get("seed", 0)), room=room,
                  solve=solve_info_from_dict(data.get("solve")))

