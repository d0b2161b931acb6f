"""Number agreement across a compound (issue 14, dev set instr8): "a tall plant stands in the
south-west corner" is one plant standing there, not three plant stands; a counted or plural
"plant stands" still names plant stands."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt, want", [
    ("A tall plant stands in the south-west corner.", ["plant"]),
    ("A speaker sits in the corner and a big plant stands by the door.", ["plant", "speaker"]),
    ("Three plant stands by the window.", ["plant stand"] * 3),
    ("A wooden plant stand by the door.", ["plant stand"]),
])
def test_a_plural_word_after_one_described_thing_is_its_verb(prompt: str, want: list[str]) -> None:
    assert sorted(a.category for a in plan(prompt, complete=False).assets) == want
