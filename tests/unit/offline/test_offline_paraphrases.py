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


@pytest.mark.parametrize("prompt", [
    "a tea party for 3 people at a small round table, with a teapot in the centre, three teacups and a plate of cakes",
    "a tea party at a small round table, with a teapot in the centre",
    "a birthday party at a long table with a cake in the middle",
])
def test_what_an_occasion_at_a_table_has_is_the_tables(prompt: str) -> None:
    """An occasion holds no things: "with a teapot in the centre" is the middle of the table it is at."""
    graph = plan(prompt, complete=False)
    thing = "cake_1" if "cake in" in prompt else "teapot_1"
    assert (thing, "table_1") in pairs(graph, "on_top_of"), graph.triples()
    assert not pairs(graph, "centered")


@pytest.mark.parametrize("prompt,host,things", [
    ("Organize my desk for studying. Laptop in the middle, lamp on the left, stack of books on the right.", "desk_1",
     ("laptop_1", "lamp_1", "book_1")),
    ("A round table. A vase in the middle.", "table_1", ("vase_1",)),
])
def test_a_sentence_listing_things_at_a_hosts_places_belongs_to_the_host_before(
        prompt: str, host: str, things: tuple[str, ...]) -> None:
    """As after a colon: the things stand on the host the sentence before was about."""
    graph = plan(prompt, complete=False)
    assert {(t, host) for t in things} <= pairs(graph, "on_top_of"), graph.triples()
    assert not pairs(graph, "centered")


def test_a_big_thing_in_the_middle_after_a_desk_stays_in_the_room() -> None:
    graph = plan("A desk against the wall. A chair in the middle.", complete=False)
    assert ("chair_1",) in pairs(graph, "centered") and ("chair_1", "desk_1") not in pairs(graph, "on_top_of")


@pytest.mark.parametrize("prompt,seats", [
    ("Small round table set for afternoon tea for three: 3 cups, a plate of cakes, and the teapot in the middle.", 3),
    ("a table set for dinner for four", 4),
])
def test_a_table_set_for_an_occasion_named_bare_seats_its_count(prompt: str, seats: int) -> None:
    """"set for dinner for four" as "set for a dinner for four": the occasion's seats around the table."""
    graph = plan(prompt, complete=False)
    assert counts(graph)["chair"] == seats, graph.triples()
    assert not graph.unparsed


@pytest.mark.parametrize("prompt,thing,place", [
    ("A lakeside campsite at dusk.", "tent_1", "lake_1"),
    ("poolside loungers and an umbrella", "lounger_1", "pool_1"),
])
def test_a_side_modifier_places_the_thing_by_that_place(prompt: str, thing: str, place: str) -> None:
    """"a lakeside campsite" is "a campsite by a lake": the lake is there, the camp by it."""
    graph = plan(prompt)
    assert (thing, place) in pairs(graph, "proximity"), graph.triples()


def test_a_side_compound_with_a_name_of_its_own_stays_that_thing() -> None:
    graph = plan("a bedside table with a lamp", complete=False)
    assert counts(graph) == {"bedside table": 1, "lamp": 1}


def test_a_possessed_place_is_the_place_of_what_the_pronoun_refers_to() -> None:
    """"along its edge" is "along the edge of it": the road's edge, not the room's."""
    said = plan("a road with 3 trees lined up along its edge", complete=False)
    spelled = plan("a road with 3 trees lined up along the edge of it", complete=False)
    assert sorted(said.triples()) == sorted(spelled.triples())
    assert not pairs(said, "against_wall") and ("tree_1", "road_1") in pairs(said, "left_of")
