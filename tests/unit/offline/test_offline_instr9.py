"""Multi-sentence instructions (issue 14, dev set instr9): whole clauses the reader dropped or bound
to the wrong thing. "another five" after a counted group is five more of that kind, placed where
its own clause says ("five chairs against the west wall and another five against the east wall")."""

from __future__ import annotations

import pytest
from planned import counts, planned, walls


@pytest.mark.parametrize("prompt, what, n", [
    ("Line up five chairs against the west wall and another five against the east wall.", "chair", 10),
    ("Put two lamps on the desk and another two on the shelf.", "lamp", 4),
    ("Hang three posters on the north wall and another 2 on the south wall.", "poster", 5),
    ("Put a chair by the window and another one by the door.", "chair", 2),
])
def test_another_with_a_count_is_that_many_more(prompt: str, what: str, n: int) -> None:
    assert counts(planned(prompt), head=True)[what] == n


def test_another_count_takes_its_own_place() -> None:
    graph = planned("Line up four benches against the west wall and another four against the east wall.")
    sides = sorted(walls(graph).values())
    assert sides == ["east"] * 4 + ["west"] * 4
