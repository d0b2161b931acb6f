"""Strict parsing of programs and layouts: ``*_from_dict`` read a document into the records of
:mod:`.records`, raising :class:`ProgramError` that names the object or constraint at fault."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..architecture.geometry import upgrade_hung_supports, wall_lengths
from ..architecture.mounting import check_args, object_extras_from_dict
from ..architecture.room import room_from_dict
from ..errors import ProgramError
from ..solve_record import solve_info_from_dict
from .records import (LAYOUT_SCHEMA, LAYOUT_SCHEMAS, PROGRAM_SCHEMA, PROGRAM_SCHEMAS, Bounds, Constraint,
                      ConstraintResult, Layout, ObjectSpec, PhysicsChecks, PlacedObject, Program, Vec3)


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

