"""Named surfaces, counting and comparison as people write them (issue 14 item 2, issue 17's
generation side): "three books on the second shelf", "the top shelf of the bookcase", "exactly two
chairs at the desk", "the lamp is closer to the bed than the chair", "a desk with nothing on it next
to a table with three things on it" -- each becomes the relation it says, and holds once solved."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.solver.api import solve


def _relations(prompt: str):
    graph = plan(prompt, complete=False)
    return graph, [(r.relation, graph.relation_args(r.id), r.params) for r in graph.relations]


@pytest.mark.parametrize("prompt, owner, surfaces", [
    ("A bookshelf against the west wall with three books on the second shelf.", "bookshelf_1",
     {"book_1": "shelf_2", "book_2": "shelf_2", "book_3": "shelf_2"}),
    ("Put a vase on the top shelf of the bookcase and a plant on its bottom shelf.", "bookcase_1",
     {"vase_1": "shelf_5", "plant_1": "shelf_1"}),
    ("There is a display shelf. Two boxes go on the middle shelf.", "display_shelf_1",
     {"box_1": "shelf_2", "box_2": "shelf_2"}),
])
def test_shelf_phrases_name_a_surface_of_the_object(prompt: str, owner: str, surfaces: dict[str, str]) -> None:
    graph, rels = _relations(prompt)
    assert not [a for a in graph.assets if a.category == "shelf"]  # never a separate shelf object
    found = {args[0]: params.get("surface") for name, args, params in rels if name == "on_top_of" and args[1] == owner}
    assert found == surfaces
    assert graph.unparsed == []


def test_an_ordinal_past_the_last_shelf_is_reported() -> None:
    graph, rels = _relations("A bookshelf with a clock on its seventh shelf.")
    assert any("seventh shelf" in u for u in graph.unparsed)
    assert [p.get("surface") for n, _, p in rels if n == "on_top_of"] == ["shelf_5"]


def test_seats_and_tops_are_the_default_surfaces() -> None:
    program = code(plan("Two pillows on the sofa, a cat on the armchair and a lamp on the nightstand.",
                        complete=False))
    layout = solve(program, seed=0, time_budget=6.0, prompt="")
    rests = {o.id: o.support_surface for o in layout.objects if o.support_surface}
    assert rests == {"pillow_1": "seat", "pillow_2": "seat", "cat_1": "seat", "lamp_1": "top"}


@pytest.mark.parametrize("prompt, expected", [
    ("The lamp is closer to the bed than the chair.", ("closer_than", ("lamp_1", "chair_1", "bed_1"))),
    ("A sofa, a TV and a chair; the chair is farther from the TV than the sofa.",
     ("closer_than", ("sofa_1", "chair_1", "tv_1"))),
    ("The wardrobe is taller than the dresser.", ("larger_than", ("wardrobe_1", "dresser_1"))),
    ("The rug is smaller than the bed.", ("larger_than", ("bed_1", "rug_1"))),
])
def test_comparatives(prompt: str, expected: tuple) -> None:
    graph, rels = _relations(prompt)
    assert expected in [(n, a) for n, a, _ in rels]
    assert graph.unparsed == []


@pytest.mark.parametrize("prompt, count, mode, members", [
    ("A desk with exactly two chairs at it.", 2, "exactly", ("chair_1", "chair_2", "desk_1")),
    ("Only three stools at the bar counter.", 3, "exactly", ("stool_1", "stool_2", "stool_3", "bar_counter_1")),
    ("A bookshelf with at least four books on it.", 4, "at_least",
     ("book_1", "book_2", "book_3", "book_4", "bookshelf_1")),
])
def test_counts(prompt: str, count: int, mode: str, members: tuple[str, ...]) -> None:
    _, rels = _relations(prompt)
    counted = [(a, p) for n, a, p in rels if n == "count_of"]
    assert len(counted) == 1
    args, params = counted[0]
    assert args == members and params["count"] == count and params["mode"] == mode


def test_no_x_and_generic_things_are_never_objects() -> None:
    graph, rels = _relations("A desk with nothing on it next to a table with three things on it.")
    assert {a.category for a in graph.assets} == {"desk", "table", "book", "cup", "vase"}
    assert ("none_of", ("book_1", "cup_1", "vase_1", "desk_1")) in [(n, a) for n, a, _ in rels]


def test_a_count_of_seats_on_several_sides_counts_by_nearness() -> None:
    _, rels = _relations("A table with a vase on it. Exactly two chairs at the table.")
    counted = [(a, p) for n, a, p in rels if n == "count_of"]
    assert counted == [(("chair_1", "chair_2", "table_1"),
                        {"relation": "proximity", "relation_params": counted[0][1]["relation_params"],
                         "count": 2, "mode": "exactly"})]


@pytest.mark.slow
@pytest.mark.parametrize("prompt", [
    "A table with three things on it and exactly two chairs at the table; a desk with nothing on it.",
    "A desk with nothing on it next to a table with three things on it.",
    "An office with a desk and exactly two chairs at the desk, and a third chair by the wall.",
    "A bed, a lamp and an armchair. The lamp is closer to the bed than the armchair.",
    "A bookshelf with at least three books on the second shelf.",
])
def test_quantified_relations_hold_in_the_layout(prompt: str) -> None:
    layout = solve(code(plan(prompt, complete=False)), seed=0, time_budget=8.0, prompt="")
    quantified = [c for c in layout.constraints
                  if c.relation in ("none_of", "count_of", "closer_than", "larger_than")]
    assert quantified and all(c.satisfied for c in quantified), [c.relation for c in quantified if not c.satisfied]
