"""A door, window, wall, floor or ceiling a model declares as an object is architecture, not a
box (issue 13 follow-up, core/architecture/named.py through the real script interpreter)."""
from __future__ import annotations

from setdresser.blender_addon.core.script.runner import run_script

HEAD = "from setdresser.script import *\n\nbounds(min=(-2.5, -2, 0), max=(2.5, 2, 2.7))\n"


def test_a_window_and_a_door_declared_as_objects_are_openings_and_relations_name_them() -> None:
    program = run_script(HEAD + """
add_object("desk_1", "desk", (1.2, 0.6, 0.75))
add_object("sofa_1", "sofa", (2.0, 0.9, 0.8))
add_object("window_1", "window", (1.0, 0.1, 1.4), location=(1.0, 1.95, 1.5))
add_object("front_door", "sliding door", (0.9, 0.05, 2.1))
relate("against_wall", "front_door", wall="west")
relate("under_window", "desk_1", "window_1")
relate("facing", "sofa_1", "front_door")
""").program
    assert program.object_ids() == ["desk_1", "sofa_1"]
    openings = {o.id: o for o in program.room.openings}
    assert openings["window_1"].kind == "window" and openings["window_1"].wall == "north"
    assert openings["window_1"].offset == 1.0 and openings["window_1"].width == 1.0
    assert openings["front_door"].kind == "door" and openings["front_door"].wall == "west"
    assert [c.label() for c in program.constraints] == ["under_window(desk_1, window_1)", "facing(sofa_1, front_door)"]


def test_a_wall_object_paints_the_walls_and_relations_to_it_name_its_wall() -> None:
    program = run_script(HEAD + """
add_object("wall_1", "wall", (4.0, 0.12, 2.6), color="red")
add_object("floor_1", "floor", (5, 4, 0.01), material="wooden")
add_object("ceiling_1", "ceiling", (5, 4, 0.01))
add_object("window_1", "window", (1.0, 0.1, 1.4))
add_object("shelf_1", "bookshelf", (0.9, 0.3, 2.0))
add_object("lamp_1", "pendant lamp", (0.4, 0.4, 0.5))
relate("against_wall", "wall_1", wall="east")
relate("in_front_of", "window_1", "wall_1")
relate("in_front_of", "shelf_1", "wall_1")
relate("on_top_of", "shelf_1", "floor_1")
relate("below", "lamp_1", "ceiling_1")
""").program
    room = program.room
    assert program.object_ids() == ["shelf_1", "lamp_1"] and room.ceiling
    assert room.walls.words == ("red",) and room.walls.color is not None and room.walls.color[0] > room.walls.color[2]
    assert room.floor.material == "wooden"
    assert [(o.id, o.wall) for o in room.openings] == [("window_1", "east")]  # set into the east wall object
    assert [c.label() for c in program.constraints] == ["in_front_of(shelf_1, east_wall)"]
    assert program.objects[1].mount == "ceiling"


def test_openings_without_a_wall_spread_over_free_walls_and_outdoors_nothing_is_folded() -> None:
    program = run_script(HEAD + """
add_object("window_1", "window", (1.2, 0.1, 1.2))
add_object("window_2", "window", (1.2, 0.1, 1.2))
add_object("window_3", "window", (1.2, 0.1, 1.2))
add_object("door_1", "door", (0.9, 0.1, 2.1))
""").program
    assert [(o.id, o.wall) for o in program.room.openings] == [
        ("window_1", "north"), ("window_2", "east"), ("window_3", "west"), ("door_1", "south")]
    outdoor = run_script(HEAD + 'room(kind="outdoor")\nadd_object("arch_1", "archway", (2, 0.5, 2.5))\n').program
    assert outdoor.object_ids() == ["arch_1"] and not outdoor.room.openings
    assert run_script(HEAD + 'add_object("c_1", "wall clock", (0.3, 0.05, 0.3))\n').program.object_ids() == ["c_1"]
