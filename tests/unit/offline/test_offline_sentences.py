"""The one sentence-boundary helper (reading/sentences.py) every text-rewriting step uses."""

from __future__ import annotations

import re

import pytest

from setdresser.blender_addon.core.offline.reading.sentences import (READER_ENDS, STOPS, STOPS_COLON, each_sentence,
                                                                    last_sentence, sentence_end, sentence_spans,
                                                                    split_marked, split_sentences, with_separators)

TEXTS = ["", "A desk.", "A desk. A lamp 1.5 m tall! A rug; a cat\nA dog", "Wait... what?! Desks: two rows",
         "no end at all", ". leading", "a;;b..c", "  spaced  .  out  "]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("ends", [STOPS, STOPS_COLON, READER_ENDS])
def test_pieces_join_back_to_the_exact_text(text: str, ends: re.Pattern[str]) -> None:
    pieces = with_separators(text, ends)
    assert "".join(s + e for s, e in pieces) == text
    assert each_sentence(text, lambda s: s, ends) == text
    assert [text[a:b] for a, b in sentence_spans(text, ends)] == [s for s, _ in pieces]


@pytest.mark.parametrize("text", TEXTS)
def test_each_sentence_cuts_as_the_steps_did(text: str) -> None:
    assert [s + e for s, e in with_separators(text)] == re.split(r"(?<=[.;!?])", text)  # room_sides' old cut
    assert last_sentence(text, STOPS_COLON) == re.split(r"[.;:!?]", text)[-1]  # rows_said's
    end = re.search(r"[.;:!?]|$", text)
    assert sentence_end(text, 0, STOPS_COLON) == (end.start() if end else len(text))  # per_person's


def test_the_reader_keeps_decimals_and_colons() -> None:
    assert split_sentences("A desk. A lamp 1.5 m tall! A rug; a cat\nA dog") == [
        "A desk", "A lamp 1.5 m tall", "A rug", "a cat", "A dog"]
    assert split_marked("A desk: a laptop. A chair") == [("A desk", True), ("a laptop", False), ("A chair", False)]
