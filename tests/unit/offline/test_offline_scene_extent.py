"""Outdoor scenes follow their subjects, not their ground (issue 13 leftovers): the knowledge
base's sea is 40 x 20 m and a lake 14 x 10 m; sized like furniture they made the scene 56 m across
and the tents, boats and benches specks in the render. The scene is sized to everything else, and
each big flat ground feature is cut to that extent."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.model import Bounds, ObjectSpec
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.offline.coding.scene_extent import is_ground_feature, outdoor_bounds
from setdresser.blender_addon.core.offline.setting.indoor_outdoor import decide_setting
from setdresser.blender_addon.core.assets.catalog import load_catalog



def _side(bounds: Bounds) -> float:
    return bounds.max[0] - bounds.min[0]


@pytest.mark.parametrize("prompt", [
    "a campsite by the sea with a tent, a campfire and a folding table",
    "two sun loungers and an umbrella on a beach by the ocean",
    "a small wooden dock on a lake with a rowing boat",
    "a picnic table next to a river with a tree on each side of it",
    "a wooden pier on the ocean with a fishing boat beside it",
    "a lighthouse on the shore of the sea with a fishing boat",
])
def test_an_outdoor_scene_is_sized_to_its_subjects_and_its_water_to_the_scene(prompt: str) -> None:
    program = code(plan(prompt))
    assert program.room is not None and program.room.kind == "outdoor"
    side = _side(program.bounds)
    ground = [o for o in program.objects if is_ground_feature(o)]
    subjects = [o for o in program.objects if not is_ground_feature(o)]
    assert ground and subjects, [o.category for o in program.objects]
    # the subjects' footprints are a fair share of the ground, not specks on a 56 m plain
    biggest = max(max(o.dimensions[:2]) for o in subjects)
    assert side <= max(26.0, 3.5 * biggest), (prompt, side)
    for obj in ground:
        assert max(obj.dimensions[:2]) <= side + 1e-6, (obj.category, obj.dimensions, side)


def test_the_sea_spans_the_scene_along_its_edge_and_leaves_land_for_the_subjects() -> None:
    program = code(plan("a campsite by the sea with a tent, a campfire and a lantern on a folding table"))
    sea = next(o for o in program.objects if o.category == "sea")
    side = _side(program.bounds)
    assert sea.dimensions[0] == pytest.approx(side, abs=0.01)
    assert sea.dimensions[1] <= 0.5 * side


def test_a_lake_is_cut_evenly_and_a_river_keeps_its_length_across_the_scene() -> None:
    def spec(oid: str, dims: tuple[float, float, float]) -> ObjectSpec:
        return ObjectSpec(id=oid, category=oid, dimensions=dims, asset=None)

    lake, river, tent = spec("lake", (14.0, 10.0, 0.1)), spec("river", (4.0, 20.0, 0.08)), spec("tent", (2.5, 2.5, 1.4))
    square = Bounds((-6.0, -6.0, 0.0), (6.0, 6.0, 8.0))
    bounds = outdoor_bounds([lake, river, tent], [], lambda objs, cons: square)
    assert lake.dimensions[0] / lake.dimensions[1] == pytest.approx(1.4, abs=0.01)  # a lake, not a squashed one
    assert max(lake.dimensions[:2]) <= 12.0 and min(lake.dimensions[:2]) <= 0.45 * 12.0 + 1e-6
    assert river.dimensions[1] == pytest.approx(12.0)  # the river crosses the scene
    assert 12.0 < _side(bounds) < 16.0 and bounds.max[2] == 8.0
    assert tent.dimensions == (2.5, 2.5, 1.4)


def test_a_rug_a_path_or_a_road_is_not_ground_to_cut() -> None:
    rug = ObjectSpec(id="rug_1", category="rug", dimensions=(2.4, 1.7, 0.01), asset=None)
    path = ObjectSpec(id="path_1", category="path", dimensions=(1.2, 6.0, 0.02), asset=None)
    road = ObjectSpec(id="road_1", category="road", dimensions=(7.0, 15.0, 0.02), asset=None)  # houses line it
    assert not is_ground_feature(rug) and not is_ground_feature(path) and not is_ground_feature(road)


@pytest.mark.parametrize("prompt", [
    "a small harbour with two fishing boats and some crates on the pier",
    "a marina with three sailboats",
    "a wooden jetty with a fisherman",
])
def test_a_harbour_is_outdoors(prompt: str) -> None:
    assert decide_setting(prompt, 0, 3, load_catalog()).kind == "outdoor"


@pytest.mark.parametrize("prompt", ["a small fishing harbour with two boats and a few crates", "a marina with three sailboats"])
def test_a_harbour_is_the_scene_not_an_object_in_it(prompt: str) -> None:
    graph = plan(prompt)
    assert not {"harbour", "marina", "small"} & {a.category for a in graph.assets}, [a.category for a in graph.assets]
    assert graph.unparsed == [] and graph.room is not None and graph.room["setting"]["kind"] == "outdoor"
