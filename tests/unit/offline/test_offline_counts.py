"""How many things the text asks for (issue 14, the "count" class): numbers said in words
("twenty-four", "two or three"), counting phrases ("a pack of seven", "dozens of", "a handful
of"), nouns whose plural is their singular ("coral and fish"), a count per host ("two monitors
each"), what a holder holds ("a plate of cookies"), and "N of them"."""

from __future__ import annotations

from collections import Counter

import pytest
from planned import counts, planned

from setdresser.blender_addon.core.assets.phrase import singular
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.reading.tokens import Tokenizer
from setdresser.blender_addon.core.scene_graph import SceneGraph


def triples(graph: SceneGraph, relation: str) -> list[tuple[str, ...]]:
    args: dict[str, list[str]] = {}
    for edge in sorted(graph.edges, key=lambda e: e.role):
        args.setdefault(edge.relation, []).append(edge.asset)
    return [tuple(args[r.id]) for r in graph.relations if r.relation == relation]


@pytest.mark.parametrize("prompt, category, n", [
    ("Twenty-four folding chairs in rows facing a stage.", "folding chair", 24),
    ("twenty four chairs in a row", "chair", 24),
    ("thirty-one candles on the table", "candle", 31),
    ("Two or three armchairs facing the fireplace.", "armchair", 2),
    ("three to four plants on the windowsill", "plant", 3),
    ("about twenty chairs in rows", "chair", 20),
])
def test_numbers_said_in_several_words_are_one_count(prompt: str, category: str, n: int) -> None:
    assert counts(planned(prompt))[category] == n


def test_spoken_numbers_keep_other_words() -> None:
    tokenizer = Tokenizer(Vocabulary(None))
    assert tokenizer.spoken_numbers("twenty five chairs and two or three lamps".split()) == \
        ["25", "chairs", "and", "two", "lamps"]
    assert tokenizer.spoken_numbers("twenty chairs one to the left".split()) == \
        ["twenty", "chairs", "one", "to", "the", "left"]


@pytest.mark.parametrize("prompt, category, low, high, not_object", [
    ("a pack of seven wolves in a clearing", "wolf", 7, 7, "pack"),
    ("a herd of cows in a field", "cow", 2, 8, "herd"),
    ("a flock of sheep on a hill", "sheep", 2, 8, "flock"),
    ("a school of fish near the coral", "fish", 2, 8, "school"),
    ("dozens of candles around an altar", "candle", 24, 40, "dozen"),
    ("a handful of rocks on the sand", "rock", 3, 5, "handful"),
    ("loads of plants in the greenhouse", "plant", 4, 8, "load"),
    ("a trio of vases on the shelf", "vase", 3, 3, "trio"),
])
def test_counting_phrases_say_how_many_and_are_no_object(prompt: str, category: str, low: int, high: int,
                                                          not_object: str) -> None:
    found = counts(planned(prompt))
    assert low <= found[category] <= high, found
    assert not_object not in found


@pytest.mark.parametrize("prompt, category, several", [
    ("a coral reef with coral and fish", "fish", True),
    ("sheep grazing next to a barn", "sheep", True),
    ("a fish next to a rock", "fish", False),
    ("the sheep next to the barn", "sheep", False),
])
def test_a_bare_noun_whose_plural_is_its_singular_is_several(prompt: str, category: str, several: bool) -> None:
    assert (counts(planned(prompt))[category] >= 2) is several


def test_a_count_followed_by_each_is_per_object_of_its_host() -> None:
    graph = plan("Three desks in a row, with two monitors each.", complete=False)
    found = Counter(a.category for a in graph.assets)
    assert found["desk"] == 3 and found["monitor"] == 6
    on = Counter(b for a, b in triples(graph, "on_top_of") if a.startswith("monitor"))
    assert sorted(on.values()) == [2, 2, 2] and set(on) == {"desk_1", "desk_2", "desk_3"}
    assert counts(planned("two tables and four chairs each"))["chair"] == 8
    assert counts(planned("the two beds have a pillow each"))["pillow"] == 2


def test_what_a_holder_holds_is_objects_of_their_own_on_it() -> None:
    graph = plan("a kitchen table with a plate of cookies", complete=False)
    found = Counter(a.category for a in graph.assets)
    assert found["plate"] == 1 and found["cookie"] >= 2
    assert all(b == "plate_1" for a, b in triples(graph, "on_top_of") if a.startswith("cookie"))
    two = plan("two baskets of apples on the counter", complete=False)
    held = Counter(b for a, b in triples(two, "on_top_of") if a.startswith("apple"))
    assert set(held) == {"basket_1", "basket_2"} and len(set(held.values())) == 1
    assert counts(planned("a bowl with apples"))["apple"] >= 2


@pytest.mark.parametrize("prompt", ["a vase of flowers on the table", "a bowl of fruit", "a painting of horses"])
def test_a_filled_thing_or_a_picture_stays_one_object(prompt: str) -> None:
    found = counts(planned(prompt))
    assert not ({"flower", "horse"} & set(found)) and found["fruit"] == 0


def test_n_of_them_counts_an_uncounted_plural_or_takes_part_of_a_counted_one() -> None:
    assert counts(planned("Fill the bookcase with books, about a dozen of them."))["book"] == 12
    assert counts(planned("Put books on the shelf, about a dozen of them."))["book"] == 12
    graph = plan("Nine books lie on the desk, three of them stacked.", complete=False)
    assert Counter(a.category for a in graph.assets)["book"] == 9
    stacks = [t for t in triples(graph, "stacked")]
    assert all(len(t) == 3 for t in stacks)
    assert not any("of them" in u for u in graph.unparsed)


@pytest.mark.parametrize("plural, one", [("cookies", "cookie"), ("movies", "movie"), ("brownies", "brownie"),
                                         ("ponies", "pony"), ("bodies", "body")])
def test_plurals_of_nouns_in_ie_and_in_y(plural: str, one: str) -> None:
    assert singular(plural) == one


@pytest.mark.parametrize("prompt, category, n", [
    ("2x armchairs facing the TV", "armchair", 2),
    ("x3 crates in the corner", "crate", 3),
    ("sixteen desks in a 4 x 4 grid", "desk", 16),
    ("a couple more chairs near the window", "chair", 2),
    ("a row of five bicycles and 2 more next to the fence", "bicycle", 7),
    ("Place a table. Put four chairs around it. Add two more.", "chair", 6),
    ("twin beds with a nightstand between them", "bed", 2),
    ("a twin bed by the window", "bed", 1),
    ("three tables with two chairs per table", "chair", 6),
    ("There are four desks. Put two monitors per desk.", "monitor", 8),
    ("ten people sitting on benches", "bench", 4),
    ("two lamps standing on small tables", "table", 2),
])
def test_times_signs_more_twin_per_and_shared_seats(prompt: str, category: str, n: int) -> None:
    found = counts(planned(prompt))
    assert found[category] == n, found
    assert not {"more", "more chair", "x armchair", "chairs per table"} & set(found)


def test_a_cafe_seats_the_customers_it_is_for() -> None:
    graph = plan("a coffee shop for 20 customers")
    seats = [a for a in graph.assets if a.category in ("chair", "bar stool", "stool")]
    assert len(seats) >= 20
    assert not graph.unparsed


@pytest.mark.parametrize("prompt, category, n", [
    ("a chest of drawers against the wall", "chest of drawers", 1),
    ("two chests of drawers", "chest of drawers", 2),
    ("three TVs on the wall", "tv", 3),
    ("two PCs on a desk", "pc", 2),
])
def test_plural_names_with_of_and_of_initials(prompt: str, category: str, n: int) -> None:
    found = counts(planned(prompt))
    assert found[category] == n, found
    assert "drawer" not in found and "chest" not in found


@pytest.mark.parametrize("prompt, category, n", [
    ("two dozen eggs in a carton", "egg", 24),
    ("three pairs of shoes by the door", "shoe", 6),
    ("two pairs of speakers on the shelf", "speaker", 4),
    ("half a dozen chairs", "chair", 6),
    ("an audience of twenty people facing the stage", "person", 20),
])
def test_counts_that_multiply_and_groups_of_people(prompt: str, category: str, n: int) -> None:
    found = counts(planned(prompt))
    assert found[category] == n, found
    assert not {"pair", "audience"} & set(found)


def test_uncounted_benches_for_a_few_people_are_still_several() -> None:
    assert counts(planned("three parents sitting on benches"))["bench"] == 2


def test_an_occasion_the_user_furnished_still_seats_the_people_it_is_for() -> None:
    found = Counter(a.category for a in plan(
        "Set out a tea party for three on a small round table: three cups, a teapot and a plate of cakes.").assets)
    assert found["chair"] == 3 and found["cup"] == 3 and found["table"] == 1
    picnic = Counter(a.category for a in plan("A picnic on the lawn: a blanket and a basket on the blanket.").assets)
    assert picnic["chair"] == 0


def test_another_alone_is_one_more_of_the_kind_named() -> None:
    graph = plan("Put three plants on the windowsill and another on the desk.", complete=False)
    assert Counter(a.category for a in graph.assets)["plant"] == 4 and not graph.unparsed
    assert ("plant_4", "desk_1") in triples(graph, "on_top_of")
    assert counts(planned("Two chairs face the desk. Another stands by the window."))["chair"] == 3
