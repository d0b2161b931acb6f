"""The offline coder: catalog sizes, weights, scale ranges, room bounds, and a program.py
that re-creates the program exactly."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.assets.catalog import load_catalog
from setdresser.blender_addon.core.offline import code, code_script, plan
from setdresser.blender_addon.core.weights import INFERRED_WEIGHT
from setdresser.blender_addon.core.offline.inference.common_sense import SEAT_GAP, SOFA_TABLE_GAP
from setdresser.blender_addon.core.offline.coding.reaches import FLAT_REACH, SCALE_RANGE, VIEWING_DISTANCE
from setdresser.blender_addon.core.script_api import SCRIPT_HEADER, ScriptRecorder


def test_objects_take_catalog_sizes_and_assets() -> None:
    program = code(plan("a desk with a lamp"))
    desk, lamp = program.objects
    catalog = load_catalog()
    assert desk.dimensions == catalog.resolve("desk").dimensions
    assert (desk.asset, lamp.asset) == ("procedural:desk", "procedural:lamp")


def test_given_height_scales_the_object_uniformly() -> None:
    tree = code(plan("a tree 10 m tall")).objects[0]
    w, d, h = load_catalog().resolve("tree").dimensions
    assert tree.dimensions[2] == 10.0
    assert abs(tree.dimensions[0] / tree.dimensions[2] - w / h) < 1e-3


def test_explicit_relations_weigh_more_than_inferred_ones() -> None:
    program = code(plan("a desk against the wall with a lamp"))
    weights = {c.relation: c.weight for c in program.constraints}
    assert weights == {"against_wall": 1.0, "on_top_of": INFERRED_WEIGHT}
    assert INFERRED_WEIGHT < 1.0


def test_scale_range_only_where_sizes_must_differ() -> None:
    program = code(plan("three boxes stacked, smallest on top, next to a chair"))
    ranges = {o.id: o.scale_range for o in program.objects}
    assert ranges == {"box_1": SCALE_RANGE, "box_2": SCALE_RANGE, "box_3": SCALE_RANGE, "chair_1": None}


def test_room_is_sized_to_the_content() -> None:
    small = code(plan("a chair")).bounds
    assert small is not None and small.min == (-2.0, -2.0, 0.0) and small.max == (2.0, 2.0, 3.0)
    big = code(plan("twenty desks in a 4 by 5 grid")).bounds
    assert big is not None and big.max[0] - big.min[0] > 8.0
    outdoor = code(plan("a campsite with a tent and a campfire")).bounds
    assert outdoor is not None and outdoor.max[0] - outdoor.min[0] >= 12.0 and outdoor.max[2] >= 8.0


def test_every_object_fits_in_the_room() -> None:
    for prompt in ("a house", "a stack of six boxes", "a tree 15 m tall", "a bookshelf with three books on it"):
        program = code(plan(prompt))
        assert program.bounds is not None
        span = program.bounds.max[0] - program.bounds.min[0]
        for obj in program.objects:
            assert max(obj.dimensions[:2]) < span and obj.dimensions[2] < program.bounds.max[2], (prompt, obj)


def test_script_recreates_the_program_exactly() -> None:
    graph = plan("A bedroom with a double bed against the north wall, a nightstand on each side, "
                 "a lamp on each nightstand and three books stacked on the dresser, smallest on top.")
    script = code_script(graph)
    assert SCRIPT_HEADER in script
    recorder = ScriptRecorder()
    body = script.replace(SCRIPT_HEADER, "")
    exec(compile(body, "program.py", "exec"), recorder.namespace())  # noqa: S102 - the test runs our own output
    assert recorder.program().to_dict() == code(graph).to_dict()


def test_coder_is_deterministic() -> None:
    graph = plan("six chairs around a round table with a vase on it")
    assert code(graph).to_dict() == code(graph).to_dict()
    assert code_script(graph) == code_script(graph)


def test_contents_shrink_to_fit_their_container() -> None:
    # the catalog's ball model is larger than the basket; balls of the knowledge base fit it
    program = code(plan("a ball inside a basket"))
    ball, basket = program.objects
    assert program.constraints[0].relation == "inside"
    assert all(b < c for b, c in zip(ball.dimensions, basket.dimensions))


def test_scaling_ratio_is_reachable_within_the_scale_range() -> None:
    program = code(plan("a tree twice as tall as the house"))
    tree, house = program.objects
    assert program.constraints[0].relation == "scaling" and program.constraints[0].params == {"ratio": 2.0}
    assert tree.scale_range is not None and house.scale_range is not None
    best = tree.dimensions[2] * tree.scale_range[1] / (house.dimensions[2] * house.scale_range[0])
    worst = tree.dimensions[2] * tree.scale_range[0] / (house.dimensions[2] * house.scale_range[1])
    assert worst <= 2.0 <= best


def test_things_on_one_surface_shrink_only_when_they_cannot_fit() -> None:
    crowded = code(plan("five lamps on the shelf"))
    shelf = crowded.objects[-1]
    lamps = crowded.objects[:-1]
    covered = sum(lamp.dimensions[0] * lamp.dimensions[1] for lamp in lamps)
    assert covered <= shelf.dimensions[0] * shelf.dimensions[1] * 0.6 + 1e-6
    roomy = code(plan("a lamp on the table")).objects[0]
    assert roomy.dimensions == load_catalog().resolve("lamp").dimensions


def test_llm_common_sense_relations_weigh_like_inferred_ones() -> None:
    graph = plan("a lamp on a desk")
    graph.relations[0].source = "common sense"
    assert code(graph).constraints[0].weight == INFERRED_WEIGHT


def _constraints(prompt: str, relation: str) -> list:  # type: ignore[type-arg]
    return [c for c in code(plan(prompt)).constraints if c.relation == relation]


@pytest.mark.parametrize("prompt,seat,viewed", [
    ("a sofa facing a tv on a tv stand", "sofa_1", "tv_1"),
    ("an armchair facing the fireplace", "armchair_1", "fireplace_1"),
    ("a tv facing a sofa", "sofa_1", "tv_1"),
    ("a fireplace with an armchair in front of it", "armchair_1", "fireplace_1"),
])
def test_a_seat_facing_a_screen_sits_at_a_viewing_distance(prompt: str, seat: str, viewed: str) -> None:
    spaced = [c for c in _constraints(prompt, "proximity") if set(c.args) == {seat, viewed}]
    assert len(spaced) == 1, prompt
    assert spaced[0].params == {"min_distance": VIEWING_DISTANCE[0], "max_distance": VIEWING_DISTANCE[1]}


def test_viewing_distance_is_not_added_twice_nor_to_a_desk_chair() -> None:
    # the planner already spaces a sofa it did not place from the TV
    spaced = _constraints("a living room with a sofa. A tv stands on a tv stand.", "proximity")
    assert len([c for c in spaced if set(c.args) == {"sofa_1", "tv_1"}]) == 1
    # a chair facing its desk's monitor sits at the desk, not 1.5 m away
    assert not _constraints("a desk with a monitor on it and a chair facing the monitor", "proximity")


def test_a_rug_beside_furniture_lies_against_it() -> None:
    rug = _constraints("a sofa with a rug in front of it", "in_front_of")
    assert [c.params for c in rug if c.args[0] == "rug_1"] == [{"max_distance": FLAT_REACH}]
    chair = _constraints("a desk with a chair in front of it", "in_front_of")
    assert all(c.params.get("max_distance") != FLAT_REACH for c in chair)
    measured = _constraints("a rug 1 m in front of the sofa", "in_front_of")
    assert all(c.params.get("max_distance") != FLAT_REACH for c in measured)


@pytest.mark.parametrize("prompt,relation,reach", [
    ("a chair in front of the desk", "in_front_of", SEAT_GAP),
    ("a desk with a chair behind it", "behind", SEAT_GAP),
    ("a sofa with a coffee table in front of it", "in_front_of", SOFA_TABLE_GAP),
    ("a lantern in front of the tent", "in_front_of", None),
])
def test_things_placed_at_furniture_without_a_distance_stand_within_reach(prompt: str, relation: str,
                                                                          reach: float | None) -> None:
    (placed,) = _constraints(prompt, relation)
    assert placed.params.get("max_distance") == reach
