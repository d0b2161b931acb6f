"""Wording a different user would type for the same request (issue 14, paraphrase dev set
paraspace7): a dash sets a part off as a comma does, a fronted place waits for the subject a verb
names after it, a group's shape may be introduced by "as" / "forming" / "into", and a "so" clause
about a part or a re-mention of what was just named is a placement, not a reason."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline.reading.parentheses import undash
from setdresser.blender_addon.core.offline.reading.purposes import purpose_spans
from setdresser.blender_addon.core.offline.reading.shape_words import shapes_with_in

from planned import counts, pairs, planned, relations


# -- dashes -------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("a table for 4 people - a plate at each place", "a table for 4 people, a plate at each place"),
    ("six chairs round it \u2014 three down each side", "six chairs round it, three down each side"),
    ("a sofa\u2013grey\u2013against the wall", "a sofa, grey, against the wall"),
    ("a lamp -- tall -- by it", "a lamp, tall, by it"),
    ("the north-east corner, an L-shaped sofa", "the north-east corner, an L-shaped sofa"),
    ("2\u20133 chairs, a room 4 - 5 m long", "2-3 chairs, a room 4-5 m long"),
    ("- a sofa\n- a table", "- a sofa\n- a table"),
])
def test_a_free_standing_dash_reads_as_a_comma_and_a_joining_one_is_kept(text: str, expected: str) -> None:
    assert undash(text) == expected


@pytest.mark.parametrize("dash", [" - ", " \u2013 ", "\u2014", " -- "])
def test_a_count_after_a_dash_shares_out_the_objects_named_before(dash: str) -> None:
    graph = planned(f"An oval table with six dining chairs round it{dash}three down each of the long sides.")
    assert counts(graph, head=True)["chair"] == 6 and graph.unparsed == []
    assert len(pairs(graph, "in_front_of")) == 3 and len(pairs(graph, "behind")) == 3


def test_a_table_laid_for_people_before_a_dash_gets_one_place_each() -> None:
    graph = planned("Lay the dining table for 4 people - a plate at each place and a glass next to every plate.",
                    complete=True)
    found = counts(graph)
    assert (found["dining table"], found["plate"], found["glass"]) == (1, 4, 4) and graph.unparsed == []


# -- a fronted place and a verb -----------------------------------------------------------------
@pytest.mark.parametrize("prompt, relation", [
    ("In the southwest corner, stack 3 wooden crates with the largest one at the bottom.", "in_corner"),
    ("In the corner, stack three boxes.", "in_corner"),
    ("On the desk, stack three books.", "on_top_of"),
])
def test_a_fronted_place_holds_for_the_subject_named_after_a_verb(prompt: str, relation: str) -> None:
    graph = planned(prompt)
    stacked = [args for name, args, _ in relations(graph, "stacked")]
    placed = {args[0] for name, args, _ in relations(graph, relation)}
    assert stacked and graph.unparsed == []
    assert placed & set(stacked[0])  # the stack (its bottom) is where the fronted phrase said


def test_a_fronted_verb_phrase_with_with_still_places_the_named_ring() -> None:
    graph = planned("Place a treasure chest in the middle. Surround it with four gold goblets.")
    assert pairs(graph, "around") and graph.unparsed == []


# -- shapes said with "as" ----------------------------------------------------------------------
def test_shape_words_read_as_in_only_before_a_group_shape() -> None:
    def shape(words: list[str]) -> bool:
        return words[:3] == ["in", "a", "circle"] or words[:3] == ["in", "two", "rows"]

    assert shapes_with_in("chairs arranged as a circle".split(), {"as"}, shape) == \
        "chairs arranged in a circle".split()
    assert shapes_with_in("desks in the form of two rows".split(), {"in the form of"}, shape) == \
        "desks in two rows".split()
    assert shapes_with_in("twice as tall as the desk".split(), {"as"}, shape) == "twice as tall as the desk".split()


@pytest.mark.parametrize("prompt, relation", [
    ("Whiteboard on the south wall, and four desks facing it, arranged as two rows with two desks in each row.",
     "grid"),
    ("four desks set out as two rows of two", "grid"),
    ("six chairs arranged as a circle", "circular"),
    ("twelve desks in the form of a 3 by 4 grid", "grid"),
])
def test_a_group_shape_after_as_or_in_the_form_of_is_the_group_arrangement(prompt: str, relation: str) -> None:
    graph = planned(prompt)
    assert relations(graph, relation) and graph.unparsed == []
    assert counts(graph, head=True)["desk"] in (0, 4, 12)  # no extra desks from "two desks in each row"


def test_as_in_a_comparison_is_no_shape() -> None:
    graph = planned("a bookshelf twice as tall as the desk")
    assert relations(graph, "scaling") and not relations(graph, "grid")


# -- "so" clauses ---------------------------------------------------------------------------------
@pytest.mark.parametrize("prompt", [
    "Place a double bed so the headboard is against the east wall.",
    "Place a double bed so its headboard is against the east wall.",
])
def test_a_so_clause_about_a_part_of_the_thing_is_read(prompt: str) -> None:
    graph = planned(prompt)
    assert [params.get("wall") for _, _, params in relations(graph, "against_wall")] == ["east"]
    assert graph.unparsed == []


def test_a_so_clause_about_a_thing_named_before_is_read() -> None:
    graph = planned("Put the sofa so the sofa faces the TV.")
    assert ("sofa_1", "tv_1") in pairs(graph, "facing") and graph.unparsed == []


@pytest.mark.parametrize("prompt", [
    "Put a sofa facing the TV so the kids can watch it.",
    "a rug in front of the sofa so the room feels cosy",
])
def test_a_so_clause_about_something_else_is_a_reason_reported_not_placed(prompt: str) -> None:
    graph = planned(prompt)
    assert any(part.startswith("so the") for part in graph.unparsed)
    assert counts(graph)["kid"] == 0 and counts(graph)["room"] == 0


def test_purpose_spans_take_known_categories_from_earlier_sentences() -> None:
    from setdresser.blender_addon.core.offline.reading.chunks import group_items
    from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
    from setdresser.blender_addon.core.offline.reading.tokens import Tokenizer

    vocab = Vocabulary(None)
    items = group_items(Tokenizer(vocab).tokenize("move the rug so the bed is on it"), vocab)
    assert purpose_spans(items, {"bed"}) == set()
    assert purpose_spans(items, set()) != set()


# -- a second round of rewordings ---------------------------------------------------------------
@pytest.mark.parametrize("prompt", [
    "Between the sofa and the armchair, a tall floor lamp.",
    "Between the sofa and the armchair stands a tall floor lamp.",
])
def test_a_fronted_between_takes_both_ends_before_its_subject(prompt: str) -> None:
    graph = planned(prompt)
    assert ("floor_lamp_1", "sofa_1", "armchair_1") in pairs(graph, "between") and graph.unparsed == []


def test_a_fronted_between_of_a_plural_and_a_thing_keeps_both() -> None:
    graph = planned("Between the tents and the lake, a campfire.")
    ends = [args for args in pairs(graph, "between")]
    assert len(ends) == 1 and ends[0][0] == "campfire_1" and "lake_1" in ends[0]


@pytest.mark.parametrize("measure", ["a metre or so", "1 m or so", "a metre or thereabouts"])
def test_an_approximate_measure_after_its_number_keeps_the_relation(measure: str) -> None:
    graph = planned(f"Put the desk {measure} in front of the blackboard.")
    assert ("desk_1", "blackboard_1") in pairs(graph, "in_front_of") and graph.unparsed == []


def test_facing_a_compass_side_after_a_named_wall_is_the_subjects_facing() -> None:
    graph = planned("Grey sofa in front of the north wall facing south.")
    assert [p.get("direction") for _, _, p in relations(graph, "facing_direction")] == ["south"]
    assert graph.unparsed == []


def test_a_wall_facing_a_thing_is_still_the_wall_opposite_it() -> None:
    graph = planned("a desk against the wall facing the door")
    assert not relations(graph, "facing_direction") and graph.unparsed == []


def test_a_chair_tucked_in_at_a_desk_is_no_bedtime_scene() -> None:
    graph = planned("A wooden desk with a desk lamp on it and a chair tucked in front.", complete=True)
    assert counts(graph)["bed"] == 0 and counts(graph)["book"] == 0
    assert counts(planned("a child being tucked in by her mother"))["bed"] == 1
