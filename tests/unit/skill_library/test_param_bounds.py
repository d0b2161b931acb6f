"""Every parameter a script may set is bounded, validated and never crashes a solve (issue 15 defect 1:
``in_front_of(window_1, wall_1, max_distance=0.03)`` ended a run with ``ValueError: high - low < 0``
inside the solver's sampling). For every relation of the library, every numeric parameter at the
edges of its documented range (and just past them) either binds and solves or is refused as bad
input naming the parameter; nothing else escapes."""

from __future__ import annotations

from typing import Any

import pytest
from setdresser.blender_addon.core.errors import ProgramError
from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver.api import solve
from setdresser.skill_library.base import Param, RelationSpec
from setdresser.skill_library.registry import default_registry

BOUNDS = {"min": [-2.5, -2.0, 0.0], "max": [2.5, 2.0, 2.7]}
ROOM = {"kind": "indoor", "height": 2.7, "openings": [
    {"id": "door_1", "kind": "door", "wall": "south", "offset": 1.2, "width": 0.9},
    {"id": "window_1", "kind": "window", "wall": "north", "offset": 0.0, "width": 1.4}]}
OBJECTS = [{"id": f"box_{k}", "category": "box", "dimensions": [0.4, 0.3, 0.5]} for k in range(1, 5)]
EDGES = ("low", "tight", "high")  # the minimum (or 0), a small value, the maximum (or a large value)


def _numeric(spec: RelationSpec) -> list[Param]:
    return [p for p in spec.params if p.type in ("float", "int") and not p.internal]


def _args(spec: RelationSpec) -> list[str]:
    count = spec.min_args if spec.max_args == spec.min_args else max(spec.min_args, 3)
    args = [f"box_{k}" for k in range(1, count + 1)]
    for k, arg in enumerate(spec.arg_names[:count]):
        if arg in ("door", "zone"):
            args[k] = "door_1"
        elif arg == "window":
            args[k] = "window_1"
    return args


def _value(param: Param, edge: str) -> float:
    low = param.minimum if param.minimum is not None else 0.0
    if edge == "low":
        return low
    if edge == "tight":
        return low + (1 if param.type == "int" else 0.03)
    return param.maximum if param.maximum is not None else low + (4 if param.type == "int" else 50.0)


def _constraint(spec: RelationSpec, values: dict[str, Any]) -> dict[str, Any]:
    required = {p.name: 1.0 for p in spec.params if p.required and not p.internal}  # scaling's ratio
    params = required | values
    return {"relation": spec.name, "args": _args(spec), "params": params}


def _program(constraints: list[dict[str, Any]]) -> dict[str, Any]:
    return {"schema": "setdresser.program/2", "bounds": BOUNDS, "room": ROOM, "objects": OBJECTS,
            "constraints": constraints}


def _bindable(spec: RelationSpec, edge: str) -> dict[str, Any] | None:
    constraint = _constraint(spec, {p.name: _value(p, edge) for p in _numeric(spec)})
    try:
        program_from_dict(_program([constraint]))
        solve(program_from_dict(_program([constraint])), seed=0, effort=0.02)
    except ProgramError:
        return None  # refused as bad input (e.g. min_distance > max_distance): a clear message, fine
    return constraint


@pytest.mark.parametrize("edge", EDGES)
def test_every_parameter_at_the_edges_of_its_range_solves_or_is_bad_input(edge: str) -> None:
    registry = default_registry()
    for name in registry.names():
        _bindable(registry.get(name).spec, edge)  # anything but ProgramError fails the test, naming the relation


def test_every_tolerance_is_documented_with_bounds_and_refused_beyond_them() -> None:
    registry = default_registry()
    for name in registry.names():
        spec = registry.get(name).spec
        for param in _numeric(spec):
            assert param.minimum is not None, f"{name}.{param.name} has no lower bound"
            assert param.description, f"{name}.{param.name} is not documented"
            if "deg" in param.name or "fraction" in param.name:
                assert param.maximum is not None, f"{name}.{param.name} has no upper bound"
            for bad in [param.minimum - 1.0] + ([param.maximum + 1.0] if param.maximum is not None else []):
                constraint = _constraint(spec, {param.name: bad})
                with pytest.raises(ProgramError, match=param.name):  # noqa: PT012
                    solve(program_from_dict(_program([constraint])), seed=0, effort=0.02)


def test_a_tight_distance_is_solved_not_a_crash() -> None:
    """The recorded case: a revision tightened in_front_of's max_distance to 3 cm."""
    constraint = {"relation": "in_front_of", "args": ["box_1", "box_2"], "params": {"max_distance": 0.03}}
    layout = solve(program_from_dict(_program([constraint])), seed=0, effort=0.05)
    assert [o.id for o in layout.objects][:2] == ["box_1", "box_2"]
