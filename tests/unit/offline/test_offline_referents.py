"""Step-by-step instructions that refer back by size, by order and by a list (issue 14, dev set
instructions3): "the big one", "the larger one", "the first one", "a second sofa" with none
named, "6 chairs: two on each long side and one at each end", "three things: a, b and c"."""

from __future__ import annotations

from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.scene_graph import SceneGraph
from planned import ids, planned


def targets(graph: SceneGraph, relation: str, subject: str) -> set[str]:
    return {args[1] for name, args in graph.triples() if name == relation and args[0] == subject}


def test_comparatives_and_superlatives_are_adjectives_of_their_base() -> None:
    vocab = Vocabulary(None)
    assert [vocab.adjective_base(w) for w in ("larger", "bigger", "smallest", "taller", "wider")] == [
        "large", "big", "small", "tall", "wide"]
    assert vocab.looks_adjective("larger") and vocab.looks_adjective("biggest")
    assert vocab.adjective_base("poster") == "poster" and not vocab.looks_adjective("corner")


def test_the_big_one_is_the_object_marked_big_not_a_new_one_of_the_subjects_kind() -> None:
    graph = planned("Put a big sofa against the north wall and a smaller sofa against the east wall. "
                     "Put a coffee table in front of the big one. Then a lamp next to the smaller one.")
    assert ids(graph, "sofa") == ["sofa_1", "sofa_2"]
    assert ids(graph, "coffee_table") == ["coffee_table_1"] and ids(graph, "lamp") == ["lamp_1"]
    assert targets(graph, "in_front_of", "coffee_table_1") == {"sofa_1"}
    assert targets(graph, "proximity", "lamp_1") == {"sofa_2"}
    assert graph.unparsed == []


def test_the_larger_one_compares_the_kind_named_more_than_once_that_carries_things() -> None:
    graph = planned("Put a desk against the left wall. Then put another desk next to it. Each desk gets a chair. "
                     "Put a lamp on the larger one.")
    assert [a.id for a in graph.assets if "larger" in a.id] == []
    assert targets(graph, "on_top_of", "lamp_1") <= {"desk_1", "desk_2"} and targets(graph, "on_top_of", "lamp_1")
    assert graph.unparsed == []


def test_the_larger_one_of_a_desk_and_a_bigger_desk_is_the_bigger_one() -> None:
    graph = planned("Put a desk against the west wall and a bigger desk against the east wall. "
                     "Put a lamp on the larger one.")
    assert targets(graph, "on_top_of", "lamp_1") == {"desk_2"}


def test_a_second_sofa_with_none_named_presumes_the_first_and_the_first_one_finds_it() -> None:
    graph = planned("Add a second sofa opposite the first one. Put a coffee table between them.")
    assert ids(graph, "sofa") == ["sofa_1", "sofa_2"]
    assert targets(graph, "in_front_of", "sofa_2") == {"sofa_1"}
    assert graph.unparsed == []


def test_the_second_one_is_the_second_of_the_subjects_own_kind() -> None:
    graph = planned("Put a chair. Put another chair next to it. Put a third chair next to the second one.")
    assert ids(graph, "chair") == ["chair_1", "chair_2", "chair_3"]
    assert targets(graph, "proximity", "chair_3") == {"chair_2"}
    assert graph.unparsed == []


def test_a_total_then_its_distribution_keeps_the_total() -> None:
    for prompt in ("Place a dining table. Around it, put 6 chairs: two on each long side and one at each end.",
                   "Place a dining table. Put 6 chairs around it, two on each long side and one at each end."):
        graph = planned(prompt)
        chairs = ids(graph, "chair")
        assert len(chairs) == 6, prompt
        ends = {args[0] for name, args in graph.triples() if name in ("left_of", "right_of")}
        sides = {args[0] for name, args in graph.triples() if name in ("in_front_of", "behind")}
        assert len(ends) == 2 and len(sides) == 4 and not ends & sides, prompt
        assert graph.unparsed == []


def test_a_distribution_over_sides_then_more_at_the_ends_still_adds() -> None:
    graph = planned("A long table with four chairs down each side and one at each end.")
    assert len(ids(graph, "chair")) == 10


def test_a_colon_list_names_what_the_generic_things_were() -> None:
    graph = planned("Three things go against the back wall: a bookshelf, a cabinet and a piano.")
    assert sorted(a.category for a in graph.assets) == ["bookshelf", "cabinet", "piano"]
    walls = {args[0] for name, args in graph.triples() if name == "against_wall"}
    assert walls == {"bookshelf_1", "cabinet_1", "piano_1"}
