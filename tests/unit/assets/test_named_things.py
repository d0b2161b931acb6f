"""A named thing is drawn as a thing (issue 14, "a named thing becomes a labelled grey box"): every
concrete noun of many families that people type (named_things.json) has a model, a family shape or
a stand-in for the last part of its name; the stand-in keeps a plausible size; an unknown compound
draws like its last part ("narrowboat": a boat) while a truly unknown word still warns as a box; a
place word is the setting, not an object; a participle after a noun is not part of its name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from setdresser.blender_addon.core.assets.catalog import load_catalog
from setdresser.blender_addon.core.assets.compounds import compound_head
from setdresser.blender_addon.core.assets.coverage import drawn_by
from setdresser.blender_addon.core.offline import plan

FAMILIES = json.loads(Path(__file__).with_name("named_things.json").read_text(encoding="utf-8"))["families"]


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_no_named_thing_is_a_labelled_box(family: str) -> None:
    boxes = [noun for noun in FAMILIES[family] if drawn_by(noun).kind == "box"]
    assert boxes == [], family


@pytest.mark.parametrize("noun, family", [
    ("fireboat", "craft"), ("snowboots", "wearable"), ("rainboots", "wearable"), ("teacake", "food"),
    ("two old fireboats", "craft"),
])
def test_an_unknown_compound_draws_like_its_last_part(noun: str, family: str) -> None:
    drawn = drawn_by(noun)
    assert drawn.kind == "family" and drawn.family == family, drawn
    match = load_catalog().resolve(noun)
    assert match.warning and "its last part" in match.warning and "box" not in match.warning


@pytest.mark.parametrize("word", ["notable", "friendship", "hoverboard", "backyard", "zeppelin"])
def test_a_word_that_only_ends_like_a_thing_stays_unknown_and_warns(word: str) -> None:
    assert compound_head(word) is None
    match = load_catalog().resolve(word)
    assert drawn_by(word).kind == "box" and match.warning and "box" in match.warning


@pytest.mark.parametrize("noun, longest_max, longest_min", [
    ("tuba", 1.0, 0.6), ("euphonium", 1.0, 0.5), ("harmonica", 0.2, 0.05), ("tambourine", 0.35, 0.15),
    ("egg", 0.1, 0.03), ("lemon", 0.15, 0.05), ("tomato", 0.15, 0.05), ("pole", 3.0, 1.2),
    ("bassinet", 1.4, 0.6), ("sapling", 2.5, 1.0), ("trowel", 0.4, 0.15), ("narrowboat", 25.0, 4.0),
    ("cupcake", 0.12, 0.04), ("phone", 0.2, 0.1),
])
def test_stand_ins_keep_a_plausible_size(noun: str, longest_max: float, longest_min: float) -> None:
    assert longest_min <= max(load_catalog().resolve(noun).dimensions) <= longest_max, noun


@pytest.mark.parametrize("prompt, place", [
    ("a food court at the shopping mall with six tables", "mall"),
    ("a fairground with a carousel and a hot dog stand", "fairground"),
    ("a carousel and a coconut shy at the funfair", "funfair"),
])
def test_a_place_word_is_the_setting_not_an_object(prompt: str, place: str) -> None:
    categories = [a.category for a in plan(prompt, complete=False).assets]
    assert categories and not any(place in c.split() for c in categories), categories


@pytest.mark.parametrize("prompt, thing", [
    ("a reel of thread and a spool of ribbon on the table", "thread"),
    ("a euphonium propped on the last chair", "euphonium"),
    ("a tarp stretched between two trees", "tarp"),
])
def test_a_participle_after_a_noun_is_not_part_of_its_name(prompt: str, thing: str) -> None:
    categories = [a.category for a in plan(prompt, complete=False).assets]
    assert thing in categories, categories
    assert all(drawn_by(c).kind != "box" for c in categories), categories
