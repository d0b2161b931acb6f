"""Hyphened words ending in a particle (issue 14, dev set instr8): "a walk-in dressing room", "a
built-in bookcase" describe the noun after them (no "walk" or "built" box, no place "in"); a known
name that goes on with the pair keeps it ("a walk-in closet" is the walk-in closet room)."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt, want", [
    ("A walk-in dressing room. A dressing table sits against the north wall.", ["dressing table"]),
    ("A built-in bookcase by the fireplace.", ["bookcase", "fireplace"]),
    ("Add a pop-up tent.", ["tent"]),
])
def test_a_particle_compound_describes_the_noun_after_it(prompt: str, want: list[str]) -> None:
    assert sorted(a.category for a in plan(prompt, complete=False).assets) == want


def test_a_known_name_with_the_pair_keeps_it() -> None:
    categories = [a.category for a in plan("a walk-in closet").assets]
    assert "clothes rack" in categories and not any(c in ("walk", "closet") for c in categories)
