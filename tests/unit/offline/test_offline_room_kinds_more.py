"""Rooms people ask for that no archetype furnished (dev set tests/benchmark/dev/rooms9.json and
the known gaps of session 9): each gets its key things from archetype data ("a karaoke room" has
a screen and microphones, "a kindergarten" low tables and small chairs, "a boxing gym" punching
bags), the things each person uses scale with the stated capacity ("a podcast studio for two
hosts": two microphones), a place noun before an indoor room's name only says where the room is
("a neighbourhood bar" is indoors), a desk-like thing standing on a table is sat at through the
table, a coffee table the user names in a living room keeps the room's one sofa, a bookcase
holds what it is "of" or "full of", and "on wheels" / "on stands" says how a thing stands, not
more things."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan
from planned import kinds


def setting(prompt: str) -> str:
    return str(plan(prompt, seed=0).room["setting"]["kind"])


@pytest.mark.parametrize("prompt, expected", [
    ("a karaoke room", {"tv", "microphone", "speaker", "sofa"}),
    ("kindergarten classroom for 10 kids", {"table", "chair", "toy chest"}),
    ("a florist's shop", {"counter", "potted plant", "bouquet"}),
    ("could you make a board game cafe with 5 tables", {"bookshelf", "board game", "counter"}),
    ("boxing gym", {"punching bag", "boxing ring", "weight rack"}),
    ("a courtroom", {"desk", "lectern", "bench", "table"}),
    ("a nightclub", {"dj booth", "speaker", "counter", "bar stool"}),
    ("set up a small photography studio", {"backdrop", "camera", "studio light", "stool"}),
    ("the castle armoury", {"suit of armour", "sword", "weapons rack"}),
    ("a breakfast nook for a family of four", {"table", "chair"}),
    ("we're hosting a LAN party in the garage for six gamers", {"desk", "monitor", "gaming chair"}),
])
def test_rooms_get_their_key_things(prompt: str, expected: set[str]) -> None:
    got = kinds(prompt)
    assert expected <= set(got), got
    assert "bed" not in got, got


def test_a_prison_cell_has_a_bed_a_toilet_and_a_sink() -> None:
    got = kinds("a prison cell")
    assert got["bed"] == 1 and got["toilet"] == 1 and got["sink"] == 1, got


def test_a_kindergarten_has_low_tables_not_desk_rows() -> None:
    got = kinds("kindergarten classroom for 10 kids")
    assert got["desk"] == 0 and got["table"] >= 3 and got["chair"] >= 10, got


def test_the_room_itself_is_not_a_box_in_it() -> None:
    for prompt, name in [("a nightclub", "nightclub"), ("a courtroom", "courtroom"), ("a prison cell", "prison cell"),
                         ("the castle armoury", "castle armoury")]:
        assert name not in kinds(prompt), prompt


@pytest.mark.parametrize("prompt, people", [
    ("a podcast studio for two hosts", 2),
    ("a small radio studio for three presenters", 3),
    ("a podcast studio for four", 4),
])
def test_each_host_gets_a_microphone_and_a_chair(prompt: str, people: int) -> None:
    got = kinds(prompt)
    assert got["microphone"] == people and got["chair"] == people and got["headset"] == people, got


def test_beds_and_screens_scale_with_the_people() -> None:
    assert kinds("a hotel family room for a family of four")["bed"] == 3  # a double bed and two single beds
    got = kinds("we're hosting a LAN party in the garage for six gamers")
    assert got["monitor"] == 6 and got["gaming chair"] == 6, got


@pytest.mark.parametrize("prompt", ["A horse stable.", "a horse stable with two horses"])
def test_a_stable_is_the_inside_of_a_barn(prompt: str) -> None:
    got = kinds(prompt)
    assert setting(prompt) == "indoor" and "horse stable" not in got and "hay bale" in got, got


@pytest.mark.parametrize("prompt, kind", [
    ("A cosy neighbourhood bar.", "indoor"),
    ("a city bar", "indoor"),
    ("a village bakery", "indoor"),
    ("a beach bar", "outdoor"),  # its own name: an outdoor bar
    ("a street cafe", "outdoor"),
    ("a rooftop bar for about 20 people", "outdoor"),
])
def test_a_place_noun_before_a_rooms_name_says_where_the_room_is(prompt: str, kind: str) -> None:
    assert setting(prompt) == kind


def test_a_desk_like_thing_on_a_table_gets_no_seat_of_its_own() -> None:
    got = kinds("a dining room with a mixing console on the table")
    assert got["chair"] == 6, got


@pytest.mark.parametrize("prompt", ["a living room with a coffee table", "a cozy lounge with a coffee table"])
def test_a_coffee_table_the_user_names_keeps_the_rooms_one_sofa(prompt: str) -> None:
    assert kinds(prompt)["sofa"] == 1


@pytest.mark.parametrize("prompt, holder, held", [
    ("a bookcase of old books", "bookcase", "book"),
    ("a bookcase full of books", "bookcase", "book"),
    ("two bookshelves of board games", "bookshelf", "board game"),
])
def test_a_bookcase_holds_what_it_is_full_of(prompt: str, holder: str, held: str) -> None:
    graph = plan(prompt, seed=0)
    ids = {a.id: a.category for a in graph.assets}
    on = [args for name, args in graph.triples() if name == "on_top_of"]
    assert any(ids[args[0]] == held and ids[args[1]] == holder for args in on), on


@pytest.mark.parametrize("prompt, gone", [
    ("a whiteboard on wheels", "wheel"),
    ("two lights on stands and a stool", "stand"),
    ("two speakers on stands either side of the TV", "stand"),
])
def test_what_a_thing_stands_on_is_no_object(prompt: str, gone: str) -> None:
    graph = plan(prompt, seed=0)
    assert not [a for a in graph.assets if a.category == gone]
    assert not [args for name, args in graph.triples() if name == "on_top_of"]


def test_a_ramen_shop_is_a_place_to_eat() -> None:
    got = kinds("a little ramen shop")
    assert "shelving unit" not in got and got["chair"] + got["stool"] >= 4, got


@pytest.mark.parametrize("prompt", [
    "a little ramen shop with a long counter and eight stools along it",
    "a bar with six stools along the counter",
])
def test_seats_along_a_counter_sit_at_its_front_in_a_row(prompt: str) -> None:
    graph = plan(prompt, seed=0, complete=False)
    names = {name for name, _ in graph.triples()}
    assert {"row", "in_front_of", "facing"} <= names and "proximity" not in names, graph.triples()


@pytest.mark.parametrize("prompt, host", [
    ("shelves full of toys and a counter with a till by the door", "counter_1"),
    ("a shelf and a counter with a till", "counter_1"),
])
def test_with_after_a_list_belongs_to_its_last_thing(prompt: str, host: str) -> None:
    graph = plan(prompt, seed=0, complete=False)
    assert ("on_top_of", ("till_1", host)) in graph.triples(), graph.triples()


def test_with_after_a_plural_last_thing_keeps_the_whole_list() -> None:
    graph = plan("a sofa and two armchairs with a coffee table in front of them", seed=0, complete=False)
    assert ("in_front_of", ("coffee_table_1", "sofa_1")) in graph.triples(), graph.triples()


def _walls(prompt: str) -> list[str]:
    graph = plan(prompt, seed=0, complete=False)
    return [r.params.get("wall") for r in graph.relations if r.relation == "against_wall"]


def test_one_at_each_end_of_the_room_stands_at_its_two_end_walls() -> None:
    assert sorted(_walls("a hall with a hoop at each end")) == ["east", "west"]
    assert sorted(_walls("a gym with a hoop at each end of the room")) == ["east", "west"]


def test_things_down_one_side_of_the_room_line_one_wall() -> None:
    graph = plan("a hall with benches down one side of the room", seed=0, complete=False)
    assert len(set(_walls("a hall with benches down one side of the room"))) == 1
    assert "row" in {name for name, _ in graph.triples()}
