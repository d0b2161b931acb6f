"""The arrangement relations a user states hold against templates and crowding (issue 14, class
"walls", dev set tests/benchmark/dev/walls15.json): a wall thing "opposite" a thing at a wall
stands at the wall across from it; a thing "in the corner by the window" stands in the corner the
window leaves, beside it; "X on the north wall, opposite the door" puts the door on the south wall."""

from __future__ import annotations

import pytest
from planned import planned, relations, walls

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.coding.coder import code


@pytest.mark.parametrize("prompt, thing, anchor", [
    ("A guest bedroom: the bed against the north wall and a wardrobe opposite the bed.", "wardrobe", "bed"),
    ("The sofa is pushed against the east wall. A tall bookcase stands across from the sofa.", "bookcase", "sofa"),
    ("A dresser goes opposite the bed. The bed has its headboard against the south wall.", "dresser", "bed"),
    ("A cosy bedroom with a chest of drawers opposite the bed.", "chest of drawers", "bed"),
])
def test_a_wall_thing_opposite_a_thing_at_a_wall_stands_at_the_wall_across(prompt: str, thing: str,
                                                                           anchor: str) -> None:
    """Not a step in front of it in the middle of the room: at the wall across, turned to it."""
    found = walls(planned(prompt), ("against_wall",), by="category")
    opposite = {"north": "south", "south": "north", "east": "west", "west": "east"}
    assert found.get(anchor) in opposite and found.get(thing) == opposite[found[anchor]], found


def test_a_thing_of_the_room_opposite_another_keeps_to_the_room() -> None:
    """An armchair opposite the sofa (a conversation) is at no wall of its own."""
    found = walls(planned("The sofa stands against the west wall with an armchair opposite it."), ("against_wall",),
                  by="category")
    assert "armchair" not in found, found


def test_a_stated_wall_is_kept_by_the_thing_opposite() -> None:
    prompt = "The bed stands against the north wall and the wardrobe against the east wall, opposite the bed."
    assert walls(planned(prompt), ("against_wall",), by="category")["wardrobe"] == "east"


def test_no_private_mark_reaches_the_program() -> None:
    graph = planned("A bedroom with the bed against the north wall and a wardrobe opposite it.")
    assert not any(k.startswith("_") for _, _, params in relations(graph) for k in params)


@pytest.mark.parametrize("prompt", [
    "An office with an armchair in the corner by the window.",
    "Guest bedroom: a small armchair in the corner by the window on the east wall.",
])
def test_a_thing_in_the_corner_by_the_window_stands_beside_it_in_the_corner(prompt: str) -> None:
    """Not under the window (mid-wall, against its corner); the window keeps to the corner's end."""
    graph = plan(prompt, complete=False)
    assert not relations(graph, "under_window"), relations(graph, "under_window")
    assert any(args == ("armchair_1", "window_1") for _, args, _ in relations(graph, "proximity"))
    program = code(graph)
    window = program.room.opening("window_1")
    length = program.bounds.max[0] - program.bounds.min[0] if window.wall in ("north", "south") \
        else program.bounds.max[1] - program.bounds.min[1]
    armchair = next(o for o in program.objects if o.id == "armchair_1")
    left = length / 2 - abs(window.offset) - window.width / 2  # wall between the window and the corner
    assert max(armchair.dimensions[:2]) <= left <= max(armchair.dimensions[:2]) + 0.5, (window, length)


def test_a_desk_under_the_window_keeps_the_window_mid_wall() -> None:
    program = code(plan("A desk under the window on the north wall and a plant in the corner.", complete=False))
    assert program.room.opening("window_1").offset == 0.0


@pytest.mark.parametrize("prompt, thing, wall, door", [
    ("Parish meeting room. The noticeboard is on the north wall, opposite the door.", "noticeboard", "north", "south"),
    ("A hall with a large mirror hung on the west wall opposite the door.", "mirror", "west", "east"),
    ("A dresser against the north wall, opposite the door.", "dresser", "north", "south"),
])
def test_the_door_opposite_a_thing_at_a_named_wall_is_on_the_wall_across(prompt: str, thing: str, wall: str,
                                                                         door: str) -> None:
    """The thing keeps its own wall (a hung one takes no second wall to stand at)."""
    graph = planned(prompt)
    assert [o["wall"] for o in graph.room["openings"] if o["kind"] == "door"] == [door]
    assert {params.get("wall") for _, args, params in relations(graph, "against_wall", "on_wall")
            if {a.id: a.category for a in graph.assets}[args[0]] == thing} == {wall}


@pytest.mark.parametrize("prompt, n", [
    ("Bookcases line the east and west walls, three on each side.", 3),
    ("Framed prints hang on the north and south walls, two on either side.", 2),
])
def test_a_count_on_each_side_after_two_walls_is_a_count_for_each_wall(prompt: str, n: int) -> None:
    """"three on each side" after the walls: three at each of them (was three in all, one unread phrase)."""
    graph = planned(prompt)
    found = [params.get("wall") for _, _, params in relations(graph, "against_wall", "on_wall")]
    assert sorted(found) == sorted([w for w in {*found} for _ in range(n)]) and len(set(found)) == 2, found
    assert not graph.unparsed, graph.unparsed


def test_one_on_each_side_of_a_thing_stays_at_the_thing() -> None:
    graph = planned("A bed against the north wall with nightstands, one on each side.")
    assert sum(a.category == "nightstand" for a in graph.assets) == 2
    assert set(walls(graph, by="category").values()) == {"north"}


@pytest.mark.parametrize("prompt, wall", [
    ("Our bedroom. The headboard is against the west wall with a nightstand on each side.", "west"),
    ("A rug and a lamp. The headboard goes against the north wall.", "north"),
])
def test_a_bare_headboard_is_the_bed_it_belongs_to(prompt: str, wall: str) -> None:
    """The user's wall is the bed's; completion's bed takes no other wall."""
    graph = planned(prompt, complete=True)
    beds = [a.id for a in graph.assets if a.category == "bed"]
    assert len(beds) == 1 and walls(graph)[beds[0]] == wall
    assert not any("headboard" in u for u in graph.unparsed), graph.unparsed


def test_a_part_many_kinds_share_keeps_to_the_thing_spoken_of() -> None:
    assert walls(planned("A sofa and a rug. The backrest is against the wall."), by="category") == {"sofa": "any"}


@pytest.mark.parametrize("prompt, thing", [
    ("A small office: a photocopier in the north-east corner and a coat stand in the corner next to the door.",
     "coat_stand_1"),
    ("The wardrobe goes in the south-west corner. A floor lamp stands in the corner by the armchair.", "floor_lamp_1"),
])
def test_the_corner_something_else_stands_in_is_not_taken_twice(prompt: str, thing: str) -> None:
    """A bare "the corner" names the corner said last only while it is free: else another corner."""
    corners = {args[0]: params["corner"] for _, args, params in relations(planned(prompt), "in_corner")}
    assert corners[thing] == "any", corners


def test_the_corner_of_a_reading_nook_is_still_that_corner() -> None:
    graph = planned("Make a reading corner in the north-west corner. An armchair sits in the corner.")
    assert [params["corner"] for _, _, params in relations(graph, "in_corner")] == ["nw"]


@pytest.mark.parametrize("prompt, centre", [
    ("A patio with a square table and four stools around it near the back fence.", "table_1"),
])
def test_an_archetype_rings_no_thing_the_user_rings(prompt: str, centre: str) -> None:
    """The user's stools keep the table's sides: the archetype's plants stand elsewhere."""
    rings = [args for _, args, _ in relations(planned(prompt, complete=True), "around") if args[-1] == centre]
    assert len(rings) == 1 and all(a.startswith("stool") for a in rings[0][:-1]), rings


@pytest.mark.parametrize("prompt", [
    "A patio with a table.",
    "a campsite with three tents around a campfire and a folding chair in front of each tent",
])
def test_an_archetype_still_rings_a_thing_nobody_sits_round(prompt: str) -> None:
    """Tents around the fire leave the archetype's logs their ring by it."""
    rings = [args for _, args, _ in relations(planned(prompt, complete=True), "around")]
    assert len(rings) >= 1 + ("tents" in prompt), rings


def test_a_window_two_things_flank_stays_mid_wall() -> None:
    program = code(plan("There's a window on the east wall. Add a bookshelf on each side of the window.",
                        complete=False))
    assert program.room.opening("window_1").offset == 0.0


def test_a_seat_opposite_another_is_at_no_wall_of_its_own() -> None:
    """"A second sofa opposite the first": across a coffee table, not across the whole room."""
    graph = planned("Add a second sofa opposite the first one. Put a coffee table between them.", complete=True)
    assert "sofa_2" not in walls(graph), walls(graph)
