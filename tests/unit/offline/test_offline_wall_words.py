"""Walls said the ways users say them (issue 14, classes "against_wall" / "on_wall", dev set
tests/benchmark/dev/walls2.json): "a wall-mounted TV", "line the back wall with counters",
"the wall facing the entrance", "in the middle of the north wall", "each wall has a poster"."""

from __future__ import annotations

import pytest
from planned import planned, triples, walls

from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt, thing", [
    ("a wall-mounted TV opposite the couch", "tv"),
    ("a wall mounted TV across from the sofa", "tv"),
    ("a mounted TV across from the sofa", "tv"),
    ("The TV is wall mounted opposite the sofa", "tv"),
    ("two wall-hung cabinets above the counter", "wall cabinet"),
])
def test_a_wall_mounted_thing_is_that_thing_hung(prompt: str, thing: str) -> None:
    """"wall-mounted" before a noun hangs it; it never splits the phrase into "a wall" and a lost TV."""
    assets = {a.category: a for a in planned(prompt).assets}
    assert thing in assets, sorted(assets)
    assert assets[thing].mount == "wall"
    assert not any("mounted" in c or "hung" in c for c in assets)


def test_a_wall_hanging_is_still_a_thing_of_its_own() -> None:
    assert "wall hanging" in {a.category for a in planned("a wall hanging above the bed").assets}


@pytest.mark.parametrize("prompt, wall", [
    ("Line the back wall with kitchen cabinets.", "north"),
    ("the north wall is lined with cabinets", "north"),
    ("The left wall has three lockers.", "west"),
])
def test_what_a_wall_is_lined_with_stands_along_it(prompt: str, wall: str) -> None:
    """"line the back wall with counters": the counters stand at the back wall, not at any wall."""
    found = walls(planned(prompt))
    assert len(found) >= 2 and set(found.values()) == {wall}, found


def test_each_wall_has_one_of_its_own() -> None:
    found = walls(planned("A kid's room where each wall has a poster"))
    assert sorted(found.values()) == ["east", "north", "south", "west"]


def test_the_openings_a_wall_has_are_cut_in_it() -> None:
    room = planned("The east wall has two windows and a radiator.").room or {}
    assert [o["wall"] for o in room["openings"]] == ["east", "east"]


@pytest.mark.parametrize("prompt", [
    "The entrance is in the south wall. Against the wall facing the entrance, place a large wardrobe.",
    "The door is on the south wall. Put a wardrobe against the wall that faces the door.",
])
def test_the_wall_facing_the_door_is_the_one_across_from_it(prompt: str) -> None:
    assert walls(planned(prompt)) == {"wardrobe_1": "north"}


@pytest.mark.parametrize("prompt, expected", [
    ("Put a fireplace in the middle of the north wall.", {"fireplace_1": "north"}),
    ("a painting in the centre of the back wall", {"painting_1": "north"}),
    ("A sofa against the west wall. Hang a mirror in the middle of the opposite wall.",
     {"sofa_1": "west", "mirror_1": "east"}),
])
def test_the_middle_of_a_wall_is_at_that_wall_not_mid_room(prompt: str, expected: dict[str, str]) -> None:
    assert walls(planned(prompt)) == expected
    assert "centered" not in {r.relation for r in planned(prompt).relations}


def _program(prompt: str, complete: bool = False):  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.core.offline.coding.coder import code
    return code(plan(prompt, complete=complete))


def _program_walls(program) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {c.args[0]: c.params["wall"] for c in program.constraints if c.relation == "against_wall"}


@pytest.mark.parametrize("prompt, long_x", [
    ("a long sofa along one of the long walls", True),  # a square room grows east-west to have one
    ("In a 6 by 4 metre lounge, a sofa along the long wall", True),
    ("The room is 4 by 6 metres. A sofa along the long wall.", False),
])
def test_the_long_wall_is_a_long_wall_of_the_room(prompt: str, long_x: bool) -> None:
    program = _program(prompt)
    width = program.bounds.max[0] - program.bounds.min[0]
    depth = program.bounds.max[1] - program.bounds.min[1]
    assert (width > depth) == long_x
    assert _program_walls(program)["sofa_1"] == ("north" if long_x else "west")


def test_the_short_wall_is_a_short_wall_of_the_room() -> None:
    program = _program("a bookcase against the short wall of a 5 x 3 m study")
    assert _program_walls(program)["bookcase_1"] == "west"  # 5 m east-west: the west wall is 3 m


@pytest.mark.parametrize("prompt, mine, theirs", [
    ("a living room with the sofa against the north wall", "sofa_1", "tv_stand_1"),
    ("In a 6 by 4 metre lounge, a long sofa along one of the long walls", "sofa_1", "tv_stand_1"),
])
def test_the_archetype_leaves_the_users_wall_to_the_user(prompt: str, mine: str, theirs: str) -> None:
    """The living room's TV stand goes "against the north wall"; a sofa the user stood there keeps
    it, and the TV stand stands across from it, where the sofa faces it."""
    walls = _program_walls(_program(prompt, complete=True))
    assert walls[mine] == "north"
    assert walls[theirs] == "south"


def test_a_noticeboard_hangs_indoors_not_a_street_sign() -> None:
    graph = planned("Hang a noticeboard on the wall above the desk.")
    board = next(a for a in graph.assets if a.category == "noticeboard")
    assert board.mount == "wall" and board.asset != "procedural:sign"
    assert (graph.room or {})["setting"]["kind"] == "indoor"


def test_a_thing_pushed_against_a_hung_one_stands_under_it_at_its_wall() -> None:
    found = triples(planned("A classroom with a blackboard on the wall and the teacher's desk pushed against it"))
    assert ("above", ("blackboard_1", "teacher_desk_1")) in found


def test_at_the_end_of_a_run_at_the_same_wall_is_beside_its_last() -> None:
    """"in front of" a counter at the wall the fridge stands at itself cannot be: beside the run's end."""
    found = triples(planned("Line the back wall with kitchen counters. The fridge stands at the end of the "
                            "counters, against the same wall."))
    assert ("proximity", ("fridge_1", "kitchen_counter_3")) in found
    assert not any(r == "in_front_of" for r, _ in found)
    assert ("in_front_of", ("bench_1", "bed_1")) in triples(planned("a bench at the end of the bed"))  # its foot


def test_a_wall_lined_with_things_is_long_enough_for_them() -> None:
    program = _program("Line the back wall with kitchen counters. The fridge goes against the back wall too.")
    run = sum(o.dimensions[0] for o in program.objects if o.id.startswith(("kitchen_counter", "fridge")))
    assert program.bounds.max[0] - program.bounds.min[0] >= run + 0.2


@pytest.mark.parametrize("prompt", [
    "a wall-mounted TV opposite the couch",
    "a TV on the wall across from the sofa",
])
def test_a_hung_thing_across_from_a_free_one_takes_the_back_wall(prompt: str) -> None:
    """Neither wall named: the TV hangs on the back wall and the couch stands across the room from
    it (the solver's free wall for a TV turned toward a couch standing anywhere left it in mid-air)."""
    graph = planned(prompt)
    assert walls(graph, ("on_wall",)) == {"tv_1": "north"}
    assert any(r.relation == "in_front_of" and r.params.get("max_distance") for r in graph.relations)
