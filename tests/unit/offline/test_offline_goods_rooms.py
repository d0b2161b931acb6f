"""A shop named by its goods (issue 14, rooms10): the words before "shop", "store" or
"boutique" that name a thing are what it sells, not the kind of room ("a guitar shop" is
no music room, "a wedding dress shop" no wedding reception)."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline.completion.room_type import goods_words
from planned import kinds


@pytest.mark.parametrize("prompt, goods, not_there", [
    ("a guitar shop", "guitar", "piano"),
    ("a wedding dress shop", "counter", "round table"),
])
def test_a_shop_named_by_its_goods_is_a_shop(prompt: str, goods: str, not_there: str) -> None:
    found = kinds(prompt)
    assert found[goods] >= 1 and found["cash register"] == 1 and found[not_there] == 0


def test_goods_words_are_the_known_things_before_the_noun() -> None:
    assert goods_words(["wedding", "dress"]) == {"wedding", "dress"}
    assert goods_words(["tv", "repair"]) == {"tv"}
    assert goods_words(["bridal"]) == set()


def test_a_shops_goods_select_no_style() -> None:
    found = kinds("a guitar shop")
    assert found["guitar"] >= 2 and found["poster"] == 0 and found["speaker"] == 0
