"""Room types no archetype is called (dev set tests/benchmark/dev/rooms3.json): the nearest
archetype by the words around the room noun ("a server room", "a room for a dentist", "a
podcast studio"), the room noun's default when no word points anywhere ("a candle shop"), a
bare "room" left unfurnished, and the room itself never placed as an object in it ("a tattoo
parlour", "a greenhouse")."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.knowledge.archetypes import load_archetypes
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.planner import read_prompt
from setdresser.blender_addon.core.offline.room_type import find_room
from setdresser.blender_addon.core.offline.tokens import words_of


def room_of(prompt: str) -> str | None:
    world, _ = read_prompt(prompt, Vocabulary())
    found = find_room(world, load_archetypes(), words_of(prompt))
    return found.id if found is not None else None


def kinds(prompt: str) -> Counter:
    return Counter(a.category for a in plan(prompt, seed=0).assets)


@pytest.mark.parametrize("prompt, room", [
    ("a server room", "server_room"),
    ("a room for a dentist", "exam_room"),
    ("a podcast studio", "recording_studio"),  # its word before the bare "studio" of the art studio
    ("a massage parlour", "spa"),
    ("a florist's parlour", "shop"),  # no word points anywhere: the parlour's default
    ("a candle shop", "shop"),
    ("a sewing room", "multipurpose_room"),
    ("a cosy little room for knitting", "multipurpose_room"),
    ("a room where the kids play", "playroom"),
])
def test_a_room_no_archetype_is_called_gets_the_nearest(prompt: str, room: str) -> None:
    assert room_of(prompt) == room


@pytest.mark.parametrize("prompt", [
    "In a room, a chair is next to a table.",
    "In a dark room, a lamp stands on a small table.",
    "a large empty room with a bed in the middle",
])
def test_a_bare_room_is_not_furnished(prompt: str) -> None:
    assert room_of(prompt) is None


@pytest.mark.parametrize("prompt, itself, furnished", [
    ("a tattoo parlour", "tattoo parlour", "tattoo chair"),
    ("a greenhouse", "greenhouse", "potted plant"),
    ("a kids' treehouse", "kids treehouse", "beanbag"),
])
def test_the_room_itself_is_not_an_object_in_it(prompt: str, itself: str, furnished: str) -> None:
    found = kinds(prompt)
    assert found[itself] == 0 and found["treehouse"] == 0 and found[furnished] >= 1


def test_a_room_named_after_its_counter_keeps_the_counter() -> None:
    assert kinds("a sports bar")["sports bar"] == 1  # the bar counter of a bar


@pytest.mark.parametrize("prompt, expected", [
    ("a teachers' lounge", {"table", "refrigerator", "coffee machine"}),
    ("a break room for warehouse staff", {"table", "microwave", "sofa"}),
    ("a walk-in closet", {"wardrobe", "shoe rack", "full length mirror"}),
    ("a sauna", {"bench", "sauna stove"}),
    ("a laundromat", {"washing machine", "dryer", "folding table"}),
    ("a pottery workshop", {"pottery wheel", "kiln"}),
])
def test_more_room_types_are_furnished(prompt: str, expected: set[str]) -> None:
    assert expected <= set(kinds(prompt))
