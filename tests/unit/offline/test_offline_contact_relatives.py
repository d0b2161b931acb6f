"""A relative clause said without "that" right after a noun ("a shed Dad built", "the bike someone
left", "the globe my aunt gave me") says who made or left the thing: it names no object and leaves
the thing its place (attach14)."""

from __future__ import annotations

import pytest
from planned import categories, plan_triples, planned


@pytest.mark.parametrize("prompt, kinds, expected", [
    ("A shed Grandpa built stands by the hedge.", ["hedge", "shed"], ("proximity", ("shed_1", "hedge_1"))),
    ("The scooter someone left leans against the wall.", ["scooter"], ("against_wall", ("scooter_1",))),
    ("The vase my aunt gave me sits on the shelf.", ["shelf", "vase"], ("on_top_of", ("vase_1", "shelf_1"))),
    ("A canoe we bought last summer lies next to the tent.", ["canoe", "tent"], ("proximity", ("canoe_1", "tent_1"))),
    ("Put the rocking chair my uncle restored in the corner.", ["rocking chair"], ("in_corner", ("rocking_chair_1",))),
])
def test_a_contact_relative_names_no_object(prompt: str, kinds: list, expected: tuple) -> None:
    graph = planned(prompt)
    assert categories(graph) == kinds
    assert expected in plan_triples(prompt)
    assert graph.unparsed == []


def test_a_fronted_place_before_a_doer_keeps_its_object() -> None:
    assert ("proximity", ("lamp_1", "sofa_1")) in plan_triples("Next to the sofa I put a lamp.")


def test_a_capitalised_word_after_a_full_stop_is_no_doer() -> None:
    graph = planned("Put a bench by the pond. Two potted ferns flank the bench.")
    assert categories(graph) == ["bench", "fern", "fern", "pond"]


def test_a_noun_that_opens_no_noun_phrase_has_no_contact_clause() -> None:
    graph = planned("Please can you set up a dining room with a table by the window.")
    assert "can" not in categories(graph)
