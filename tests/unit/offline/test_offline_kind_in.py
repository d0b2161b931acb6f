"""setting.ground.kind_in: one test of "this category or its knowledge-base category is one of these
names", shared by boats (floating), waterside structures, wet ground and fire safety."""

from __future__ import annotations

from setdresser.blender_addon.core.offline.setting.ground import kind_in


def test_by_the_word_or_by_its_knowledge_base_category() -> None:
    boats = frozenset({"boat", "raft"})
    assert kind_in("boat", boats)  # the word itself
    assert kind_in("sailboat", boats) and kind_in("dinghy", boats)  # its category: a boat, a raft
    assert not kind_in("sofa", boats) and not kind_in("no such thing at all", boats)
    assert kind_in("wharf", frozenset({"pier"}))
