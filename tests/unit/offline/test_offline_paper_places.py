"""Paper-style scene queries (issue 14, style (b)): the place a short story names is furnished and
read whatever preposition leads to it. A village or town ("a fishing village", "a dusty desert
town", "a slum village") gets houses along a path, a fishing or harbour one the sea; "through",
"deep in", "at the edge of" lead to the scene like "in"; a forest is trees; a beach day has the
sea and sand; boats float on the water unless the text sets them elsewhere; a towel or blanket
outdoors is a flat beach towel or picnic blanket; a dinner is laid with cutlery."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.scene_graph import SceneGraph


def family_count(graph: SceneGraph, family: str) -> int:
    kb = load_knowledge()
    return sum(1 for a in graph.assets if (f := kb.lookup(a.category)) is not None and f.family == family)


def related(graph: SceneGraph, relation: str) -> list[list[str]]:
    return [[e.asset for e in sorted((e for e in graph.edges if e.relation == r.id), key=lambda e: e.role)]
            for r in graph.relations if r.relation == relation]


@pytest.mark.parametrize("prompt", [
    "a girl hunter walking through a slum village full of fantasy creatures",
    "a cowboy riding through a dusty desert town",
    "a fishing village at dusk with boats",
    "an old woman feeding hens in a sleepy mountain village",
])
def test_a_village_or_town_has_houses(prompt: str) -> None:
    graph = plan(prompt)
    assert family_count(graph, "structure") >= 3, [a.category for a in graph.assets]
    assert graph.room["setting"]["kind"] == "outdoor"
    assert not [u for u in graph.unparsed if "village" in u or "town" in u]


@pytest.mark.parametrize("prompt", [
    "a fishing village at dusk with boats",
    "a sleepy harbour town with three rowing boats tied up along the quay",
    "two sailboats and a ferry near a lighthouse on the sea",
])
def test_boats_float_on_the_water(prompt: str) -> None:
    graph = plan(prompt)
    water = {a.id for a in graph.assets if a.category in ("sea", "lake", "river")}
    boats = [a.id for a in graph.assets if (f := load_knowledge().lookup(a.category)) is not None and f.category
             in ("boat", "speedboat", "galleon")]
    assert water and boats
    on = {tuple(args) for args in related(graph, "on_top_of")}
    assert all(any((b, w) in on for w in water) for b in boats), on


def test_boats_the_text_pulls_up_on_the_shore_stay_there() -> None:
    graph = plan("two canoes pulled up on the shore of a lake")
    on = related(graph, "on_top_of")
    assert sorted(on) == [["canoe_1", "shore_1"], ["canoe_2", "shore_1"]]


def test_a_quay_is_a_pier_not_a_box() -> None:
    graph = plan("three rowing boats tied up along the quay")
    assert [a.category for a in graph.assets if a.id.startswith("quay")] == ["pier"] or \
        load_knowledge().lookup("quay").category == "pier"
    assert graph.unparsed == []


@pytest.mark.parametrize("prompt, scene", [
    ("a woodcutter's hut at the edge of the forest", "forest"),
    ("a wolf prowling deep in the woods", "forest"),
    ("a lone hiker walking through a pine forest", "forest"),
])
def test_prepositions_lead_to_the_scene(prompt: str, scene: str) -> None:
    graph = plan(prompt)
    trees = sum(1 for a in graph.assets if load_knowledge().lookup(a.category).category == "tree")
    assert trees >= 4, [a.category for a in graph.assets]
    assert graph.unparsed == []
    assert not any(a.category in ("park bench", "street lamp") for a in graph.assets)


def test_a_beach_day_has_the_sea_and_sand() -> None:
    graph = plan("kids playing on a beach day")
    cats = [a.category for a in graph.assets]
    assert "sea" in cats and "beach sand" in cats
    assert graph.unparsed == []


@pytest.mark.parametrize("prompt", [
    "a family relaxing at the seaside, their towels spread on the sand",
    "a blanket on the grass in the park",
])
def test_a_towel_or_blanket_outdoors_lies_flat(prompt: str) -> None:
    graph = plan(prompt, complete=False)
    spread = [a for a in graph.assets if a.id.startswith(("towel", "blanket"))]
    assert spread and all(a.category == "picnic blanket" for a in spread)
    assert all(a.height < 0.05 for a in spread)


def test_a_towel_indoors_stays_a_towel() -> None:
    graph = plan("a towel on the bathroom counter", complete=False)
    assert [a.category for a in graph.assets if a.id.startswith("towel")] == ["towel"]


def test_a_dinner_is_laid_with_cutlery_at_each_plate() -> None:
    graph = plan("a christmas dinner for eight")
    cats = [a.category for a in graph.assets]
    assert cats.count("plate") == 8 and cats.count("cutlery") == 8
