"""The same request in another user's words reads the same (issue 14, paraphrase dev set
tests/benchmark/dev/parapaper7.json): a place said before its subject ("In front of the saloon,
a cowboy ...") places it as the place said after it does."""

from __future__ import annotations

import pytest
from planned import counts, pairs

from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt,relation,pair", [
    ("In front of the saloon, a cowboy stands beside his horse.", "in_front_of", ("cowboy_1", "saloon_1")),
    ("In front of the barn, two horses graze.", "in_front_of", ("horse_1", "barn_1")),
    ("Next to the glowing forge, an anvil.", "proximity", ("anvil_1", "forge_1")),
])
def test_a_fronted_place_that_names_a_building_or_thing_places_the_subject_by_it(
        prompt: str, relation: str, pair: tuple[str, str]) -> None:
    graph = plan(prompt)
    assert pair in pairs(graph, relation), graph.triples()
    assert not graph.unparsed


def test_a_fronted_setting_stays_the_scene() -> None:
    graph = plan("In a saloon, a cowboy sits at the bar.", complete=False)
    assert "saloon" not in counts(graph)


@pytest.mark.parametrize("relative", ["who are", "that are", "which are"])
def test_a_relative_clause_reads_as_its_participle(relative: str) -> None:
    """"elves who are building toys at long tables" is "elves building toys at long tables"."""
    said = plan(f"a workshop full of elves {relative} building toys at long tables", complete=False)
    short = plan("a workshop full of elves building toys at long tables", complete=False)
    assert sorted(said.triples()) == sorted(short.triples()) and counts(said)["toy"] == 3
    assert not said.unparsed


def test_a_contracted_relative_clause_reads_as_its_participle() -> None:
    graph = plan("a dog that's sleeping by the fire", complete=False)
    assert not graph.unparsed and len(pairs(graph, "proximity")) == 1


def test_a_relative_clause_after_a_comma_stays_about_the_last_object() -> None:
    graph = plan("a lamp next to the sofa, which is standing on a rug", complete=False)
    assert ("sofa_1", "rug_1") in pairs(graph, "overlap"), graph.triples()
