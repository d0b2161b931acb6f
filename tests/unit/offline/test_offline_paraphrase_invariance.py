"""Another wording of the same content gives the same plan (scripts/benchmark_paraphrase.py found
each class): a request's opening words before the prompt's heading ("I'd like a cozy cabin with
..."), a sentence that opens with a bare part word ("Put one on the desk. Put the other ...",
"Add another one on the south side."), and "the former" / "the latter" said in two sentences."""

from __future__ import annotations

import pytest
from planned import counts, planned, relations

from setdresser.tests.benchmark.paraphrase.compare import diff, signature


def same_plan(a: str, b: str, complete: bool = True) -> dict:
    """What ``b``'s plan says that ``a``'s does not (names ignored): {} when they say the same."""
    return diff(signature(planned(a, complete=complete)), signature(planned(b, complete=complete)))


@pytest.mark.parametrize("opener", ["I'd like", "Could you create", "Please make", "I want", "I would like"])
@pytest.mark.parametrize("heading", [
    "a cozy cabin with a stone fireplace and a rocking chair by the fire",
    "a Roman bathhouse with a large pool in the middle",
    "a monastery scriptorium with six writing desks and a tall bookcase against the east wall",
])
def test_a_request_opening_keeps_the_heading_a_scene(opener: str, heading: str) -> None:
    assert same_plan(heading[0].upper() + heading[1:], f"{opener} {heading}") == {}


def test_an_opening_before_a_thing_keeps_it_a_thing() -> None:
    graph = planned("Please put a bookshelf with books against the north wall.")
    assert counts(graph)["bookshelf"] == 1


@pytest.mark.parametrize("joined, split", [
    ("Add two lamps. Put one on the desk and the other on the floor next to the bed.",
     "Add two lamps. Put one on the desk. Put the other on the floor next to the bed."),
    ("Put a table in the middle. Place three chairs on each side and one at each end.",
     "Put a table in the middle. Place three chairs on each side. Place one at each end."),
    ("Put a table in the middle. Add a chair on the north side of the table and another one on the south side.",
     "Put a table in the middle. Add a chair on the north side of the table. Add another one on the south side."),
])
def test_a_sentence_opening_with_a_part_word_goes_on_with_the_one_before(joined: str, split: str) -> None:
    assert same_plan(joined, split) == {}


def test_part_words_with_their_own_noun_stay_sentences() -> None:
    graph = planned("Put a chair by the desk. Another chair goes by the window. One lamp stands on the desk.")
    assert counts(graph)["chair"] == 2 and counts(graph)["lamp"] == 1


def test_the_former_and_the_latter_in_two_sentences_name_one_pair() -> None:
    graph = planned("Add a sofa and an armchair. Put the former against the south wall. "
                    "Put the latter in the north-east corner.")
    corner = [args for _, args, _ in relations(graph, "in_corner")]
    wall = [args for _, args, _ in relations(graph, "against_wall")]
    assert corner == [("armchair_1",)] and ("sofa_1",) in wall


@pytest.mark.parametrize("placed, stated", [
    ("Put a grand piano in the middle of the room. No wait, put it in the north-west corner.",
     "A grand piano is in the middle of the room. No wait, put it in the north-west corner."),
    ("The desk is against the south wall. Put a plant on the desk. No wait, put it on the floor next to the desk.",
     "The desk is against the south wall. A plant is on the desk. No wait, put it on the floor next to the desk."),
    ("Put a lamp on the desk. Actually, put it by the bed.",
     "There is a lamp on the desk. Actually, put it by the bed."),
])
def test_a_correction_moves_what_a_statement_placed(placed: str, stated: str) -> None:
    assert same_plan(placed, stated, complete=False) == {}


@pytest.mark.parametrize("after, before", [
    ("Three paintings hang in a row on the north wall.", "In a row on the north wall hang three paintings."),
    ("Three fish tanks sit in a row on a long low cabinet.", "In a row on a long low cabinet sit three fish tanks."),
    ("Five chairs stand in a circle on the lawn.", "In a circle on the lawn stand five chairs."),
])
def test_a_modifier_before_a_fronted_place_holds_for_the_subject_after_it(after: str, before: str) -> None:
    assert same_plan(after, before, complete=False) == {}


def test_across_from_the_door_places_by_the_door_not_from_its_view() -> None:
    opposite = "The door is on the south wall. Put a dresser against the wall opposite the door, and a mirror above it."
    across = opposite.replace("opposite", "across from")
    assert same_plan(opposite, across, complete=False) == {}
    assert same_plan("Seen from the door, the bed is on the left.", "From the door, the bed is on the left.") == {}


@pytest.mark.parametrize("placed, stated", [
    ("Put a table in the room. Put a vase in the middle of it.",
     "Put a table in the room. A vase is in the middle of it."),
    ("Put a table in the room. Put a vase in the middle of the table.",
     "Put a table in the room. A vase stands in the middle of the table."),
])
def test_a_statement_after_a_host_keeps_its_own_subject(placed: str, stated: str) -> None:
    assert same_plan(placed, stated, complete=False) == {}
