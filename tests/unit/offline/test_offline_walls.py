"""Things against and on walls, said the many ways people say it (issue 14/13, classes
"against_wall" and "on_wall"): "flush with", "backed up against", "the opposite wall", "the same
wall", "the wall opposite the door"; the wall a relation names is the one the text means."""

from __future__ import annotations

import pytest
from planned import categories, planned, walls

from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt, thing, wall", [
    ("Couch flush with the west wall", "couch_1", "west"),
    ("a bookcase flush against the north wall", "bookcase_1", "north"),
    ("a sofa pushed flush to the east wall", "sofa_1", "east"),
    ("a cabinet backed up against the south wall", "cabinet_1", "south"),
    ("a bookcase butted up against the far wall", "bookcase_1", "north"),
    ("a dresser pressed against the left wall", "dresser_1", "west"),
])
def test_ways_of_saying_against_a_wall(prompt: str, thing: str, wall: str) -> None:
    """"flush with the wall" is against it, never an object called "couch flush"."""
    assert walls(planned(prompt))[thing] == wall
    assert not any("flush" in c or "backed" in c or "butted" in c for c in categories(planned(prompt)))


@pytest.mark.parametrize("prompt, expected", [
    ("Couch flush with the west wall and a TV on the opposite wall", {"couch_1": "west", "tv_1": "east"}),
    ("The fridge is against the east wall. Put the stove against the same wall.",
     {"fridge_1": "east", "stove_1": "east"}),
    ("A desk against the north wall; a bookcase on the opposite wall.", {"desk_1": "north", "bookcase_1": "south"}),
])
def test_the_opposite_and_the_same_wall_follow_the_wall_named_before(prompt: str, expected: dict[str, str]) -> None:
    assert walls(planned(prompt)) == expected


@pytest.mark.parametrize("prompt, first, second, same", [
    ("a bed against the wall, a desk against the opposite wall", "bed_1", "desk_1", False),
    ("a sofa against the wall. A bookcase against the same wall.", "sofa_1", "bookcase_1", True),
])
def test_a_wall_named_by_an_open_wall_gets_a_pair_of_sides(prompt: str, first: str, second: str, same: bool) -> None:
    """"the wall" of no side, then "the opposite wall": the two become named, opposite walls, so the
    solver's free choice of walls cannot put both on one (or, for "the same wall", on two)."""
    found = walls(planned(prompt))
    opposite = {"north": "south", "south": "north", "east": "west", "west": "east"}
    assert found[first] in opposite
    assert found[second] == (found[first] if same else opposite[found[first]])


@pytest.mark.parametrize("prompt, thing, wall, door", [
    ("The door is on the south wall. Put a dresser against the wall opposite the door.", "dresser_1", "north", "south"),
    ("a dresser against the north wall, opposite the door", "dresser_1", "north", "south"),
    ("The door is in the east wall. A bookcase stands against the wall across from the door.",
     "bookcase_1", "west", "east"),
])
def test_the_wall_opposite_the_door(prompt: str, thing: str, wall: str, door: str) -> None:
    """"against the wall opposite the door" is the wall across from the door's, not "the wall"
    named last (the door's own); a door on no wall goes across from the wall the text named."""
    graph = plan(prompt, complete=False)
    assert walls(planned(prompt))[thing] == wall
    assert {o["wall"] for o in (graph.room or {})["openings"] if o["kind"] == "door"} == {door}


@pytest.mark.parametrize("prompt, thing, wall", [
    ("Start with a sofa along the back wall. Mount a TV on the wall across from it.", "tv_1", "south"),
    ("A sofa against the east wall and a TV on the wall in front of it", "tv_1", "west"),
    ("The desk stands against the west wall. Put a bookcase against the wall behind the desk.", "bookcase_1", "west"),
])
def test_the_wall_across_from_or_behind_a_thing_at_a_named_wall(prompt: str, thing: str, wall: str) -> None:
    assert walls(planned(prompt))[thing] == wall


def test_a_thing_hung_on_the_wall_behind_another_hangs_over_it() -> None:
    """"a painting on the wall behind the bed": over the bed, on the wall its headboard is at."""
    graph = plan("Hang a big painting on the wall behind the bed.", complete=False)
    assert ("above", ("painting_1", "bed_1")) in set(graph.triples())


@pytest.mark.parametrize("prompt, category, count", [
    ("a bedroom with a bed, a wardrobe and a chest of drawers", "chest of drawers", 1),
    ("a chest of drawers against the east wall", "chest of drawers", 1),
])
def test_the_noun_before_of_carries_the_number(prompt: str, category: str, count: int) -> None:
    """"a chest of drawers" is one chest (not three "chest of drawer"s)."""
    assets = plan(prompt, complete=False).assets
    assert sum(a.category == category for a in assets) == count


def test_a_thing_pushed_against_a_thing_on_the_wall_stands_at_that_wall() -> None:
    """"a desk pushed against the blackboard": the board hangs on a wall, so the desk stands at it."""
    graph = plan("a blackboard on the north wall and a desk pushed against it", complete=False)
    assert walls(planned("a blackboard on the north wall and a desk pushed against it"))["desk_1"] == "north"
    assert ("proximity", ("desk_1", "blackboard_1")) in set(graph.triples())


def test_a_room_is_no_deeper_than_things_on_opposite_walls_can_reach() -> None:
    """A sofa on the back wall and a TV on the wall across from it: the room's depth keeps the TV
    within viewing distance of the sofa (the sofa and TV kept apart made a 6.7 m room before)."""
    from setdresser.blender_addon.core.offline import code

    program = code(plan("Start with a sofa along the back wall. Mount a TV on the wall across from it.",
                        complete=False))
    depth = program.bounds.max[1] - program.bounds.min[1]
    assert depth <= 3.5 + 0.9 + 0.3


def test_a_locker_room_has_lockers_against_its_walls() -> None:
    graph = plan("a locker room")
    lockers = {a.id for a in graph.assets if a.category == "locker"}
    walled = {e.asset for r in graph.relations if r.relation == "against_wall"
              for e in graph.edges if e.relation == r.id}
    assert len(lockers) >= 4 and lockers <= walled
