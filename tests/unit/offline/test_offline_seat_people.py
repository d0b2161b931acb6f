"""People at tables sit (issue 13 leftovers): a table the text gave no seats gets a seat for each
figure put *at* it ("people at the tables" in a cafe whose own tables replaced the archetype's, with
their chairs), so the posture data seats them; a figure standing next to a table, or a waiter,
stands."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.solver.api import solve

PEOPLE = ("person", "man", "woman", "child", "customer")


def _seated(prompt: str) -> tuple[int, int]:
    """(figures at tables, of them resting on a seat) after solving."""
    program = code(plan(prompt))
    layout = solve(program, seed=0, effort=0.1)
    by_id = {o.id: o for o in layout.objects}
    figures = [o for o in layout.objects if o.category in PEOPLE]
    on_seats = [f for f in figures if f.support in by_id and by_id[f.support].category in ("chair", "stool", "bench")]
    return len(figures), len(on_seats)


@pytest.mark.parametrize("prompt", [
    "a cafe with four small tables and people at the tables",
    "two people sitting at a table",
    "a woman at the desk",
    "a man and a woman at a round table in the garden",
])
def test_people_at_a_table_sit_on_seats_at_it(prompt: str) -> None:
    figures, seated = _seated(prompt)
    assert figures >= 1 and seated == figures, (prompt, figures, seated)


def test_a_table_with_a_chair_and_two_people_gets_one_more_chair_in_a_ring() -> None:
    graph = plan("a small table with a chair at it and two people at it", complete=False)
    chairs = [a.id for a in graph.assets if a.category == "chair"]
    assert len(chairs) == 2
    rings = [r for r in graph.relations if r.relation == "around"]
    assert rings and set(chairs) <= set(graph.relation_args(rings[0].id))


@pytest.mark.parametrize("prompt", ["a man standing next to the table", "a waiter at the table"])
def test_a_figure_beside_a_table_or_a_waiter_stands(prompt: str) -> None:
    graph = plan(prompt, complete=False)
    assert not [a for a in graph.assets if a.category == "chair"], [a.category for a in graph.assets]
