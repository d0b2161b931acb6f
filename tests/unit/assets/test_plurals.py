"""Plurals of known names (issue 14, noun coverage): "two thermoses", "three taxis", "two niches",
"two policemen" name the thing the knowledge base knows, not a labelled box called "thermose"."""

from __future__ import annotations

import re

import pytest
from setdresser.blender_addon.core.assets.coverage import known_names
from setdresser.blender_addon.core.assets.phrase import plural as plural_of, singular


PROPER = {"claus"}  # "santa claus": a name, never counted


def regular_plural(word: str) -> str:
    """The plural English spelling rules give ("box" -> "boxes", "lorry" -> "lorries", "taxi" -> "taxis")."""
    if re.search(r"(s|x|z|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def test_the_plural_of_every_known_name_comes_back_to_it() -> None:
    wrong = {}
    names = set(known_names())
    lasts = {n.split()[-1] for n in names}
    for name in names:
        last = name.split()[-1]
        plural = regular_plural(last)
        back = singular(plural)
        if back == last or not last.isalpha() or len(last) <= 3 or last in PROPER or singular(last) != last:
            continue
        if back not in lasts or regular_plural(back) != plural:  # "duckies": a ducky or a duckie, both known
            wrong[plural] = (last, back)
    assert wrong == {}, f"list these in assets/plurals.json 'irregular': {wrong}"


@pytest.mark.parametrize("plural, wanted", [
    ("thermoses", "thermos"), ("taxis", "taxi"), ("niches", "niche"), ("axes", "axe"), ("policemen", "policeman"),
    ("fishermen", "fisherman"), ("snowmen", "snowman"), ("menus", "menu"), ("sarcophagi", "sarcophagus"),
    ("boxes", "box"), ("benches", "bench"), ("vases", "vase"), ("houses", "house"), ("lorries", "lorry"),
    ("shelves", "shelf"), ("specimen", "specimen"), ("glass", "glass"), ("cookies", "cookie"),
])
def test_singular_of_plural_spellings(plural: str, wanted: str) -> None:
    assert singular(plural) == wanted


@pytest.mark.parametrize("noun, many", [("box", "boxes"), ("bench", "benches"), ("dish", "dishes"), ("glass", "glasses"),
                                        ("battery", "batteries"), ("toy", "toys"), ("shelf unit", "shelf units"),
                                        ("candle", "candles")])
def test_plural_is_the_one_regular_plural_and_singular_reads_it_back(noun: str, many: str) -> None:
    assert plural_of(noun) == many
    assert singular(many.split()[-1]) == noun.split()[-1]
