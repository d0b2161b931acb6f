"""The constraint-script API: what ``program.py`` (written by a coder, offline or LLM) calls.

A constraint script is written in the script language (a small subset of Python's syntax,
docs/script_language.md) and starts with ``from setdresser.script import *``; it calls
:func:`bounds`, :func:`room`, :func:`add_opening`, :func:`add_object` and :func:`relate`, and
interpreting it (``core/script``) yields a :class:`~.model.Program`; the names below are
provided by a :class:`ScriptRecorder`. :func:`render_script` writes such a script
from a program, so every run leaves a re-runnable ``program.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .architecture.named import fold_architecture
from .architecture.room import Room, opening_from_dict, room_from_dict
from .errors import ProgramError
from .model import Bounds, Constraint, ObjectSpec, Program, program_from_dict

SCRIPT_HEADER = "from setdresser.script import *"
EXPORTED_NAMES = ("bounds", "room", "add_opening", "add_object", "relate", "custom_relation")


class ScriptRecorder:
    """Collects what a constraint script declares; ``program()`` validates and returns it."""

    def __init__(self) -> None:
        self._bounds: Bounds | None = None
        self._objects: list[ObjectSpec] = []
        self._constraints: list[Constraint] = []
        self.custom_functions: dict[str, Callable[..., Any]] = {}
        self._room: dict[str, Any] | None = None
        self._extras: dict[str, dict[str, Any]] = {}  # v2 object fields, parsed with the program

    def room(self, kind: str = "indoor", height: float = 2.7, shape: str = "rect", notch: Any = None,
             floor: Any = None, walls: Any = None, ceiling: bool = False, paths: Any = None) -> None:
        """Describe the architecture: indoor walls of ``height`` (or outdoor ground and ``paths``),
        floor/walls finishes ``{"color": [r, g, b], "material": "wood", "words": [...]}``."""
        openings = (self._room or {}).get("openings", [])
        self._room = {"kind": kind, "height": height, "shape": shape, "notch": notch, "floor": floor,
                      "walls": walls, "ceiling": bool(ceiling), "openings": openings, "paths": paths or []}
        room_from_dict(self._room)  # a bad value fails here, naming the field

    def add_opening(self, kind: str, wall: str, *, id: str | None = None, offset: float = 0.0,
                    width: float | None = None, height: float | None = None, sill: float | None = None,
                    swing: str = "in", clearance: float | None = None) -> str:
        """Cut a door or window in a wall (north/south/east/west); returns its id (``door_1``)."""
        if self._room is None:
            self.room()
        assert self._room is not None
        openings = self._room["openings"]
        raw = {"kind": kind, "wall": wall, "id": id or f"{kind}_{sum(o['kind'] == kind for o in openings) + 1}",
               "offset": offset, "swing": swing}
        raw.update({k: v for k, v in (("width", width), ("height", height), ("sill", sill),
                                      ("clearance", clearance)) if v is not None})
        opening_from_dict(raw, len(openings))
        openings.append(raw)
        return str(raw["id"])

    def bounds(self, min: tuple[float, float, float], max: tuple[float, float, float]) -> None:
        """Set the room bounds (north = max Y)."""
        self._bounds = Bounds(tuple(map(float, min)), tuple(map(float, max)))  # type: ignore[arg-type]

    def add_object(self, id: str, category: str, dimensions: tuple[float, float, float], *,
                   asset: str | None = None, locked: bool = False, location: Any = None,
                   rotation_euler: Any = None, scale_range: Any = None, mount: str | None = None,
                   surfaces: Any = None, color: Any = None, material: str | None = None) -> str:
        """Declare an object; returns its id so scripts can write ``lamp = add_object(...)``.

        ``mount``: floor | wall | ceiling | surface; ``surfaces``: named support surfaces
        ``[{"name": "shelf_1", "height": 0.4}, ...]`` (default: from the object knowledge base)."""
        self._objects.append(ObjectSpec(
            id=str(id), category=str(category), dimensions=tuple(map(float, dimensions)),  # type: ignore[arg-type]
            asset=asset, locked=bool(locked),
            location=tuple(map(float, location)) if location is not None else None,  # type: ignore[arg-type]
            rotation_euler=tuple(map(float, rotation_euler)) if rotation_euler is not None else None,  # type: ignore[arg-type]
            scale_range=tuple(map(float, scale_range)) if scale_range is not None else None,  # type: ignore[arg-type]
        ))
        extras = {"mount": mount, "surfaces": surfaces, "color": color, "material": material}
        if any(v is not None for v in extras.values()):
            self._extras[str(id)] = {k: v for k, v in extras.items() if v is not None}
        return str(id)

    def relate(self, relation: str, *args: str, weight: float = 1.0, hard: bool = False, **params: Any) -> None:
        """Add a constraint: ``relate("on_top_of", "lamp_1", "desk_1")``."""
        self._constraints.append(Constraint(relation=str(relation), args=tuple(str(a) for a in args),
                                            params=dict(params), weight=float(weight), hard=bool(hard)))

    def custom_relation(self, name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator registering a custom scoring function, used as ``custom:NAME``."""
        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            self.custom_functions[str(name)] = fn
            return fn
        return register

    def namespace(self) -> dict[str, Any]:
        """The names ``from setdresser.script import *`` provides."""
        return {name: getattr(self, name) for name in EXPORTED_NAMES}

    def program(self, custom_sources: dict[str, str] | None = None) -> Program:
        """The declared program, round-tripped through the strict parser. A door, window, wall, floor
        or ceiling declared with ``add_object`` is folded into the room (architecture/named.py)."""
        folded = fold_architecture(self._objects, self._constraints, self._room, self._bounds, self._extras)
        program = Program(objects=folded.objects, constraints=folded.constraints, bounds=self._bounds,
                          custom_functions=dict(custom_sources or {}))
        data = program.to_dict()
        for obj in data["objects"]:
            obj.update(folded.extras.get(obj["id"], {}))
        if folded.room is not None:
            data["room"] = folded.room
        try:
            return program_from_dict(data)
        except ProgramError:
            raise
        except Exception as exc:  # a malformed value that slipped past the recorder
            raise ProgramError(f"invalid constraint script output: {exc}", "program.py") from exc


def _literal(value: Any) -> str:
    """A Python literal for a JSON-able value (json is valid Python for these types, bar bools/None)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(_literal(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {_literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, float):
        return repr(round(value, 6))
    return json.dumps(value)


def _room_lines(room: Room) -> list[str]:
    """``room(...)`` and one ``add_opening(...)`` per door or window."""
    data = room.to_dict()
    keys = ("kind", "height", "shape", "notch", "floor", "walls", "ceiling", "paths")
    lines = ["room(" + ", ".join(f"{k}={_literal(data[k])}" for k in keys) + ")"]
    for opening in data["openings"]:
        kind, wall = opening.pop("kind"), opening.pop("wall")
        lines.append(f"add_opening({_literal(kind)}, {_literal(wall)}, "
                     + ", ".join(f"{k}={_literal(v)}" for k, v in opening.items()) + ")")
    return lines + [""]


def render_script(program: Program, comment: str = "") -> str:
    """Write ``program`` as a constraint script that re-creates it exactly."""
    lines = [f"# Set Dresser constraint script. {comment}".rstrip(), SCRIPT_HEADER, ""]
    if program.bounds is not None:
        lines.append(f"bounds(min={_literal(program.bounds.min)}, max={_literal(program.bounds.max)})")
        lines.append("")
    if program.room is not None:
        lines += _room_lines(program.room)
    for obj in program.objects:
        extra = ""
        if obj.asset is not None:
            extra += f", asset={_literal(obj.asset)}"
        if obj.locked:
            extra += ", locked=True"
        if obj.location is not None:
            extra += f", location={_literal(obj.location)}"
        if obj.rotation_euler is not None:
            extra += f", rotation_euler={_literal(obj.rotation_euler)}"
        if obj.scale_range is not None:
            extra += f", scale_range={_literal(obj.scale_range)}"
        for key in ("mount", "color", "material"):
            if getattr(obj, key) is not None:
                extra += f", {key}={_literal(getattr(obj, key))}"
        if obj.surfaces is not None:
            extra += f", surfaces={_literal([s.to_dict() for s in obj.surfaces])}"
        lines.append(f"add_object({_literal(obj.id)}, {_literal(obj.category)}, {_literal(obj.dimensions)}{extra})")
    lines.append("")
    for con in program.constraints:
        parts = [_literal(con.relation)] + [_literal(a) for a in con.args]
        parts += [f"{k}={_literal(v)}" for k, v in con.params.items()]
        if con.weight != 1.0:
            parts.append(f"weight={_literal(con.weight)}")
        if con.hard:
            parts.append("hard=True")
        lines.append(f"relate({', '.join(parts)})")
    for name, source in program.custom_functions.items():
        lines += ["", f"# custom:{name}", source.rstrip()]
    return "\n".join(lines) + "\n"
