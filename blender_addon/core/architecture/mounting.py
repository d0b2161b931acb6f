"""Mounting and named surfaces of program objects (contracts v2, issue 13): parsing the v2 object
fields, the architecture ids relations may name, and defaults from the object knowledge base."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Protocol

from ....skill_library.registry import default_registry
from ..errors import ProgramError
from ..weights import INFERRED_WEIGHT
from ..knowledge.objects import Surface, load_knowledge
from .hung_over import restate_under, share_walls
from .posture import seat_figures
from .room import WALLS, Room

MOUNTS = ("floor", "wall", "ceiling", "surface")
FIGURE_FAMILIES = frozenset({"person", "animal"})  # knowledge-base families whose bodies may overhang a container
RIM_SLACK = 0.02  # m to spare where a thing stands out of its container


class _BoundsLike(Protocol):
    @property
    def min(self) -> tuple[float, float, float]: ...


def _rgb(value: Any, where: str) -> tuple[float, float, float]:
    if (not isinstance(value, (list, tuple)) or len(value) != 3
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value)):
        raise ProgramError(f"'color' must be a word or [r, g, b], got {value!r}", where)
    return (float(value[0]), float(value[1]), float(value[2]))


def object_extras_from_dict(data: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The v2 fields of a program object: mount, named surfaces, colour and material."""
    out: dict[str, Any] = {}
    mount = data.get("mount")
    if mount is not None and mount not in MOUNTS:
        raise ProgramError(f"'mount' must be one of {', '.join(MOUNTS)}, got {mount!r}", where)
    out["mount"] = mount
    raw = data.get("surfaces")
    if raw is not None:
        if not isinstance(raw, (list, tuple)) or not all(isinstance(r, Mapping) for r in raw):
            raise ProgramError("'surfaces' must be a list of {name, height}", where)
        out["surfaces"] = tuple(_surface(r, f"{where}.surfaces[{i}]") for i, r in enumerate(raw))
    color = data.get("color")
    if color is not None and not isinstance(color, str):
        color = _rgb(color, f"{where}.color")
    out["color"] = color
    material = data.get("material")
    if material is not None and not isinstance(material, str):
        raise ProgramError(f"'material' must be a word, got {material!r}", where)
    out["material"] = material
    return out


def _surface(raw: Mapping[str, Any], where: str) -> Surface:
    name, height = raw.get("name"), raw.get("height")
    if not isinstance(name, str) or not name or isinstance(height, bool) or not isinstance(height, (int, float)):
        raise ProgramError(f"a surface needs a name and a height, got {dict(raw)!r}", where)
    box = [raw.get("min"), raw.get("max")]
    if any(b is not None and (not isinstance(b, (list, tuple)) or len(b) != 2) for b in box):
        raise ProgramError("surface 'min'/'max' must be [x, y]", where)
    clear = raw.get("clear_height")
    lo, hi = ((float(b[0]), float(b[1])) if b else None for b in box)
    return Surface(name=name, height=float(height), min=lo, max=hi,
                   clear_height=float(clear) if isinstance(clear, (int, float)) else None)



def finish_fields(color: Any, material: str | None) -> dict[str, Any]:
    """The ``color``/``material`` entries of an object's JSON, when set (a word or [r, g, b])."""
    out: dict[str, Any] = {"color": color if isinstance(color, str) else list(color)} if color is not None else {}
    return out | ({"material": material} if material is not None else {})


def check_args(object_ids: set[str], constraints: Any, room: Room | None, bounds: _BoundsLike | None) -> None:
    """Every constraint argument names an object or an architecture id; no object takes one."""
    arch = architecture_ids(room, bounds)
    for obj_id in arch:
        if obj_id in object_ids:
            raise ProgramError("an object may not take an architecture id", f"object '{obj_id}'")
    known = object_ids | set(arch)
    for i, con in enumerate(constraints):
        for arg in con.args:
            if arg not in known:
                raise ProgramError(f"unknown object id '{arg}'", f"constraints[{i}] {con.label()}")


def architecture_ids(room: Room | None, bounds: _BoundsLike | None) -> list[str]:
    """The ids relations may name besides objects: the walls and openings of an indoor room with bounds."""
    if room is None or bounds is None or not room.indoor:
        return []
    return [f"{w}_wall" for w in WALLS] + [o.id for o in room.openings]


# ---------------------------------------------------------------- defaults from the knowledge base

HANG_RELATION = "on_wall"  # what a wall-mounted object without a wall relation gets
STAND_RELATION = "against_wall"  # what a bed gets for its headboard
MIN_WALL_GAP = 0.05  # m a hung object keeps from the floor and the ceiling
# the wall a hung thing and what it hangs above share when the script names none: the two must agree,
# and the wall choice of the solver treats each "any" on its own
OVER_WALL = "north"
BELOW_OPENING = frozenset({"under_window"})  # near an opening, yet off its wall: a hung thing still hangs


class RelationKinds:
    """What a constraint's relation does, read from the registry's spec and placement (physics role,
    boundary, parameters), never from its name, so a renamed or learned copy is treated alike."""

    def __init__(self, registry: Any) -> None:
        self._registry = registry

    @property
    def registry(self) -> Any:
        return self._registry

    def kind(self, con: Any) -> str:
        """support | support_surface | stack | above | hang | wall | zone | placed | other."""
        try:
            relation = self._registry.get(con.relation)
        except Exception:  # noqa: BLE001 - custom or unknown: the binder reports it later
            return "other"
        spec, placement = relation.spec, relation.placement
        params = {p.name for p in spec.params}
        if spec.physics in ("support", "inside"):
            return "support_surface" if "surface" in params else "support"
        if spec.physics in ("stack", "above"):
            return spec.physics
        if placement.boundary == "wall":
            return "hang" if "height" in params else "wall"
        if spec.arg_names[:1] == ("zone",):
            return "zone"
        return "placed" if placement.boundary is not None else "other"

    def takes(self, con: Any, param: str) -> bool:
        """Whether the constraint's relation has this parameter."""
        try:
            return param in {p.name for p in self._registry.get(con.relation).spec.params}
        except Exception:  # noqa: BLE001 - custom or unknown
            return False


def _supported_ids(program: Any, hangs: set[str], kinds: RelationKinds) -> set[str]:
    """Objects a relation puts on (or in, or over) another. Over another (``above``) does not take a
    thing that hangs on a wall off it: a painting above the bed hangs on the wall behind the bed."""
    out: set[str] = set()
    for con in program.constraints:
        kind = kinds.kind(con)
        if kind in ("support", "support_surface") and con.args:
            out.add(con.args[0])
        elif kind == "above" and con.args and con.args[0] not in hangs:
            out.add(con.args[0])
        elif kind == "stack":
            out.update(con.args[1:])
    return out


def _mount_of(obj: Any, facts: Any, supported: set[str], can_hang: bool) -> str:
    """The object's mount: what the script said, else resting on what a relation puts it on, else
    the knowledge base's (wall/ceiling only where there are walls and a ceiling height)."""
    if obj.mount is not None:
        return str(obj.mount) if can_hang or obj.mount in ("floor", "surface") else "floor"
    if obj.id in supported:
        return "surface"
    if facts is not None and facts.mount in ("wall", "ceiling") and can_hang:
        return str(facts.mount)
    return "floor"


def hung_dimensions(obj: Any, facts: Any, mount: str) -> Any:
    """The object's dimensions, no deeper than the knowledge base lets its hung form be: a thing
    that hangs by nature (a mirror, a clock) at most its category's greatest depth, one that may
    also hang (a TV, a monitor: the stand stays behind) its least depth, so a hung screen's back
    touches the wall (a TV sized with its foot hung 0.13 m off it)."""
    if mount != "wall" or facts is None:
        return obj.dimensions
    depth = facts.dim_max[1] if facts.mount == "wall" else facts.dim_min[1]
    w, d, h = obj.dimensions
    return obj.dimensions if d <= depth + 1e-9 else (w, round(float(depth), 4), h)


def wall_height(obj: Any, facts: Any, room_height: float, requested: Any = None) -> float:
    """Centre height (m above the floor) for a hung object: the script's, else the category's typical
    one, kept so the object clears the floor and the ceiling by 5 cm."""
    knowledge = load_knowledge()
    height = float(requested) if requested is not None else (
        facts.mount_height if facts is not None and facts.mount_height else knowledge.wall_height)
    half = obj.dimensions[2] / 2
    return max(half + MIN_WALL_GAP, min(height, room_height - half - MIN_WALL_GAP))


def complete_program(program: Any, registry: Any = None) -> Any:
    """The program with the knowledge base's defaults filled in (a new Program; the input is kept).

    * every object gets its ``mount`` and named ``surfaces`` (scaled to its dimensions); a hung
      object is no deeper than its hung form (:func:`hung_dimensions`);
    * ``under(b, h)`` of a hung ``h`` becomes ``above(h, b)``; a hung object above a floor-standing
      one shares its wall and clears its top (:mod:`.hung_over`);
    * a wall-mounted object's ``against_wall`` becomes ``on_wall`` on that wall; one without a
      wall relation gets ``on_wall(a)``; ``on_wall`` gets the category's typical ``height``; a
      bed (a category with a headboard) whose position the script leaves open gets
      ``against_wall`` (weight 0.7): its headboard, at its back, to the wall;
    * ``on_top_of(a, b)`` without ``surface`` rests on b's default surface (a sofa's seat, a bed's
      mattress); a named surface becomes ``level`` (its height / b's height) for the relation;
      an unknown surface name is a :class:`ProgramError` naming the constraint;
    * ``clear(zone)`` without members keeps every floor-standing and hung object out of the zone;
    * a figure on a seat is seated (:mod:`.posture`: its box is the part on the seat).
    """
    knowledge = load_knowledge()
    kinds = RelationKinds(registry if registry is not None else default_registry())
    program = seat_figures(program, knowledge, lambda con: kinds.kind(con) in ("support", "support_surface"))
    arch = set(architecture_ids(program.room, program.bounds))
    can_hang = bool(program.room is not None and program.room.indoor and program.bounds is not None)
    room_height = program.room.height if program.room is not None else 2.7
    facts = {o.id: knowledge.lookup(o.category) for o in program.objects}
    hangs = {o.id for o in program.objects if (o.mount or getattr(facts[o.id], "mount", None)) in ("wall", "ceiling")}
    supported = _supported_ids(program, hangs, kinds)
    objects = []
    for obj in program.objects:
        found = facts[obj.id]
        surfaces = obj.surfaces if obj.surfaces is not None else (
            found.surfaces_at(obj.dimensions) if found is not None else None)
        mount = _mount_of(obj, found, supported, can_hang)
        objects.append(replace(obj, mount=mount, surfaces=surfaces, dimensions=hung_dimensions(obj, found, mount)))
    by_id = {o.id: o for o in objects}
    hung = restate_under([_hung(con, by_id, kinds) for con in program.constraints], by_id, kinds.registry, kinds)
    constraints = [_completed(con, k, by_id, facts, room_height, kinds) for k, con in enumerate(hung)]
    constraints += _implied(objects, constraints, facts, kinds, arch, supported, room_height if can_hang else None)
    if can_hang:  # a mirror on the wall above the sink: one wall, clear of its top
        constraints = share_walls(constraints, by_id, kinds, {k: c.params.get("height") for k, c in enumerate(hung)},
                                  lambda h, b, height: wall_height(h, facts[h.id], room_height, max(
                                      height or 0.0, b.dimensions[2] + h.dimensions[2] / 2 + MIN_WALL_GAP)),
                                  lambda b: _backs_to_wall(facts[b.id]))
    return replace(program, objects=objects, constraints=constraints)


def _backs_to_wall(found: Any) -> bool:
    """Whether the knowledge base stands the category with its back (or headboard) to a wall."""
    return found is not None and bool(found.back_to_wall or found.headboard)


def _implied(objects: list[Any], constraints: list[Any], facts: Mapping[str, Any], kinds: RelationKinds,
             arch: set[str], supported: set[str], room_height: float | None) -> list[Any]:
    """``on_wall`` for hung objects with no wall relation; ``against_wall`` for a bed left unplaced
    (its headboard to the wall), only in a room with walls (``room_height`` not None)."""
    by_opening = {con.args[0] for con in constraints if len(con.args) > 1 and set(con.args[1:]) & arch
                  and con.relation not in BELOW_OPENING}  # a radiator under the window still hangs flush
    walled = {con.args[0] for con in constraints if kinds.kind(con) == "hang" and con.args} | by_opening
    placed = walled | {con.args[0] for con in constraints if kinds.kind(con) in ("wall", "placed") and con.args}
    make, out = _constraint_type(), []
    by_id = {o.id: o for o in objects}
    over = {con.args[0]: by_id[con.args[1]] for con in constraints  # a mirror above the dresser
            if kinds.kind(con) == "above" and len(con.args) == 2 and con.args[1] in by_id
            and by_id[con.args[0]].mount == "wall"}
    walls = {con.args[0]: con.params.get("wall", "any") for con in constraints
             if kinds.kind(con) == "wall" and con.args}
    for obj in objects:
        found = facts[obj.id]
        if obj.mount == "wall" and obj.id not in walled and room_height is not None:
            height, wall = wall_height(obj, found, room_height), "any"
            if obj.id in over:  # hung clear of what it hangs above, on the wall that stands at
                below = over[obj.id]
                height = wall_height(obj, found, room_height,
                                     max(height, below.dimensions[2] + obj.dimensions[2] / 2 + MIN_WALL_GAP))
                if below.id not in placed and below.mount == "floor":
                    walls[below.id] = OVER_WALL
                    out.append(make(relation=STAND_RELATION, args=(below.id,), params={"wall": OVER_WALL},
                                    weight=INFERRED_WEIGHT))
                    placed.add(below.id)
                wall = walls.get(below.id, "any")
            out.append(make(relation=HANG_RELATION, args=(obj.id,), params={"wall": wall, "height": height}))
        if (room_height is not None and obj.mount == "floor" and found is not None and found.headboard
                and obj.id not in placed and obj.id not in supported):
            out.append(make(relation=STAND_RELATION, args=(obj.id,), params={"wall": "any"}, weight=INFERRED_WEIGHT))
    return out


def _hung(con: Any, by_id: Mapping[str, Any], kinds: RelationKinds) -> Any:
    """``against_wall`` of a wall-mounted object means hanging on that wall: ``on_wall`` (same wall,
    weight and hardness), so two wall relations never pull it to different walls."""
    if not con.args or getattr(by_id.get(con.args[0]), "mount", None) != "wall" or kinds.kind(con) != "wall":
        return con
    kept = {k: con.params[k] for k in ("tolerance_deg",) if con.params.get(k) is not None}  # on_wall has it too
    return replace(con, relation=HANG_RELATION, params={"wall": con.params.get("wall", "any"), **kept})


def _constraint_type() -> Any:
    from ..model import (
        Constraint,  # the model imports this module: a late import breaks the cycle
    )
    return Constraint


def _completed(con: Any, k: int, by_id: Mapping[str, Any], facts: Mapping[str, Any], room_height: float,
               kinds: RelationKinds) -> Any:
    params = dict(con.params)
    kind = kinds.kind(con)
    if kind == "hang" and con.args and con.args[0] in by_id:
        obj, requested = by_id[con.args[0]], params.get("height")
        if requested is not None and (isinstance(requested, bool) or not isinstance(requested, (int, float))
                                      or not requested >= 0):  # checked before the clamp below hides it
            raise ProgramError(f"parameter 'height' must be a number >= 0, got {requested!r}",
                               f"constraints[{k}] {con.label()}")
        params["height"] = wall_height(obj, facts.get(obj.id), room_height, requested)
    elif kind == "support_surface" and len(con.args) == 2 and con.args[1] in by_id:
        params.update(_surface_params(con, k, by_id[con.args[1]], facts.get(con.args[1])))
    elif kind == "support" and kinds.takes(con, "above_rim") and len(con.args) == 2 and set(con.args) <= set(by_id):
        params.update(_rim_params(params, by_id[con.args[0]], by_id[con.args[1]], facts.get(con.args[0])))
    elif kind == "zone" and len(con.args) == 1:
        members = tuple(o.id for o in by_id.values() if o.mount in ("floor", "wall"))
        return replace(con, args=con.args + members, params=params)
    return replace(con, params=params)


def _rim_params(params: Mapping[str, Any], inner: Any, outer: Any, facts: Any) -> dict[str, Any]:
    """How far what rests *inside* a container may stand out of it, when the program did not say:
    its top over the rim when it rests on the container's inner floor (a man seated in a bathtub,
    head and shoulders out: ``above_rim``), and a person's or animal's footprint over the sides
    (a cat curled up in a basket: ``tolerance``), each with :data:`RIM_SLACK` to spare."""
    out: dict[str, Any] = {}
    rim = inner_floor(outer.surfaces, outer.dimensions[2]) + inner.dimensions[2] - outer.dimensions[2]
    if "above_rim" not in params and rim > 0:
        out["above_rim"] = round(rim + RIM_SLACK, 3)
    (a, b), (c, d) = sorted(inner.dimensions[:2]), sorted(outer.dimensions[:2])
    over = max(a - c, b - d) / 2
    if "tolerance" not in params and over > 0 and getattr(facts, "family", None) in FIGURE_FAMILIES:
        out["tolerance"] = round(over + RIM_SLACK, 3)
    return out


def _surface_params(con: Any, k: int, parent: Any, facts: Any) -> dict[str, Any]:
    """``surface`` (default: the parent's default surface) and its ``level`` for on_top_of."""
    name = con.params.get("surface") or (facts.default_surface if facts is not None else None) or "top"
    surfaces = {s.name: s for s in parent.surfaces or ()}
    if name == "top" and (("top" not in surfaces) or surfaces["top"].height >= parent.dimensions[2] - 1e-6):
        return {}  # the box top: the v1 relation
    if name not in surfaces:
        have = ", ".join(surfaces) or "only its top"
        raise ProgramError(f"'{parent.id}' has no surface {name!r} (it has: {have})",
                           f"constraints[{k}] {con.label()}")
    surface = surfaces[name]
    out: dict[str, Any] = {"surface": name, "level": round(min(1.0, surface.height / parent.dimensions[2]), 5)}
    if surface.min is not None and surface.max is not None and out["level"] < 1.0:  # a shelf, a seat: its region
        width, depth = parent.dimensions[0], parent.dimensions[1]
        out.update({"region_x0": round(surface.min[0] / width, 5), "region_y0": round(surface.min[1] / depth, 5),
                    "region_x1": round(surface.max[0] / width, 5), "region_y1": round(surface.max[1] / depth, 5)})
    return out


def inner_floor(surfaces: Any, height: float) -> float:
    """How high above its bottom a thing *inside* an object rests: the object's lowest named surface
    below its top (a bathtub's or a sink's basin, a crib's mattress, a boat's deck), 0 when it has none
    (a basket, a bowl, a box)."""
    return min((float(s.height) for s in surfaces or () if 0.0 < s.height < height - 1e-6), default=0.0)
