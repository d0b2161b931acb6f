"""Walls said with words no rule lists (issue 14, class "against_wall", dev set
tests/benchmark/dev/walls3.json): an unknown verb before a wall ("backed up to the east wall",
"the counters run along the north wall"), a list that a plural verb or a colon makes the subject
("A, B and C go against the back wall", "Three things go against the back wall: A, B and C")."""

from __future__ import annotations

import pytest
from planned import planned, relations, walls

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.coding.coder import code


@pytest.mark.parametrize("prompt, thing, wall", [
    ("The desk is backed up to the east wall and the office chair is in front of the desk.", "desk", "east"),
    ("The bookcase is shoved up to the left wall.", "bookcase", "west"),
    ("Our wardrobe sits snug to the back wall.", "wardrobe", "north"),
])
def test_unknown_words_between_a_thing_and_a_wall_stand_it_there(prompt: str, thing: str, wall: str) -> None:
    """A wall right after its subject, with only unknown words between, is the wall it stands against."""
    graph = plan(prompt, complete=False)
    assert walls(planned(prompt), by="category")[thing] == wall
    assert not any("backed" in u or "shoved" in u or "snug" in u for u in graph.unparsed), graph.unparsed


@pytest.mark.parametrize("prompt, wall", [
    ("The kitchen counters run along the north wall.", "north"),
    ("The shelves stretch along the east wall.", "east"),
])
def test_a_verb_after_a_plural_ends_its_noun_phrase(prompt: str, wall: str) -> None:
    """"the counters run along": "run" is the verb, not a "counters run" with no object found."""
    found = walls(planned(prompt), by="category")
    assert found and set(found.values()) == {wall}, found


@pytest.mark.parametrize("prompt", [
    "A dresser, a bookshelf and a plant go against the back wall.",
    "Three things go against the back wall: a dresser, a bookshelf and a plant.",
])
def test_every_listed_thing_takes_the_wall(prompt: str) -> None:
    found = walls(planned(prompt), by="category")
    assert found == {"dresser": "north", "bookshelf": "north", "plant": "north"}, found


def test_a_list_with_no_verb_keeps_its_relation_on_the_last() -> None:
    """"A sofa, a table and a lamp next to the sofa": only the lamp is said to be next to it."""
    near = {args[0] for _, args, _ in relations(planned("A sofa, a table and a lamp next to the sofa."), "proximity")}
    assert "lamp_1" in near


@pytest.mark.parametrize("prompt, expected", [
    ("a music room with a piano against a side wall", {"piano": "east"}),
    ("a piano against a side wall and a sofa against the other side wall", {"piano": "east", "sofa": "west"}),
    ("a bed against the north wall and a desk against the other wall", {"bed": "north", "desk": "south"}),
])
def test_a_side_wall_is_one_of_the_walls_seen_from_the_side(prompt: str, expected: dict[str, str]) -> None:
    """"a side wall" is the east or the west one (not any wall, the back one included); "the other
    side wall" is across from it."""
    assert walls(planned(prompt), by="category") == expected


@pytest.mark.parametrize("prompt, places", [
    ("a library with bookshelves around the perimeter of the room", {"north", "west", "east"}),
    ("a waiting room with chairs around the edges of the room", {"north", "west", "east"}),
    ("chairs around the walls of the room", {"north", "west", "east"}),
])
def test_around_the_room_s_edges_is_along_its_walls(prompt: str, places: set[str]) -> None:
    """"around the perimeter / the edges of the room": one a wall, never a box named "perimeter"."""
    graph = plan(prompt, complete=False)
    assert "perimeter" not in {a.category for a in graph.assets}
    walls = [str(r.params.get("wall")) for r in graph.relations if r.relation == "against_wall"]
    assert set(walls) == places, walls


@pytest.mark.parametrize("prompt", ["Put a floor lamp in the corner by the door.",
                                    "A tall plant in the corner next to the door."])
def test_a_door_leaves_room_for_the_thing_in_the_corner_by_it(prompt: str) -> None:
    """A lone door stands near the end of its wall; "the corner by the door" needs that end wide
    enough for the thing standing there (it had stood beside the door, out of the corner)."""
    program = code(plan(prompt, complete=False))
    door = program.room.openings[0]
    thing = program.objects[0]
    half = (program.bounds.max[1] - program.bounds.min[1]) / 2 if door.wall in ("east", "west") else \
        (program.bounds.max[0] - program.bounds.min[0]) / 2
    assert half - (abs(door.offset) + door.width / 2) >= max(thing.dimensions[:2])


@pytest.mark.parametrize("prompt, thing, wall", [
    ("There's a window on the east wall. Place a desk under the window and a lamp on the desk. "
     "The bookshelf goes on the wall behind the desk chair.", "bookshelf", "west"),
    ("A TV on the north wall. A sofa faces the TV. Hang a painting on the wall behind the sofa.", "painting", "south"),
    ("The window is on the west wall. A desk sits under it with a chair in front of it. "
     "Put a cabinet against the wall behind the chair.", "cabinet", "east"),
])
def test_the_wall_behind_a_thing_is_the_one_at_its_back(prompt: str, thing: str, wall: str) -> None:
    """"the wall behind the desk chair" is not the wall the text named last (the window's): the
    chair faces its desk at the window, so the wall behind it is the one across."""
    assert walls(planned(prompt), by="category")[thing] == wall


def test_a_chair_that_only_anchors_others_still_sits_at_its_desk() -> None:
    rels = relations(planned("A desk. The bookshelf goes behind the desk chair."))
    assert ("in_front_of", ("desk_chair_1", "desk_1")) in {(r, a) for r, a, _ in rels}


@pytest.mark.parametrize("prompt, relation, params", [
    ("an armchair in the corner", "facing_direction", {"direction": "center"}),
])
def test_a_thing_in_a_corner_faces_out_of_it(prompt: str, relation: str, params: dict[str, object]) -> None:
    """A seat in a corner faces the room (its back to the corner)."""
    assert any(r == relation and p == params for r, _, p in relations(planned(prompt)))


def test_a_thing_turned_by_the_text_in_a_corner_is_left_as_said() -> None:
    rels = relations(planned("an armchair in the corner facing the tv"))
    assert not any(r == "facing_direction" for r, _, _ in rels)


@pytest.mark.parametrize("prompt, thing, wall", [
    ("Place the bed so its headboard is against the east wall.", "bed", "east"),
    ("Place the wardrobe so its back touches the east wall.", "wardrobe", "east"),
    ("A dresser on the right-hand wall.", "dresser", "east"),
    ("A dresser on the left hand wall.", "dresser", "west"),
    ("The door is on the west wall. Put a TV stand against the entrance wall.", "tv stand", "west"),
    ("Hang a clock on the window wall and put a desk under the window.", "wall clock", "north"),
])
def test_walls_said_by_a_part_a_hand_or_an_opening(prompt: str, thing: str, wall: str) -> None:
    """"so its back touches the wall" is about the subject (not a reason to skip); "the right-hand
    wall" is not "on the right" of a "hand wall"; "the window wall" is the window's wall."""
    graph = plan(prompt, complete=False)
    assert walls(planned(prompt), by="category")[thing] == wall
    assert not {"touch", "hand wall"} & {a.category for a in graph.assets}
    openings = (graph.room or {}).get("openings", [])
    assert all(o["wall"] == wall for o in openings), openings


@pytest.mark.parametrize("prompt, wall", [
    ("Between the two windows on the north wall, put a tall cabinet.", "north"),
    ("A desk under the window in the west wall.", "west"),
])
def test_a_wall_after_a_window_says_where_the_window_is(prompt: str, wall: str) -> None:
    """"the two windows on the north wall": the windows are cut there; the cabinet is not hung on it."""
    graph = plan(prompt, complete=False)
    assert [o["wall"] for o in (graph.room or {}).get("openings", [])] and \
        {o["wall"] for o in (graph.room or {}).get("openings", [])} == {wall}
    assert not any(r.relation == "on_wall" for r in graph.relations)


@pytest.mark.parametrize("prompt, thing, wall", [
    ("a mirror hung between the two windows on the north wall", "mirror", "north"),
    ("Between the two windows on the north wall, put a tall cabinet.", "cabinet", "north"),
])
def test_between_two_windows_is_at_their_wall(prompt: str, thing: str, wall: str) -> None:
    assert walls(planned(prompt), by="category")[thing] == wall


def test_both_side_walls_are_spread_over_not_one_wall() -> None:
    graph = plan("A corner shop with shelving units along both side walls", complete=False)
    walls = {str(r.params.get("wall")) for r in graph.relations if r.relation == "against_wall"}
    assert len(walls) > 1, walls
