"""A user's thing of an archetype item's kind stands in for the item though the knowledge base
does not say who sits at it ("a grand piano" is the music room's piano, "a mixing desk" the
studio's): the room gets one, not the user's and the archetype's. Tables still must be sat at
alike (a pool table is no bar's round table)."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan


def _kinds(prompt: str) -> Counter[str]:
    return Counter(a.category for a in plan(prompt, complete=True).assets)


@pytest.mark.parametrize("prompt, own, generic", [
    ("a music room with a grand piano in one corner", "grand piano", "piano"),
    ("a recording studio: a mixing desk under the window", "mixing desk", "mixing desk"),
    ("a home office with a standing desk", "standing desk", "desk"),
])
def test_a_users_variant_replaces_the_archetypes_item(prompt: str, own: str, generic: str) -> None:
    kinds = _kinds(prompt)
    assert kinds[own] == 1
    assert kinds[generic] == (1 if generic == own else 0)


def test_a_pool_table_leaves_the_bars_tables() -> None:
    kinds = _kinds("a bar with a pool table")
    assert kinds["pool table"] == 1 and kinds["table"] >= 1

