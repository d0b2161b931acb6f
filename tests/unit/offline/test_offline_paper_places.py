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
from planned import related


def family_count(graph: SceneGraph, family: str) -> int:
    kb = load_knowledge()
    return sum(1 for a in graph.assets if (f := kb.lookup(a.category)) is not None and f.family == family)


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


@pytest.mark.parametrize("prompt, rider", [
    ("a cowboy riding through a dusty desert town", "cowboy_1"),
    ("a knight galloping across the field", "knight_1"),
])
def test_a_rider_sits_on_a_horse_the_text_implies(prompt: str, rider: str) -> None:
    graph = plan(prompt, complete=False)
    horses = [a.id for a in graph.assets if a.category == "horse"]
    assert len(horses) == 1 and [rider, horses[0]] in related(graph, "on_top_of")


@pytest.mark.parametrize("prompt, mount", [
    ("a girl riding a bike in the park", "bike"),
    ("a man riding on a camel", "camel"),
])
def test_a_named_mount_is_no_horse(prompt: str, mount: str) -> None:
    cats = [a.category for a in plan(prompt, complete=False).assets]
    assert "horse" not in cats and mount in cats


def test_computer_desks_hold_computers() -> None:
    graph = plan("a busy newsroom with rows of computer desks")
    desks = [a.id for a in graph.assets if a.category == "computer desk"]
    on = related(graph, "on_top_of")
    assert len(desks) >= 4 and all(any(args[1] == d and args[0].startswith("computer_") for args in on)
                                   for d in desks)
    assert not [a for a in graph.assets if a.category == "newsroom"]


def test_computer_desks_with_their_own_laptops_get_no_computer() -> None:
    cats = [a.category for a in plan("two computer desks with a laptop on each", complete=False).assets]
    assert "computer" not in cats and cats.count("laptop") == 2


@pytest.mark.parametrize("prompt, expected", [
    ("a knight on guard in front of a castle", ["castle", "knight"]),
    ("a dog asleep in front of the door", ["dog"]),
])
def test_states_are_not_objects(prompt: str, expected: list[str]) -> None:
    graph = plan(prompt, complete=False)
    assert sorted(a.category for a in graph.assets) == expected
    assert graph.unparsed == []


def test_in_front_of_a_castle_is_outdoors() -> None:
    assert plan("a knight in front of a castle", complete=False).room["setting"]["kind"] == "outdoor"


@pytest.mark.parametrize("prompt, anchor", [
    ("three tin shacks by a muddy creek, and a dog asleep in front of the last house", "tin_shack_3"),
    ("a red barn and a scarecrow next to the building", "barn_1"),
])
def test_a_general_word_refers_back_to_the_building_named(prompt: str, anchor: str) -> None:
    graph = plan(prompt, complete=False)
    assert not [a for a in graph.assets if a.category in ("house", "building")]
    assert any(args[1] == anchor for r in ("in_front_of", "proximity") for args in related(graph, r))


@pytest.mark.parametrize("prompt, people", [
    ("a family relaxing at the seaside under a big umbrella", 4),
    ("a couple sitting on a bench", 2),
])
def test_a_group_noun_is_several_people(prompt: str, people: int) -> None:
    graph = plan(prompt, complete=False)
    kb = load_knowledge()
    assert sum(1 for a in graph.assets if (f := kb.lookup(a.category)) is not None and f.family == "person") == people


def test_a_group_noun_before_a_noun_modifies_it() -> None:
    assert "sofa" in [a.category for a in plan("a family room with a sofa").assets]
    assert [a.category for a in plan("a couple of chairs", complete=False).assets] == ["chair", "chair"]
    for text in ("a couple more chairs near the window", "a couple extra stools"):
        cats = [a.category for a in plan(text, complete=False).assets]
        assert len(cats) == 2 and "person" not in cats, (text, cats)


def test_room_style_items_stay_indoors() -> None:
    """"a warm summer evening in the garden": "warm" is a cozy room's word; its rug in the middle of
    the room and floor lamp in the corner are no garden's."""
    cats = [a.category for a in plan("a family dinner in the garden on a warm summer evening").assets]
    assert "floor lamp" not in cats and "rug" not in cats
    assert "floor lamp" in [a.category for a in plan("a cozy living room").assets]


@pytest.mark.parametrize("prompt", [
    "a row of shops along a cobbled high street",
    "a lone rider galloping across the desert",
])
def test_along_or_across_a_scene_is_in_it(prompt: str) -> None:
    assert plan(prompt).unparsed == []


@pytest.mark.parametrize("prompt", [
    "a campsite in a pine forest with two tents and a campfire",
    "a campsite",
    "a tent next to a campfire",
])
def test_tents_stand_a_safe_distance_from_the_fire(prompt: str) -> None:
    graph = plan(prompt)
    tents = [a.id for a in graph.assets if a.category == "tent"]
    fire = [a.id for a in graph.assets if a.category == "campfire"]
    assert tents and fire
    for tent in tents:
        reach = [r.params for r in graph.relations if r.relation == "proximity"
                 and {e.asset for e in graph.edges if e.relation == r.id} == {tent, fire[0]}]
        assert reach and all(p["min_distance"] >= 1.5 and p["max_distance"] > p["min_distance"] for p in reach)


@pytest.mark.parametrize("prompt, figure, building", [
    ("a knight on guard in front of a castle", "knight_1", "castle_1"),
    ("a dog asleep in front of the house", "dog_1", "house_1"),
])
def test_one_stands_clear_of_a_building_in_front_of_it(prompt: str, figure: str, building: str) -> None:
    graph = plan(prompt, complete=False)
    gaps = [r.params for r in graph.relations if r.relation == "proximity"
            and [e.asset for e in sorted((e for e in graph.edges if e.relation == r.id), key=lambda e: e.role)]
            == [figure, building]]
    assert gaps and gaps[0]["min_distance"] >= 1.0 and gaps[0]["max_distance"] > gaps[0]["min_distance"]


@pytest.mark.parametrize("prompt", ["Each stall has a crate of apples in front of it. Four stalls in a row.",
                                    "a man in front of a kiosk"])
def test_one_stands_at_a_stall_not_a_wall_away(prompt: str) -> None:
    """A stall or a kiosk is lower than a storey: what is in front of it stands at its counter."""
    graph = plan(prompt, complete=False)
    assert not [r for r in graph.relations if r.relation == "proximity" and "building" in r.source]
    assert all(r.params.get("max_distance", 2.0) <= 2.0 for r in graph.relations if r.relation == "in_front_of")


def test_a_chair_in_front_of_a_desk_keeps_its_reach() -> None:
    graph = plan("a chair in front of the desk", complete=False)
    assert not [r for r in graph.relations if r.relation == "proximity"]
