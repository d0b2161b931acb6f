"""The offline planner's parts: counts, plurals, hints, places, patterns with numbers,
pronouns, unparsed reporting, determinism and the scene-graph contract."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary, load_lexicon
from setdresser.blender_addon.core.offline.reading.phrases import parse_noun_phrase
from setdresser.blender_addon.core.offline.reading.sentences import split_sentences
from setdresser.blender_addon.core.offline.reading.tokens import Tokenizer
from setdresser.blender_addon.core.offline.referents.world import INFERRED
from setdresser.blender_addon.core.scene_graph import scene_graph_from_dict
from setdresser.skill_library.registry import default_registry
from planned import kinds, plan_triples


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    return Tokenizer(Vocabulary())


@pytest.mark.parametrize("prompt, count", [
    ("a chair", 1), ("one chair", 1), ("two chairs", 2), ("6 chairs", 6),
    ("twenty chairs", 20), ("a pair of chairs", 2), ("a couple of chairs", 2), ("several chairs", 3),
    ("a few chairs", 3), ("a dozen chairs", 12), ("chairs", 3), ("some chairs", 3),
])
def test_counts(prompt: str, count: int) -> None:
    graph = plan(prompt)
    assert [a.category for a in graph.assets] == ["chair"] * count
    assert [a.id for a in graph.assets] == [f"chair_{i}" for i in range(1, count + 1)]


@pytest.mark.parametrize("prompt, category", [
    ("three shelves", "shelf"), ("two boxes", "box"), ("two benches", "bench"), ("two floor lamps", "floor lamp"),
    ("two theater seats", "theater seat"), ("two wooden crates", "crate"), ("two glasses", "glass"),
])
def test_plurals_are_singular_categories(prompt: str, category: str) -> None:
    assert kinds(prompt) == Counter({category: 2 if "three" not in prompt else 3})


def test_adjectives_become_hints_and_compounds_stay_in_the_category() -> None:
    node = plan("a small round wooden table and a red gaming chair").assets
    assert (node[0].category, node[0].hints, node[0].description) == ("table", ("small", "round", "wooden"),
                                                                      "small round wooden table")
    assert (node[1].category, node[1].hints) == ("gaming chair", ("red",))
    assert node[0].asset == "procedural:round_table"


def test_height_in_metres_is_kept() -> None:
    tree = plan("a tree 5 m tall").assets[0]
    assert tree.height == 5.0
    assert plan("a 120 cm tall lamp").assets[0].height == 1.2


@pytest.mark.parametrize("text, kind, params", [
    ("in a 3 by 4 grid", "MOD", {"rows": 3, "cols": 4}),
    ("in a 3x4 grid", "MOD", {"rows": 3, "cols": 4}),
    ("in 2 rows of 5", "MOD", {"rows": 2, "cols": 5}),
    ("three rows of five", "COLLECT", {"rows": 3, "cols": 5}),
    ("smallest on top", "MOD", {"key": "volume", "order": "descending", "stack": True}),
    ("with the largest on top", "MOD", {"key": "volume", "order": "ascending", "stack": True}),
    ("tallest at the bottom", "MOD", {"key": "height", "order": "descending", "stack": True}),
    ("1.5 m apart", "MOD", {"spacing": 1.5}),
    ("at least 3 m from", "REL", {"min_distance": 3.0, "stated": True}),  # the text's measure, not a default
    ("within 50 cm of", "REL", {"max_distance": 0.5, "stated": True}),
])
def test_number_patterns(tokenizer: Tokenizer, text: str, kind: str, params: dict) -> None:
    tokens = tokenizer.tokenize(text)
    assert len(tokens) == 1 and tokens[0].kind == kind
    assert tokens[0].params == params


def test_longest_phrase_wins(tokenizer: Tokenizer) -> None:
    kinds = [(t.kind, t.value) for t in tokenizer.tokenize("on top of each other in front of to the left of")]
    assert kinds == [("MOD", "stacked"), ("REL", "front"), ("REL", "left")]


def test_sentences_split_but_not_decimals() -> None:
    assert split_sentences("A desk. A lamp 1.5 m tall! A rug; a cat\nA dog") == [
        "A desk", "A lamp 1.5 m tall", "A rug", "a cat", "A dog"]


@pytest.mark.parametrize("phrase, location, side", [
    ("the back left corner", "corner", "nw"), ("the northeast corner", "corner", "ne"),
    ("the front right corner", "corner", "se"), ("the left wall", "wall", "west"),
    ("the north wall", "wall", "north"), ("the back wall", "wall", "north"), ("the middle", "middle", None),
])
def test_places_in_the_room(tokenizer: Tokenizer, phrase: str, location: str, side: str | None) -> None:
    np = parse_noun_phrase(tokenizer.tokenize(phrase), tokenizer.vocab)
    assert np is not None and (np.kind, np.location, np.side) == ("location", location, side)


def test_each_copies_the_subject_per_anchor() -> None:
    graph = plan("three tables. a vase on each table.")
    assert kinds("three tables. a vase on each table.")["vase"] == 3
    assert {args for name, args in graph.triples()} == {("vase_1", "table_1"), ("vase_2", "table_2"),
                                                         ("vase_3", "table_3")}


def test_each_side_and_either_side() -> None:
    for prompt in ("a sofa with a lamp on each side", "a lamp on either side of the sofa",
                   "two lamps on both sides of the sofa"):
        found = plan_triples(prompt, complete=True)
        assert ("left_of", ("lamp_1", "sofa_1")) in found and ("right_of", ("lamp_2", "sofa_1")) in found, prompt


def test_around_faces_the_center_only_for_things_with_a_front() -> None:
    chairs = plan("four chairs around a round table").relations[0]
    rocks = plan("four rocks around a campfire").relations[0]
    assert (chairs.relation, chairs.params) == ("around", {"facing": True})
    assert (rocks.relation, rocks.params) == ("around", {"facing": False})


def test_pronouns_refer_back() -> None:
    assert plan_triples("A desk. A chair in front of it. Two lamps. A rug between them.", complete=True) >= {
        ("in_front_of", ("chair_1", "desk_1")), ("between", ("rug_1", "lamp_1", "lamp_2"))}
    found = plan_triples("a desk against the wall with a lamp on it", complete=True)
    assert ("on_top_of", ("lamp_1", "desk_1")) in found


def test_inferred_relations_are_marked() -> None:
    graph = plan("a desk with a lamp")
    assert graph.triples() == [("on_top_of", ("lamp_1", "desk_1")), ("against_wall", ("desk_1",))]
    assert all(rel.source.startswith(INFERRED) for rel in graph.relations)
    explicit = plan("a lamp on a desk")
    assert not explicit.relations[0].source.startswith(INFERRED)


@pytest.mark.parametrize("prompt, unparsed", [
    ("a chair, because it is comfy", ["because it is comfy"]),
    ("a lamp on the desk and then dance", ["dance"]),
    ("the lamp illuminates the desk", ["illuminates", "the desk"]),
    ("a desk facing the window in a mood", ["in a mood"]),
    ("a rug placed diagonally in the middle of the room", ["diagonally"]),
    ("it is nice", ["it is nice", "(no objects found in the prompt)"]),
])
def test_what_is_not_understood_is_reported(prompt: str, unparsed: list[str]) -> None:
    assert plan(prompt).unparsed == unparsed


def test_unknown_nouns_still_become_objects() -> None:
    graph = plan("a glorb on the table")
    assert graph.triples() == [("on_top_of", ("glorb_1", "table_1"))]
    assert graph.assets[0].asset == "procedural:unknown"


def test_contradicting_supports_are_dropped_and_reported() -> None:
    graph = plan("a cup on the table. the cup on the chair.")
    assert [t for t in graph.triples() if t[0] == "on_top_of"] == [("on_top_of", ("cup_1", "table_1"))]
    assert graph.unparsed == ["ignored on_top_of(cup_1, chair_1): it contradicts an earlier support"]


@pytest.mark.parametrize("prompt", ["", "   ", "x" * 6000])
def test_bad_prompts_are_bad_input(prompt: str) -> None:
    with pytest.raises(BadInput):
        plan(prompt)


def test_same_prompt_same_graph_and_valid_contract() -> None:
    prompt = "A bedroom with a bed, two nightstands on either side of it, a lamp on each nightstand and a rug."
    first, second = plan(prompt).to_dict(), plan(prompt).to_dict()
    assert json.dumps(first) == json.dumps(second)
    assert scene_graph_from_dict(first).to_dict() == first
    assert first["schema"] == "setdresser.scene_graph/1"


WORDS = sorted({*load_lexicon().relation_phrases, *load_lexicon().modifier_phrases, *load_lexicon().determiners,
                *load_lexicon().count_phrases, *load_lexicon().with_words, *load_lexicon().pronouns,
                "chair", "table", "lamp", "books", "desk", "sofa", "tv", "rug", "box", "glorb", "wall", "corner",
                "north", ",", ".", "and", "3", "by", "4", "grid", "rows", "of", "m", "tall", "smallest", "on top"})


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=16))
def test_any_word_salad_gives_a_valid_graph_or_bad_input(words: list[str]) -> None:
    try:
        graph = plan(" ".join(words))
    except BadInput:
        return
    assert scene_graph_from_dict(graph.to_dict()).to_dict() == graph.to_dict()
    registry = default_registry()
    for index, con in enumerate(code(graph).constraints):
        registry.bind(con, f"constraints[{index}]")
