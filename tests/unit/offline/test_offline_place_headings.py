"""Where a room request says the scene is (issue 14, rooms11): "Inside a private jet: ..." is the
jet's cabin, not a jet in a room; a petting zoo is outdoors; "at the front" said of no thing is the
front of the room the heading named ("a small courtroom: the judge's bench at the front, ...")."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.referents.scene_roles import encloses


def kinds(prompt: str) -> Counter[str]:
    return Counter(a.category for a in plan(prompt).assets)


@pytest.mark.parametrize("prompt, place, inside", [
    ("inside a small private jet: four leather seats and a sofa along one side", "private jet", "sofa"),
    ("inside an old train carriage: two benches facing each other and a luggage rack", "train carriage", "bench"),
])
def test_a_heading_after_inside_is_the_room_not_a_thing_in_it(prompt: str, place: str, inside: str) -> None:
    graph = plan(prompt)
    found = Counter(a.category for a in graph.assets)
    assert found[place] == 0 and found[inside] >= 1
    assert graph.to_dict()["room"]["setting"]["kind"] == "indoor"
    assert "inside" not in graph.to_dict()["unparsed"]


def test_only_a_thing_people_can_be_inside_is_a_room() -> None:
    assert encloses("private jet") and encloses("train carriage") and encloses("yurt")
    assert not encloses("box") and not encloses("tent") and not encloses("dollhouse")
    assert kinds("a cat inside a box")["box"] == 1


def test_a_petting_zoo_is_outdoors() -> None:
    graph = plan("a petting zoo: three goats in a fenced pen and a bench for the parents")
    assert graph.to_dict()["room"]["setting"]["kind"] == "outdoor"


def test_a_judge_is_a_person() -> None:
    graph = plan("a judge behind a desk")
    judge = next(a for a in graph.assets if a.category == "judge")
    assert "procedural:unknown" not in str(judge.asset)


@pytest.mark.parametrize("prompt, thing", [
    ("a small courtroom: the judge's bench at the front, a witness stand beside it", "judge_bench_1"),
    ("a chapel with an altar at the front", "altar_1"),
])
def test_at_the_front_of_the_named_room_is_at_its_front_wall(prompt: str, thing: str) -> None:
    graph = plan(prompt, complete=False)
    walls = {graph.relation_args(r.id)[0]: r.params.get("wall")
             for r in graph.relations if r.relation == "against_wall"}
    assert walls.get(thing) == "north" and "at the front" not in graph.to_dict()["unparsed"]
