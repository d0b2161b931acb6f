"""A definite phrase names things again by another name only when the name is a synonym (issue 14,
dev set instr8): "the teacher's mat" after eight mats is a ninth mat, since "teacher's" makes no other
name for a mat; "the bedside table" after a nightstand, "the sofa" after a couch are those again."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def test_a_described_thing_of_the_same_kind_is_a_new_one() -> None:
    prompt = "Lay out eight mats in two rows of four. The teacher's mat goes at the front, facing the class."
    categories = [a.category for a in plan(prompt, complete=False).assets]
    assert len(categories) == 9 and all(c.split()[-1] == "mat" for c in categories)


@pytest.mark.parametrize("prompt, want", [
    ("A nightstand. The bedside table has a lamp on it.", ["lamp", "nightstand"]),
    ("A couch. The sofa is red.", ["couch"]),
    ("Eight yoga mats. The mat at the front is blue.", ["yoga mat"] * 8),
    ("A chest of drawers against the wall, with a mirror above the chest.", ["chest of drawers", "mirror"]),
])
def test_a_synonym_or_shorter_name_still_names_it_again(prompt: str, want: list[str]) -> None:
    assert sorted(a.category for a in plan(prompt, complete=False).assets) == want
