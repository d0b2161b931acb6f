"""Which object a phrase is about (joined subjects, "the small one", "on" after a new object)
and the coder's parameters that keep seats by their table."""

from __future__ import annotations

import math

import numpy as np
import pytest
from planned import categories, triples

from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.offline.coding.reaches import RING_CLEARANCE, RING_STRETCH, box_reach
from setdresser.blender_addon.core.solver.api import solve
from setdresser.skill_library import geometry as geo


@pytest.mark.parametrize("prompt, subject, anchor", [
    ("A sofa and a bench parallel to the sofa, with a coffee table between them.", "bench_1", "sofa_1"),
    ("A table and a chair next to the table.", "chair_1", "table_1"),
    ("A desk and a lamp behind the desk.", "lamp_1", "desk_1"),
])
def test_a_definite_object_among_joined_subjects_is_not_a_new_object(prompt: str, subject: str,
                                                                     anchor: str) -> None:
    graph = plan(prompt)
    found = categories(graph)
    assert len(found) == len(set(found)), f"an object was duplicated: {found}"
    relation = next(r for r in graph.relations if not r.source.startswith("inferred"))
    assert graph.relation_args(relation.id) == (subject, anchor)


def test_the_small_one_stands_for_the_latest_category_and_its_adjective_picks_the_object() -> None:
    graph = plan("A small cabinet, a tall cabinet twice as tall as the small one, and a vase on the small cabinet.")
    assert categories(graph) == ["cabinet", "cabinet", "vase"]
    hints = {a.id: a.hints for a in graph.assets}
    assert hints["cabinet_1"] == ("small",) and hints["cabinet_2"] == ("tall",)
    assert triples(graph) == {("scaling", ("cabinet_2", "cabinet_1")), ("on_top_of", ("vase_1", "cabinet_1")),
                               ("against_wall", ("cabinet_1",)), ("against_wall", ("cabinet_2",))}  # backs to walls
    assert graph.unparsed == []


def test_indefinite_ones_copy_the_category_with_their_own_adjectives() -> None:
    graph = plan("A big box and two small ones.")
    assert [(a.category, a.hints) for a in graph.assets] == [("box", ("big",)), ("box", ("small",)),
                                                             ("box", ("small",))]


def test_a_definite_adjective_falls_back_to_any_object_of_the_category() -> None:
    graph = plan("A cabinet and a lamp. A vase on the small cabinet.")
    assert ("on_top_of", ("vase_1", "cabinet_1")) in triples(graph)
    assert categories(graph).count("cabinet") == 1


def test_on_after_a_newly_introduced_object_puts_that_object_on_it() -> None:
    found = triples(plan("A sofa facing a TV on a TV stand."))
    assert ("on_top_of", ("tv_1", "tv_stand_1")) in found
    assert not any(rel == "on_top_of" and args[0] == "sofa_1" for rel, args in found)
    small = triples(plan("A cup next to a plate on the table."))
    assert {("on_top_of", ("plate_1", "table_1")), ("on_top_of", ("cup_1", "table_1"))} <= small
    # an "on" straight after the subject, and a chain of "on", are unchanged
    assert ("on_top_of", ("lamp_1", "desk_1")) in triples(plan("A lamp on a desk next to a bed."))
    chain = triples(plan("An apple on a book on a table."))
    assert {("on_top_of", ("apple_1", "book_1")), ("on_top_of", ("book_1", "table_1"))} <= chain


def test_a_comma_ends_the_lower_attachment() -> None:
    found = triples(plan("A cat next to a basket, on the rug."))
    assert not any(rel in ("on_top_of", "overlap") and args[0] == "basket_1" for rel, args in found)


def test_uncounted_plurals_on_both_sides_are_shared_evenly() -> None:
    graph = plan("A picnic table with benches on both sides.")  # a bench seats several: one a side
    sides = [rel.relation for rel in graph.relations if rel.relation in ("in_front_of", "behind")]
    assert sorted(sides) == ["behind", "in_front_of"]
    for prompt, gap in (("Two chairs on opposite sides of the table.", 0.25),  # pulled up to the table
                        ("A bed with a nightstand on either side.", 0.5)):
        graph = plan(prompt)
        params = [dict(rel.params) for rel in graph.relations
                  if rel.relation in ("in_front_of", "behind", "left_of", "right_of")]
        beside = [p.pop("lateral_margin", None) for p in params if "lateral_margin" in p]  # left/right: level
        assert beside in ([], [0.3, 0.3])  # with the bed (within its depth + 0.3 m: big_furniture.SIDE_BAND)
        assert len(params) == 2 and all(p == {"max_distance": gap} for p in params) and not graph.unparsed


def _ring(prompt: str):
    program = code(plan(prompt))
    return program, next(c for c in program.constraints if c.relation == "around")


@pytest.mark.parametrize("prompt", ["Four chairs around the square table.", "A round table with six chairs around it.",
                                    "A round table with four stools around it."])
def test_a_ring_around_a_table_gets_a_radius_from_the_geometry(prompt: str) -> None:
    program, ring = _ring(prompt)
    sizes = {o.id: o.dimensions for o in program.objects}
    table, member = sizes[ring.args[-1]], sizes[ring.args[0]]
    reach = member[1] if ring.params.get("facing", True) else max(member[:2])
    # the table's reach toward the farthest member (the half-extent for four, more for six: reaches.box_reach)
    expected = (box_reach(table, len(ring.args) - 1, ring.params) + 0.5 * reach + RING_CLEARANCE) / RING_STRETCH
    assert ring.params["radius"] == pytest.approx(expected, abs=1e-3)


def test_a_ring_clears_what_hangs_low_over_the_table() -> None:
    program, ring = _ring("A round table with two chairs around it and an umbrella over the table.")
    sizes = {o.id: o.dimensions for o in program.objects}
    umbrella = next(o.dimensions for o in program.objects if o.category == "umbrella")
    assert max(umbrella[:2]) > max(sizes[ring.args[-1]][:2])
    expected = (0.5 * max(umbrella[:2]) + 0.5 * sizes[ring.args[0]][1] + RING_CLEARANCE) / RING_STRETCH
    assert ring.params["radius"] == pytest.approx(expected, abs=1e-3)
    layout = solve(program, seed=0, effort=1.0)
    assert layout.checks.valid and all(c.satisfied for c in layout.constraints)


@pytest.mark.parametrize("prompt, n", [("Eight chairs around a small round table.", 8),
                                       ("twelve chairs round a round table", 12),
                                       ("put 7 chairs in a circle around the small table", 7)])
def test_a_crowded_ring_is_wide_enough_for_its_members_side_by_side(prompt: str, n: int) -> None:
    """Eight chairs round a small round table stood at the table's reach (0.63 m), where they overlap:
    the radius grows until neighbours' inner corners, one angular step apart, clear each other."""
    program, ring = _ring(prompt)
    assert len(ring.args) - 1 == n
    width, depth = next(o.dimensions for o in program.objects if o.id == ring.args[0])[:2]
    inner = ring.params["radius"] - 0.5 * depth
    assert inner * math.tan(math.pi / n) >= 0.5 * (width + RING_CLEARANCE) - 1e-3
    layout = solve(program, seed=0, effort=0.167)
    assert layout.checks.valid and all(c.satisfied for c in layout.constraints)


def test_a_ring_around_something_else_or_with_a_radius_is_left_alone() -> None:
    assert "radius" not in _ring("Four logs around the campfire.")[1].params
    program = code(plan("Four chairs around the square table."))
    graph = plan("Four chairs around the square table.")
    graph.relations[0].params["radius"] = 2.0
    assert code(graph).constraints[0].params["radius"] == 2.0
    assert program.constraints[0].params["radius"] != 2.0


def _box(o) -> tuple[np.ndarray, float, np.ndarray]:  # noqa: ANN001 - a solved layout object
    return np.array(o.location), o.rotation_euler[2], np.array(o.dimensions)


@pytest.mark.slow
@pytest.mark.parametrize("prompt, max_gap", [("Four chairs around the square table.", 0.45),
                                             ("A round table with four stools around it.", 0.15)])
def test_seats_ringing_a_table_stand_by_it(prompt: str, max_gap: float) -> None:
    program, ring = _ring(prompt)
    for seed in (0, 1):
        layout = solve(program, seed=seed, effort=1.0)
        assert layout.checks.valid and all(c.satisfied for c in layout.constraints)
        placed = {o.id: o for o in layout.objects}
        gaps = [float(geo.xy_gap(*_box(placed[m]), *_box(placed[ring.args[-1]]))) for m in ring.args[:-1]]
        assert max(gaps) <= max_gap, gaps


def test_things_in_size_order_stand_in_a_line_unless_already_arranged() -> None:
    graph = plan("Three vases on the shelf sorted by height.")
    rows = [r for r in graph.relations if r.relation == "row"]
    assert len(rows) == 1 and rows[0].source.startswith("inferred")
    assert graph.relation_args(rows[0].id) == ("vase_1", "vase_2", "vase_3")
    stacked = plan("A stack of three boxes, smallest on top.")
    assert not any(r.relation == "row" for r in stacked.relations)
    lined = plan("Four vases in a row sorted by height.")
    assert [r.relation for r in lined.relations].count("row") == 1
