"""Indoors or outdoors, and the ground of outdoor scenes (issue 13, "rooms that are rooms"): the
setting is read from the words users write (setting.json), the program's room follows it and says
why; lakes, rivers, the sea, sand and shores are flat patches that relations name and the solver
keeps things off (water) or lets them stand on (sand)."""

from __future__ import annotations

import pytest
from planned import of_kind

from setdresser.blender_addon.core.assets.catalog import load_catalog
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.offline.setting.indoor_outdoor import decide_setting
from setdresser.blender_addon.core.solver.api import solve


@pytest.mark.parametrize("prompt, kind", [
    ("an outdoor cafe terrace", "outdoor"),
    ("a cafe terrace with six small tables and a waiter", "outdoor"),
    ("a little cafe with a terrace door", "indoor"),
    ("some chairs and a table set out under the stars", "outdoor"),
    ("an indoor garden with ferns and a bench", "indoor"),
    ("a bedroom overlooking the garden", "indoor"),
    ("a garden with a shed and a wheelbarrow", "outdoor"),
    ("a bench outside the bakery", "outdoor"),
    ("a hallway with a shoe rack outside the bathroom", "indoor"),
    ("two tents by a lake", "outdoor"),
    ("trees along the road", "outdoor"),
    ("a street of shacks", "outdoor"),
    ("a beach ball on the bed", "indoor"),
    ("Park a car in the middle of the garage.", "indoor"),
    ("a playground with a slide, two swings and a sandbox", "outdoor"),
    ("a market square with fruit stalls", "outdoor"),
    ("a desk with a lamp on it", "indoor"),
])
def test_the_setting_is_read_from_the_text(prompt: str, kind: str) -> None:
    setting = decide_setting(prompt, 0, 3, load_catalog())
    assert setting.kind == kind, setting
    assert setting.reason


@pytest.mark.parametrize("prompt, kind", [
    ("an outdoor cafe terrace with round tables", "outdoor"),
    ("a campsite by a lake with two tents", "outdoor"),
    ("a kitchen with a window facing the garden", "indoor"),
])
def test_the_program_room_and_the_graph_agree_on_the_setting(prompt: str, kind: str) -> None:
    graph = plan(prompt)
    program = code(graph)
    assert graph.room is not None and graph.room["setting"]["kind"] == kind
    assert program.room is not None and program.room.kind == kind


def test_a_beach_stands_on_sand_a_terrace_on_paving_and_a_park_on_grass() -> None:
    beach = code(plan("a beach with two deck chairs")).room
    park = code(plan("a park with a bench")).room
    terrace = code(plan("an outdoor cafe terrace with parasols")).room
    assert beach is not None and beach.floor.words == ("sand",) and beach.floor.color is not None
    assert terrace is not None and terrace.floor.words == ("paving",)
    street = code(plan("a street of shacks")).room
    assert street is not None and street.floor.words == ("paving",)
    assert park is not None and park.floor.color is None


def test_ground_features_are_flat_objects_relations_name() -> None:
    graph = plan("two tents by the lake and a canoe on the shore", complete=False)
    (lake,), (shore,), (canoe,) = of_kind(graph, "lake"), of_kind(graph, "shore"), of_kind(graph, "canoe")
    triples = set(graph.triples())
    assert {("proximity", (t, lake)) for t in of_kind(graph, "tent")} <= triples
    assert ("on_top_of", (canoe, shore)) in triples
    assert ("proximity", (shore, lake)) in triples  # the shore lies by the water
    assert graph.unparsed == []
    program = code(graph)
    sizes = {o.id: o.dimensions for o in program.objects}
    assert sizes[lake][2] <= 0.15 and min(sizes[lake][:2]) >= 4.0  # a flat patch, not a 0.5 m box
    assert sizes[shore][2] < 0.01  # things may stand on sand


def test_a_scene_by_the_water_puts_its_first_objects_there() -> None:
    graph = plan("a campsite by a lake with two tents", complete=False)
    (lake,) = of_kind(graph, "lake")
    assert {("proximity", (t, lake)) for t in of_kind(graph, "tent")} <= set(graph.triples())
    assert graph.unparsed == []


def test_things_keep_off_the_water_and_stand_by_it() -> None:
    graph = plan("three tents by the lake", complete=False)
    layout = solve(code(graph), seed=0, effort=0.25)
    boxes = {o.id: (o.bbox_min, o.bbox_max) for o in layout.objects}
    (lake,) = of_kind(graph, "lake")
    lo, hi = boxes[lake]
    for tent in of_kind(graph, "tent"):
        t_lo, t_hi = boxes[tent]
        gap = max(lo[0] - t_hi[0], t_lo[0] - hi[0], lo[1] - t_hi[1], t_lo[1] - hi[1])
        assert -0.02 <= gap <= 1.1, (tent, gap)  # beside the lake's box, never in it
    assert layout.checks.valid


def test_the_sea_lies_along_the_far_edge_facing_the_shore() -> None:
    graph = plan("a beach with a deck chair on the sand near the sea", complete=False)
    (sea,), (sand,) = of_kind(graph, "sea"), of_kind(graph, "sand")
    triples = set(graph.triples())
    assert ("against_wall", (sea,)) in triples and ("facing", (sand, sea)) in triples


def test_an_outdoor_scene_is_not_furnished_as_a_room() -> None:
    graph = plan("a cabin by the river")  # the cabin is a house by the water, not sofas on the grass
    assert sorted(a.category for a in graph.assets) == ["cabin", "river"]
    assert graph.room is not None and graph.room["setting"]["kind"] == "outdoor"


def test_a_named_scene_by_the_water_puts_its_main_objects_there() -> None:
    graph = plan("a campsite by a lake")  # the archetype's tents, not its campfire or trees
    (lake,) = of_kind(graph, "lake")
    near = {r for r, args in graph.triples() if r == "proximity" and args[-1] == lake}
    by_lake = {args[0] for r, args in graph.triples() if r == "proximity" and args[-1] == lake}
    assert near and by_lake == set(of_kind(graph, "tent"))


@pytest.mark.parametrize("prompt, middle, ends", [
    ("Pitch two tents side by side near the lake. A campfire burns between the tents and the lake.",
     "campfire", ("tent", "lake")),
    ("a tent next to the river and a campfire between the tent and the river", "campfire", ("tent", "river")),
    ("a sofa near the TV, and a coffee table between the sofa and the TV", "coffee table", ("sofa", "tv")),
])
def test_a_reach_between_two_ends_leaves_room_for_what_stands_between(prompt: str, middle: str,
                                                                      ends: tuple[str, str]) -> None:
    """"tents near the lake, a fire between the tents and the lake": the tents' reach to the lake
    holds the fire and the safe gap it keeps from them (a 0.8 m 'near' could not: ms24)."""
    graph = plan(prompt, complete=False)
    (fire,) = of_kind(graph, middle)
    program = code(graph)
    size = {o.id: max(o.dimensions[:2]) for o in program.objects}
    gap = max([r.params.get("min_distance", 0.0) for r in graph.relations
               if r.relation == "proximity" and fire in graph.relation_args(r.id)], default=0.0)
    one, other = set(of_kind(graph, ends[0])), set(of_kind(graph, ends[1]))
    reaches = [r.params["max_distance"] for r in graph.relations if r.relation == "proximity"
               and len(graph.relation_args(r.id)) == 2 and set(graph.relation_args(r.id)) <= one | other
               and set(graph.relation_args(r.id)) & one and set(graph.relation_args(r.id)) & other]
    assert reaches and min(reaches) >= size[fire] + gap - 1e-6, (reaches, size[fire], gap)


def test_tents_side_by_side_near_the_lake_with_a_fire_between_solve() -> None:
    graph = plan("two tents side by side near the lake, a campfire between the tents and the lake", complete=False)
    layout = solve(code(graph), seed=0, effort=0.25)
    assert layout.checks.valid
    failed = [c.relation + str(c.args) for c in layout.constraints if not c.satisfied]
    assert failed == [], failed
