"""The text's word before common sense's in the constraint program (solver triage #5, program11): an
inferred relation that can only compete with a stated one about the same object is left out, so the
solver does not trade the user's corner or turn for two inferred relations (0.7 + 0.7 > 1.0)."""

from __future__ import annotations

from setdresser.blender_addon.core.model import Constraint
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.coding.coder import code
from setdresser.blender_addon.core.offline.coding.precedence import stated_first


def _program(prompt: str) -> list[Constraint]:
    return code(plan(prompt)).constraints


def _about(constraints: list[Constraint], first: str, second: str) -> list[tuple[str, float]]:
    return [(c.relation, c.weight) for c in constraints if c.args[:1] == (first,) and second in c.args[1:]]


def test_a_seat_the_text_turns_toward_the_middle_is_not_turned_to_the_tv_nor_kept_at_its_distance() -> None:
    constraints = _program("Sofa against the west wall, facing east. Hang the TV on the east wall opposite it. "
                           "The armchair goes in the north-east corner, turned toward the middle of the room.")
    assert ("in_corner", 1.0) in [(c.relation, c.weight) for c in constraints if c.args == ("armchair_1",)]
    assert _about(constraints, "armchair_1", "tv_1") == []


def test_a_seat_the_text_turns_to_the_fireplace_is_not_also_turned_to_the_tv() -> None:
    constraints = _program("In the living room, a dog bed lies in front of the fireplace on the north wall. "
                           "Put a sofa facing the fireplace with a coffee table between them.")
    assert ("facing", 1.0) in _about(constraints, "sofa_1", "fireplace_1")
    assert [r for r, _ in _about(constraints, "sofa_1", "tv_1")] == []


def test_a_seat_the_text_places_at_a_wall_keeps_no_inferred_viewing_distance() -> None:
    constraints = _program("In the living room, put two sofas in an L shape in the south-east corner. "
                           "The TV hangs on the west wall.")
    assert ("proximity", 0.7) not in _about(constraints, "sofa_2", "tv_1")


def test_only_inferred_turns_of_an_object_turned_by_the_text_are_dropped() -> None:
    stated = Constraint("facing", ("sofa_1", "fireplace_1"))
    same = Constraint("facing", ("sofa_1", "fireplace_1"), weight=0.7)
    other = Constraint("facing", ("sofa_1", "tv_1"), weight=0.7)
    spacing = Constraint("proximity", ("sofa_1", "tv_1"), {"min_distance": 1.5}, weight=0.7)
    free = Constraint("facing", ("chair_1", "tv_1"), weight=0.7)
    assert stated_first([stated, same, other, spacing, free]) == [stated, same, free]
    assert stated_first([other, spacing, free]) == [other, spacing, free]  # nothing stated: all kept


def _walls(prompt: str) -> dict[str, str]:
    return {c.args[0]: str(c.params.get("wall")) for c in _program(prompt) if c.relation == "against_wall"}


def test_an_archetype_thing_next_to_a_user_thing_at_another_wall_follows_it() -> None:
    """The kitchen's sink "against the north wall, next to the stove" cannot keep its wall when the user
    stood the stove elsewhere (moved off the user's wall, it faced the stove across the room)."""
    for wall in ("north", "south"):
        walls = _walls(f"A kitchen. The stove stands against the {wall} wall.")
        assert walls["stove_1"] == wall and walls["sink_1"] in ("any", wall)
    walls = _walls("Make a laundry room. The washing machine stands against the south wall.")
    assert walls["sink_1"] in ("any", "south")


def test_an_archetype_thing_leaves_a_corner_the_user_filled() -> None:
    """A game room's bar in the north-east corner: the archetype's own corner things go to other corners."""
    corners = [(c.args[0], c.params.get("corner")) for c in _program(
        "Build a game room. A small bar with three stools sits in the northeast corner.") if c.relation == "in_corner"]
    assert ("bar_1", "ne") in corners
    named = [c for _, c in corners if c in ("ne", "nw", "se", "sw")]
    assert len(named) == len(set(named))


def test_a_thing_with_a_chair_behind_it_stands_off_its_wall_by_the_chair() -> None:
    from setdresser.blender_addon.core.offline.coding.precedence import room_behind

    wall = Constraint("against_wall", ("desk_1",), {"wall": "north"}, weight=0.7)
    chair = Constraint("behind", ("chair_1", "desk_1"))
    picture = Constraint("behind", ("picture_1", "sofa_1"))
    sofa = Constraint("against_wall", ("sofa_1",), {"wall": "south"})
    stated = Constraint("against_wall", ("sofa_1",), {"wall": "south"})
    sofa_chair = Constraint("behind", ("chair_2", "sofa_1"))
    out = room_behind([wall, chair, picture, sofa, stated, sofa_chair], {"chair_1": 0.5, "chair_2": 0.5,
                                                                        "picture_1": 0.05}, hung={"picture_1"})
    assert out[0].params == {"wall": "north", "max_gap": 0.8} and out[1:] == [chair, picture, sofa, stated, sofa_chair]
    constraints = _program("A hotel lobby. The reception desk stands in front of the north wall, with an office "
                           "chair behind it.")
    desk = [c for c in constraints if c.relation == "against_wall" and c.args == ("reception_desk_1",)]
    assert desk and float(desk[0].params.get("max_gap", 0.0)) >= 0.5
