"""The asset catalog: index content and noun-phrase lookup (pure Python, no bpy)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setdresser.blender_addon.core.assets import UNKNOWN_ASSET, Catalog, load_catalog
from setdresser.blender_addon.core.assets.catalog import DEFAULT_INDEX
from setdresser.blender_addon.core.assets.phrase import head_region, singular, tokens
from setdresser.blender_addon.core.errors import BadInput

REQUIRED = ("table round_table dining_table desk counter chair office_chair armchair sofa stool bench bed "
            "nightstand wardrobe dresser bookshelf tv tv_stand monitor table_lamp floor_lamp street_lamp "
            "rug potted_plant tree vase cup plate book box basket candle fireplace tent campfire log house "
            "fence path road sphere coffee_table lamp laptop keyboard painting cabinet shelf bowl bottle "
            "pillow stage theater_seat car rock bush mailbox trash_can sign").split()


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def test_index_has_every_required_category(catalog: Catalog) -> None:
    assets = {e.asset for e in catalog.entries()}
    missing = [c for c in REQUIRED if f"procedural:{c}" not in assets]
    assert not missing
    assert len(catalog.categories()) >= 40
    assert len(set(catalog.categories())) == len(catalog.categories())


def test_entries_are_sane(catalog: Catalog) -> None:
    for entry in catalog.entries():
        w, d, h = entry.dimensions
        assert 0 < w <= 20 and 0 < d <= 20 and 0 < h <= 10, entry.category
        assert 0 < entry.top_height <= h, entry.category
        assert entry.asset.startswith("procedural:")  # a builder may draw several entries (child: person)
        assert entry.indoor or entry.outdoor, entry.category


def test_no_synonym_names_two_entries() -> None:
    data = json.loads(DEFAULT_INDEX.read_text(encoding="utf-8"))
    owner: dict[str, str] = {}
    for entry in data["entries"]:
        for name in [entry["category"], *entry["synonyms"]]:
            key = name.replace(" ", "")
            assert owner.setdefault(key, entry["category"]) == entry["category"], name


@pytest.mark.parametrize("phrase, category, asset", [
    ("wooden crate", "crate", "box"),
    ("wooden crates", "crate", "box"),
    ("office chair", "office chair", "office_chair"),
    ("TV", "tv", "tv"),
    ("T.V.", "tv", "tv"),
    ("television", "television", "tv"),
    ("round table", "round table", "round_table"),
    ("the round table", "round table", "round_table"),
    ("lamps", "lamp", "lamp"),
    ("nightstands", "nightstand", "nightstand"),
    ("night-stand", "night stand", "nightstand"),
    ("bedside table", "bedside table", "nightstand"),
    ("a pair of armchairs", "armchair", "armchair"),
    ("a stack of books", "book", "book"),
    ("six dining chairs", "dining chair", "chair"),
    ("chest of drawers", "chest of drawers", "dresser"),
    ("cup of coffee", "cup", "cup"),
    ("lamp on the desk", "lamp", "lamp"),
    ("table lamp", "table lamp", "table_lamp"),
    ("desk lamp", "desk lamp", "table_lamp"),
    ("coffee table", "coffee table", "coffee_table"),
    ("bookshelves", "bookshelf", "bookshelf"),
    ("book shelves", "book shelf", "bookshelf"),
    ("shelves", "shelf", "shelf"),
    ("couch", "couch", "sofa"),
    ("benches", "bench", "bench"),
    ("bushes", "bush", "bush"),
    ("boxes", "box", "box"),
    ("street lights", "street light", "street_lamp"),
    ("lamppost", "lamppost", "street_lamp"),
    ("tv stand", "tv stand", "tv_stand"),
    ("TV-stand", "tv stand", "tv_stand"),
    ("the left chair", "chair", "chair"),
    ("red wooden chairs", "chair", "chair"),
    ("potted plants", "potted plant", "potted_plant"),
    ("pine trees", "tree", "tree"),  # "pine" stays as a hint: the builder draws a conifer
    ("picture frame", "picture frame", "painting"),
    ("trash cans", "trash can", "trash_can"),
    ("fridge", "fridge", "refrigerator"),
    ("theater seats", "theater seat", "theater_seat"),
    ("a big red ball", "ball", "sphere"),
    ("stone", "stone", "rock"),
    ("glasses", "glass", "cup"),
    ("sofas with pillows", "sofa", "sofa"),
    ("tree stump", "tree stump", "log"),
])
def test_resolves_phrases(catalog: Catalog, phrase: str, category: str, asset: str) -> None:
    match = catalog.resolve(phrase)
    assert (match.category, match.asset) == (category, f"procedural:{asset}")
    assert match.known and match.warning is None


def test_adjectives_become_hints_and_scale_size(catalog: Catalog) -> None:
    plain = catalog.resolve("chair")
    small = catalog.resolve("small red chair")
    assert small.hints == ("small", "red")
    # size words change the dimension they mean, within the knowledge base's range (issue 13)
    assert small.dimensions[0] < plain.dimensions[0] and small.dimensions[2] == plain.dimensions[2]
    tall = catalog.resolve("lamp", hints=["tall"])
    assert catalog.resolve("lamp").dimensions[2] < tall.dimensions[2] <= 1.0
    assert tall.dimensions[:2] == catalog.resolve("lamp").dimensions[:2]
    large, sofa = catalog.resolve("large sofa"), catalog.resolve("sofa")
    assert large.dimensions[0] > sofa.dimensions[0] and large.top_height == pytest.approx(sofa.top_height)
    tiny = catalog.resolve("tiny chair")  # a doll's chair: every axis
    assert all(t < p for t, p in zip(tiny.dimensions, plain.dimensions))


def test_round_makes_a_square_footprint_for_tables_only(catalog: Catalog) -> None:
    table = catalog.resolve("round coffee table")
    assert table.asset == "procedural:coffee_table" and "round" in table.hints
    assert table.dimensions[0] == pytest.approx(table.dimensions[1])
    assert catalog.resolve("round sofa").dimensions == catalog.resolve("sofa").dimensions


@pytest.mark.parametrize("phrase, category", [
    ("zeppelin", "zeppelin"), ("a gyroscope", "gyroscope"), ("grand zeppelins", "grand zeppelin"),
    ("table cloth", "table cloth"), ("", "object"), ("  !!  ", "object"), ("hoverboards", "hoverboard"),
])
def test_unknown_nouns_get_a_labelled_box_and_a_warning(catalog: Catalog, phrase: str, category: str) -> None:
    match = catalog.resolve(phrase)
    assert not match.known and match.asset == UNKNOWN_ASSET
    assert match.category == category
    assert match.warning and "box" in match.warning
    assert all(0.005 <= v <= 3 for v in match.dimensions)


def test_unknown_uses_plausible_sizes(catalog: Catalog) -> None:
    bicycle = catalog.resolve("a bicycle")
    assert bicycle.dimensions[1] > 1.5 and not bicycle.known
    assert catalog.resolve("small zeppelin").dimensions == pytest.approx((0.3, 0.3, 0.3))


def test_finish_from_hints(catalog: Catalog) -> None:
    assert catalog.finish(["red"]).color == pytest.approx((0.70, 0.06, 0.05))
    metal = catalog.finish(["metal"])
    assert metal.metallic == 1.0
    red_metal = catalog.finish(["red", "metal"])
    assert red_metal.color == catalog.finish(["red"]).color and red_metal.metallic == 1.0
    assert catalog.finish(["cosy"]) is None


def test_entry_lookup_by_name_or_asset(catalog: Catalog) -> None:
    assert catalog.entry("floor lamp") is catalog.entry("procedural:floor_lamp")
    assert catalog.entry("procedural:floor lamp") is catalog.entry("floor lamp")
    assert catalog.entry("nonsense") is None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_resolve_never_raises(text: str) -> None:
    match = load_catalog().resolve(text, hints=[text])
    assert match.category and all(v > 0 for v in match.dimensions)


def test_bad_index_is_reported_with_its_place() -> None:
    with pytest.raises(BadInput, match="schema"):
        Catalog({"schema": "other", "entries": []})
    entry = {"category": "x", "asset": "procedural:x", "dimensions": [1, 1], "supports_on_top": True,
             "kind": "furniture"}
    with pytest.raises(BadInput, match=r"entries\[0\]\.dimensions"):
        Catalog({"schema": "setdresser.assets/1", "entries": [entry]})


def test_phrase_helpers() -> None:
    assert [singular(w) for w in "shelves boxes glass tennis chairs benches stoves cherries".split()] == \
        "shelf box glass tennis chair bench stove cherry".split()
    assert tokens("The T.V.-stand's top") == ["the", "tv", "stand", "top"]
    assert head_region(tokens("a pair of red armchairs next to the fire"), set()) == ["red", "armchairs"]


def test_every_name_in_the_index_resolves_to_its_own_entry(catalog: Catalog) -> None:
    wrong = [(name, entry.asset, catalog.resolve(name).asset)
             for entry in catalog.entries() for name in (entry.category, *entry.synonyms)
             if catalog.resolve(name).asset != entry.asset]
    assert not wrong


@pytest.mark.parametrize("phrase, category", [
    ("dog house", "dog house"), ("a wooden dog houses", "dog house"), ("fire hydrant", "fire hydrant"),
    ("ceiling light", "ceiling light"), ("coffee maker", "coffee maker"),
])
def test_listed_compounds_without_a_model_are_not_their_last_word(catalog: Catalog, phrase: str,
                                                                  category: str) -> None:
    match = catalog.resolve(phrase)
    assert (match.known, match.category) == (False, category)
    assert match.dimensions[2] < 2.0  # not the 6 m house, not the 4 m street lamp


def test_compound_with_a_model_keeps_it(catalog: Catalog) -> None:
    assert catalog.resolve("tree house").asset == "procedural:house"
    assert catalog.resolve("traffic lights").asset == "procedural:street_lamp"
    assert catalog.resolve("roses").category == "rose"
