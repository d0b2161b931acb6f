"""The room of program/layout v2: parsing, defaults, errors, round trips, v1 still read."""

from __future__ import annotations

import pytest
from setdresser.blender_addon.core.errors import ProgramError
from setdresser.blender_addon.core.model import (
    LAYOUT_SCHEMA,
    PROGRAM_SCHEMA,
    layout_from_dict,
    program_from_dict,
)
from setdresser.blender_addon.core.solver.api import solve

BOUNDS = {"min": [-2.0, -1.5, 0.0], "max": [2.0, 1.5, 2.7]}


def _program(room: dict, objects: list | None = None, constraints: list | None = None) -> dict:
    return {"schema": PROGRAM_SCHEMA, "bounds": BOUNDS, "room": room,
            "objects": objects or [{"id": "chair_1", "category": "chair", "dimensions": [0.45, 0.5, 0.9]}],
            "constraints": constraints or []}


def test_room_defaults_and_round_trip() -> None:
    program = program_from_dict(_program({"openings": [{"kind": "door", "wall": "south"},
                                                        {"kind": "window", "wall": "north", "offset": 0.5}]}))
    room = program.room
    assert room is not None and room.kind == "indoor" and room.height == 2.7 and room.shape == "rect"
    door, window = room.openings
    assert (door.id, door.width, door.height, door.sill, door.clearance) == ("door_1", 0.9, 2.1, 0.0, 0.9)
    assert (window.id, window.sill) == ("window_2", 0.9)
    again = program_from_dict(program.to_dict())
    assert again.room == room and again.to_dict()["schema"] == "setdresser.program/2"


@pytest.mark.parametrize("room, message", [
    ({"openings": [{"kind": "door", "wall": "south", "offset": 1.8}]}, "does not fit"),
    ({"openings": [{"kind": "window", "wall": "up"}]}, "wall"),
    ({"openings": [{"kind": "hatch", "wall": "north"}]}, "kind"),
    ({"height": 2.0, "openings": [{"kind": "door", "wall": "east"}]}, "above"),
    ({"kind": "outdoor", "openings": [{"kind": "door", "wall": "east"}]}, "outdoor"),
    ({"shape": "L"}, "notch"),
    ({"openings": [{"id": "north_wall", "kind": "door", "wall": "east"}]}, "reserved"),
])
def test_bad_rooms_are_refused_naming_the_place(room: dict, message: str) -> None:
    with pytest.raises(ProgramError, match=message):
        program_from_dict(_program(room))


def test_constraints_may_name_walls_and_openings_but_not_unknown_ids() -> None:
    room = {"openings": [{"id": "door_1", "kind": "door", "wall": "south"}]}
    program_from_dict(_program(room, constraints=[{"relation": "facing_door", "args": ["chair_1", "door_1"]},
                                                  {"relation": "proximity", "args": ["chair_1", "north_wall"]}]))
    with pytest.raises(ProgramError, match="window_9"):
        program_from_dict(_program(room, constraints=[{"relation": "under_window", "args": ["chair_1", "window_9"]}]))


def test_v1_documents_are_still_read() -> None:
    v1 = {"schema": "setdresser.program/1", "bounds": BOUNDS,
          "objects": [{"id": "a", "category": "box", "dimensions": [1, 1, 1]}], "constraints": []}
    program = program_from_dict(v1)
    assert program.room is None and program.objects[0].mount is None
    layout = solve(program, seed=0, effort=0.333).to_dict()
    assert layout["schema"] == LAYOUT_SCHEMA and "room" not in layout
    layout["schema"] = "setdresser.layout/1"
    assert layout_from_dict(layout).objects[0].id == "a"


def test_object_v2_fields_parse_and_round_trip() -> None:
    objects = [{"id": "shelf_1", "category": "bookshelf", "dimensions": [1, 0.3, 1.8], "mount": "floor",
                "color": "red", "material": "wood",
                "surfaces": [{"name": "shelf_1", "height": 0.1, "clear_height": 0.3}, {"name": "top", "height": 1.8}]}]
    program = program_from_dict(_program({}, objects=objects))
    obj = program.objects[0]
    assert obj.surfaces is not None and obj.surfaces[0].clear_height == 0.3 and obj.color == "red"
    assert program_from_dict(program.to_dict()).objects[0] == obj
    with pytest.raises(ProgramError, match="mount"):
        program_from_dict(_program({}, objects=[dict(objects[0], mount="sky")]))


def test_script_declares_room_openings_and_v2_object_fields_and_round_trips() -> None:
    from setdresser.blender_addon.core.script_api import ScriptRecorder, render_script

    recorder = ScriptRecorder()
    recorder.bounds((-2, -1.5, 0), (2, 1.5, 2.7))
    recorder.room(height=2.8, floor={"color": [0.5, 0.1, 0.1], "material": "wood", "words": ["red"]})
    assert recorder.add_opening("door", "south", offset=1.0) == "door_1"
    assert recorder.add_opening("window", "north", width=1.4) == "window_1"
    recorder.add_object("shelf_1", "bookshelf", (1, 0.3, 1.8), surfaces=[{"name": "shelf_1", "height": 0.1}])
    recorder.add_object("tv_1", "tv", (1.2, 0.08, 0.7), mount="wall", color="black")
    recorder.relate("on_wall", "tv_1", wall="east")
    recorder.relate("facing_door", "shelf_1", "door_1")
    program = recorder.program()
    assert program.room is not None and [o.id for o in program.room.openings] == ["door_1", "window_1"]
    assert program.room.floor.material == "wood" and program.objects[1].mount == "wall"
    script = render_script(program)
    assert "add_opening('door'" in script.replace('"', "'") and "mount=" in script
    with pytest.raises(ProgramError, match="wall"):
        recorder.add_opening("door", "ceiling")


def test_rendered_script_with_a_room_re_runs_to_the_same_program() -> None:
    from setdresser.blender_addon.core.script.runner import run_script
    from setdresser.blender_addon.core.script_api import render_script

    data = {"schema": PROGRAM_SCHEMA, "bounds": BOUNDS,
            "room": {"height": 2.8, "walls": {"color": [0.1, 0.1, 0.1], "material": None, "words": ["black"]},
                     "openings": [{"id": "door_1", "kind": "door", "wall": "south", "offset": 1.0},
                                  {"id": "window_1", "kind": "window", "wall": "north"}]},
            "objects": [{"id": "shelf_1", "category": "bookshelf", "dimensions": [1, 0.3, 1.8],
                         "surfaces": [{"name": "shelf_1", "height": 0.1, "min": [-0.4, -0.1], "max": [0.4, 0.1]}]},
                        {"id": "tv_1", "category": "tv", "dimensions": [1.2, 0.08, 0.7], "mount": "wall",
                         "color": "black"}],
            "constraints": [{"relation": "on_wall", "args": ["tv_1"], "params": {"wall": "east"}},
                            {"relation": "next_to_door", "args": ["shelf_1", "door_1"]}]}
    program = program_from_dict(data)
    again = run_script(render_script(program)).program  # the script interpreter (issue 12)
    assert again is not None and again.to_dict() == program.to_dict()
