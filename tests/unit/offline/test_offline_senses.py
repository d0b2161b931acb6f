"""Nouns whose thing depends on the scene (issue 13 leftovers, senses.json): "a screen" is a TV in
a living room or hung on a wall, a monitor on a desk, a projection screen in a lecture hall; "a
lamp" standing in a park is a street lamp, one on a picnic table stays a lamp."""

from __future__ import annotations

import json

import pytest

from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.offline.setting.senses import SENSES_PATH, Sense, choose, load_senses
from setdresser.blender_addon.core.solver.api import solve


def _categories(prompt: str) -> list[tuple[str, str | None]]:
    return [(a.category, a.mount) for a in plan(prompt).assets]


@pytest.mark.parametrize("prompt, category", [
    ("a living room with a screen on the wall and a sofa facing it", "tv"),
    ("a cosy lounge with a big screen and two armchairs", "tv"),
    ("a home cinema with a screen and three rows of seats", "tv"),
    ("a screen on the wall above a fireplace", "tv"),
    ("an office with a screen on the desk and a chair", "monitor"),
    ("a desk with two screens on it and a keyboard", "monitor"),
    ("a writing desk by the window with a screen and a lamp on it", "monitor"),
    ("a lecture hall with a big screen and rows of seats", "projector screen"),
    ("a tv stand against the wall with a screen on it", "tv"),
])
def test_a_screen_is_the_screen_its_scene_and_support_call_for(prompt: str, category: str) -> None:
    found = [c for c, _ in _categories(prompt) if c in ("screen", "tv", "monitor", "projector screen")]
    assert found and set(found) == {category}, (prompt, found)


def test_a_screen_in_a_living_room_replaces_the_rooms_tv_instead_of_joining_it() -> None:
    found = [c for c, _ in _categories("a living room with a screen on the wall")]
    assert found.count("tv") == 1 and "monitor" not in found, found


def test_a_screen_on_the_wall_is_a_tv_touching_the_wall() -> None:
    program = code(plan("a screen on the wall and a sofa facing it", complete=False))
    tv = next(o for o in program.objects if o.category == "tv")
    assert tv.mount == "wall"
    layout = solve(program, seed=0, effort=0.167)
    placed = next(o for o in layout.objects if o.id == tv.id)
    lo, hi = program.bounds.min, program.bounds.max
    gaps = [placed.bbox_min[0] - lo[0], hi[0] - placed.bbox_max[0], placed.bbox_min[1] - lo[1], hi[1] - placed.bbox_max[1]]
    assert min(gaps) < 0.03, gaps
    assert 0.8 < placed.bbox_min[2] < 2.0


@pytest.mark.parametrize("prompt, category", [
    ("a park with a bench and a lamp beside it", "street lamp"),
    ("a campsite with a tent and a lamp next to it", "street lamp"),
    ("a picnic table in the garden with a lamp on it", "lamp"),
    ("a bedroom with a bed and a lamp on the nightstand", "lamp"),
])
def test_a_lamp_standing_outdoors_is_a_street_lamp(prompt: str, category: str) -> None:
    found = {c for c, _ in _categories(prompt)} & {"lamp", "street lamp", "table lamp"}
    assert category in found, (prompt, found)


def test_the_support_decides_before_the_scene() -> None:
    senses = load_senses()["screen"]
    assert choose(senses, "desk", "living_room", "indoor", False) == "monitor"
    assert choose(senses, None, "living_room", "indoor", False) == "tv"
    assert choose(senses, None, None, "indoor", True) == "tv"
    assert choose(senses, None, None, "indoor", False) is None
    assert choose((Sense("x", supports=frozenset({"desk"})),), "shelf", None, "indoor", False) is None


def test_a_bad_senses_file_names_the_sense(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.core.offline.setting import senses

    bad = tmp_path / "senses.json"
    bad.write_text(json.dumps({"schema": "setdresser.noun_senses/1", "nouns": {"screen": [{"categry": "tv"}]}}))
    monkeypatch.setattr(senses, "SENSES_PATH", bad)
    senses.load_senses.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"nouns.screen\[0\]"):
            senses.load_senses()
    finally:
        senses.load_senses.cache_clear()
    assert SENSES_PATH.name == "senses.json"
