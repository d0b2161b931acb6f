"""People doing something get what the activity needs (issue 14, the SceneCraft paper's queries):
the props of ``activities.json``, the user's own nouns standing for them where the text names
them, the doers at the thing they work at; an occasion named as a thing ("a violin lesson",
"a chess match") is no object."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from planned import of_kind, pairs

from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.inference.activities import ACTIVITIES_PATH, load_activities


def test_a_board_game_at_a_table_has_its_board_on_the_table() -> None:
    graph = plan("a grandfather and his grandson playing chess at the kitchen table")
    boards, tables = of_kind(graph, "board game", filed=True), of_kind(graph, "table", filed=True)
    assert len(boards) == 1 and tables
    assert (boards[0], tables[0]) in pairs(graph, "on_top_of")
    assert not [u for u in graph.unparsed if "chess" in u]


def test_a_lesson_is_no_object_and_brings_its_instrument() -> None:
    graph = plan("an old man giving piano lessons to a girl")
    assert not [a for a in graph.assets if "lesson" in a.category]
    pianos = of_kind(graph, "piano", filed=True)
    assert len(pianos) == 1
    near = pairs(graph, "proximity")
    people = of_kind(graph, "person", filed=True)
    assert len(people) == 2 and all((p, pianos[0]) in near for p in people), near


def test_the_users_own_noun_stands_for_the_prop() -> None:
    graph = plan("a bartender pouring drinks at a long bar")
    assert not of_kind(graph, "glass", filed=True), "the user's drinks are the glasses"
    bars = [a.id for a in graph.assets if a.category == "bar"]
    drinks = [a.id for a in graph.assets if a.category == "drink"]
    assert bars and drinks and all((d, bars[0]) in pairs(graph, "on_top_of") for d in drinks)


def test_what_is_chopped_lies_on_the_board() -> None:
    graph = plan("a woman slicing bread in her kitchen")
    boards = of_kind(graph, "cutting board", filed=True)
    breads = of_kind(graph, "bread", filed=True)
    assert len(boards) == 1 and breads
    on = pairs(graph, "on_top_of")
    assert all((b, boards[0]) in on for b in breads)
    assert any(args[0] == boards[0] for args in on), "the board rests on a worktop"


def test_a_match_with_nobody_named_has_its_players() -> None:
    graph = plan("a tennis match at a sports club")
    assert len(of_kind(graph, "person", filed=True)) == 2
    assert of_kind(graph, "tennis net", filed=True)
    assert not [a for a in graph.assets if a.category.endswith("match")]


def test_sparring_fighters_keep_close() -> None:
    graph = plan("two samurai sparring in a temple garden")
    people = of_kind(graph, "person", filed=True)
    assert len(people) == 2
    assert tuple(people) in pairs(graph, "proximity")


def test_a_known_thing_named_like_an_occasion_stays() -> None:
    graph = plan("a board game on the coffee table")
    assert of_kind(graph, "board game", filed=True)


def test_the_table_is_checked(tmp_path: Path) -> None:
    data = json.loads(ACTIVITIES_PATH.read_text(encoding="utf-8"))
    assert load_activities().activities, "the bundled table loads"
    bad = tmp_path / "activities.json"
    bad.write_text(json.dumps({**data, "schema": "nope"}), encoding="utf-8")
    with pytest.raises(ValueError, match="schema"):
        load_activities(bad)
    data["activities"][0]["doers"] = "several"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="doers"):
        load_activities(bad)


@pytest.mark.parametrize("prompt", ["a knight riding his horse across a field", "a jockey riding the horse"])
def test_a_rider_of_a_named_mount_sits_on_it(prompt: str) -> None:
    graph = plan(prompt)
    horses = of_kind(graph, "horse", filed=True)
    assert len(horses) == 1
    assert any(args[1] == horses[0] for args in pairs(graph, "on_top_of"))


def test_people_seated_at_their_consoles_have_chairs() -> None:
    graph = plan("three technicians seated at their consoles in a dim control bunker")
    consoles = [a.id for a in graph.assets if a.category == "console"]
    chairs = [a.id for a in graph.assets if a.category == "chair"]
    assert len(consoles) == 3 and len(chairs) == 3
    assert {(c, k) for c, k in zip(chairs, consoles)} <= pairs(graph, "in_front_of")
    assert not graph.unparsed


def test_an_unknown_agent_noun_is_a_person() -> None:
    kb = load_knowledge()
    assert kb.lookup("technicians").family == "person" and kb.lookup("violinist").family == "person"
    assert kb.lookup("list") is None and kb.lookup("median") is None


def test_someone_serving_another_person_stands_by_them() -> None:
    graph = plan("a nurse handing a cup of tea to an old man in a hospital room")
    nurse = [a.id for a in graph.assets if a.category == "nurse"]
    man = [a.id for a in graph.assets if a.category == "man"]
    assert nurse and man
    assert (nurse[0], man[0]) in pairs(graph, "proximity")
    others = [p for p in of_kind(graph, "person", filed=True) if p not in nurse + man]
    assert not [args for args in pairs(graph, "proximity") if set(args) & set(others) and set(args) & set(nurse)]


@pytest.mark.parametrize("prompt, thing, top", [
    ("a toymaker mending rusty toys at his workbench", "toy", "workbench"),
    ("a girl wrapping presents at the kitchen table", "present", "kitchen table"),
])
def test_what_someone_works_on_at_a_table_lies_on_it(prompt: str, thing: str, top: str) -> None:
    graph = plan(prompt)
    things = [a.id for a in graph.assets if a.category == thing or a.category.endswith(" " + thing)]
    tops = [a.id for a in graph.assets if a.category == top]
    assert things and tops
    assert all((t, tops[0]) in pairs(graph, "on_top_of") for t in things), pairs(graph, "on_top_of")


def test_a_person_worked_with_at_a_table_is_not_put_on_it() -> None:
    graph = plan("a doctor examining a patient at her desk")
    desks = of_kind(graph, "desk", filed=True)
    assert not [args for args in pairs(graph, "on_top_of") if args[-1] in desks and "patient" in args[0]]


@pytest.mark.parametrize("prompt, thing", [
    ("a man fixing old chairs", "chair"),
    ("a little girl hugging fluffy toys", "toy"),
])
def test_the_object_of_a_verb_after_describing_words_is_kept(prompt: str, thing: str) -> None:
    graph = plan(prompt)
    things = [a.id for a in graph.assets if a.category == thing]
    assert things and not graph.unparsed, graph.unparsed
    doer = of_kind(graph, "person", filed=True)[0]
    assert all((doer, t) in pairs(graph, "proximity") for t in things)


def test_a_cue_word_naming_a_thing_is_no_activity() -> None:
    graph = plan("a tennis ball and a chess clock on a shelf")
    assert not of_kind(graph, "person", filed=True) and not of_kind(graph, "tennis net", filed=True)


@pytest.mark.parametrize("text", ["three tennis balls in a row on the floor",
                                  "a chess board on the coffee table",
                                  "a basketball, a football and a tennis ball on a shelf"])
def test_an_activity_word_that_only_names_a_thing_cues_no_activity(text: str) -> None:
    graph = plan(text)
    assert not of_kind(graph, "person", filed=True), [a.category for a in graph.assets]
    assert not of_kind(graph, "tennis net", filed=True), [a.category for a in graph.assets]


def test_the_activity_itself_is_still_cued() -> None:
    graph = plan("two friends playing tennis in the park")
    assert of_kind(graph, "tennis net", filed=True)
