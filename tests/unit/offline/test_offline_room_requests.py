"""Open-ended room requests as users type them (dev set tests/benchmark/dev/rooms2.json):
room types named inside a compound ("a sports bar"), refined by who the room is for ("a
bedroom for a teenage girl"), capacity words ("for twins", "for two patients"), the
user's tables seated, the user's several objects taking an archetype's distributed place,
style words that the text made objects of, and the archetypes added for them."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan
from planned import counts


def graph_of(prompt: str):
    return plan(prompt, seed=0)


def seats_at(graph, table: str) -> set[str]:
    """The chairs and stools a relation places at ``table`` (every one of an "around"'s seats)."""
    return {seat for r in graph.relations if graph.relation_args(r.id)[-1] == table
            for seat in graph.relation_args(r.id)[:-1] if seat.startswith(("chair", "stool"))}


def test_a_room_type_at_the_end_of_a_compound_name_furnishes_it() -> None:
    found = counts(graph_of("a sports bar with a pool table"))
    assert found["tv"] >= 2 and found["bar stool"] >= 3  # a bar, and its sports style hangs TVs


@pytest.mark.parametrize("prompt, expected", [
    ("a nursery for twins", {"crib": 2, "changing table": 1}),
    ("a hospital room for two patients", {"hospital bed": 2, "iv pole": 2}),
    ("a shared home office for two, with a printer", {"desk": 2, "office chair": 2, "monitor": 2}),
    ("a yoga studio for 8", {"yoga mat": 8}),
])
def test_capacity_scales_the_per_person_furniture(prompt: str, expected: dict[str, int]) -> None:
    found = counts(graph_of(prompt))
    assert {k: found[k] for k in expected} == expected


def test_a_bedroom_for_a_teenage_girl_who_plays_guitar_is_a_teen_room_with_her_things() -> None:
    graph = graph_of("bedroom for a teenage girl who plays guitar and loves posters")
    found = counts(graph)
    assert found["desk"] == 1 and found["guitar"] == 1 and found["poster"] >= 2
    assert not [c for c in found if "loves" in c or "plays" in c] and not graph.unparsed


def test_a_style_word_the_text_made_an_object_of_selects_no_style() -> None:
    assert counts(graph_of("a living room with a piano"))["guitar"] == 0
    assert counts(graph_of("a living room for a pianist"))["guitar"] == 1


@pytest.mark.parametrize("prompt, table, least", [
    ("a little bakery with a display case and a few cafe tables", "cafe table", 2),
    ("a modern open plan kitchen with a dining table for 8", "dining table", 8),
    ("a small library with reading tables for 12", "table", 3),
])
def test_the_users_tables_in_a_furnished_room_are_sat_at(prompt: str, table: str, least: int) -> None:
    graph = graph_of(prompt)
    tables = [a.id for a in graph.assets if a.category == table]
    assert tables and all(len(seats_at(graph, t)) >= least for t in tables), [seats_at(graph, t) for t in tables]


def test_tables_for_n_seat_n_and_are_not_n_tables() -> None:
    found = counts(graph_of("a small library with reading tables for 12"))
    assert found["chair"] == 12 and found["table"] < 12 and found["table lamp"] == 2


def test_seats_the_text_named_are_the_tables_seats() -> None:
    found = counts(graph_of("a kitchen with a table and four stools"))
    assert found["stool"] == 4 and found["chair"] == 0


def test_the_users_two_bedside_tables_take_the_archetypes_place_on_each_side() -> None:
    graph = graph_of("a cosy bedroom with a double bed, two bedside tables and a lamp on each")
    sides = {(r.relation, graph.relation_args(r.id)) for r in graph.relations if r.relation in ("left_of", "right_of")}
    assert sides == {("left_of", ("bedside_table_1", "bed_1")), ("right_of", ("bedside_table_2", "bed_1"))}


@pytest.mark.parametrize("prompt, expected", [
    ("a vet clinic", {"reception desk", "examination table", "dog crate", "chair"}),
    ("a pharmacy", {"counter", "cash register", "shelving unit", "bottle"}),
    ("a barber shop", {"barber chair", "mirror", "sofa", "counter"}),
    ("a corner shop", {"counter", "cash register", "shelving unit"}),
    ("small studio apartment with a kitchenette", {"bed", "sink", "refrigerator", "stove"}),
])
def test_more_room_types_are_furnished(prompt: str, expected: set[str]) -> None:
    graph = graph_of(prompt)
    assert expected <= set(counts(graph)) and not graph.unparsed


def test_barber_chairs_face_their_mirrors_on_the_wall() -> None:
    graph = graph_of("a barber shop")
    pairs = {graph.relation_args(r.id) for r in graph.relations if r.relation == "facing"}
    chairs = [a.id for a in graph.assets if a.category == "barber chair"]
    assert chairs and all((c, c.replace("barber_chair", "mirror")) in pairs for c in chairs)


def test_a_rustic_style_dresses_the_rooms_furniture_in_wood() -> None:
    graph = graph_of("a rustic farmhouse kitchen")
    table = next(a for a in graph.assets if a.category.endswith("table"))
    assert "wooden" in table.hints and "wooden" not in next(a for a in graph.assets if a.category == "stove").hints
    assert not any("wooden" in a.hints for a in graph_of("a kitchen").assets)


@pytest.mark.parametrize("prompt, kept", [
    ("a sports bar with a pool table", "table"),  # the bar's round tables people sit at
    ("a little bakery with a few cafe tables", "display table"),  # the shop's display table
])
def test_a_table_people_do_not_sit_at_is_no_stand_in_for_one_they_do(prompt: str, kept: str) -> None:
    assert counts(graph_of(prompt))[kept] >= 1


@pytest.mark.parametrize("prompt, wall", [("an entrance hallway", "south"),
                                          ("a mudroom with a door on the east wall", "east")])
def test_an_entrance_has_one_front_door(prompt: str, wall: str) -> None:
    """The hallway archetype cuts a front door; a door the user names is that door, not a second one."""
    doors = [o for o in plan(prompt).room["openings"] if o["kind"] == "door"]
    assert [d["wall"] for d in doors] == [wall], doors
