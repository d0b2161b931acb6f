"""BM25 text retrieval and the choice between user assets and the procedural library."""

from __future__ import annotations

import numpy as np
import pytest
from retrieval_kit import make_index, record

from setdresser.blender_addon.core.retrieval.select import (CLIP_ACCEPT, METHOD_CLIP, METHOD_PROCEDURAL, METHOD_TEXT,
                                                            AssetQuery, Retriever, size_difference)
from setdresser.blender_addon.core.retrieval.text import TextIndex, words

LIBRARY = [
    record("WoodenChair_01", (0.5, 0.5, 0.9), ("seat",)),
    record("floor_lamp", (0.3, 0.3, 1.6), description="a tall lamp with a fabric shade"),
    record("crate", (0.5, 0.5, 0.5), ("box", "wooden")),
    record("Couch", (2.0, 0.9, 0.8)),
    record("chair_cushion", (0.45, 0.45, 0.08), description="a cushion for a chair"),
]


def test_words_split_names_and_singularise() -> None:
    assert words("WoodenChair_01") == ["wooden", "chair"]
    assert words("Office-Chairs") == ["office", "chair"]
    assert words("TVStand") == ["tv", "stand"]


def test_bm25_finds_names_tags_and_descriptions() -> None:
    hits = TextIndex(LIBRARY).search("lamp")
    assert [LIBRARY[h.index].name for h in hits] == ["floor_lamp"]
    hits = TextIndex(LIBRARY).search("wooden chair")
    assert [LIBRARY[h.index].name for h in hits][:1] == ["WoodenChair_01"]
    assert {LIBRARY[h.index].name for h in hits} == {"WoodenChair_01", "chair_cushion", "crate"}
    assert all(0 < h.normalised <= 1 for h in hits)
    assert TextIndex(LIBRARY).search("spaceship") == []
    assert TextIndex([]).search("chair") == []


def test_text_choice_takes_the_named_asset() -> None:
    retriever = Retriever(make_index(LIBRARY))
    choice = retriever.choose(AssetQuery("lamp_1", "floor lamp", "tall floor lamp", dimensions=(0.4, 0.4, 1.6)))
    assert choice.method == METHOD_TEXT and choice.record is LIBRARY[1]
    assert choice.to_dict()["asset"] == LIBRARY[1].asset and choice.to_dict()["file"] == LIBRARY[1].file


def test_a_chair_cushion_is_no_chair() -> None:
    library = [LIBRARY[4], LIBRARY[0]]  # the cushion first: record order must not decide
    choice = Retriever(make_index(library)).choose(AssetQuery("c", "chair", dimensions=(0.5, 0.5, 0.9)))
    assert choice.record is LIBRARY[0]
    matches = {c.record_id: c.noun_match for c in choice.candidates}
    assert matches == {LIBRARY[0].id: True, LIBRARY[4].id: False}


def test_synonyms_of_the_noun_are_accepted() -> None:
    retriever = Retriever(make_index(LIBRARY))
    choice = retriever.choose(AssetQuery("sofa_1", "sofa", synonyms=("couch", "settee"), dimensions=(2, 0.9, 0.85)))
    assert choice.record is LIBRARY[3]


def test_nothing_named_like_the_noun_falls_back_to_procedural() -> None:
    retriever = Retriever(make_index(LIBRARY))
    choice = retriever.choose(AssetQuery("desk_1", "desk", "wooden desk", ("wooden",), dimensions=(1.2, 0.6, 0.75)))
    assert choice.method == METHOD_PROCEDURAL and choice.record is None
    assert "desk" in choice.reason
    assert choice.candidates and choice.candidates[0].record_id == LIBRARY[2].id  # "wooden" matched, not accepted


def test_size_difference_compares_footprints_at_the_planned_height() -> None:
    assert size_difference((0.5, 0.5, 1.0), (1.0, 1.0, 2.0)) == 0.0
    assert size_difference((0.5, 1.0, 1.0), (1.0, 0.5, 1.0)) == 0.0  # a quarter turn is no difference
    assert size_difference((2.0, 2.0, 1.0), (1.0, 1.0, 1.0)) == pytest.approx(0.5)


def test_size_breaks_text_ties() -> None:
    stools = [record("stool", (0.4, 0.4, 0.45)), record("stool", (1.5, 1.5, 0.45))]
    choice = Retriever(make_index(stools)).choose(AssetQuery("s", "stool", dimensions=(1.4, 1.4, 0.45)))
    assert choice.record is stools[1]


def _fake_clip(records: list, favourite: int, dim: int = 8):
    """Unit image rows; the text encoder points at record ``favourite``."""
    rng = np.random.default_rng(0)
    rows = rng.normal(size=(len(records), dim))
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    return rows.astype(np.float32), lambda texts: np.repeat(rows[favourite][None, :], len(texts), axis=0)


def test_clip_reranks_and_can_accept_without_a_name_match() -> None:
    models = [record("mesh_001", (0.5, 0.5, 0.9)), record("mesh_002", (0.3, 0.3, 1.6))]
    rows, encoder = _fake_clip(models, favourite=1)
    retriever = Retriever(make_index(models, embeddings=rows), encoder)
    assert retriever.uses_clip
    choice = retriever.choose(AssetQuery("lamp_1", "floor lamp", dimensions=(0.3, 0.3, 1.6)))
    assert choice.method == METHOD_CLIP and choice.record is models[1]
    assert choice.candidates[0].clip == pytest.approx(1.0, abs=1e-5)
    assert choice.candidates[0].clip >= CLIP_ACCEPT
    assert "CLIP" in choice.reason


def test_clip_below_threshold_without_name_match_is_procedural() -> None:
    models = [record("mesh_001", (0.5, 0.5, 0.9))]
    rows, _ = _fake_clip(models, 0)
    retriever = Retriever(make_index(models, embeddings=rows), lambda texts: -rows[[0] * len(texts)])
    choice = retriever.choose(AssetQuery("c", "chair"))
    assert choice.method == METHOD_PROCEDURAL and choice.candidates[0].clip == pytest.approx(-1.0, abs=1e-5)


def test_without_embeddings_the_encoder_is_not_used() -> None:
    retriever = Retriever(make_index(LIBRARY), lambda texts: pytest.fail("encoder called"))
    assert not retriever.uses_clip
    assert retriever.choose(AssetQuery("c", "chair")).method == METHOD_TEXT


def test_choices_are_deterministic() -> None:
    rows, encoder = _fake_clip(LIBRARY, favourite=0)
    query = AssetQuery("c", "chair", "wooden chair", ("wooden",), dimensions=(0.5, 0.5, 0.9))
    first = Retriever(make_index(LIBRARY, embeddings=rows), encoder).choose(query)
    second = Retriever(make_index(list(LIBRARY), embeddings=rows.copy()), encoder).choose(query)
    assert first == second
