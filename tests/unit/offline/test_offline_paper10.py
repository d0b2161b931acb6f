"""Paper-style scene queries written for new content (dev set paper10): the way a long descriptive
query names its own space, its groups and its participles."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan
from planned import related


@pytest.mark.parametrize("prompt, subject, space", [
    ("an old church with a stone altar in the middle of the nave", "altar_1", "nave"),
    ("a crypt with a sarcophagus in the centre of the chamber and a candle in each corner", "sarcophagus_1", "chamber"),
    ("a bronze statue in the middle of the arena", "statue_1", "arena"),
])
def test_the_middle_of_a_space_nothing_draws_is_the_rooms(prompt: str, subject: str, space: str) -> None:
    graph = plan(prompt)
    assert space not in {a.category for a in graph.assets}
    assert [subject] in related(graph, "centered")


def test_the_end_of_an_unnamed_lot_is_a_side_and_it_then_means_the_screen() -> None:
    graph = plan("a drive-in with a big screen at the north end of the lot and four cars facing it")
    assert "lot" not in {a.category for a in graph.assets}
    assert ["screen_1"] in related(graph, "against_wall")
    assert all(args[1] == "screen_1" for args in related(graph, "facing"))


@pytest.mark.parametrize("prompt, owner", [
    ("a rug with a vase in the middle of the table", "table_1"),
    ("a boat at the end of the jetty", "jetty_1"),  # a jetty is drawn (a structure): a thing of its own
    ("a sarcophagus and a lamp in the middle of the sarcophagus", "sarcophagus_1"),  # named before
])
def test_a_thing_named_or_drawn_keeps_its_own_middle(prompt: str, owner: str) -> None:
    assert owner in {a.id for a in plan(prompt).assets}


@pytest.mark.parametrize("prompt, carrier, host", [
    ("a long table with a roast turkey on a big platter in the middle", "platter_1", "table_1"),
    ("a table with a vase on a tray", "tray_1", "table_1"),
])
def test_what_a_hosted_thing_rests_on_stands_on_the_host(prompt: str, carrier: str, host: str) -> None:
    assert [carrier, host] in related(plan(prompt), "on_top_of")


def test_a_small_host_goes_where_its_companion_stands() -> None:
    graph = plan("a plate of cookies with a glass of milk on the coffee table")
    assert ["plate_1", "coffee_table_1"] in related(graph, "on_top_of")


@pytest.mark.parametrize("prompt, thing, host", [
    ("a counter with a till at one end", "till_1", "counter_1"),
    ("a desk with a printer at one end", "printer_1", "desk_1"),
])
def test_a_surface_thing_at_the_end_of_a_low_surface_stands_on_it(prompt: str, thing: str, host: str) -> None:
    graph = plan(prompt)
    assert [thing, host] in related(graph, "on_top_of") and [thing, host] in related(graph, "at_end")


def test_a_floor_thing_at_the_end_stays_on_the_floor() -> None:
    assert not related(plan("a sofa with a lamp at one end"), "on_top_of")


@pytest.mark.parametrize("prompt, category", [
    ("a snack stand behind the cars", "snack stand"),
    ("a bike repair stand in the middle of the garage", "bike repair stand"),
])
def test_a_verb_form_that_cannot_agree_with_one_thing_is_its_head_noun(prompt: str, category: str) -> None:
    graph = plan(prompt)
    assert category in {a.category for a in graph.assets}
    assert not graph.unparsed


@pytest.mark.parametrize("prompt", ["a boy stands by the door", "the kids stand by the door"])
def test_a_verb_that_agrees_stays_a_verb(prompt: str) -> None:
    assert not {a.category for a in plan(prompt).assets} & {"boy stand", "kid stand", "stand"}


@pytest.mark.parametrize("prompt, category", [
    ("a bank of lockers against the east wall", "locker"),
    ("a cluster of lanterns above the table", "lantern"),
    ("two sailors at a bank of screens", "screen"),
])
def test_a_word_no_model_draws_only_gathers_the_plural_things_of_it(prompt: str, category: str) -> None:
    cats = [a.category for a in plan(prompt).assets]
    assert cats.count(category) >= 2 and not {"bank", "cluster"} & set(cats), cats


def test_a_holder_of_plural_things_stays_a_holder() -> None:
    cats = {a.category for a in plan("a crate of apples on the table").assets}
    assert {"crate", "apple"} <= cats


def test_a_heading_set_in_a_scene_names_what_happens_there_not_a_thing() -> None:
    graph = plan("A treasure hunt in a back garden, with six chests hidden around the lawn")
    cats = {a.category for a in graph.assets}
    assert "treasure hunt" not in cats and "chest" in cats


def test_a_heading_thing_set_in_a_scene_stays_a_thing() -> None:
    assert "bench" in {a.category for a in plan("A bench in the park, with a dog under it").assets}


@pytest.mark.parametrize("prompt, holder, filling", [
    ("a crib full of hay in the middle with the baby in it", "crib_1", "hay"),
    ("a wheelbarrow filled with hay by the gate", "wheelbarrow_1", "hay"),
])
def test_a_bare_filling_describes_its_holder_which_keeps_the_places(prompt: str, holder: str, filling: str) -> None:
    graph = plan(prompt)
    assert filling not in {a.category for a in graph.assets}
    placed = {args[0] for rel in ("centered", "proximity", "next_to_door") for args in related(graph, rel)}
    assert holder in placed


def test_a_plural_filling_is_still_things_on_their_holder() -> None:
    assert len(related(plan("a bookcase full of books"), "on_top_of")) == 3


@pytest.mark.parametrize("prompt, anchor", [
    ("a desk, three chairs lined up in front of it", "desk_1"),
    ("A beach bar with a counter, five bar stools lined up in front of it", "counter_1"),
])
def test_a_group_word_after_a_comma_shapes_the_plural_phrase_before_it(prompt: str, anchor: str) -> None:
    graph = plan(prompt)
    rows = related(graph, "row")
    assert rows and anchor not in rows[0]
    assert all(args[1] == anchor for args in related(graph, "in_front_of"))


def test_things_joined_by_and_still_make_one_row() -> None:
    assert related(plan("A cube, a ball and a cone in a row"), "row") == [["cube_1", "ball_1", "cone_1"]]


def test_two_plain_words_after_a_known_name_are_what_it_does_not_its_name() -> None:
    graph = plan("a surfboard stuck upright in the sand next to the counter")
    assert "surfboard" in {a.category for a in graph.assets}
    assert "bench press" in {a.category for a in plan("a bench press in the corner").assets}


@pytest.mark.parametrize("prompt, things", [
    ("three sailors seated at a bank of screens along the west wall", ["screen_1", "screen_2", "screen_3"]),
    ("a boy sitting at a desk along the north wall", ["desk_1"]),
    ("a woman standing next to a fridge in the corner", ["fridge_1"]),
])
def test_people_at_a_thing_leave_the_wall_or_corner_to_the_thing(prompt: str, things: list[str]) -> None:
    graph = plan(prompt)
    placed = [args[0] for rel in ("against_wall", "in_corner") for args in related(graph, rel)]
    assert sorted(placed) == things


def test_a_thing_next_to_a_thing_keeps_its_own_wall() -> None:
    graph = plan("two chairs next to a table against the wall")
    assert sorted(args[0] for args in related(graph, "against_wall")) == ["chair_1", "chair_2"]


def test_a_participle_after_one_thing_stays_a_verb() -> None:
    graph = plan("A book lying flat on a table, two chairs on each side")
    assert ["book_1", "table_1"] in related(graph, "on_top_of")


def _door_offset(prompt: str) -> float:
    import re

    from setdresser.blender_addon.core.offline import code_script

    script = code_script(plan(prompt, complete=False))
    return float(re.search(r'add_opening\("door", "south", id="door_1", offset=([-\d.]+)', script).group(1))


def test_a_lone_door_keeps_clear_of_a_corner_a_thing_is_asked_to_stand_in() -> None:
    free = _door_offset("an office with a door on the south wall and a lamp in the north-east corner")
    kept = _door_offset("an office with a door on the south wall and a tall potted plant in the south-east corner")
    every = _door_offset("an office with a door on the south wall and a tall potted plant in each corner")
    assert kept < free and every < free
