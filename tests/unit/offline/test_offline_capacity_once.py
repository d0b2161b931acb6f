"""A prompt's capacity ("a meeting room for 8") is read once per text, not once per completion
step that asks for it (capacity counts, per-person counts, occasions, the archetype, a set table)."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.knowledge.archetypes import load_archetypes
from setdresser.blender_addon.core.offline.completion import capacity
from setdresser.blender_addon.core.offline.planner import plan
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.reading.tokens import words_of


def _counting_scans(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time the words are scanned for a capacity."""
    scans: list[int] = []
    sized = capacity._sized

    def counted(words: list[str], i: int, *rest: object) -> object:
        if i == 0:
            scans.append(1)
        return sized(words, i, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(capacity, "_sized", counted)
    return scans


def test_the_same_words_are_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    scans = _counting_scans(monkeypatch)
    vocab, book = Vocabulary(), load_archetypes()
    words = words_of("a meeting room for 8 people with chairs")
    first = capacity.capacity_of(words, vocab, book)
    first[1].add("changed by a caller")  # the caller's copy: the kept reading is not changed
    again = capacity.capacity_of(list(words), vocab, book)
    assert first[0] == again[0] == 8 and "changed by a caller" not in again[1]
    assert len(scans) == 1
    assert capacity.seated_for(words, vocab, book) == (8, again[1]) and len(scans) == 1


def test_another_vocabulary_reads_again(monkeypatch: pytest.MonkeyPatch) -> None:
    scans = _counting_scans(monkeypatch)
    book, words = load_archetypes(), words_of("a class of ten")
    assert capacity.capacity_of(words, Vocabulary(), book)[0] == 10
    assert capacity.capacity_of(words, Vocabulary(), book)[0] == 10
    assert len(scans) == 2


def test_planning_a_prompt_reads_its_capacity_once_per_text(monkeypatch: pytest.MonkeyPatch) -> None:
    scans = _counting_scans(monkeypatch)
    plan("A table for two in a small kitchen.")
    assert 1 <= len(scans) <= 2  # the text, and its rewrite with the count said (were five scans)
