"""A room's archetype adds nothing the user already named by another word: a toy box is the
child's bedroom's toy chest, a mic stand its microphone, and a keyboard standing in a music studio
(no desk under it) is its piano, while a keyboard on a desk stays a computer keyboard."""

from __future__ import annotations

import pytest
from planned import planned


def _categories(prompt: str) -> list[str]:
    return [a.category for a in planned(prompt, complete=True).assets]


@pytest.mark.parametrize("prompt, kinds, expected", [
    ("A child's bedroom with a bunk bed and a toy box at its foot.", ("toy box", "toy chest", "chest"), 1),
    ("A recording studio with a mic stand in the middle.", ("mic stand", "microphone", "microphone stand"), 1),
    ("A music studio with a keyboard against the west wall.", ("keyboard", "piano"), 1),
])
def test_the_archetype_does_not_add_what_the_user_named_by_another_word(prompt: str, kinds: tuple[str, ...],
                                                                      expected: int) -> None:
    assert sum(_categories(prompt).count(k) for k in kinds) == expected


def test_a_keyboard_on_a_desk_stays_a_computer_keyboard() -> None:
    found = _categories("An office with a desk and a keyboard on the desk.")
    assert "keyboard" in found and "piano" not in found
