"""Issue 14, how people word nearness, distance and flanking: idioms ("next door to", "a stone's
throw from", "in the shade of", "among"), negated nearness ("nowhere near" is far), "as far as
possible from", and a side phrase with no preposition ("a lamp either side of the bed",
"two bookcases flank the fireplace") share the objects out left and right instead of dropping
them or reading a word of the idiom as an object."""

from __future__ import annotations

from typing import Any

import pytest
from planned import relations

from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt", [
    "a cottage next door to a barn",
    "a cottage a stone's throw from the lake",
    "a cottage a stones throw from the lake",
    "a blanket in the shade of a tree",
    "a lamp at the side of the sofa",
    "a lamp within easy reach of the sofa",
    "a lamp within arm's reach of the sofa",
    "a lamp close beside the sofa",
    "a lamp not too far from the sofa",
    "a lamp in the vicinity of the sofa",
    "a lamp a couple of steps from the sofa",
])
def test_idioms_of_nearness_are_proximity_between_the_two_things(prompt: str) -> None:
    graph = plan(prompt, complete=False)
    stated = relations(graph, stated=True)
    assert [name for name, _, _ in stated] == ["proximity"], stated
    assert len(graph.assets) == 2 and not graph.unparsed, ([a.category for a in graph.assets], graph.unparsed)
    assert all(a.category not in ("door", "stone", "shade", "reach", "vicinity") for a in graph.assets)


@pytest.mark.parametrize("prompt", ["a cat among the flower pots", "a cat amongst the flower pots",
                                    "a cat hiding amid the flower pots"])
def test_among_things_is_close_to_each_of_them(prompt: str) -> None:
    graph = plan(prompt, complete=False)
    pots = {a.id for a in graph.assets if a.id.startswith("flower_pot")}
    near = {args[1] for name, args, _ in relations(graph, stated=True) if name == "proximity" and args[0] == "cat_1"}
    assert len(pots) >= 2 and near == pots, relations(graph, stated=True)
    assert not graph.unparsed, graph.unparsed


@pytest.mark.parametrize("prompt, least", [
    ("a lamp nowhere near the sofa", 2.0),
    ("a lamp not near the sofa", 1.0),
    ("a piano as far as possible from the radiator", 3.0),
    ("a piano as far from the radiator as possible", 3.0),
    ("a piano a long way from the radiator", 3.0),
    ("a lamp some distance from the sofa", 1.0),
])
def test_negated_nearness_and_as_far_as_possible_keep_things_apart(prompt: str, least: float) -> None:
    graph = plan(prompt, complete=False)
    stated = relations(graph, stated=True)
    assert [name for name, _, _ in stated] == ["far_from"], stated
    assert stated[0][2].get("min_distance", 2.0) >= least
    assert len(graph.assets) == 2 and not graph.unparsed, graph.unparsed


@pytest.mark.parametrize("prompt, subject", [
    ("a lamp either side of the bed", "lamp"),
    ("lamps either side of the bed", "lamp"),
    ("a nightstand each side of the bed", "nightstand"),
    ("a bed with a lamp each side", "lamp"),
    ("two lamps flanking the sofa", "lamp"),
    ("two bookcases flank the fireplace", "bookcase"),
    ("two lamps, one either side of the sofa", "lamp"),
    ("two lamps, one on each side of the sofa", "lamp"),
    ("a fireplace flanked on both sides by bookcases", "bookcase"),
])
def test_one_a_side_with_or_without_a_preposition(prompt: str, subject: str) -> None:
    graph = plan(prompt, complete=False)
    subjects = [a.id for a in graph.assets if a.category == subject]
    assert len(subjects) == 2, [a.category for a in graph.assets]
    sides = sorted(name for name, args, _ in relations(graph, stated=True) if args[0] in subjects)
    assert sides == ["left_of", "right_of"], relations(graph, stated=True)
    assert not graph.unparsed, graph.unparsed


@pytest.mark.parametrize("prompt, subject, side", [
    ("a king sitting at the head of a long banquet table", "king_1", "left_of"),
    ("a chair at the end of the table", "chair_1", "left_of"),
    ("a chair at one end of the table", "chair_1", "left_of"),
    ("a rug at the foot of the bed", "rug_1", "in_front_of"),
    ("a lamp at the head of the bed", "lamp_1", "behind"),
    ("a chair at the end of the desk", "chair_1", "in_front_of"),
])
def test_the_head_foot_or_end_of_a_table_is_a_short_end_of_a_bed_its_back_or_front(
        prompt: str, subject: str, side: str) -> None:
    graph = plan(prompt, complete=False)
    stated = relations(graph, stated=True)
    assert [name for name, args, _ in stated if args[0] == subject and name != "facing"] == [side], stated
    if side == "left_of":  # whoever sits at a table's end faces along it
        assert any(name == "facing" and args[0] == subject for name, args, _ in stated), stated
    assert not graph.unparsed, graph.unparsed


def test_one_at_each_end_of_a_table_seats_its_two_ends() -> None:
    graph = plan("two chairs, one at each end of the table", complete=False)
    stated = relations(graph, "left_of", "right_of", "in_front_of", "behind", stated=True)
    assert sorted(name for name, _, _ in stated) == ["left_of", "right_of"], stated


@pytest.mark.parametrize("prompt", [
    "There are two single beds. A rug lies at the foot of each bed.",
    "Two beds, each with a bench at the end of it.",
])
def test_at_the_foot_of_each_bed_gives_one_each(prompt: str) -> None:
    """'at the foot/end of each bed' (not a table's end): one thing in front of every bed."""
    graph = plan(prompt, complete=False)
    beds = [a for a in graph.assets if a.category == "bed"]
    fronts = [r for r in graph.relations if r.relation == "in_front_of"]
    assert len(beds) == 2 and len(fronts) == 2, [(r.relation, r.params) for r in graph.relations]


@pytest.mark.parametrize("prompt, relation, params", [
    ("a chair about a metre in front of the desk", "in_front_of", {"max_distance": 1.0}),
    ("a chair about a metre in front of the desk", "far_from", {"min_distance": 0.7}),  # not pressed against it
    ("a lamp a metre from the sofa", "proximity", {"min_distance": 0.7, "max_distance": 1.0}),
    ("a stool roughly half a meter from the counter", "proximity", {"min_distance": 0.35, "max_distance": 0.5}),
    ("a bin a few metres from the bench", "proximity", {"min_distance": 1.5, "max_distance": 5.1}),
    ("a bin a couple of metres away from the bench", "proximity", {"min_distance": 1.0, "max_distance": 3.4}),
    ("a lamp within a metre of the sofa", "proximity", {"max_distance": 1.0, "min_distance": None}),
    ("a tv stand at least a metre from the sofa", "far_from", {"min_distance": 1.0}),
])
def test_a_measure_said_with_an_article(prompt: str, relation: str, params: dict[str, Any]) -> None:
    """'a metre', 'half a meter': an article is one (or half) of the unit, not a word left over."""
    graph = plan(prompt, complete=False)
    found = [r.params for r in graph.relations if r.relation == relation]
    assert found and all(found[0].get(k) == v for k, v in params.items()), graph.relations
    assert not graph.to_dict().get("unparsed")
