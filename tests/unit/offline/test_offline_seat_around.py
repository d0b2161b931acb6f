"""People *around* a table sit on chairs of their own, and a person watching *from* a seat sits on it
(issue 14, paper-style scenes of people doing things): "four cowboys seated around a round table",
"six learners sit around a big worktable", "a lifeguard watching from his tall chair"."""

from __future__ import annotations

import pytest
from planned import pairs, planned


def _seated(prompt: str) -> tuple[list[str], list[str], set[tuple[str, ...]]]:
    graph = planned(prompt)
    people = [a.id for a in graph.assets if a.category in ("cowboy", "learner", "person", "guest", "player")]
    chairs = [a.id for a in graph.assets if a.category == "chair"]
    return people, chairs, pairs(graph, "on_top_of")


@pytest.mark.parametrize("prompt", ["four cowboys seated around a round table",
                                    "six learners sit around a big worktable", "three people around a card table"])
def test_people_around_a_table_sit_on_a_chair_each(prompt: str) -> None:
    people, chairs, on = _seated(prompt)
    assert people and len(chairs) == len(people)
    assert all(any((p, c) in on for c in chairs) for p in people), on


def test_people_standing_around_a_table_get_no_chairs() -> None:
    people, chairs, _ = _seated("four guests standing around the table")
    assert people and not chairs


def test_a_person_watching_from_a_seat_sits_on_it() -> None:
    graph = planned("a lifeguard watching from his tall chair at the top of the beach")
    guard = next(a.id for a in graph.assets if a.category == "lifeguard")
    chair = next(a.id for a in graph.assets if a.category == "chair")
    assert (guard, chair) in pairs(graph, "on_top_of")


def test_watching_from_a_thing_that_is_no_seat_stays_beside_it() -> None:
    graph = planned("a woman watching from the window of a shed")
    assert not [p for p in pairs(graph, "on_top_of") if p[0].startswith("woman")]
