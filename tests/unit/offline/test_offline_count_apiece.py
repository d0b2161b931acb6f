"""One thing apiece for a distributed or divided group (dev set tests/benchmark/dev/counts11.json,
issue 14, class "count"): "four tables, each under an umbrella" is four umbrellas (was one shared),
"Six stalls stand in a row. Each has an awning." six awnings (was one), "three of them have an
awning" three, "half of them" half the count said ("eight tables, half of them under umbrellas":
four umbrellas, was three and 'half of them' not understood); "one ..., another ... and a third
..." three (was two and 'a third' not understood)."""

from __future__ import annotations

import pytest

from planned import kinds, planned, relations



@pytest.mark.parametrize("prompt, expected", [
    ("four tables, each under an umbrella", {"table": 4, "umbrella": 4}),
    ("Six tents, each next to a tree.", {"tent": 6, "tree": 6}),
    ("Six stalls stand in a row. Each has an awning.", {"stall": 6, "awning": 6}),
    ("Six stalls stand in a line. Three of them have an awning.", {"stall": 6, "awning": 3}),
    ("six chairs, two of them with a cushion and the rest with a blanket", {"chair": 6, "cushion": 2, "blanket": 4}),
    ("eight tables, four of them with umbrellas", {"table": 8, "umbrella": 4}),
])
def test_one_apiece(prompt: str, expected: dict[str, int]) -> None:
    made = kinds(prompt, complete=False)
    assert {k: made[k] for k in expected} == expected


@pytest.mark.parametrize("prompt, expected", [
    ("Put out eight small tables, half of them under umbrellas.", {"table": 8, "umbrella": 4}),
    ("Six stalls stand in a line, and half of them have an awning.", {"stall": 6, "awning": 3}),
    ("six lamps, half on the desks and the rest on the floor", {"lamp": 6}),
    ("twelve chairs; half the chairs face the stage", {"chair": 12, "stage": 1}),
])
def test_half_is_half_the_count_said(prompt: str, expected: dict[str, int]) -> None:
    made = kinds(prompt, complete=False)
    assert {k: made[k] for k in expected} == expected
    assert not [u for u in planned(prompt).unparsed if "half" in u]


@pytest.mark.parametrize("prompt, expected", [
    ("four tables under an umbrella", {"table": 4, "umbrella": 1}),
    ("three chairs face a TV", {"chair": 3, "tv": 1}),
    ("two beds with a nightstand", {"bed": 2, "nightstand": 1}),
    ("ten chairs, four of them around tables", {"chair": 10, "table": 3}),
    ("half a dozen plates", {"plate": 6}),
])
def test_shared_anchors_stay_shared(prompt: str, expected: dict[str, int]) -> None:
    made = kinds(prompt, complete=False)
    assert {k: made[k] for k in expected} == expected


@pytest.mark.parametrize("prompt, kind, n", [
    ("One statue stands in the middle of the room, another in the north-east corner, and a third against "
     "the west wall.", "statue", 3),
    ("One lamp by the sofa, a second by the bed.", "lamp", 2),
    ("A crate by the door, another by the stairs, a third by the window and a fourth in the corner.", "crate", 4),
    ("Two chairs by the window and a third red chair by the door.", "chair", 3),
])
def test_a_bare_ordinal_is_one_more(prompt: str, kind: str, n: int) -> None:
    graph = planned(prompt)
    assert kinds(prompt, complete=False)[kind] == n
    assert not [u for u in graph.unparsed if "second" in u or "third" in u or "fourth" in u]


def test_what_follows_a_thing_apiece_is_said_of_each() -> None:
    graph = planned("Two chairs, each facing a mirror that hangs on the west wall.")
    hung = {args[0]: params.get("wall") for name, args, params in relations(graph, "on_wall")}
    assert hung == {"mirror_1": "west", "mirror_2": "west"}
    assert not relations(graph, "against_wall")


@pytest.mark.parametrize("prompt, kind, part, anchor", [
    ("Five stools, all but one of them at the counter.", "stool", 4, "counter"),
    ("There are ten lanterns. Half hang from the tree, the rest sit on the table.", "lantern", 5, "tree"),
    ("Ten desks, two of which stand under the window.", "desk", 2, "window"),
])
def test_a_part_said_by_what_it_leaves_out(prompt: str, kind: str, part: int, anchor: str) -> None:
    graph = planned(prompt)
    said = {args[0] for _, args, _ in relations(graph, stated=True) if len(args) == 2 and args[1].startswith(anchor)}
    assert len(said) == part and all(s.startswith(kind) for s in said)
    assert not [u for u in graph.unparsed if u.split()[0] in ("all", "half", "of")]
