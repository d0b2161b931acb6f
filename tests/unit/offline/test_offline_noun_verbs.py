"""Nouns used as verbs (issue 14, dev set instr8): a word that names a thing ("plant", "light",
"throw") opening a sentence or a clause ("and", "then", a comma) before an article or a count is
the step's verb, not an object: "..., and plant a tree behind every bench" plants trees."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def categories(prompt: str) -> list[str]:
    return sorted(a.category for a in plan(prompt, complete=False).assets)


@pytest.mark.parametrize("prompt, want", [
    ("Put two benches by the fountain, and plant a tree behind every bench.",
     ["bench", "bench", "fountain", "tree", "tree"]),
    ("Add a desk, then light a candle on it.", ["candle", "desk"]),
    ("Throw a blanket over the sofa.", ["blanket", "sofa"]),
    ("Plant two trees by the gate.", ["gate", "tree", "tree"]),
])
def test_a_noun_opening_a_clause_before_an_article_is_its_verb(prompt: str, want: list[str]) -> None:
    assert categories(prompt) == want


@pytest.mark.parametrize("prompt, want", [
    ("A throw on the sofa.", ["sofa", "throw"]),
    ("A bench and a table, a lamp and a plant.", ["bench", "lamp", "plant", "table"]),
])
def test_the_same_word_after_an_article_is_still_a_thing(prompt: str, want: list[str]) -> None:
    assert categories(prompt) == want
