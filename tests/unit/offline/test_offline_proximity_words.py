"""Issue 14, proximity and reference: "him"/"her" refer back to a person or an animal, a
possessive ("her cat") names no new kind of object, a trailing "nearby" is near what the
clause is about, and the distance words ("a safe distance from", "a few steps from",
"outside", "right by") carry their least and largest gap into proximity."""

from __future__ import annotations

import pytest
from planned import Related, relations, triples

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.scene_graph import SceneGraph


def _near(graph: SceneGraph) -> list[Related]:
    """The stated proximity relations (not the inferred ones)."""
    return relations(graph, "proximity", stated=True)


@pytest.mark.parametrize("prompt, subject, person", [
    ("a wizard outside a castle with an owl next to him", "owl_1", "wizard_1"),
    ("a girl reading under a tree with her cat beside her", "cat_1", "girl_1"),
    ("A man sits on a bench in the park. His dog lies next to him.", "dog_1", "man_1"),
    ("A woman stands by the fireplace. Put a cat by her and a lamp next to the fireplace.", "cat_1", "woman_1"),
])
def test_him_and_her_refer_back_to_the_person_not_the_last_thing(prompt: str, subject: str, person: str) -> None:
    graph = plan(prompt, complete=False)
    assert any(args == (subject, person) for _, args, _ in _near(graph)), _near(graph)
    assert not graph.unparsed, graph.unparsed


def test_a_possessive_names_the_object_itself() -> None:
    graph = plan("a fisherman by a river with his dog next to him", complete=False)
    assert sorted(a.category for a in graph.assets if "dog" in a.id) == ["dog"]


@pytest.mark.parametrize("prompt, subject, anchor", [
    ("an old fountain in a town square with a bench nearby", "bench_1", "fountain_1"),
    ("a tent with a campfire close by", "campfire_1", "tent_1"),
    ("A sofa against the north wall. A floor lamp stands nearby.", "floor_lamp_1", "sofa_1"),
])
def test_a_trailing_nearby_is_near_what_the_clause_is_about(prompt: str, subject: str, anchor: str) -> None:
    graph = plan(prompt, complete=False)
    assert any(args == (subject, anchor) for _, args, _ in _near(graph)), _near(graph)
    assert "nearby" not in " ".join(graph.unparsed)


def test_nearby_with_an_object_takes_it() -> None:
    graph = plan("a bench nearby the pond", complete=False)
    assert [args for _, args, _ in _near(graph)] == [("bench_1", "pond_1")]


@pytest.mark.parametrize("prompt, least, most", [
    ("two tents with a campfire a safe distance from them", 1.0, 5.0),
    ("a campfire at a safe distance from the tent", 1.0, 5.0),
    ("a coat stand a few steps from the sofa", 0.3, 2.5),
    ("a knight outside the castle", 1.0, 4.0),
])
def test_distance_words_keep_a_least_and_a_largest_gap(prompt: str, least: float, most: float) -> None:
    graph = plan(prompt, complete=False)
    found = _near(graph)
    assert found and not graph.unparsed, (found, graph.unparsed)
    for _, _, params in found:
        assert least <= params["min_distance"] and params["max_distance"] <= most, params


def test_right_by_is_closer_than_by() -> None:
    right = _near(plan("a bin right by the desk", complete=False))
    by = _near(plan("a bin by the desk", complete=False))
    assert right[0][2]["max_distance"] < by[0][2]["max_distance"]


@pytest.mark.parametrize("prompt, thing, surface", [
    ("Organise a desk for studying: laptop in the middle, a lamp on the left and a book on the right.",
     "laptop_1", "desk_1"),
    ("Set a small round table by the window. On it: a teapot in the middle and two cups.", "teapot_1", "table_1"),
    ("Put a lamp on a low table: a vase in the middle and two cups.", "vase_1", "table_1"),
])
def test_a_list_after_a_colon_belongs_to_the_thing_before_it(prompt: str, thing: str, surface: str) -> None:
    graph = plan(prompt, complete=False)
    found = triples(graph)
    assert ("on_top_of", (thing, surface)) in found, found
    assert ("alignment", (thing, surface)) in found, found  # the surface's middle, not the room's
    assert not graph.unparsed, graph.unparsed


def test_on_the_left_of_a_carrier_is_on_it_beside_what_is_in_its_middle() -> None:
    found = triples(plan("A desk with a laptop in the middle, a lamp on the left and a mug on the right.",
                         complete=False))
    assert {("on_top_of", ("lamp_1", "desk_1")), ("left_of", ("lamp_1", "laptop_1")),
            ("on_top_of", ("mug_1", "desk_1")), ("right_of", ("mug_1", "laptop_1"))} <= found, found
    assert ("left_of", ("lamp_1", "desk_1")) not in found


@pytest.mark.parametrize("prompt, thing, host", [
    ("a small table with a coffee machine stands in the north-west corner", "coffee_machine_1", "table_1"),
    ("a workbench with a vise stands against the wall", "vise_1", "workbench_1"),
])
def test_a_small_thing_named_with_a_table_stands_on_it(prompt: str, thing: str, host: str) -> None:
    assert ("on_top_of", (thing, host)) in triples(plan(prompt, complete=False))


@pytest.mark.parametrize("prompt, thing", [
    ("a desk with a bookshelf", "bookshelf_1"),  # too tall: beside it, not on it
    ("a desk with a floor lamp", "floor_lamp_1"),
])
def test_a_big_thing_named_with_a_table_does_not_stand_on_it(prompt: str, thing: str) -> None:
    assert not any(r == "on_top_of" and args[0] == thing for r, args in triples(plan(prompt, complete=False)))


def test_the_middle_of_it_is_the_middle_of_what_it_refers_to() -> None:
    graph = plan("Place a long table in the middle of the room. Put a vase in the middle of it.", complete=False)
    found = triples(graph)
    assert {("on_top_of", ("vase_1", "table_1")), ("alignment", ("vase_1", "table_1"))} <= found, found
    assert ("centered", ("vase_1",)) not in found and not graph.unparsed


def test_a_named_thing_the_text_does_not_place_takes_its_archetype_place() -> None:
    """"a reading nook by a window with an armchair, a floor lamp ...": the user's floor lamp is
    the nook's, next to the armchair, not anywhere in the room; the armchair stays by the window."""
    found = triples(plan("a cosy reading nook by a window with an armchair, a floor lamp and a stack of books"))
    assert ("proximity", ("floor_lamp_1", "armchair_1")) in found, found
    assert not any(r == "in_corner" and args == ("armchair_1",) for r, args in found), found


def test_near_is_within_what_people_call_near() -> None:
    reach = _near(plan("a lamp near the sofa", complete=False))[0][2]["max_distance"]
    assert reach <= 0.8  # the benchmark's reading of "near" (tests/benchmark/fidelity/checks_pairs.near)


def test_taking_an_archetype_place_adds_no_objects_of_that_sentence() -> None:
    """"a dining room with a table with six chairs": the archetype's table sentence brings its own
    chairs; the user's table does not take it, so there are six chairs, not twelve."""
    graph = plan("a dining room with a table with six chairs and a sideboard")
    assert sum(a.category == "chair" for a in graph.assets) == 6
