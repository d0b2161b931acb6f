"""A small seat "under" a table-like thing is written tucked (relation under v4, param ``tucked``): a stool
low enough to stand beneath a dressing table is pushed in at its front, facing it, as a user means "tuck a
stool under the dressing table" (the fidelity checks read it as in front, at most 20 cm off); what is not a
seat (a box, a cat) or not under a table keeps the plain "beneath"."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import code, plan


def _under(prompt: str) -> list[tuple[tuple[str, ...], dict]]:
    program = code(plan(prompt, complete=False))
    return [(tuple(c.args), dict(c.params)) for c in program.constraints if c.relation == "under"]


@pytest.mark.parametrize("prompt, seat", [
    ("a dressing table against the west wall and a stool tucked under it", "stool_1"),
    ("a desk against the north wall with an office chair under it", "office_chair_1"),
])
def test_a_seat_under_a_table_is_tucked_in(prompt: str, seat: str) -> None:
    found = _under(prompt)
    assert [args[0] for args, _ in found] == [seat]
    assert all(params.get("tucked") is True for _, params in found)  # old main: no tucked (no such param)


def test_a_box_under_the_desk_lies_beneath() -> None:
    found = _under("a desk against the north wall with a box under it")
    assert found and all(not params.get("tucked") for _, params in found)
