"""Places said by a phrase around them (issue 14, the paper's queries): the scene named as the
owner of a place ("by the window of a cottage kitchen", "in the corner of a nursery") or as a
place's modifier ("on the kitchen floor") is furnished; an indoor scene named as the owner of a
part that stands outdoors ("the ruins of a temple") is outdoors; "inside it" is no setting word;
a thing nothing is known about says nothing of the setting; a size stated for an outdoor scene
is its size, also with describing words between ("a 6 x 5 m back garden") or after "of"."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.coding.coder import code


def categories(prompt: str) -> set[str]:
    return {a.category for a in plan(prompt).assets}


@pytest.mark.parametrize("prompt,expected", [
    ("a cat sleeping by the window of a cottage kitchen", {"stove", "sink"}),
    ("a ginger cat hiding in a cardboard box on the kitchen floor", {"stove", "sink"}),
    ("a wooden rocking horse in the corner of a nursery", {"crib"}),
])
def test_a_scene_named_around_a_place_is_furnished(prompt: str, expected: set[str]) -> None:
    assert expected <= categories(prompt), categories(prompt)


@pytest.mark.parametrize("prompt,kind", [
    ("a statue standing between two marble pillars in the ruins of a greek temple", "outdoor"),
    ("a rowing boat on the shore of a lake with two oars lying inside it", "outdoor"),
    ("a single park bench beneath an old oak, fallen leaves all around", "outdoor"),
    ("a knight kneeling before the altar of a stone chapel", "indoor"),
])
def test_the_setting_of_place_phrases(prompt: str, kind: str) -> None:
    room = plan(prompt).room or {}
    assert room["setting"]["kind"] == kind, room["setting"]


def test_the_owner_of_a_place_is_no_building() -> None:
    assert "chapel" not in categories("a knight kneeling before the altar of a stone chapel")


@pytest.mark.parametrize("prompt,size", [
    ("a 6 x 5 m back garden with a trampoline and a garden shed", (6.0, 5.0)),
    ("a patio of 5 x 4 m with a grill", (5.0, 4.0)),
    ("a 4 by 3 metre balcony with a bistro table and two chairs", (4.0, 3.0)),
])
def test_a_stated_outdoor_size_is_the_scenes(prompt: str, size: tuple[float, float]) -> None:
    graph = plan(prompt)
    assert tuple((graph.room or {}).get("size", ())) == size
    assert not any(a.category == "x" for a in graph.assets) and not graph.unparsed
    bounds = code(graph).bounds
    assert sorted((bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1])) == pytest.approx(sorted(size))


@pytest.mark.parametrize("name", ["clothes horse", "towel horse"])
def test_a_thing_named_after_an_animal_is_not_drawn_as_one(name: str) -> None:
    program = code(plan(f"a {name} next to the radiator", complete=False))
    thing = next(o for o in program.objects if o.category == name)
    assert thing.asset != "procedural:quadruped" and max(thing.dimensions) < 1.5, thing


def test_a_scene_stated_smaller_than_its_kind_gets_no_optional_extras() -> None:
    sized = [len(plan("a 6 x 5 m back garden with a trampoline", seed=s).assets) for s in range(4)]
    unsized = [len(plan("a back garden with a trampoline", seed=s).assets) for s in range(4)]
    assert all(a <= b for a, b in zip(sized, unsized)) and sum(sized) < sum(unsized), (sized, unsized)


@pytest.mark.parametrize("prompt", ["Set the square dining table for four.", "a garden chair next to the sofa"])
def test_a_scene_word_about_a_thing_furnishes_nothing(prompt: str) -> None:
    assert not {"road", "house", "tree", "bush", "fence"} & categories(prompt), categories(prompt)
