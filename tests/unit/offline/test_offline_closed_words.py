"""The reader's closed word classes are data (reading/closed_words.json): the loader checks the
schema and the shape of every entry, and the modules' constants are the file's words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from setdresser.blender_addon.core.offline.reading import closed_words
from setdresser.blender_addon.core.offline.reading.closed_words import (
    CLOSED_WORDS_SCHEMA, load_closed_words, word_map, word_set, word_table, word_tuple)


def _write(tmp_path: Path, document: dict) -> Path:
    path = tmp_path / "closed_words.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_the_bundled_file_loads_read_only() -> None:
    data = load_closed_words()
    assert data["schema"] == CLOSED_WORDS_SCHEMA
    assert word_set("singular_determiners") == {"a", "an", "one", "each", "every", "another"}
    assert word_tuple("room_purpose_words") == ("for", "where")
    assert word_table("arc_degrees")["horseshoe"] == 240.0
    assert word_map("finish_parts")["flooring"] == "floor"
    with pytest.raises(TypeError):
        word_table("room_spans")["wide"] = 1  # type: ignore[index]


def test_a_file_of_another_schema_is_rejected(tmp_path: Path) -> None:
    path = _write(tmp_path, {"schema": "setdresser.offline_closed_words/0", "lists": {}, "tables": {}})
    with pytest.raises(ValueError, match="schema must be"):
        load_closed_words(path)


@pytest.mark.parametrize("document, entry", [
    ({"lists": {"openers": {"words": ["then", 3]}}, "tables": {}}, "lists.openers"),
    ({"lists": {"openers": {"about": "no words"}}, "tables": {}}, "lists.openers"),
    ({"lists": {}, "tables": {"spans": {"values": {"wide": "0"}}}}, "tables.spans"),
    ({"lists": {}, "tables": {"spans": {"values": {"wide": True}}}}, "tables.spans"),
    ({"lists": {}, "tables": {}, "maps": {"parts": {"values": {"flooring": 1}}}}, "maps.parts"),
    ({"lists": []}, "'lists', 'tables' and 'maps'"),
])
def test_a_badly_shaped_entry_is_rejected_naming_it(tmp_path: Path, document: dict, entry: str) -> None:
    path = _write(tmp_path, {"schema": CLOSED_WORDS_SCHEMA, **document})
    with pytest.raises(ValueError, match=entry):
        load_closed_words(path)


def test_the_modules_read_their_words_from_the_file() -> None:
    from setdresser.blender_addon.core.offline.completion import room_type
    from setdresser.blender_addon.core.offline.distributions import modifiers
    from setdresser.blender_addon.core.offline.reading import measures, roomsize, steps, tokens

    assert tokens.SINGULAR_DETERMINERS is closed_words.SINGULAR_DETERMINERS
    assert steps.CLAUSE_OPENERS == word_set("clause_openers")
    assert dict(roomsize.SPANS) == {"wide": 0, "long": 1, "deep": 1, "across": 0}
    assert modifiers.ARCS["semicircle"] == 180.0 and room_type.PURPOSE == ("for", "where")
    assert measures.QUALIFIERS[0] == ("at", "least") and measures.VAGUE_AMOUNTS["a couple of"] == 2.0


def test_the_second_set_of_modules_reads_the_file_too() -> None:
    from setdresser.blender_addon.core.offline.completion import capacity_counts
    from setdresser.blender_addon.core.offline.reading import grammar, predicates
    from setdresser.blender_addon.core.offline.referents import described_ones, world
    from setdresser.blender_addon.core.offline.setting import finishes

    assert grammar.PLURAL_VERBS is closed_words.PLURAL_VERBS and "belong" in grammar.PLURAL_VERBS
    assert "stands" in grammar.MAIN_VERBS and "all of them" in predicates.DISTRIBUTIVE_WORDS
    assert "horseshoe" in world.RING_WORDS and "corner sofa" in world.L_WORDS
    assert "giant" in described_ones.BIG and "compact" in described_ones.SMALL and "dozen" in capacity_counts.UNCOUNTING
    assert finishes.PARTS["room"] == "walls" and "coloured" in finishes.LINKS


def test_a_list_as_a_pattern_keeps_its_order_and_escapes_its_words() -> None:
    import re

    from setdresser.blender_addon.core.offline.reading.closed_words import word_pattern

    assert word_pattern("pyramid_layer_links", r"\s+").endswith(r"|make\s+up|making\s+up)")
    assert word_pattern("correction_cues").startswith("(?:actually|no|nope|") and "on second thought" in \
        word_pattern("correction_cues")
    assert re.fullmatch(word_pattern("room_joins"), "&") and not re.fullmatch(word_pattern("room_joins"), "x")
    from setdresser.blender_addon.core.offline.reading import corrections, pyramids

    assert corrections._CUE.match("Actually, no, make it two".lower()) and "summit" in pyramids._UPPER


def test_a_list_announced_reads_as_before() -> None:
    import re

    from setdresser.blender_addon.core.offline.reading import colon_lists, guests, lined

    former = re.compile(r"(?:[\s,]+(?:go|goes|are|is|stand|stands|sit|sits|there|we|i|will|should|be|need|want|"
                        r"have|put|place|the|following|these|those|this|things?|items?|objects?|pieces?|"
                        r"furniture))+[\s,]*$", re.IGNORECASE)
    for said in ("Against the north wall go the following:", "Along the west wall we need these things",
                 "By the door, the following items", "In the corner the piece", "On the desk: a lamp"):
        old, new = former.search(said), colon_lists._ANNOUNCING.search(said)
        assert (old and old.span()) == (new and new.span()), said
    assert lined._LINED.search("a tree-lined avenue leading to the house").group(2) == "avenue"
    assert guests._SEATS_N.search("the table that can accommodate 4 or seats six").group(3) == "six"


def test_object_word_lists_read_from_the_file() -> None:
    from setdresser.blender_addon.core.offline.coding import reaches
    from setdresser.blender_addon.core.offline.inference import plausible
    from setdresser.blender_addon.core.offline.reading import referring

    assert referring.ARRANGEMENTS is closed_words.ARRANGEMENTS and "cluster" in referring.ARRANGEMENTS
    assert "projector screen" in reaches.VIEWED and "laundry basket" in plausible.GROWS
