"""Describing words that are participles keep the noun they describe (issue 14, paper12): "heavy curtains
drawn across the window" made a grey box 'curtains drawn', "a blanket thrown over the sofa" one 'blanket
thrown' (a past participle with no -ed ending read as part of the name); "a half-finished quilt" was a
'half quilt', "a hand-painted sign" a 'hand sign', "a well-worn saddle" a 'well saddle' (the hyphen split
the describing word and its first part stayed in the name). Irregular participles are describing words
(closed words irregular_participles) and a word joined by a hyphen to a participle is one describing word."""

from __future__ import annotations

import pytest

from planned import planned, relations

from setdresser.blender_addon.core.offline.reading.words import words_of


@pytest.mark.parametrize("prompt, category", [
    ("a blanket thrown over the sofa", "blanket"),
    ("heavy curtains drawn across the window", "curtain"),
    ("a half-finished quilt on a table", "quilt"),
    ("a hand-painted wooden sign by the door", "sign"),
    ("a moth-eaten velvet curtain", "curtain"),
    ("a well-worn leather saddle on a wooden fence", "saddle"),
    ("a torn old sofa", "sofa"),
    ("a glass-topped table with a lamp on it", "table"),
    ("a fallen log by the path", "fallen log"),
])
def test_a_participle_describes_its_noun(prompt: str, category: str) -> None:
    graph = planned(prompt)
    assert category in {a.category for a in graph.assets}, [a.category for a in graph.assets]


def test_the_place_after_a_participle_is_read() -> None:
    assert ("on_top_of", ("blanket_1", "sofa_1"), {}) in relations(planned("a blanket thrown over the sofa"))


@pytest.mark.parametrize("text, words", [
    ("a wall-mounted tv", ["a", "wall_mounted", "tv"]),
    ("a sofa-bed and a flower-bed", ["a", "sofa", "bed", "and", "a", "flower", "bed"]),
    ("a two-seater sofa", ["a", "two_seater", "sofa"]),
    ("a wood-fired oven", ["a", "wood", "fired", "oven"]),
    ("a space-themed bedroom", ["a", "space", "themed", "bedroom"]),
])
def test_other_hyphenated_words_read_as_before(text: str, words: list[str]) -> None:
    assert words_of(text) == words
