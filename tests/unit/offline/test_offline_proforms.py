""""One" standing for a noun said before and "the other" in step-by-step instructions (issue 14):
"Put a lamp on each one", "another one on the south side", "one nightstand to its left and
the other one to its right"."""

from __future__ import annotations

from planned import ids, planned


def test_each_one_distributes_over_the_things_named_before() -> None:
    graph = planned("Put a nightstand on both sides of the bed. Put a lamp on each one.")
    lamps, stands = ids(graph, "lamp"), ids(graph, "nightstand")
    assert len(lamps) == 2 and len(stands) == 2
    on = {args[1] for name, args in graph.triples() if name == "on_top_of" and args[0] in lamps}
    assert on == set(stands)
    assert graph.unparsed == []


def test_each_one_in_a_relation_means_the_other_kind_not_the_subjects_own() -> None:
    graph = planned("Put two desks in the room. Put a chair at each one.")
    chairs = ids(graph, "chair")
    assert len(chairs) == 2
    assert {args[1] for name, args in graph.triples() if name == "in_front_of" and args[0] in chairs} == {
        "desk_1", "desk_2"}


def test_another_one_makes_a_second_of_the_clause_subject() -> None:
    graph = planned("Add a chair on the north side of the table and another one on the south side.")
    assert ids(graph, "chair") == ["chair_1", "chair_2"] and ids(graph, "table") == ["table_1"]
    sides = {args[0] for name, args in graph.triples() if name in ("behind", "in_front_of") and args[1] == "table_1"}
    assert sides == {"chair_1", "chair_2"}


def test_the_other_one_is_a_second_one_beside_the_same_anchor() -> None:
    graph = planned("Put a bed against the west wall. "
                     "Place one nightstand to its left and the other one to its right.")
    assert ids(graph, "nightstand") == ["nightstand_1", "nightstand_2"]
    triples = graph.triples()
    assert ("left_of", ("nightstand_1", "bed_1")) in triples
    assert ("right_of", ("nightstand_2", "bed_1")) in triples


def test_the_other_names_the_one_not_just_mentioned() -> None:
    graph = planned("Put two chairs at the table. Put a cushion on the first chair and a blanket on the other chair.")
    assert len(ids(graph, "chair")) == 2
    triples = graph.triples()
    assert ("on_top_of", ("cushion_1", "chair_1")) in triples
    assert ("on_top_of", ("blanket_1", "chair_2")) in triples


def test_another_sofa_to_its_left_is_still_beside_the_first() -> None:
    graph = planned("Put a sofa against the wall. Put another sofa to its left.")
    assert ("left_of", ("sofa_2", "sofa_1")) in graph.triples()


def test_a_bare_one_with_nothing_named_before_is_reported() -> None:
    graph = planned("Put a lamp on each one.")
    assert ids(graph, "lamp") == ["lamp_1"] and "on each one" in graph.unparsed


def test_each_one_as_subject_means_the_kind_named_more_than_once_not_the_last_single_thing() -> None:
    graph = planned("Put three long tables in a row, facing the whiteboard on the north wall. "
                     "Each one holds two microscopes.")
    scopes, tables = ids(graph, "microscope"), ids(graph, "table")
    assert len(scopes) == 6 and len(tables) == 3
    on = [args[1] for name, args in graph.triples() if name == "on_top_of" and args[0] in scopes]
    assert sorted(on) == sorted(tables * 2)


def test_a_third_one_is_one_more_of_the_kind_named_twice_not_the_latest_kind() -> None:
    graph = planned("Hang two guitars on the wall above the amp and lean a third one against the amp itself.")
    assert len(ids(graph, "guitar")) == 3 and ids(graph, "amp") == ["amp_1"]
    assert ("proximity", ("guitar_3", "amp_1")) in set(graph.triples())
