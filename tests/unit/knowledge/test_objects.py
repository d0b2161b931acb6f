"""The object knowledge base: the data file against its schema, the typed loader, size words, surfaces."""

from __future__ import annotations

import json

import pytest
from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.knowledge.objects import (
    KNOWLEDGE_PATH,
    ObjectKnowledge,
    load_knowledge,
)
from setdresser.blender_addon.core.knowledge.sizing import sized_dimensions

SCHEMA_PATH = KNOWLEDGE_PATH.with_name("objects.schema.json")


def _data() -> dict:
    return json.loads(KNOWLEDGE_PATH.read_text(encoding="utf-8"))


def test_data_file_validates_against_its_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(_data(), json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def test_covers_at_least_300_categories_with_unique_names_and_synonyms() -> None:
    knowledge = load_knowledge()
    assert len(knowledge.categories()) >= 300
    seen: dict[str, str] = {}
    for facts in knowledge.all_facts():
        for name in (facts.category, *facts.synonyms):
            assert name not in seen or seen[name] == facts.category, (name, facts.category, seen[name])
            seen[name] = facts.category


@pytest.mark.parametrize("noun, category", [
    ("couch", "sofa"), ("bookcases", "bookshelf"), ("Bedside Table", "nightstand"), ("chalkboard", "blackboard"),
    ("wooden coffee table", "coffee table"), ("teddy", "teddy bear"), ("people", "person"), ("planets", "planet"),
    ("flashlight", "flashlight"), ("fences", "fence"), ("houses", "house"), ("wall clock", "clock"),
])
def test_lookup_by_synonym_plural_and_modifiers(noun: str, category: str) -> None:
    found = load_knowledge().lookup(noun)
    assert found is not None and found.category == category


def test_unknown_noun_and_architecture_words() -> None:
    knowledge = load_knowledge()
    assert knowledge.lookup("flux capacitor") is None
    assert knowledge.architecture_kind("windows") == "window"
    assert knowledge.architecture_kind("doorway") == "door"
    assert knowledge.lookup("window") is None  # architecture is not an object category
    assert knowledge.openings["door"].clearance and knowledge.openings["window"].sill > 0.5


def test_mounts_and_wall_heights() -> None:
    knowledge = load_knowledge()
    for noun in ("painting", "mirror", "clock", "blackboard", "whiteboard", "poster"):
        facts = knowledge.lookup(noun)
        assert facts is not None and facts.mount == "wall"
        assert facts.mount_height is not None and 1.0 <= facts.mount_height <= 2.2
        assert facts.dim_max[1] <= 0.1  # hung things are thin
    assert knowledge.lookup("chandelier").mount == "ceiling"
    assert knowledge.lookup("tv").wall_mountable
    assert knowledge.lookup("table lamp").mount == "surface"
    bed = knowledge.lookup("bed")
    assert bed.back_to_wall and bed.headboard == "back"


def test_surfaces_seat_not_backrest_and_shelf_levels() -> None:
    knowledge = load_knowledge()
    sofa = knowledge.lookup("sofa")
    seat = sofa.surface(None)
    assert seat is not None and seat.name == "seat" and seat.height < 0.6 * sofa.typical[2]
    assert seat.max is not None and seat.max[1] < sofa.typical[1] / 2  # the backrest strip is not seat
    bed = knowledge.lookup("bed")
    assert bed.surface(None).name == "mattress" and bed.surface(None).height < bed.typical[2]
    shelf = knowledge.lookup("bookshelf")
    levels = [s for s in shelf.surfaces_at((1.0, 0.3, 2.0)) if s.name.startswith("shelf_")]
    assert len(levels) >= 4
    heights = [s.height for s in levels]
    assert heights == sorted(heights) and heights[-1] < 2.0
    assert all(s.clear_height and s.clear_height < heights[1] - heights[0] for s in levels)
    # surfaces scale with the object's height
    assert shelf.surface("shelf_2", (1.0, 0.3, 2.0)).height == pytest.approx(
        2 * shelf.surface("shelf_2", (1.0, 0.3, 1.0)).height, abs=1e-3)
    assert knowledge.lookup("painting").surfaces == ()


@pytest.mark.parametrize("noun, word, grows, keeps", [
    ("desk", "large", (0, 1), (2,)), ("desk", "small", (0, 1), (2,)),
    ("floor lamp", "tall", (2,), (0, 1)), ("table", "wide", (0,), (1, 2)), ("bookshelf", "tall", (2,), (0, 1)),
])
def test_size_words_change_the_dimension_they_mean(noun: str, word: str, grows: tuple, keeps: tuple) -> None:
    knowledge = load_knowledge()
    facts = knowledge.lookup(noun)
    dims = sized_dimensions(knowledge, facts, [word])
    for axis in grows:
        assert dims[axis] != pytest.approx(facts.typical[axis])
        assert 0.8 * facts.dim_min[axis] <= dims[axis] <= 1.15 * facts.dim_max[axis]  # near the range
    for axis in keeps:
        assert dims[axis] == pytest.approx(facts.typical[axis])


def test_large_desk_is_wider_not_taller_and_tall_lamp_stays_plausible() -> None:
    knowledge = load_knowledge()
    desk = knowledge.lookup("desk")
    large, small = sized_dimensions(knowledge, desk, ["large"]), sized_dimensions(knowledge, desk, ["small"])
    assert large[0] > desk.typical[0] > small[0] and large[2] == small[2] == desk.typical[2]
    lamp = knowledge.lookup("floor lamp")
    assert sized_dimensions(knowledge, lamp, ["tall"])[2] <= 2.0
    clock = knowledge.lookup("clock")
    assert max(sized_dimensions(knowledge, clock, ["large"])) < 0.6
    assert sized_dimensions(knowledge, desk, ["purple"]) == desk.typical


def test_malformed_data_is_refused_naming_the_entry() -> None:
    data = _data()
    data["categories"][3]["dimensions"]["typical"] = [9, 9, 9]
    with pytest.raises(BadInput, match=r"categories\[3\]"):
        ObjectKnowledge(data)
    data = _data()
    data["categories"][5]["mount"] = "sky"
    with pytest.raises(BadInput, match="mount"):
        ObjectKnowledge(data)
    with pytest.raises(BadInput, match="schema"):
        ObjectKnowledge({"schema": "nope"})


def test_sight_shapes_are_checked_and_open_frame_furniture_has_one() -> None:
    """Issue 15 (occluders): open-frame tables, desks and chairs hide what lies beyond them with their
    top, seat and back, not their whole box; the shapes are data, refused when malformed."""
    knowledge = load_knowledge()
    assert knowledge.sight_parts("dining table") == knowledge.sight_parts("desk") == (((0, 0, 0.94), (1, 1, 1)),)
    assert len(knowledge.sight_parts("dining chair")) == 2 and knowledge.sight_parts("wardrobe") == ()
    data = _data()
    data["sight_shapes"]["top_slab"]["parts"][0]["min"] = [0, 0, 1.2]
    with pytest.raises(BadInput, match=r"sight_shapes.top_slab.parts\[0\]"):
        ObjectKnowledge(data)
    data = _data()
    data["categories"][0]["sight_shape"] = "lattice"
    with pytest.raises(BadInput, match="sight_shape 'lattice'"):
        ObjectKnowledge(data)
