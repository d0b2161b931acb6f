"""A decade or a century names a style, never a count (issue 14, paper11): "a 1920s speakeasy"
was 1920 speakeasies (the planner ran out of time), "an 18th-century library" 18 libraries,
"a 1950s diner" 1950 diners. They are one describing word each; "from the 1890s" only says when."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.reading.words import words_of


def kinds(prompt: str) -> Counter[str]:
    return Counter(a.category for a in plan(prompt, complete=False).assets)


@pytest.mark.parametrize("text, word", [
    ("a 1920s speakeasy", "1920s_era"), ("a 1950's kitchen", "1950s_era"), ("an '80s arcade", "80s_era"),
    ("an 18th-century library", "18th_century"), ("a 19th century study", "19th_century"),
])
def test_an_era_is_one_describing_word(text: str, word: str) -> None:
    assert word in words_of(text)
    assert not any(w.isdigit() for w in words_of(text))


def test_a_time_phrase_is_dropped_and_counts_stay_counts() -> None:
    assert words_of("a parlour from the 1890s with a piano") == ["a", "parlour", "with", "a", "piano"]
    assert words_of("put 10 chairs in 2 rows") == ["put", "10", "chairs", "in", "2", "rows"]
    assert "1960s_era" in words_of("a room in the late 1960s style")


@pytest.mark.parametrize("prompt, thing, n", [
    ("A 1920s speakeasy with a long bar and four stools", "stool", 4),
    ("An 18th-century library with two armchairs by the fireplace", "armchair", 2),
    ("a Victorian parlour from the 1890s with a piano", "piano", 1),
])
def test_an_era_heading_reads_its_things_and_counts_nothing_else(prompt: str, thing: str, n: int) -> None:
    found = kinds(prompt)
    assert found[thing] == n
    assert sum(found.values()) < 10
