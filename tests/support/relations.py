"""A fixed relation catalog for stage tests and prompt snapshots (CONTRACTS §5 names/arity/params),
independent of the skill library's wording so snapshots only change when the prompts do."""
from __future__ import annotations

from typing import Any

import pytest

from setdresser.blender_addon.core.stages.catalog import RelationCatalog


def _p(name: str, type_: str, default: Any = None, description: str = "", choices: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "type": type_, "default": default, "description": description}
    if choices:
        out["choices"] = list(choices)
    return out


FRAME = _p("frame", "str", "anchor", "anchor: the anchor's own frame; world: as if its yaw were 0",
           ("anchor", "world"))
DESCRIBED: list[dict[str, Any]] = [
    {"name": "on_top_of", "min_args": 2, "max_args": 2, "arg_names": ["a", "b"], "params": [],
     "description": "a rests on b's top face."},
    {"name": "stacked", "min_args": 2, "max_args": None, "arg_names": ["objs..."], "params": [],
     "description": "each object rests on the previous one."},
    {"name": "under", "min_args": 2, "max_args": 2, "arg_names": ["a", "b"], "params": [],
     "description": "a stands beneath b, inside its footprint."},
    {"name": "proximity", "min_args": 2, "max_args": 2, "arg_names": ["a", "b"],
     "params": [_p("min_distance", "float", 0.0, "smallest gap, m"), _p("max_distance", "float", 1.0, "largest gap, m")],
     "description": "the gap between a and b lies in [min_distance, max_distance]."},
    {"name": "facing", "min_args": 2, "max_args": 2, "arg_names": ["a", "b"],
     "params": [_p("tolerance_deg", "float", 30.0, "allowed angle")],
     "description": "a's front points at b."},
    {"name": "in_front_of", "min_args": 2, "max_args": 2, "arg_names": ["a", "b"],
     "params": [_p("max_distance", "float", 2.0, "largest gap, m"), FRAME],
     "description": "a stands before b's front face."},
    {"name": "left_of", "min_args": 2, "max_args": 2, "arg_names": ["a", "b"],
     "params": [_p("max_distance", "float", 2.0, "largest gap, m"), FRAME],
     "description": "a stands at b's left side, seen from in front of b."},
    {"name": "row", "min_args": 2, "max_args": None, "arg_names": ["objs..."],
     "params": [_p("spacing", "float", None, "gap between centres, m; free when absent")],
     "description": "the objects stand on a line, evenly spaced, in the order given."},
    {"name": "around", "min_args": 3, "max_args": None, "arg_names": ["objs...", "center"],
     "params": [_p("radius", "float", None, "distance to the center, m"), _p("facing", "bool", True, "face the center")],
     "description": "the objects stand on a circle around the last argument."},
    {"name": "against_wall", "min_args": 1, "max_args": 1, "arg_names": ["a"],
     "params": [_p("wall", "str", "any", "which side of the room", ("any", "north", "south", "east", "west"))],
     "description": "a's back touches a wall of the room and its front faces into the room."},
]


@pytest.fixture
def catalog() -> RelationCatalog:
    """The fixed catalog above."""
    return RelationCatalog.from_describe(DESCRIBED)
