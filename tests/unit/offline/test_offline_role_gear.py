"""People by what they do (issue 14, ``roles.json``): a role noun is a person with the thing the role
has at hand ("two guitarists": a guitar each), the user's own thing standing for it ("a fisherman
with his rod": his fishing rod); a group noun of people is its members ("a folk duo": two musicians,
"a brass band of six": six players with their trumpets)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from planned import pairs, planned

from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline.inference.role_gear import ROLES_PATH, gear_of, load_roles


def _kinds(prompt: str, complete: bool = False) -> Counter[str]:
    return Counter(a.category for a in planned(prompt, complete=complete).assets)


def _people(prompt: str) -> int:
    knowledge = load_knowledge()
    return sum(1 for a in planned(prompt).assets
               if (f := knowledge.lookup(a.category)) is not None and f.family == "person")


@pytest.mark.parametrize(("role", "gear"), [
    ("violinist", "violin"), ("cellist", "cello"), ("pianist", "piano"), ("accordion player", "accordion"),
    ("trumpeter", "trumpet"), ("drummer", "drum kit"), ("guitarist", "guitar"), ("fisherman", "fishing rod"),
    ("string player", "violin"), ("harpist", "harp"),
])
def test_a_role_names_its_gear(role: str, gear: str) -> None:
    assert gear_of(role) == gear


@pytest.mark.parametrize("role", ["bowler", "singer", "dentist", "receptionist", "teacher", "painter", "player"])
def test_a_role_without_gear_names_none(role: str) -> None:
    assert gear_of(role) is None, "a bowler has no bowl, a dentist no dent"


def test_each_player_of_a_role_holds_their_own_instrument() -> None:
    graph = planned("two guitarists in front and an amp next to each of them")
    guitars = [a.id for a in graph.assets if a.category == "guitar"]
    players = [a.id for a in graph.assets if a.category == "guitarist"]
    assert len(guitars) == 2 and len(players) == 2
    held = pairs(graph, "proximity")
    assert all(any((g, p) in held for g in guitars) for p in players)


def test_the_users_own_thing_stands_for_the_gear() -> None:
    kinds = _kinds("two fishermen on folding stools, each with a rod")
    rods = {k: n for k, n in kinds.items() if k in ("rod", "fishing rod")}
    assert sum(rods.values()) == 2, kinds  # the user's rods are the gear: no second rod each
    assert all(load_knowledge().lookup(k).category == "fishing rod" for k in rods), rods  # a rod is a fishing rod


def test_a_named_instrument_is_the_players_own() -> None:
    kinds = _kinds("a pianist at an upright piano and a violinist beside her")
    assert sum(kinds[k] for k in kinds if "piano" in k and "pianist" not in k) == 1, kinds
    assert kinds["violin"] == 1


def test_an_archetypes_instrument_is_the_players_not_another() -> None:
    graph = planned("a small recording studio with a guitarist perched on a stool", complete=True)
    guitars = [a.id for a in graph.assets if a.category == "guitar"]
    player = next(a.id for a in graph.assets if a.category == "guitarist")
    assert len(guitars) == 1 and (guitars[0], player) in pairs(graph, "proximity")


@pytest.mark.parametrize(("prompt", "people"), [
    ("a folk duo playing in the corner of a pub", 2),
    ("a string quartet playing off to one side", 4),
    ("a brass band of six playing on the bandstand", 6),
    ("a yoga class of eight on mats", 8),
    ("a crowd watching the stage", 6),
])
def test_a_group_noun_is_its_people(prompt: str, people: int) -> None:
    assert _people(prompt) == people


def test_an_ensembles_section_holds_its_instruments() -> None:
    kinds = _kinds("a brass band of six playing on the bandstand")
    assert kinds["trumpet"] == 6
    assert _kinds("a string quartet playing by the window")["violin"] == 4


@pytest.mark.parametrize("prompt", ["a rubber band on the desk", "a band stand in the park",
                                    "a choir of twelve children on risers", "the yoga class is in a bright studio"])
def test_a_group_noun_that_is_a_thing_or_counted_stays(prompt: str) -> None:
    kinds = _kinds(prompt)
    assert not kinds["musician"] and not kinds["person"], kinds


@pytest.mark.parametrize("role", ["umpire", "pensioner", "scout", "leader", "learner", "fortune teller", "regular"])
def test_people_of_a_trade_are_people(role: str) -> None:
    facts = load_knowledge().lookup(role)
    assert facts is not None and facts.family == "person"


def test_a_bad_table_names_the_file(tmp_path: Path) -> None:
    data = json.loads(ROLES_PATH.read_text(encoding="utf-8"))
    del data["gear"]
    bad = tmp_path / "roles.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="roles.json"):
        load_roles.__wrapped__(bad) if hasattr(load_roles, "__wrapped__") else load_roles(bad)


@pytest.mark.parametrize(("prompt", "people"), [
    ("three buskers on a busy street corner, a violinist, an accordion player and a drummer", 3),
    ("a jazz trio on a low stage: a pianist, a bassist and a drummer", 3),
    ("two people at a table and a waiter and a chef nearby", 4),
    ("two men on a bench, a woman with a dog and a boy", 4),
    ("two waiters, a chef and a porter in the kitchen", 4),
])
def test_people_listed_after_a_group_of_them_are_those_people(prompt: str, people: int) -> None:
    assert _people(prompt) == people


def test_the_listed_people_take_the_groups_place() -> None:
    graph = planned("a jazz trio on a low stage: a pianist, a bassist and a drummer")
    stage = next(a.id for a in graph.assets if a.category == "stage")
    on = pairs(graph, "on_top_of")
    assert all((a.id, stage) in on for a in graph.assets if a.category in ("pianist", "bassist", "drummer"))


@pytest.mark.parametrize(("prompt", "people"), [
    ("three scouts by the fire and their leader by the tent", 4),
    ("a villager by the well and the gardener by the hedge", 2),
    ("a gardener by the hedge and the person beside him", 1),
])
def test_a_definite_role_is_another_person_unless_named_so(prompt: str, people: int) -> None:
    assert _people(prompt) == people


def test_a_thing_the_text_placed_is_the_roles_own_not_a_second_one() -> None:
    kinds = _kinds("a fortune teller at a small round table with a crystal ball on it")
    assert kinds["crystal ball"] == 1, kinds


@pytest.mark.parametrize("prompt", ["a school orchestra rehearsal in the music room", "a stage for a rock band"])
def test_a_group_noun_naming_an_occasion_or_a_purpose_stays(prompt: str) -> None:
    assert not _kinds(prompt)["musician"]
