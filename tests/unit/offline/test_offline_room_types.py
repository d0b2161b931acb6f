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
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.planner import read_prompt
from setdresser.blender_addon.core.offline.completion.room_type import find_room
from setdresser.blender_addon.core.offline.reading.tokens import words_of
from planned import kinds


def room_of(prompt: str) -> str | None:
    world, _ = read_prompt(prompt, Vocabulary())
    found = find_room(world, load_archetypes(), words_of(prompt))
    return found.id if found is not None else None


@pytest.mark.parametrize("prompt, room", [
    ("a server room", "server_room"),
    ("a room for a dentist", "exam_room"),
    ("a home studio for a band", "recording_studio"),
    ("a podcast room", "broadcast_studio"),  # its own name, not the bare "studio" of the art studio
    ("a massage parlour", "spa"),
    ("a curiosity parlour", "shop"),  # no word points anywhere: the parlour's default
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


@pytest.mark.parametrize("prompt, expected", [
    ("a nursery for newborn twins", {"crib": 2}),  # words between "for" and the capacity word
    ("I need a bright, airy yoga studio for a class of ten", {"yoga mat": 10}),  # "a class of N"
    ("a dining room for my two kids", {"chair": 2}),
    ("a bedroom for an elderly couple", {"bed": 1}),
])
def test_capacity_is_read_through_the_words_around_it(prompt: str, expected: dict[str, int]) -> None:
    found = kinds(prompt)
    assert {k: found[k] for k in expected} == expected


def test_a_number_that_measures_something_is_no_capacity() -> None:
    from setdresser.blender_addon.core.offline.completion.capacity import capacity_of
    assert capacity_of(words_of("a rug for a 2 metre hallway"), Vocabulary(), load_archetypes()) == (None, set())


@pytest.mark.parametrize("prompt, expected", [
    ("an open-plan living and dining area", {"sofa", "coffee table", "tv", "dining table"}),
    ("a living room with a dining area", {"sofa", "coffee table", "dining table"}),
    ("a bedroom with a small home office corner", {"bed", "desk", "office chair"}),
    ("a kitchen-diner", {"refrigerator", "stove", "kitchen table"}),
])
def test_a_combined_room_holds_both_rooms_things(prompt: str, expected: set[str]) -> None:
    found = kinds(prompt)
    assert expected <= set(found) and found["sofa"] <= 1 and found["plan"] == 0


def test_a_room_inside_another_is_not_combined_with_it() -> None:
    assert "dining table" not in kinds("a kitchen in a restaurant")  # a kitchen, not a restaurant's hall too


def test_a_ski_chalet_living_room_has_a_fireplace() -> None:
    assert kinds("a ski chalet living room")["fireplace"] == 1


def floor(prompt: str, seed: int = 0) -> tuple[float, float]:
    from setdresser.blender_addon.core.offline.coding.coder import code
    bounds = code(plan(prompt, seed=seed)).bounds
    return round(bounds.max[0] - bounds.min[0], 2), round(bounds.max[1] - bounds.min[1], 2)


def test_the_room_size_comes_from_the_archetypes_range_and_the_seed() -> None:
    arch = load_archetypes().get("bar")
    sizes = {floor("a sports bar", seed) for seed in range(3)}
    assert len(sizes) > 1  # other seeds, other rooms
    assert floor("a sports bar", 1) == floor("a sports bar", 1)  # the same seed, the same room
    for x, y in sizes:
        assert min(arch.size_min) - 0.01 <= min(x, y) and max(x, y) >= max(arch.size_min) - 0.01


def test_small_rooms_are_small_and_capacity_scales_the_floor() -> None:
    sauna = floor("a sauna")
    assert max(sauna) < 4.0 and min(sauna) >= 2.0  # no 4 x 4 m minimum for a sauna
    small, large = floor("a boardroom for 6"), floor("a boardroom for 20")
    assert large[0] * large[1] > 1.5 * small[0] * small[1]


def test_the_room_grows_to_fit_its_furniture() -> None:
    x, y = floor("a classroom for 30")
    assert x * y >= 150  # 30 desks and chairs do not fit the classroom's typical 6-10 m


def test_a_stated_size_wins_over_the_typical_one() -> None:
    assert floor("a bedroom. The room is 5 by 4 metres.") == (5.0, 4.0)


def test_a_room_of_no_type_stays_square_to_its_objects() -> None:
    assert "typical_size" not in (plan("a chair next to a table").room or {})


@pytest.mark.parametrize("prompt, unit, expected", [
    ("a nail salon with three manicure stations", "manicure station", {"manicure table": 3, "chair": 6}),
    ("a hair salon with 5 stations", "station", {"barber chair": 5, "mirror": 5}),
])
def test_the_rooms_units_are_its_capacity_not_objects(prompt: str, unit: str, expected: dict[str, int]) -> None:
    found = kinds(prompt)
    assert found[unit] == 0 and {k: found[k] for k in expected} == expected


@pytest.mark.parametrize("prompt, chairs", [
    ("a twelve seat conference room", 12),
    ("a 12-person boardroom", 12),
    ("a meeting room for a dozen people", 12),
    ("a dining room that can seat 10", 10),
    ("a conference room for up to 16", 16),
])
def test_capacity_said_in_other_ways(prompt: str, chairs: int) -> None:
    graph = plan(prompt, seed=0)
    assert Counter(a.category for a in graph.assets)["chair"] == chairs and not graph.unparsed


@pytest.mark.parametrize("prompt", ["a bedroom with two beds", "a table for a 2 metre rug"])
def test_counts_and_measures_are_no_capacity(prompt: str) -> None:
    from setdresser.blender_addon.core.offline.completion.capacity import capacity_of
    assert capacity_of(words_of(prompt), Vocabulary(), load_archetypes())[0] is None
