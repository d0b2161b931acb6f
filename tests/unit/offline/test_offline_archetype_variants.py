"""A user's thing of an archetype item's kind stands in for the item though the knowledge base
does not say who sits at it ("a grand piano" is the music room's piano, "a mixing desk" the
studio's): the room gets one, not the user's and the archetype's. Tables still must be sat at
alike (a pool table is no bar's round table)."""

from __future__ import annotations

import pytest

from planned import kinds


@pytest.mark.parametrize("prompt, own, generic", [
    ("a music room with a grand piano in one corner", "grand piano", "piano"),
    ("a recording studio: a mixing desk under the window", "mixing desk", "mixing desk"),
    ("a home office with a standing desk", "standing desk", "desk"),
])
def test_a_users_variant_replaces_the_archetypes_item(prompt: str, own: str, generic: str) -> None:
    found = kinds(prompt)
    assert found[own] == 1
    assert found[generic] == (1 if generic == own else 0)


def test_a_pool_table_leaves_the_bars_tables() -> None:
    found = kinds("a bar with a pool table")
    assert found["pool table"] == 1 and found["table"] >= 1

