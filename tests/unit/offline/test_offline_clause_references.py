"""Clause structure and references of multi-sentence instructions (issue 14, dev set multi12): what a
definite compound, a plural pronoun and a later noun refer to.

- "The singer's microphone stands in the middle": one microphone that stands there (the verb), not three
  microphone stands; "the music stands are in a row" keeps the stands.
- "three round tables with six chairs per table, and put a vase and a candle on every one of them": the
  vases go on the tables (things that carry them), one each, not on the chairs named last.
"""

from __future__ import annotations

import pytest
from planned import heads, planned, relations, supports


@pytest.mark.parametrize("prompt, head, one", [
    ("The microphone stands in the middle of the room, facing the console.", "microphone", True),
    ("The singer's microphone stands in the middle of the stage.", "microphone", True),
    ("The TV stands on the dresser.", "tv", True),
    ("The old umbrella stands by the door.", "umbrella", True),
    ("The music stands are in a row.", "stand", False),
    ("The music stands face the piano.", "stand", False),
    ("The three microphone stands in a row.", "stand", False),
])
def test_a_definite_compound_before_a_place_is_one_thing_and_its_verb(prompt: str, head: str, one: bool) -> None:
    counts = heads(prompt)
    if one:
        assert counts[head] == 1 and counts["stand"] == 0, counts
    else:
        assert counts["stand"] >= 2, counts


def test_the_definite_compound_is_the_host_of_its_with_phrase() -> None:
    graph = planned("The microphone stands in the middle of the room, facing the console, "
                    "with a music stand right in front of it.")
    fronts = [args for _, args, _ in relations(graph, "in_front_of")]
    assert fronts == [("music_stand_1", "microphone_1")], fronts


def test_on_every_one_of_them_means_the_carriers_not_the_seats_named_last() -> None:
    graph = planned("For the wedding reception, set out 3 round tables with six chairs per table, "
                    "and put a vase of flowers and a candle on every one of them.")
    on = supports(graph)
    vases = [a.id for a in graph.assets if a.category == "vase"]
    candles = [a.id for a in graph.assets if a.category == "candle"]
    assert len(vases) == 3 and len(candles) == 3, (vases, candles)
    assert {on[v] for v in vases} == {"table_1", "table_2", "table_3"}, on
    assert {on[c] for c in candles} == {"table_1", "table_2", "table_3"}, on
    assert not [i for i, under in on.items() if under.startswith("table") and i.startswith("chair")], on


def test_a_plural_pronoun_for_seats_still_means_the_seats() -> None:
    graph = planned("Put four chairs in a row. Put a cushion on each of them.")
    on = supports(graph)
    assert sorted(on.values()) == ["chair_1", "chair_2", "chair_3", "chair_4"], on


def test_the_other_one_is_the_other_of_a_pair_not_a_second_of_the_thing_named_last() -> None:
    graph = planned("The office has two desks, a big one by the window and a small one by the door. "
                    "On the big desk, put a monitor and a keyboard; the printer goes on the other one.")
    on = supports(graph)
    assert sorted(a.category for a in graph.assets) == ["desk", "desk", "keyboard", "monitor", "printer"]
    assert on["keyboard_1"] != on["printer_1"] and on["printer_1"].startswith("desk"), on


def test_the_other_one_of_a_single_thing_is_still_a_second_one() -> None:
    graph = planned("Put a nightstand to the left of the bed and the other one to its right.")
    assert sorted(a.category for a in graph.assets) == ["bed", "nightstand", "nightstand"]


def test_a_synonym_drawn_by_one_model_is_still_the_thing_named_before() -> None:
    graph = planned("Put a crate by the door. The box goes on the shelf.")
    assert sorted(a.category for a in graph.assets) == ["crate", "shelf"]


@pytest.mark.parametrize("prompt, said", [
    ("The table that stands by the window holds a lamp.", "The table stands by the window. The table holds a lamp."),
    ("Put a plant next to the sofa that faces the TV.", "Put a plant next to the sofa. The sofa faces the TV."),
    ("On the shelf that hangs by the door, put a vase.", "On the shelf, put a vase. The shelf hangs by the door."),
    ("Put a rug under the bed, which stands against the north wall.",
     "Put a rug under the bed, which stands against the north wall."),
    ("Move the desk so that it faces the window.", "Move the desk so that it faces the window."),
    ("Hang a painting on the wall that faces the bed.", "Hang a painting on the wall that faces the bed."),
])
def test_a_restrictive_relative_clause_with_its_own_verb_is_a_sentence_about_its_noun(prompt: str, said: str) -> None:
    from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
    from setdresser.blender_addon.core.offline.reading.relatives import split_relatives
    assert split_relatives(prompt, Vocabulary().names_thing) == said


def test_the_relative_clause_places_its_own_noun_not_the_thing_put_beside_it() -> None:
    graph = planned("Put a plant next to the sofa that faces the TV.")
    facing = [args for _, args, _ in relations(graph, "facing", stated=True)]
    assert facing == [("sofa_1", "tv_1")], facing


def test_the_main_verb_after_a_relative_clause_is_the_nouns() -> None:
    graph = planned("The round table that stands between the counter and the plants holds three vases.")
    on = supports(graph)
    assert [on.get(f"vase_{n}") for n in (1, 2, 3)] == ["table_1"] * 3, on
    assert [args[0] for _, args, _ in relations(graph, "between")] == ["table_1"]
    assert not graph.unparsed, graph.unparsed


def test_a_place_after_a_negated_anchor_is_the_anchors() -> None:
    graph = planned("Line six chairs along the west wall. Nothing goes on the little table by the door.")
    doors = [args[0] for _, args, _ in relations(graph, "next_to_door")]
    assert doors == ["table_1"], doors
    assert [args[-1] for _, args, _ in relations(graph, "none_of")] == ["table_1"]
    assert not graph.unparsed, graph.unparsed


def test_nothing_on_a_host_next_to_a_table_still_places_the_host() -> None:
    graph = planned("A desk with nothing on it next to a table with a lamp on it.")
    assert [args for _, args, _ in relations(graph, "proximity")] == [("desk_1", "table_1")]


@pytest.mark.parametrize("prompt, said", [
    ("Put the sofa against the south wall and the piano against the north wall. On second thought, swap them.",
     "Put the piano against the south wall and the sofa against the north wall."),
    ("Put a lamp on the desk and a plant on the shelf. Swap them.",
     "Put a plant on the desk and a lamp on the shelf."),
    ("Put the desk by the window and the bed by the door. Put a lamp on the desk. Actually, switch the desk and "
     "the bed around.", "Put the bed by the window and the desk by the door. Put a lamp on the desk."),
    ("Swap meet stalls line the street.", "Swap meet stalls line the street."),
])
def test_a_swap_exchanges_two_things_in_the_sentence_that_placed_them(prompt: str, said: str) -> None:
    from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
    from setdresser.blender_addon.core.offline.reading.swaps import fold_swaps
    assert fold_swaps(prompt, Vocabulary().names_thing) == said


def test_swapped_things_stand_at_each_others_walls() -> None:
    graph = planned("In the den, put the sofa against the south wall and the piano against the north wall. "
                    "On second thought, swap them.")
    walls = {args[0].rsplit("_", 1)[0]: params["wall"] for _, args, params in relations(graph, "against_wall")}
    assert walls == {"sofa": "north", "piano": "south"}, walls
    assert not graph.unparsed, graph.unparsed


@pytest.mark.parametrize("prompt, walls", [
    ("Two shoe racks stand against the east wall and another against the west one.",
     {"shoe_rack_1": "east", "shoe_rack_2": "east", "shoe_rack_3": "west"}),
    ("Put a sofa against the north wall and an armchair against the east one.",
     {"sofa_1": "north", "armchair_1": "east"}),
])
def test_a_compass_side_with_one_is_the_wall_said_before(prompt: str, walls: dict[str, str]) -> None:
    graph = planned(prompt)
    said = {args[0]: params["wall"] for _, args, params in relations(graph, "against_wall")}
    assert said == walls and not graph.unparsed, (said, graph.unparsed)
    assert not [a for a in graph.assets if a.category in ("west", "east")]


def test_a_compass_side_with_one_after_a_corner_is_a_corner() -> None:
    graph = planned("Put a lamp in the north-east corner and a plant in the south west one.")
    corners = {args[0]: params["corner"] for _, args, params in relations(graph, "in_corner")}
    assert corners == {"lamp_1": "ne", "plant_1": "sw"}, corners


def test_the_beds_headboard_against_a_wall_is_the_bed_against_it() -> None:
    graph = planned("The bed's headboard is against the north wall; on either side of it there's a nightstand.")
    said = {args[0]: params["wall"] for _, args, params in relations(graph, "against_wall", stated=True)}
    assert said == {"bed_1": "north"}, said
    assert {args for _, args, _ in relations(graph, "left_of", "right_of")} == {("nightstand_1", "bed_1"),
                                                                                 ("nightstand_2", "bed_1")}
