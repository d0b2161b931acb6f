"""A place no archetype is called, composed (issue 14, places14): the place phrase's HEAD picks the
room, its MODIFIER (a trade, a sport, an activity, an occasion, a room's goods) names the featured
things through knowledge/archetypes/features.json, and the capacity fills their counts. Before, such a
request got the head's bare room or the nearest room by its words ("a picture framer's workshop" a
cinema, "a bathroom showroom" three cars, "a darts club" one grey box, "a kettlebell class for ten"
school desks and one kettlebell)."""

from __future__ import annotations

import pytest

from planned import kinds
from setdresser.blender_addon.core.knowledge.archetypes.features import load_features, parse_features
from setdresser.blender_addon.core.knowledge.objects import load_knowledge


def _has(got: dict[str, int], thing: str) -> int:
    want = load_knowledge().lookup(thing)
    return sum(n for name, n in got.items()
               if name == thing or (want is not None and (f := load_knowledge().lookup(name)) is not None
                                    and f.category == want.category))


@pytest.mark.parametrize("prompt, expected, absent", [
    ("a watchmaker's workshop", {"clock": 6, "workbench": 1}, ()),
    ("a cobbler's workshop", {"shoe": 6, "vice": 1}, ()),
    ("a blacksmith's forge", {"anvil": 1}, ()),
    ("a guitar maker's workshop", {"guitar": 3, "workbench": 1}, ()),
    ("a picture framer's workshop", {"picture frame": 6, "workbench": 1}, ("cinema seat",)),
    ("a billiards club with three tables", {"billiard table": 3}, ()),
    ("a darts night at the club", {"dartboard": 3, "counter": 1}, ()),
    ("a whist drive for sixteen", {"card table": 4, "chair": 16}, ()),
    ("a spin class for twelve", {"exercise bike": 12}, ("desk",)),
    ("a crochet circle for five", {"armchair": 5, "basket": 1}, ()),
    ("a dialysis unit for six patients", {"recliner": 6, "iv stand": 6}, ()),
    ("a kitchen showroom", {"stove": 1, "sink": 1, "fridge": 1}, ("car",)),
    ("a funeral at the village church", {"coffin": 1, "altar": 1}, ()),
    ("a bake sale in the village hall", {"cake": 6, "folding table": 2}, ()),
    ("a phone repair kiosk in a shopping mall", {"counter": 1, "stool": 1, "phone": 2}, ()),
])
def test_a_composed_place_has_its_featured_things(prompt: str, expected: dict[str, int], absent: tuple) -> None:
    got = dict(kinds(prompt))
    for thing, least in expected.items():
        assert _has(got, thing) >= least, (prompt, thing, got)
    for thing in absent:
        assert _has(got, thing) == 0, (prompt, thing, got)


@pytest.mark.parametrize("prompt, room_thing", [
    ("an exercise room", "treadmill"),  # a room's own name: the gym, no aerobics class
    ("a car showroom", "car"),
])
def test_a_room_named_by_its_own_name_keeps_its_archetype(prompt: str, room_thing: str) -> None:
    assert _has(dict(kinds(prompt)), room_thing) >= 1


def test_a_modifier_after_the_first_noun_features_nothing() -> None:
    got = dict(kinds("a living room with a dartboard and a pool table"))
    assert _has(got, "dartboard") == 1 and _has(got, "sofa") >= 1


def test_the_feature_table_is_checked() -> None:
    assert load_features().features
    with pytest.raises(ValueError, match="kind"):
        parse_features({"schema": "setdresser.place_features/1", "features": [{"id": "x", "kind": "hobby",
                                                                                "words": ["x"]}]})
    with pytest.raises(ValueError, match="base"):
        parse_features({"schema": "setdresser.place_features/1", "features": [
            {"id": "x", "kind": "sport", "words": ["x"], "base": "nowhere"}]}, frozenset({"gym"}))
