"""No common thing a user names is a grey box (issue 13): the catalog's own models, then
family shapes for the nouns it does not know; a labelled box only for the rest."""

from __future__ import annotations

import pytest
from setdresser.blender_addon.core.assets import UNKNOWN_ASSET, load_catalog
from setdresser.blender_addon.core.assets.families import Families, load_families
from setdresser.blender_addon.core.errors import BadInput

COMMON = ["person", "teacher", "three students", "a waiter", "people", "child", "dog", "cat", "horse", "creature",
          "teddy bear", "potted plant", "fern", "cactus", "book", "stack of books", "lamp", "floor lamp", "monitor",
          "laptop", "rug", "curtains", "bookshelf", "bed", "sofa", "armchair", "desk", "chair", "blackboard",
          "whiteboard", "wall clock", "painting", "mirror", "tv", "projector screen", "globe", "backpack",
          "sink", "toilet", "bathtub", "towel", "towel rack", "microwave", "kettle", "frying pan", "cooking pot",
          "refrigerator", "stove", "counter", "cup", "plate", "bowl", "bottle", "vase", "house", "fence", "tree",
          "planets", "flashlight", "guitar", "cardboard boxes", "crates", "car", "tent", "campfire", "wall shelf"]
UNKNOWN_BUT_FAMILY = {"grey wolf": "quadruped", "giraffe": "quadruped", "owl": "bird", "a wooden cabin": "house",
                      "jupiter": "sphere", "oak": "tree", "orchid": "plant", "a firefighter": "person",
                      "golf cart": "vehicle", "toaster": "appliance", "suitcase": "container", "stuffed unicorn": "plush",
                      "old tapestry": "board", "bucket": "cylinder", "chandelier": "lamp", "boulder": "rock"}


def _drawn_by(noun: str) -> str:
    match = load_catalog().resolve(noun)
    if match.known:
        return match.asset
    family = load_families().of(match.category)
    return f"family:{family.name}" if family else "box"


@pytest.mark.parametrize("noun", COMMON)
def test_common_things_have_their_own_model(noun: str) -> None:
    match = load_catalog().resolve(noun)
    assert match.known and match.asset != UNKNOWN_ASSET, noun


@pytest.mark.parametrize("noun, family", sorted(UNKNOWN_BUT_FAMILY.items()))
def test_unmodelled_nouns_get_a_family_shape(noun: str, family: str) -> None:
    drawn = _drawn_by(noun)
    assert drawn in (f"family:{family}",) or not drawn.startswith(("box", "family")), (noun, drawn)


def test_family_sizes_stand_in_for_unsized_nouns() -> None:
    actor = load_catalog().resolve("an actor")
    assert not actor.known and actor.dimensions[2] > 1.5 and "person" in actor.warning
    assert _drawn_by("bird bath") != "family:bird"


def test_only_things_of_no_family_are_boxes() -> None:
    assert _drawn_by("zeppelin") == "box"
    assert _drawn_by("hoverboard") == "box"


def test_family_table_is_checked() -> None:
    with pytest.raises(BadInput):
        Families({"schema": "setdresser.families/1", "families": [{"name": "x", "asset": "house"}]})
    table = Families({"schema": "setdresser.families/1",
                      "families": [{"name": "a", "asset": "procedural:a", "keywords": ["golf cart", "cart"]},
                                   {"name": "b", "asset": "procedural:b", "keywords": ["golf", "cart"]}]})
    assert table.of("old golf cart").name == "a"  # the multi-word keyword first
    assert table.of("carts").name == "a"  # singular forms, first family keeps a keyword
    assert table.of("golf").name == "b" and table.of("kite") is None
    assert table.of("cart wheel") is None  # only the head noun counts: a bird bath is no bird
