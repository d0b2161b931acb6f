"""Occasions and activities become the things they imply (issue 14, occasions helper); scene
nouns that are the object of a relation are buildings, as a setting they stay the room.

Prompts written the way people type them, not taken from any benchmark."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from setdresser.blender_addon.core.knowledge.occasions import OCCASIONS_PATH, load_occasions, parse_occasions
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.scene_graph import SceneGraph
from planned import counts


def relations(graph: SceneGraph) -> list[tuple[str, list[str]]]:
    """Each relation's name and the categories of its objects (a door or window by its id)."""
    category = {a.id: a.category for a in graph.assets}
    return [(rel.relation, [category.get(e.asset, e.asset) for e in
                            sorted((e for e in graph.edges if e.relation == rel.id), key=lambda e: e.role)])
            for rel in graph.relations]


def related(graph: SceneGraph, relation: str, first: str, second: str) -> bool:
    """Whether a relation of that name holds between objects of these categories (in this order)."""
    return any(name == relation and args[:2] == [first, second] for name, args in relations(graph))


def on(graph: SceneGraph, thing: str, host: str) -> int:
    """How many objects of kind ``thing`` stand on (or lie on) an object of kind ``host``."""
    return sum(name in ("on_top_of", "overlap") and args[:2] == [thing, host] for name, args in relations(graph))


@pytest.mark.parametrize("prompt, people", [
    ("a breakfast for two on the table", 2),
    ("Breakfast for one on the kitchen table please", 1),
    ("set up a cosy breakfast for 3 people", 3),
])
def test_a_breakfast_is_a_place_setting_per_person(prompt: str, people: int) -> None:
    graph = plan(prompt)
    found = counts(graph)
    table = next(c for c in found if c.endswith("table"))
    assert found[table] == 1, found
    for thing in ("plate", "mug", "bowl"):
        assert on(graph, thing, table) == people, (thing, found)
    assert found["chair"] == people
    assert "breakfast" not in " ".join(found) and graph.unparsed == []


def test_a_tea_party_for_four_has_table_chairs_teapot_cups_and_cakes() -> None:
    graph = plan("We're throwing a little tea party for four in the garden")
    found = counts(graph)
    assert found["chair"] >= 4 and on(graph, "cup", "table") == 4 and on(graph, "teapot", "table") == 1
    assert on(graph, "cake", "table") >= 1 and found["table"] == 1


def test_a_dinner_for_six_scales_the_per_person_parts_and_keeps_its_relation() -> None:
    graph = plan("a dinner for six under the tree")
    found = counts(graph)
    assert found["chair"] == 6 and on(graph, "plate", "table") == 6 and on(graph, "wine glass", "table") == 6
    assert related(graph, "below", "table", "tree") or related(graph, "under", "table", "tree") or any(
        r.source.endswith("under the tree") for r in graph.relations)


def test_a_large_party_gets_a_long_table_and_words_about_the_party_do_not_size_it() -> None:
    big = next(a for a in plan("a dinner for twelve").assets if a.category == "table")
    little = next(a for a in plan("a little tea party").assets if a.category == "table")
    assert "long" in big.hints and little.hints == ()


def test_the_relation_of_a_picnic_holds_for_its_blanket() -> None:
    graph = plan("a picnic by the lake")
    found = counts(graph)
    assert found["picnic blanket"] == 1 and found["lake"] == 1
    assert related(graph, "proximity", "picnic blanket", "lake")
    assert on(graph, "picnic basket", "picnic blanket") == 1 and on(graph, "plate", "picnic blanket") == 2
    assert graph.unparsed == []


@pytest.mark.parametrize("prompt, main, expected", [
    ("a birthday party for my son's friends, eight of them", "table", {"birthday cake": 1, "balloon": 3}),
    ("a study session for three students", "table", {"book": 3, "chair": 3, "laptop": 1}),
    ("a barbecue for 5 in the backyard", "grill", {"picnic table": 1, "chair": 5, "plate": 5}),
    ("a campfire night with friends", "campfire", {"camping chair": 4, "tent": 1}),
    ("a cozy movie night", "sofa", {"tv": 1, "coffee table": 1}),
    ("game night for four", "table", {"chair": 4, "board game": 1}),
    ("a dinner party of eight", "table", {"chair": 8, "plate": 8}),
])
def test_activities_become_their_objects(prompt: str, main: str, expected: dict[str, int]) -> None:
    graph = plan(prompt)
    found = counts(graph)
    assert found[main] >= 1, found
    for thing, count in expected.items():
        assert found[thing] >= count, (thing, found)
    assert not any(name in cat for cat in found for name in ("party", "session", "night", "barbecue"))


def test_an_occasion_laid_on_a_named_table_adds_no_second_table() -> None:
    graph = plan("A round table by the window. Lunch for two.")
    assert counts(graph)["table"] == 1 and on(graph, "plate", "table") == 2


def test_a_picnic_on_a_named_blanket_uses_that_blanket() -> None:
    graph = plan("a picnic on a blanket by the lake")
    found = counts(graph)  # a blanket outdoors is the flat picnic blanket (senses.json): the user's one, not a second
    assert found["picnic blanket"] == 1 and "blanket" not in found and found["picnic basket"] == 1
    assert [a.id for a in graph.assets if a.category == "picnic blanket"] == ["blanket_1"]
    assert related(graph, "proximity", "picnic blanket", "lake")


def test_an_occasion_the_user_furnishes_gets_nothing_more() -> None:
    graph = plan("A picnic in the park: a blanket on the grass, a basket on the blanket and two people on it.",
                 complete=False)
    # the user's blanket, flat outdoors
    assert counts(graph) == Counter({"picnic blanket": 1, "basket": 1, "person": 2})


def test_plates_the_user_named_are_not_doubled() -> None:
    graph = plan("a breakfast for two with two plates of pancakes")
    assert counts(graph)["plate"] == 2


def test_occasions_are_data_with_a_validating_loader() -> None:
    book = load_occasions()
    assert {"breakfast", "tea_party", "picnic", "dinner", "birthday_party", "study_session", "barbecue",
            "campfire_night"} <= {o.id for o in book.occasions}
    data = json.loads(OCCASIONS_PATH.read_text(encoding="utf-8"))
    data["occasions"][0]["per_person"][0]["text"] = "{m} plates on {host}."
    with pytest.raises(ValueError, match=r"occasions\[0\]\.per_person\[0\]\.text: unknown placeholder"):
        parse_occasions(data)
    data = json.loads(OCCASIONS_PATH.read_text(encoding="utf-8"))
    data["occasions"][1]["names"] = ["breakfast"]
    with pytest.raises(ValueError, match="belongs to both"):
        parse_occasions(data)


@pytest.mark.parametrize("prompt, building, other", [
    ("a cowboy in front of a saloon", "saloon", "cowboy"),
    ("knights outside the castle", "castle", "knight"),
    ("a horse next to the old church", "church", "horse"),
    ("two kids waiting outside a cafe", "cafe", "kid"),
])
def test_a_scene_noun_after_a_relation_is_a_building(prompt: str, building: str, other: str) -> None:
    graph = plan(prompt)
    found = counts(graph)
    assert found[building] + found[building + " building"] == 1 and found[other] >= 1, found  # "cafe building"
    assert not any(r.source.startswith("archetype") for r in graph.relations)  # no room template
    assert graph.unparsed == [] and (graph.room or {})["setting"]["kind"] == "outdoor"


@pytest.mark.parametrize("prompt", ["inside a saloon, a piano against the wall", "a saloon with a bar and stools",
                                    "a cowboy playing cards in a saloon"])
def test_a_scene_noun_as_the_setting_stays_the_room(prompt: str) -> None:
    graph = plan(prompt)
    assert "saloon" not in counts(graph)
    assert any(r.source.startswith("archetype") for r in graph.relations)
    assert (graph.room or {})["setting"]["kind"] == "indoor"
