"""Cached data every caller shares is read-only (code review, issue 14): the lexicon, the object
knowledge base, the archetypes, occasions, setting words, senses, implied things and activities are
loaded once per process, so a caller that wrote into one would change every later plan. Their
loaders cache them with ``datafiles.read_only_cache``: a write raises."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from setdresser.blender_addon.core.datafiles import read_only_cache
from setdresser.blender_addon.core.knowledge.archetypes import load_archetypes
from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.knowledge.occasions import load_occasions
from setdresser.blender_addon.core.offline.inference.activities import load_activities
from setdresser.blender_addon.core.offline.inference.implied import load_implied
from setdresser.blender_addon.core.offline.reading.lexicon import load_lexicon
from setdresser.blender_addon.core.offline.setting.indoor_outdoor import load_setting_words
from setdresser.blender_addon.core.offline.setting.senses import load_senses

WRITES: list[tuple[str, Callable[[], Any]]] = [
    ("lexicon numbers", lambda: load_lexicon().numbers.__setitem__("zillion", 10)),
    ("lexicon word list", lambda: load_lexicon().word_lists["possessives"].append("thy")),  # type: ignore[attr-defined]
    ("lexicon viewpoint", lambda: load_lexicon().viewpoint.clear()),  # type: ignore[attr-defined]
    ("lexicon relation params", lambda: next(p for _, p in load_lexicon().relation_phrases.values() if p)
     .__setitem__("leak", 1)),
    ("knowledge postures", lambda: load_knowledge().postures.__setitem__("x", None)),
    ("knowledge size words", lambda: load_knowledge().size_words.pop(next(iter(load_knowledge().size_words)))),
    ("archetype capacity words", lambda: load_archetypes().capacity_words.__setitem__("horde", 50)),
    ("archetype list", lambda: load_archetypes().archetypes.append(None)),  # type: ignore[attr-defined]
    ("occasions", lambda: load_occasions().occasions.append(None)),  # type: ignore[attr-defined]
    ("setting words", lambda: load_setting_words().strong.__setitem__("indoor", ())),
    ("senses", lambda: load_senses().__setitem__("bat", ())),
    ("implied contents", lambda: load_implied().contents.__setitem__("jar", ("jam", frozenset()))),
    ("activities", lambda: load_activities().activities.append(None)),  # type: ignore[attr-defined]
]


@pytest.mark.parametrize(("what", "write"), WRITES, ids=[w for w, _ in WRITES])
def test_a_write_into_shared_data_raises(what: str, write: Callable[[], Any]) -> None:
    with pytest.raises((TypeError, AttributeError)):
        write()


def test_the_cache_hands_out_one_frozen_value_and_can_be_cleared() -> None:
    calls: list[int] = []

    @read_only_cache(maxsize=2)
    def load(n: int) -> dict[str, list[int]]:
        calls.append(n)
        return {"values": [n, n]}

    first = load(1)
    assert first is load(1) and calls == [1]
    assert first["values"] == (1, 1)
    with pytest.raises(TypeError):
        first["values"] = ()  # type: ignore[index]
    load.cache_clear()
    assert load(1) is not first and calls == [1, 1]
