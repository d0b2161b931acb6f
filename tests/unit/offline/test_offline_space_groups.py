"""Spatial sentences and room requests the dev set space8 found misread (issue 14): a group shared
out by "one ... and the other" in one sentence; ", facing the TV" after "a TV ..., with a sofa in
front of it" is the sofa's (the TV cannot face itself, nor is there a second TV); a themed room ("a
jungle-themed playroom") and a room named with a ground noun ("an ice cream parlour") are indoors
and furnished, not an empty field or a labelled box."""

from __future__ import annotations

import pytest

from setdresser.tests.unit.offline.planned import counts, pairs, planned, relations


@pytest.mark.parametrize("prompt, kind, targets", [
    ("Two sofas in the middle of the room, one facing the TV and the other facing the fireplace.",
     "sofa", ("tv", "fireplace")),
    ("Two armchairs by the window, one facing the desk and the other facing the bed.", "armchair", ("desk", "bed")),
    ("Two lamps in the room, one on the desk and another by the bed.", "lamp", ("desk", "bed")),
])
def test_one_and_the_other_share_out_the_group_named_before(prompt: str, kind: str, targets: tuple[str, str]) -> None:
    graph = planned(prompt)
    assert counts(graph)[kind] == 2, "no third one for 'the other' / 'another'"
    said = [args for _, args, _ in relations(graph, "facing", "on_top_of", "proximity", stated=True)
            if args[0].startswith(kind)]
    assert sorted(args[1] for args in said) == sorted(f"{t}_1" for t in targets)
    assert len({args[0] for args in said}) == 2, "each of the two has its own place"


@pytest.mark.parametrize("prompt, subject, target", [
    ("A TV on the wall, with a sofa in front of it, facing the TV.", "sofa_1", "tv_1"),
    ("A desk by the window with a chair in front of it, facing the desk.", "chair_1", "desk_1"),
    ("A fish tank on a cabinet, with a beanbag in front of it, facing the tank.", "beanbag_1", "fish_tank_1"),
])
def test_a_participle_naming_the_host_is_about_the_hosted_thing(prompt: str, subject: str, target: str) -> None:
    graph = planned(prompt)
    assert (subject, target) in pairs(graph, "facing")
    assert sum(1 for a in graph.assets if a.category == target.rsplit("_", 1)[0].replace("_", " ")) == 1


def test_a_participle_after_with_still_goes_to_the_host_by_default() -> None:
    graph = planned("A table with a lamp, next to the sofa.")
    assert ("table_1", "sofa_1") in pairs(graph, "proximity")


@pytest.mark.parametrize("prompt, furniture", [
    ("a jungle-themed playroom", "toy"),
    ("a beach themed bathroom", "toilet"),
    ("a forest themed kids room", "bed"),
    ("an ice cream parlour with four little tables", "table"),
])
def test_themed_and_ground_named_rooms_are_furnished_indoors(prompt: str, furniture: str) -> None:
    graph = planned(prompt, complete=True)
    assert graph.room is not None and graph.room["setting"]["kind"] == "indoor", graph.room
    assert counts(graph)[furniture] >= 1
    assert not any("parlour" in a.category for a in graph.assets), "the room is no object"


@pytest.mark.parametrize("prompt", ["two tents by a lake", "a frozen lake with ice skaters", "a snowy forest path"])
def test_ground_nouns_still_set_a_scene_outdoors(prompt: str) -> None:
    graph = planned(prompt, complete=True)
    assert graph.room is not None and graph.room["setting"]["kind"] == "outdoor"


@pytest.mark.parametrize("prompt, thing", [
    ("a toy shop", "toy"), ("a little vintage record shop", "record"), ("a candle shop", "candle"),
])
def test_a_shop_named_by_its_wares_sells_them_on_its_shelves(prompt: str, thing: str) -> None:
    graph = planned(prompt, complete=True)
    found = counts(graph)
    assert found[thing] >= 4 and found["box"] == 0, found
    shelves = {a.id for a in graph.assets if a.category == "shelving unit"}
    assert any(args[1] in shelves for args in pairs(graph, "on_top_of") if args[0].startswith(thing))


def test_wares_too_big_for_the_shelves_stand_on_the_floor() -> None:
    graph = planned("a bike shop", complete=True)
    bikes = [a.id for a in graph.assets if a.category == "bike"]
    assert len(bikes) >= 3 and not [args for args in pairs(graph, "on_top_of") if args[0] in bikes]


def test_a_room_named_by_an_activity_has_what_it_is_done_with() -> None:
    graph = planned("a small sewing room", complete=True)
    machine = [a.id for a in graph.assets if a.category == "sewing machine"]
    assert len(machine) == 1
    assert any(args[0] == machine[0] and args[1].startswith("table") for args in pairs(graph, "on_top_of"))


@pytest.mark.parametrize("prompt", ["a dining room", "a music room", "a reading nook", "a night market",
                                    "a castle courtyard", "a little country church"])
def test_rooms_named_by_their_archetype_or_outdoors_get_nothing_extra(prompt: str) -> None:
    from setdresser.blender_addon.core.offline.completion import featured

    calls: list[str | None] = []
    original = featured.featured_thing

    def spy(*args: object, **kwargs: object) -> str | None:
        calls.append(original(*args, **kwargs))  # type: ignore[arg-type]
        return calls[-1]

    featured.featured_thing = spy  # type: ignore[assignment]
    try:
        planned(prompt, complete=True)
    finally:
        featured.featured_thing = original  # type: ignore[assignment]
    assert all(c is None for c in calls), calls


@pytest.mark.parametrize("prompt, centred", [
    ("Six chairs in a circle around a table in the middle of the room.", "table_1"),
    ("Four easels in a semicircle around a stool in the centre of the room.", "stool_1"),
    ("Put 3 chairs around a round table in the middle of the room.", "table_1"),
])
def test_the_middle_of_the_room_goes_to_what_a_group_rings(prompt: str, centred: str) -> None:
    graph = planned(prompt)
    assert {args[0] for args in pairs(graph, "centered")} == {centred}


@pytest.mark.parametrize("prompt, kind", [("Two armchairs facing the fireplace in the middle of the room.", "armchair"),
                                          ("Four chairs in a row in the middle of the room.", "chair")])
def test_a_group_keeps_the_middle_when_its_object_stands_at_a_wall_or_it_has_none(prompt: str, kind: str) -> None:
    graph = planned(prompt)
    assert {args[0].split("_")[0] for args in pairs(graph, "centered")} == {kind}


def test_an_ice_cream_parlour_is_a_cafe_with_seats_at_its_tables() -> None:
    found = counts(planned("An ice cream parlour with four little tables", complete=True))
    assert found["table"] == 4 and found["chair"] >= 8 and found["display table"] == 0, found


def test_hosts_are_people_a_room_is_for() -> None:
    assert "two hosts" not in planned("a podcast studio for two hosts", complete=True).unparsed
