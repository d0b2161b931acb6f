"""Narrative scene queries (issue 14, style (b)): the words that set a scene's place, mood, time
of day or weather are never objects. A setting's name ("a graveyard", "a hilltop", "an oasis") is
the scene, outdoors; a mood or weather adjective ("misty", "spooky", "windy") qualifies, never
names; a time of day or season ("on a rainy afternoon", "at midnight") places nothing; a bare
adjective after an article ("at a little stand", "a little fishing village") names no box; the
ice, snow and sea bed are the ground; "a school of fish" is several fish."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def categories(prompt: str) -> list[str]:
    return [a.category for a in plan(prompt, complete=False).assets]


@pytest.mark.parametrize("prompt, expected", [
    ("a spooky cemetery with three tombstones", ["tombstone"] * 3),
    ("a shepherd with two sheep on a grassy hillside", ["shepherd", "sheep", "sheep"]),
    ("two camels resting at an oasis", ["camel", "camel"]),
    ("a cowboy and his horse on the open prairie", ["cowboy", "horse"]),
    ("a farmyard with a tractor", ["tractor"]),
    ("a dragon in a gloomy cavern", ["dragon"]),
])
def test_a_setting_is_the_scene_not_an_object(prompt: str, expected: list[str]) -> None:
    assert sorted(categories(prompt)) == sorted(expected)


@pytest.mark.parametrize("prompt, setting", [
    ("a spooky cemetery with three tombstones", "outdoor"),
    ("a kite above a windy hilltop", "outdoor"),
    ("a rowing boat on a calm lagoon", "outdoor"),
    ("a polar bear on the ice", "outdoor"),
    ("a dragon in a gloomy cavern", "indoor"),
])
def test_settings_decide_indoors_or_outdoors(prompt: str, setting: str) -> None:
    assert plan(prompt, complete=False).room["setting"]["kind"] == setting


@pytest.mark.parametrize("prompt, expected", [
    ("a misty harbour wall with a rowing boat", None),
    ("an abandoned bench under a crooked tree", ["bench", "tree"]),
    ("a lone wolf on a snowy hill at midnight", None),
    ("a bench in the park on a rainy afternoon", ["bench"]),
    ("a tent under the stars on a chilly autumn evening", ["tent"]),
])
def test_mood_and_time_words_never_become_objects(prompt: str, expected: list[str] | None) -> None:
    found = categories(prompt)
    moods = {"misty", "abandoned", "crooked", "snowy", "midnight", "rainy", "afternoon", "chilly", "autumn", "evening"}
    assert not any(set(c.split()) & moods for c in found), found
    if expected is not None:
        assert sorted(found) == sorted(expected)


def test_the_sea_lagoon_is_water() -> None:
    graph = plan("a pirate ship moored in a quiet lagoon", complete=False)
    assert [a.category for a in graph.assets] == ["pirate ship", "lagoon"]


@pytest.mark.parametrize("prompt", ["a seal resting on the ice", "a crab on the sea bed", "a fox in the snow"])
def test_ice_snow_and_sea_bed_are_the_ground(prompt: str) -> None:
    assert len(categories(prompt)) == 1


def test_a_bare_adjective_names_no_object() -> None:
    found = categories("two girls chatting at a little stand by the road")
    assert "little" not in found and "stand" in found
    assert "little" not in categories("a little fishing village with three huts")


def test_a_participle_before_a_scene_belongs_to_the_scene() -> None:
    graph = plan("a sleepy fishing village by the sea with two huts", complete=False)
    assert sorted(a.category for a in graph.assets) == ["hut", "hut", "sea"]
    assert graph.room["setting"]["kind"] == "outdoor"
    assert not graph.unparsed


@pytest.mark.parametrize("prompt, noun, least", [
    ("a school of fish around a shipwreck", "fish", 3),
    ("a flock of sheep in a meadow", "sheep", 3),
    ("a herd of cows by the river", "cow", 3),
])
def test_collective_animal_nouns_are_several(prompt: str, noun: str, least: int) -> None:
    assert categories(prompt).count(noun) >= least


@pytest.mark.parametrize("prompt, expected", [
    ("a shepherd and his dog by a stone wall", "dog"),
    ("a girl riding her pony along a path", "pony"),
    ("my cat asleep on our sofa", "sofa"),
])
def test_a_possessive_is_an_article_not_part_of_the_name(prompt: str, expected: str) -> None:
    found = categories(prompt)
    assert expected in found and not any(c.split()[0] in ("his", "her", "my", "our") for c in found), found


def test_under_the_stars_sets_the_scene_and_places_no_stars() -> None:
    graph = plan("two tents under the stars beside a small pond", complete=False)
    assert sorted(a.category for a in graph.assets) == ["pond", "tent", "tent"]
    assert graph.room["setting"]["kind"] == "outdoor"


@pytest.mark.parametrize("prompt, noun, count", [
    ("a row of tiny shops along the harbour front", "shop", 3),
    ("two cafes facing each other across a lane", "cafe", 2),
    ("bakeries and shops on a market street", "shop", 3),
])
def test_counted_scene_nouns_are_buildings_not_the_room(prompt: str, noun: str, count: int) -> None:
    assert categories(prompt).count(noun) >= count


def test_a_single_scene_noun_is_still_the_room() -> None:
    assert "cafe" not in categories("a cafe with two round tables")


@pytest.mark.parametrize("prompt, things, road", [
    ("a dirt road with four oak trees along one side", "tree", "road"),
    ("a canal with moored boats on one side", "boat", "canal"),
])
def test_things_along_one_side_of_a_road_stand_by_it(prompt: str, things: str, road: str) -> None:
    graph = plan(prompt, complete=False)
    by_id = {a.id: a.category for a in graph.assets}
    sided = {(by_id[graph.relation_args(r.id)[0]], by_id[graph.relation_args(r.id)[1]]) for r in graph.relations
             if r.relation in ("left_of", "right_of")}
    assert (things, road) in sided, sided
    assert not graph.unparsed


@pytest.mark.parametrize("prompt, seats", [
    ("Lay the table for a romantic dinner for two.", 2),
    ("Please set the dining table for a family dinner for five", 5),
])
def test_a_table_set_for_an_occasion_gets_its_seats_and_plates(prompt: str, seats: int) -> None:
    graph = plan(prompt)
    found = [a.category for a in graph.assets]
    assert sum(c.endswith("chair") for c in found) == seats, found
    assert found.count("plate") == seats and sum(c.endswith("table") for c in found) == 1, found


def test_the_thing_an_occasion_is_for_hosts_it() -> None:
    found = categories("a red blanket for a picnic under an oak tree")
    assert sum("blanket" in c for c in found) == 1, found


@pytest.mark.parametrize("prompt", ["an underwater scene with a wrecked submarine and jellyfish",
                                    "a treasure chest among the rocks on the sea bed"])
def test_underwater_is_an_outdoor_setting_not_an_object(prompt: str) -> None:
    graph = plan(prompt, complete=False)
    assert graph.room["setting"]["kind"] == "outdoor"
    assert not any("underwater" in a.category or a.category == "sea" for a in graph.assets)


@pytest.mark.parametrize("prompt, expected", [
    ("a diver exploring a shipwreck under the sea", ["diver", "shipwreck"]),
    ("two astronauts and a moon buggy on the moon", ["astronaut", "astronaut", "moon buggy"]),
])
def test_under_the_sea_and_on_the_moon_set_the_scene_outdoors(prompt: str, expected: list[str]) -> None:
    graph = plan(prompt, complete=False)
    assert sorted(a.category for a in graph.assets) == sorted(expected)
    assert graph.room["setting"]["kind"] == "outdoor" and not graph.unparsed


def test_a_lunar_lander_is_drawn_as_a_craft_not_a_box() -> None:
    from setdresser.blender_addon.core.assets.families import load_families

    assert load_families().for_noun("lunar lander").name == "craft"


def test_an_occasion_for_n_people_keeps_its_places_when_the_text_names_some_things() -> None:
    found = [a.category for a in plan("a birthday party for five children with a chocolate cake on the table").assets]
    assert found.count("chair") == 5 and found.count("plate") == 5, found
    assert sum("cake" in c for c in found) == 1, found


@pytest.mark.parametrize("prompt", ["a sleepy fishing harbour", "a marina with a few sailing boats"])
def test_a_harbour_has_its_water_pier_and_boats(prompt: str) -> None:
    graph = plan(prompt)
    found = [a.category for a in graph.assets]
    assert "sea" in found and "pier" in found and sum("boat" in c for c in found) >= 2, found
    assert graph.room["setting"]["kind"] == "outdoor"


def test_an_occasion_at_a_named_table_is_laid_on_that_table() -> None:
    graph = plan("a tea party at a long wooden table with teapots and cups")
    found = [a.category for a in graph.assets]
    assert found.count("table") == 1, found


def test_people_in_armchairs_sit_on_them() -> None:
    graph = plan("two old men dozing in armchairs near a fireplace", complete=False)
    seated = {tuple(graph.relation_args(r.id)) for r in graph.relations if r.relation == "on_top_of"}
    assert len(seated) == 2 and all(b.startswith("armchair") for _, b in seated), seated


def test_a_market_has_no_phantom_row() -> None:
    found = [a.category for a in plan("a busy flea market").assets]
    assert "row" not in found and "cart" in found, found


@pytest.mark.parametrize("prompt, noun", [("three crates of different sizes stacked in a corner", "crate"),
                                          ("four vases of various colours on a shelf", "vase")])
def test_of_sizes_or_colours_describes_its_holders_and_places_nothing(prompt: str, noun: str) -> None:
    found = categories(prompt)
    assert all(c in (noun, "shelf") for c in found), found
