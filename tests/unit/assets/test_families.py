"""No common thing a user names is a grey box (issue 13): the catalog's own models, then
family shapes for the nouns it does not know; a labelled box only for the rest."""

from __future__ import annotations

import json

import pytest
from setdresser.blender_addon.core.assets import UNKNOWN_ASSET, load_catalog
from setdresser.blender_addon.core.assets.families import FAMILIES_FILE, Families, load_families
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
                      "old tapestry": "board", "bucket": "cylinder", "chandelier": "ceiling_light", "boulder": "rock",
                      "ceiling fan": "fan", "desk fan": "fan", "a floor speaker": "speaker", "computer mouse": "gadget",
                      "sword": "hand_tool", "scissors": "hand_tool", "broom": "long_tool", "banana": "food",
                      "swing set": "playground", "bicycle": "bicycle", "sailboat": "craft", "shopping cart": "cart",
                      "easel": "stand", "drum kit": "band", "goldfish": "fish", "monster": "biped", "anvil": "oddment",
                      "light switch": "wall_fixture", "wind chimes": "hanging", "stairs": "structure",
                      "parasol": "outdoor_thing", "pair of shoes": "wearable", "skull": "trinket"}


def _drawn_by(noun: str) -> str:
    match = load_catalog().resolve(noun)
    if match.known:
        return match.asset
    family = load_families().for_noun(match.category)
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
    with pytest.raises(BadInput, match="kind 'beast'"):
        Families({"schema": "setdresser.families/1", "kinds": {"beast": ["dragonish"]},
                  "families": [{"name": "a", "asset": "procedural:a", "keywords": ["cart"]}]})
    assert load_families().kinds_of("Creatures") == {"quadruped", "biped", "bird", "fish"}
    assert load_families().kinds_of("dog") == frozenset()


def _knowledge_names() -> list[tuple[str, str]]:
    from setdresser.blender_addon.core.knowledge.objects import load_knowledge

    return [(facts.category, name) for facts in load_knowledge().all_facts()
            for name in (facts.category, *facts.synonyms)]


def test_no_knowledge_base_category_or_synonym_is_a_box_but_the_listed_ones() -> None:
    """Every category of the object knowledge base, and every synonym of one, is drawn by its own
    model or a family shape; the only labelled boxes are the ones families.json lists with a reason."""
    listed = load_families().boxes
    assert all(reason.strip() for reason in listed.values())
    boxes = sorted({(category, name) for category, name in _knowledge_names()
                    if _drawn_by(name) == "box" and category not in listed})
    assert boxes == []
    assert len(listed) <= 10


def test_the_family_a_category_names_is_what_draws_it() -> None:
    """families.json's ``categories`` wins over keywords: a knowledge-base "mouse" is a computer mouse."""
    data = json.loads(FAMILIES_FILE.read_text(encoding="utf-8"))
    from setdresser.blender_addon.core.knowledge.objects import load_knowledge

    knowledge = load_knowledge()
    for category, family in data["categories"].items():
        assert knowledge.lookup(category) is not None, category
        drawn = _drawn_by(category)
        assert drawn == f"family:{family}" or not drawn.startswith("family"), (category, drawn)
    assert _drawn_by("mouse") == "family:gadget" and _drawn_by("wildebeest") == "family:quadruped"
    assert _drawn_by("zeppelin") == "box"


def test_a_knowledge_synonym_draws_like_its_category() -> None:
    catalog = load_catalog()
    assert catalog.resolve("a deck of cards").category == "deck of cards"  # not cut at its "of"
    assert _drawn_by("railroad") == "procedural:path"  # the railway track's model
    assert _drawn_by("sunglasses") == "family:hand_tool" and catalog.resolve("glasses").asset == "procedural:cup"
    assert _drawn_by("a steam iron") == "family:gadget"


def test_family_shapes_take_the_knowledge_base_size() -> None:
    kite = load_catalog().resolve("a kite")
    assert not kite.known and kite.dimensions == pytest.approx((0.9, 0.075, 1.0))


def test_an_llm_object_of_no_catalog_category_takes_its_family_not_a_box() -> None:
    """Issue 15: the LLM planner's "girl hunter" was a grey box. Any object the model names goes through
    the family resolution: its head noun, then the head of the model's own description of it ("A thin
    old man in rags ..."); a box only when neither names a family. A word before the head is no kind."""
    families = load_families()
    assert families.for_object("girl hunter").name == "person"  # "hunter" is a person keyword now
    assert families.for_object("girl poacher") is None and families.for_object("baby gym") is None
    assert families.for_object("baby gym", "A padded baby gym with a mirror") is None
    assert families.for_object("baby stroller").name == "cart"  # its head names a family (issue 14, nouns)
    for noun, described, family in (
            ("slum dweller", "A thin old man in rags, leaning on a stick", "person"),
            ("horned gruffalo", "A large shaggy fantasy beast of burden like a cross between an ox and a yak",
             "quadruped"),
            ("swamp wight", "A small hunched fantasy goblin with green warty skin, standing upright", "biped"),
            ("slum dwelling", "A ramshackle one-room hut built from mismatched weathered planks", "house"),
            ("wooden gizmo", "A rickety two-wheeled wooden hand cart with a plank bed", "cart")):
        assert families.for_noun(noun) is None, noun
        assert families.for_object(noun, described).name == family, (noun, families.for_object(noun, described))
    assert families.for_object("zeppelin", "A long silver airship floating over the roofs").name == "craft"
    assert families.for_object("zeppelin", "") is None and families.for_object("hoverboard", "It floats.") is None
