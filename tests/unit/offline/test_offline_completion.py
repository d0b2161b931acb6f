"""Room completion: a prompt that names a room type is furnished from its archetype; the
user's objects replace or add to it; capacity, styles and seeds; --no-complete; the words
it used are not reported as not understood."""

from __future__ import annotations

from functools import partial

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.offline.completion.furnish import ARCHETYPE_SOURCE
from setdresser.blender_addon.core.stage_set import offline_stages
from planned import heads


kinds = partial(heads, complete=True)  # by head noun, completed


@pytest.mark.parametrize("prompt, expected", [
    ("a cozy living room", {"sofa", "tv", "table", "rug", "lamp"}),
    ("a kitchen", {"counter", "stove", "sink", "refrigerator", "table", "chair"}),
    ("a classroom", {"blackboard", "desk", "chair"}),
    ("a cafe terrace", {"table", "chair", "person"}),
    ("a bathroom", {"toilet", "sink", "bathtub", "mirror"}),
    ("a bedroom for a teenager who likes music", {"bed", "desk", "wardrobe", "guitar"}),
    ("our new home office", {"desk", "monitor", "chair", "bookshelf"}),
    ("a sushi bar", {"table", "chair", "counter"}),
    ("Show me a campsite", {"tent", "campfire", "log", "tree"}),
])
def test_open_ended_room_requests_are_furnished(prompt: str, expected: set[str]) -> None:
    graph = plan(prompt)
    found = {a.category.split()[-1] for a in graph.assets}
    assert expected <= found, sorted(found)
    assert len(graph.assets) >= 6 and graph.unparsed == []
    assert all(r.source.startswith(ARCHETYPE_SOURCE.format("")[:10]) or r.source.startswith("inferred")
               for r in graph.relations)


def test_capacity_scales_the_seats() -> None:
    assert kinds("a conference room for 8 people")["chair"] == 8
    assert kinds("a conference room for twelve")["chair"] == 12
    assert kinds("a conference room")["chair"] == 8  # the archetype's default capacity
    assert kinds("a lecture hall for 40 students")["chair"] >= 40
    assert plan("a conference room for 8 people").unparsed == []


def test_named_objects_replace_the_archetypes_own() -> None:
    graph = plan("A kid's bedroom with a bunk bed against the west wall.")
    beds = [a for a in graph.assets if a.category.endswith("bed")]
    assert [a.category for a in beds] == ["bunk bed"]  # not a second bed from the archetype
    walls = {graph.relations[i].params.get("wall") for i, r in enumerate(graph.relations)
             if r.relation == "against_wall" and tuple(graph.relation_args(r.id)) == (beds[0].id,)}
    assert walls == {"west"}
    # the archetype's later items refer to the user's bed: the nightstand stands next to it
    near = [graph.relation_args(r.id) for r in graph.relations if r.relation in ("proximity", "left_of", "right_of")]
    assert any(args[-1] == beds[0].id for args in near)


def test_no_complete_keeps_only_what_was_named() -> None:
    assert kinds("a bedroom with a bed and a lamp", complete=False) == Counter({"bed": 1, "lamp": 1})
    assert sum(kinds("a bedroom with a bed and a lamp").values()) > 2
    stages = offline_stages(complete=False)
    assert [a.category for a in stages.plan("a kitchen with a stove").assets] == ["stove"]


def test_same_seed_same_room_other_seeds_vary() -> None:
    prompt = "a living room"
    first = [(a.id, a.category) for a in plan(prompt, seed=3).assets]
    assert first == [(a.id, a.category) for a in plan(prompt, seed=3).assets]
    rooms = {tuple(sorted(a.category for a in plan(prompt, seed=s).assets)) for s in range(8)}
    assert len(rooms) > 1
    for room in rooms:  # what makes it a living room is in every variant
        assert {"sofa", "tv", "coffee table"} <= set(room)


def test_minimal_drops_the_optional_items_and_styles_add_theirs() -> None:
    minimal = [kinds("a minimal living room", seed=s) for s in range(4)]
    assert all(m["bookshelf"] == 0 and m["plant"] == 0 for m in minimal)
    assert kinds("a cozy living room")["fireplace"] == 1
    assert kinds("a bedroom for a child who loves space")["telescope"] == 1


def test_outdoor_archetype_makes_an_outdoor_program() -> None:
    program = code(plan("a beach"))
    assert program.bounds.max[2] >= 8.0  # the coder's outdoor area (taller, larger)
    assert code(plan("a bathroom")).bounds.max[2] < 8.0


def test_words_not_about_the_room_are_still_reported() -> None:
    graph = plan("a kitchen that smells of cinnamon and regret")
    assert any("cinnamon" in part or "regret" in part for part in graph.unparsed)
    assert plan("a campsite at night").unparsed == ["at night"]  # no lighting from the offline planner


@pytest.mark.slow
@pytest.mark.parametrize("prompt", ["a cozy living room", "a bathroom", "a campsite", "a home office",
                                    "a conference room for 8 people"])
def test_furnished_rooms_solve_with_their_relations_and_physics(prompt: str) -> None:
    from setdresser.blender_addon.core.solver.api import solve

    graph = plan(prompt)
    layout = solve(code(graph), seed=0, effort=3.333, prompt=prompt)
    assert layout.checks.valid, layout.checks.to_dict()
    failed = [c.relation + str(c.args) for c in layout.constraints if not c.satisfied]
    assert not failed
