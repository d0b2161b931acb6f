"""Step-by-step instruction wording (issue 14): verbs that say a place ("Center a table",
"Line up three desks", "Stack two boxes"), words said of an object after its verb ("The first
chair is red.", "It is wooden.") and "gets" giving an object something ("The second desk gets
a computer.")."""

from __future__ import annotations

import pytest

from planned import planned


@pytest.mark.parametrize(("prompt", "relation", "members"), [
    ("Center a dining table in the room. Put six chairs around it.", "centered", 1),
    ("Centre the rug.", "centered", 1),
    ("Line up three desks along the east wall.", "row", 3),
    ("Stack three books on the desk.", "stacked", 3),
])
def test_a_verb_that_says_a_place_places_its_object(prompt: str, relation: str, members: int) -> None:
    graph = planned(prompt)
    found = [args for name, args in graph.triples() if name == relation]
    assert found and len(found[0]) == members
    assert graph.unparsed == []


def test_an_adjective_after_the_verb_describes_the_object_named() -> None:
    graph = planned("Add three chairs in a row. The first chair is red. The last one is dark blue.")
    hints = {a.id: a.hints for a in graph.assets}
    assert hints == {"chair_1": ("red",), "chair_2": (), "chair_3": ("dark", "blue")}
    assert graph.unparsed == []


def test_it_is_wooden_describes_what_it_stands_for() -> None:
    graph = planned("Put a desk in the corner. It is wooden.")
    assert [(a.id, a.hints) for a in graph.assets] == [("desk_1", ("wooden",))] and graph.unparsed == []


def test_a_word_after_the_verb_that_is_no_adjective_is_still_reported() -> None:
    graph = planned("Put a sofa against the wall. The sofa is quickly.")
    assert "quickly" in graph.unparsed


def test_gets_gives_the_named_object_a_thing() -> None:
    graph = planned("Line up three desks along the east wall. The second desk gets a computer.")
    assert ("on_top_of", ("computer_1", "desk_2")) in graph.triples() and graph.unparsed == []


@pytest.mark.parametrize(("prompt", "opening"), [
    ("Put a table in the middle. Keep the way to the door free.", "door"),
    ("Put a table in the middle. Keep the doorway free.", "door"),
    ("Put a sofa in the room. Keep the way to the window clear.", "window"),
])
def test_keeping_the_way_to_an_opening_free_keeps_it_clear(prompt: str, opening: str) -> None:
    graph = planned(prompt)
    cleared = [args for name, args in graph.triples() if name == "clear"]
    assert cleared and cleared[0][0].startswith(opening) and graph.unparsed == []
    assert [a.category for a in graph.assets] in (["table"], ["sofa"])


def test_behind_them_of_a_pair_side_by_side_is_behind_both() -> None:
    graph = planned("Put a treadmill and an exercise bike side by side. Behind them, put a bench.")
    behind = {args[1] for name, args in graph.triples() if name == "behind" and args[0] == "bench_1"}
    assert behind == {"treadmill_1", "exercise_bike_1"}


def test_behind_them_of_a_longer_row_is_behind_its_middle() -> None:
    graph = planned("Put three chairs in a row. Put a lamp behind them.")
    assert [args for name, args in graph.triples() if name == "behind"] == [("lamp_1", "chair_2")]


def test_step_words_and_motion_verbs_are_read_and_to_names_the_place() -> None:
    graph = planned("Move the sofa to the middle of the room. Next, put a lamp beside it. "
                     "Finally, turn the sofa to face the TV.")
    triples = graph.triples()
    assert ("centered", ("sofa_1",)) in triples and ("facing", ("sofa_1", "tv_1")) in triples
    assert ("proximity", ("lamp_1", "sofa_1")) in triples and graph.unparsed == []


def test_first_then_lastly_steps() -> None:
    graph = planned("First, place a desk against the wall. Then push it into the corner. "
                     "Lastly, install a shelf above it.")
    assert ("in_corner", ("desk_1",)) in graph.triples() and ("above", ("shelf_1", "desk_1")) in graph.triples()
    assert graph.unparsed == []


def test_slide_it_to_a_named_wall() -> None:
    graph = planned("Put a desk in the room. Then slide it to the north wall.")
    walls = [r.params.get("wall") for r in graph.relations if r.relation == "against_wall"]
    assert walls == ["north"] and graph.unparsed == []


def test_an_opening_the_text_put_on_no_wall_is_on_the_wall_of_what_stands_by_it() -> None:
    graph = planned("Put the desk that is by the window against the north wall.")
    assert graph.room is not None
    assert [(o["kind"], o["wall"]) for o in graph.room["openings"]] == [("window", "north")]
