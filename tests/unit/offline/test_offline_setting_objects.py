"""Indoors or outdoors when the text names no scene (issue 14, the paper's queries): people and
animals stand anywhere, so the things around them decide ("an old man feeding pigeons from a
park bench" is outdoors by its bench); a thing *in* a building is inside it; "the fire" is the
fireplace of a room and the campfire of a camp."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.assets.catalog import load_catalog
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.setting.indoor_outdoor import decide_setting, object_leaning


def _kind(prompt: str) -> str:
    return str((plan(prompt).room or {})["setting"]["kind"])


def _categories(prompt: str) -> list[str]:
    return sorted(a.category for a in plan(prompt).assets)


@pytest.mark.parametrize("prompt, kind", [
    ("an old man feeding pigeons from a park bench", "outdoor"),
    ("a fisherman sitting on a wooden dock with his fishing rod", "outdoor"),
    ("a girl reading under a tree with her cat beside her", "outdoor"),
    ("two people on a park bench and a dog", "outdoor"),
    ("a farmer milking a cow in a barn next to a stack of hay bales", "indoor"),
    ("a man asleep on a sofa with his dog", "indoor"),
])
def test_living_beings_do_not_decide_the_setting(prompt: str, kind: str) -> None:
    assert _kind(prompt) == kind


def test_people_and_animals_lean_nowhere_things_do() -> None:
    catalog = load_catalog()
    assert object_leaning("man", "procedural:person", catalog) is None
    assert object_leaning("pigeon", "procedural:bird", catalog) is None
    assert object_leaning("park bench", "procedural:park_bench", catalog) == "outdoor"
    assert object_leaning("sofa", "procedural:sofa", catalog) == "indoor"


def test_a_thing_in_a_building_is_inside_it() -> None:
    catalog = load_catalog()
    inside = decide_setting("a horse in the old barn", 2, 2, catalog, placed=frozenset({"barn", "horse"}),
                            buildings=frozenset({"barn"}))
    outside = decide_setting("a horse next to the barn", 2, 2, catalog, placed=frozenset({"barn", "horse"}),
                             buildings=frozenset({"barn"}))
    assert (inside.kind, outside.kind) == ("indoor", "outdoor")


@pytest.mark.parametrize("prompt, fire, kind", [
    ("an old man dozing in an armchair by the fire", "fireplace", "indoor"),
    ("a grandmother knitting by the fire in her living room", "fireplace", "indoor"),
    ("campers sitting by the fire with two tents behind them", "campfire", "outdoor"),
    ("friends around the fire in the forest", "campfire", "outdoor"),
])
def test_the_fire_is_a_fireplace_indoors_and_a_campfire_outdoors(prompt: str, fire: str, kind: str) -> None:
    assert fire in _categories(prompt)
    assert _kind(prompt) == kind


@pytest.mark.parametrize("prompt, person", [
    ("a girl reading a book under an oak tree in a quiet park", "girl"),
    ("an old man walking his dog through the park", "man"),
])
def test_the_users_people_stand_in_for_the_scenes_extras(prompt: str, person: str) -> None:
    people = [c for c in _categories(prompt) if c in ("person", person)]
    assert people == [person]


def test_a_boat_with_no_water_floats_on_a_sea() -> None:
    assert "sea" in _categories("a pirate ship anchored near a small island with three palm trees")
    assert "sea" not in _categories("a rowing boat on a trailer in the garage")
    assert _categories("a fishing boat on the lake").count("lake") == 1 and "sea" not in _categories(
        "a fishing boat on the lake")


def test_a_participle_before_a_known_compound_is_no_object() -> None:
    categories = _categories("an alien standing beside its crashed flying saucer in the desert")
    assert "flying saucer" in categories and "crashed" not in categories
