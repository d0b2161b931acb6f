"""The offline planner and coder speak about the room (issue 14 on issue 13's world): doors and
windows named in the text are openings cut in walls (never objects), wall-hung things hang by the
knowledge base's mount facts, floor and wall colours are the room's finish, "keep the doorway
clear" / "no chair in front of the door" are clear zones; what cannot apply is reported."""

from __future__ import annotations

import json

import pytest

from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.scene_graph import scene_graph_from_dict
from setdresser.blender_addon.core.solver.api import solve

OPENING_WORDS = {"door", "doorway", "entrance", "window", "windows"}


def _graph(prompt: str):
    return plan(prompt, complete=False)


def _triples(graph) -> set[tuple[str, tuple[str, ...]]]:
    return set(graph.triples())


def _openings(graph) -> dict[str, str]:
    return {o["id"]: o["wall"] for o in (graph.room or {}).get("openings", [])}


@pytest.mark.parametrize("prompt, walls", [
    ("a bedroom with a window on the east wall and a door on the south wall", {"window_1": "east", "door_1": "south"}),
    ("The window is on the west wall. The entrance is in the north wall.", {"window_1": "west", "door_1": "north"}),
    ("Two windows on the south wall and a reading chair between them.", {"window_1": "south", "window_2": "south"}),
    ("There is a door in the east wall; the north window lets in the light.", {"door_1": "east", "window_1": "north"}),
])
def test_named_openings_are_cut_in_their_walls_never_objects(prompt: str, walls: dict[str, str]) -> None:
    graph = plan(prompt)  # with the archetype's furniture too: still no door or window object
    assert _openings(graph) == walls
    assert not [a for a in graph.assets if a.category.split()[-1] in OPENING_WORDS]
    program = code(graph)
    assert {o.id: o.wall for o in program.room.openings} == walls
    assert program_from_dict(json.loads(json.dumps(program.to_dict()))).room == program.room


@pytest.mark.parametrize("prompt, expected", [
    ("Put a writing desk under the window and an armchair next to the door.",
     {("under_window", ("writing_desk_1", "window_1")), ("next_to_door", ("armchair_1", "door_1"))}),
    ("The sofa faces the door. A coat rack stands by the entrance.",
     {("facing_door", ("sofa_1", "door_1")), ("next_to_door", ("coat_rack_1", "door_1"))}),
    ("A window on the north wall with a small table under it.", {("under_window", ("table_1", "window_1"))}),
    ("An armchair facing the window, and a wardrobe opposite the door.",
     {("facing_door", ("armchair_1", "window_1")), ("facing_door", ("wardrobe_1", "door_1"))}),
])
def test_objects_relate_to_openings(prompt: str, expected: set) -> None:
    graph = _graph(prompt)
    assert expected <= _triples(graph)
    assert graph.unparsed == []


def test_opposite_the_door_is_the_facing_wall() -> None:
    graph = _graph("The door is on the west wall. A wardrobe stands opposite the door.")
    walls = [r.params["wall"] for r in graph.relations if r.relation == "against_wall"]
    assert walls == ["east"]


def test_a_thing_hung_above_a_door_hangs_on_its_wall_over_it() -> None:
    graph = _graph("A door on the east wall. Hang a clock above the door.")
    clock = next(a for a in graph.assets if a.id == "clock_1")
    assert clock.mount == "wall" and clock.category == "wall clock"  # not the longcase clock
    program = code(graph)
    hung = next(c for c in program.constraints if c.relation == "on_wall" and c.args == ("clock_1",))
    door = program.room.opening("door_1")
    assert hung.params["wall"] == "east"
    assert hung.params["height"] - program.objects[0].dimensions[2] / 2 > door.sill + door.height


@pytest.mark.parametrize("prompt, hung, category", [
    ("A painting on the wall above the bed.", "painting_1", "painting"),
    ("The TV hangs on the west wall, facing the sofa.", "tv_1", "tv"),
    ("Mount a shelf on the wall above the desk.", "shelf_1", "wall shelf"),
    ("A lamp on the north wall and a mirror on the east wall.", "lamp_1", "wall lamp"),
    ("Put up two posters on the south wall.", "poster_2", "poster"),
])
def test_wall_hung_things_use_on_wall(prompt: str, hung: str, category: str) -> None:
    graph = _graph(prompt)
    node = next(a for a in graph.assets if a.id == hung)
    assert node.category == category and node.mount == "wall"
    assert any(name == "on_wall" and args == (hung,) for name, args in graph.triples())
    program = code(graph)
    assert next(o for o in program.objects if o.id == hung).mount == "wall"


def test_floor_furniture_against_a_wall_still_stands() -> None:
    graph = _graph("A sofa on the north wall and a bookshelf against the west wall.")
    assert {n for n, _ in graph.triples()} == {"against_wall"}
    assert all(a.mount is None for a in graph.assets)


def test_room_finishes_from_colour_and_material_words() -> None:
    graph = _graph("A study with dark green walls, a wooden floor and a red armchair.")
    assert graph.room["walls"]["words"] == ["dark", "green"] and graph.room["floor"]["words"] == ["wooden"]
    program = code(graph)
    assert program.room.walls.color is not None and program.room.floor.material == "wooden"
    armchair = next(o for o in program.objects if o.category == "armchair")
    assert armchair.color == "red"


def test_what_an_outdoor_scene_cannot_have_is_reported() -> None:
    graph = plan("a picnic blanket in a park with yellow walls and a window", complete=False)
    assert any("outdoor scene has no walls" in u for u in graph.unparsed)
    assert code(graph).room.openings == ()


@pytest.mark.parametrize("prompt, members", [
    ("A sofa and a coffee table. Keep the doorway clear.", None),
    ("A sofa, two chairs and a lamp. No chair should stand in front of the door.", ("chair_1", "chair_2")),
    ("A bed and a wardrobe. Nothing should block the window.", None),
    ("Don't put anything in front of the door. A desk and a chair.", None),
])
def test_clear_zones(prompt: str, members: tuple[str, ...] | None) -> None:
    graph = _graph(prompt)
    clear = [args for name, args in graph.triples() if name == "clear"]
    assert len(clear) == 1 and clear[0][0] in _openings(graph)
    assert graph.unparsed == [] and not [a for a in graph.assets if a.category.startswith("no ")]
    if members is not None:
        assert clear[0][1:] == members
    program = code(graph)
    con = next(c for c in program.constraints if c.relation == "clear")
    assert len(con.args) > 1  # the coder lists what stands on the floor when the text names nothing


def test_scene_graph_with_a_room_round_trips() -> None:
    graph = _graph("A desk under the window and a chair next to the door.")
    again = scene_graph_from_dict(json.loads(json.dumps(graph.to_dict())))
    assert again.room == graph.room and again.triples() == graph.triples()


@pytest.mark.slow
def test_opening_relations_hold_in_the_layout() -> None:
    graph = _graph("A bedroom with a window on the east wall and a door on the south wall. Put a desk under "
                   "the window, an armchair next to the door and hang a clock above the door. Keep the doorway clear.")
    layout = solve(code(graph), seed=0, effort=3.333, prompt="")
    failed = [c.relation + str(c.args) for c in layout.constraints if not c.satisfied]
    assert not failed and layout.checks.valid, layout.checks.to_dict()


@pytest.mark.parametrize("prompt, walls, expected", [
    ("The desk sits under the window on the west wall.", {"window_1": "west"},
     {("under_window", ("desk_1", "window_1"))}),
    ("A reading room with a tall window facing east and an armchair by it.", {"window_1": "east"}, set()),
    ("A coat stand next to the front door, which is on the north wall.", {"door_1": "north"},
     {("next_to_door", ("coat_stand_1", "door_1"))}),
    ("Put the sofa opposite the TV, which is mounted on the west wall.", {},
     {("on_wall", ("tv_1",))}),
    ("I want a kitchen where the fridge is next to the door and the table is by the window.",
     {"door_1": "west", "window_1": "north"},
     {("next_to_door", ("fridge_1", "door_1")), ("under_window", ("table_1", "window_1"))}),
])
def test_where_the_text_puts_doors_and_windows(prompt: str, walls: dict[str, str], expected: set) -> None:
    graph = _graph(prompt)
    assert _openings(graph) == walls and expected <= _triples(graph)
    assert graph.unparsed == []
    assert all(a.mount == "wall" for a in graph.assets if a.id == "tv_1")  # ", which is mounted on ..."


@pytest.mark.parametrize("prompt, walls, floor", [
    ("Make the walls light grey and the floor dark oak. A green velvet sofa against the east wall.",
     ["light", "grey"], ["dark", "oak"]),
    ("The floor is red and the walls are painted white. A bed against the north wall.", ["white"], ["red"]),
    ("A bedroom with pale pink walls and a beige carpet floor; a bed in the middle.", ["pale", "pink"], ["beige"]),
])
def test_finishes_said_of_the_walls_and_floor(prompt: str, walls: list[str], floor: list[str]) -> None:
    graph = _graph(prompt)
    assert graph.room["walls"]["words"] == walls and graph.room["floor"]["words"][:len(floor)] == floor
    assert graph.unparsed == [] and {a.category for a in graph.assets} <= {"sofa", "bed"}
    assert code(graph).room.kind == "indoor"  # a green sofa is not a village green


def test_the_area_in_front_of_a_door_kept_free() -> None:
    graph = _graph("The entrance door is on the east wall. Keep the area in front of it free of furniture. A sofa.")
    assert ("clear", ("door_1",)) in _triples(graph) and graph.unparsed == []
    assert [a.category for a in graph.assets] == ["sofa"]


def test_comparison_with_a_door() -> None:
    graph = _graph("A bed and a desk. The desk should be farther from the door than the bed.")
    assert ("closer_than", ("bed_1", "desk_1", "door_1")) in _triples(graph)


def test_a_possessive_surface_is_the_owner() -> None:
    graph = _graph("The cat is sleeping on the sofa's seat.")
    assert [a.category for a in graph.assets] == ["cat", "sofa"]
    assert ("on_top_of", ("cat_1", "sofa_1")) in _triples(graph)


def test_a_wall_phrase_after_another_subject_is_not_the_doors() -> None:
    graph = _graph("A window on the north wall and a door on the west wall. Hang a clock above the door and "
                   "a painting on the north wall.")
    assert _openings(graph) == {"window_1": "north", "door_1": "west"}
    assert ("on_wall", ("painting_1",)) in _triples(graph)


def test_clear_zone_lists_only_what_stands_on_the_floor() -> None:
    program = code(_graph("A desk with a lamp on it and a bookshelf with two books on it. Keep the doorway clear."))
    clear = next(c for c in program.constraints if c.relation == "clear")
    assert set(clear.args[1:]) == {"desk_1", "bookshelf_1"}


def test_hung_things_over_furniture_take_its_wall_and_ceiling_things_stay_ceiling() -> None:
    graph = _graph("A bed against the east wall and a desk against the west wall. Hang two posters on the wall "
                   "above the bed. A pendant lamp hangs over the desk.")
    walls = {args[0]: p["wall"] for (n, args, p) in
             [(r.relation, graph.relation_args(r.id), r.params) for r in graph.relations] if n == "on_wall"}
    assert walls == {"poster_1": "east", "poster_2": "east"}
    lamp = next(a for a in graph.assets if a.id == "pendant_lamp_1")
    assert lamp.mount is None and lamp.category == "pendant lamp"  # the knowledge base hangs it from the ceiling


@pytest.mark.parametrize("prompt, category", [
    ("Park a car in the middle of the garage, facing the door.", "car"),
    ("Plant three trees along the fence.", "tree"),
])
def test_a_noun_opening_a_sentence_before_an_article_is_a_verb(prompt: str, category: str) -> None:
    graph = _graph(prompt)
    assert category in {a.category for a in graph.assets} and graph.unparsed == []
    assert not {"park", "plant"} & {a.category for a in graph.assets}


@pytest.mark.parametrize("prompt, expected, walls", [
    ("A kitchen with a red floor and a window above the sink.", {("under_window", ("sink_1", "window_1"))}, None),
    ("An office with two windows on the north wall and a desk under each window.",
     {("under_window", ("desk_1", "window_1")), ("under_window", ("desk_2", "window_2"))},
     {"window_1": "north", "window_2": "north"}),
    ("A window and a door on the east wall.", set(), {"window_1": "east", "door_1": "east"}),
])
def test_openings_joined_distributed_and_over_things(prompt: str, expected: set, walls: dict | None) -> None:
    graph = _graph(prompt)
    assert expected <= _triples(graph) and not [u for u in graph.unparsed if "objects found" not in u]
    if walls is not None:
        assert _openings(graph) == walls


def test_a_towel_rail_hangs_as_itself_and_a_full_bookshelf_holds_books() -> None:
    graph = _graph("A towel rail on the wall and a bookshelf full of books.")
    assert {a.category for a in graph.assets} == {"towel rail", "bookshelf", "book"}
    assert graph.unparsed == []


def test_things_hung_on_every_wall_spread_over_the_walls() -> None:
    graph = _graph("An art gallery with paintings on every wall and a bench in the middle.")
    walls = sorted(r.params["wall"] for r in graph.relations if r.relation == "on_wall")
    assert len(set(walls)) == len(walls) == 3


def test_words_after_door_never_make_an_object() -> None:
    graph = _graph("A bed against the north wall. Keep the way to the door free.")
    assert {a.category for a in graph.assets} == {"bed"}
    assert [r.relation for r in graph.relations if r.relation == "clear"] == ["clear"]  # the way kept free
    assert graph.unparsed == []


def test_a_scene_by_a_window_puts_its_seat_there() -> None:
    graph = plan("a cosy reading nook by a window with an armchair, a floor lamp and a stack of books")
    placed = [args for name, args in graph.triples() if "window_1" in args]
    assert placed and placed[0][0] == "armchair_1"


def test_a_colour_on_a_door_is_reported_not_dropped() -> None:
    graph = _graph("A red door on the south wall and a sofa facing it.")
    assert _openings(graph) == {"door_1": "south"}
    assert any("red door" in u for u in graph.unparsed)
