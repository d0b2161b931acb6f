"""Which thing a word means by place and context (issue 14, senses.json ``near`` and ``places``): a
bench in a lab is a lab bench, one of seedlings a work bench; a bar loaded with plates is a barbell
and its plates weight plates; stalls with horses are stable partitions; beds of potatoes are garden
beds; a couch in a physio room is a treatment table; a dresser of plates in a farmhouse kitchen a
Welsh dresser. The same words elsewhere keep their everyday sense."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.setting.senses import Context, Sense, choose, load_senses


def _categories(prompt: str) -> list[str]:
    return [a.category for a in plan(prompt).assets]


@pytest.mark.parametrize("prompt, word, category", [
    ("a biology lab with two benches and a microscope on each", "bench", "lab bench"),
    ("a greenhouse with potting benches down both sides", "bench", "workbench"),
    ("a garden centre with long benches of seedlings", "bench", "workbench"),
    ("a powerlifting gym with a bar loaded with plates", "bar", "barbell"),
    ("a powerlifting gym with a bar loaded with plates", "plate", "weight plate"),
    ("a stable with two stalls and a pony in each", "stall", "stall partition"),
    ("an allotment with two beds of potatoes and a shed", "bed", "flower bed"),
    ("a physio room with a couch and a desk", "couch", "examination table"),
    ("a farmhouse kitchen with a dresser of blue plates", "dresser", "hutch"),
    ("a music room with a grand and a stool at the keys", "grand", "grand piano"),
    ("a gospel choir rehearsing around a keyboard", "keyboard", "piano"),
    ("a dental surgery with a tray of instruments beside the chair", "instrument", "medical tool"),
    ("a print shop with an iron press and a stack of paper", "press", "printing machine"),
    ("a cider barn with a wooden press and barrels", "press", "pressing machine"),
    ("a mechanic's garage with a van on a lift", "lift", "lift platform"),
    ("a beekeeper with a veil and a smoker by the hives", "smoker", "smoker can"),
])
def test_the_place_and_the_words_around_a_noun_pick_its_sense(prompt: str, word: str, category: str) -> None:
    found = _categories(prompt)
    assert category in found, (prompt, found)
    assert word not in found, (prompt, found)


@pytest.mark.parametrize("prompt, kept", [
    ("a bedroom with a bed, a dresser and a lamp", ["bed", "dresser"]),
    ("a tapas bar with plates of food on the bar", ["plate"]),
    ("a park with a bench under a tree", ["bench"]),
    ("a living room with a couch facing the tv", []),
    ("a music shop with instruments on the walls", []),
    ("an office with a keyboard on the desk", ["keyboard"]),
    ("a reading lamp by the sofa and a small plant beside the tv stand", ["tv stand"]),
    ("a mic stand in the middle of the room and a music stand next to it", ["mic stand", "music stand"]),
])
def test_the_same_words_elsewhere_keep_their_everyday_sense(prompt: str, kept: list[str]) -> None:
    found = _categories(prompt)
    assert all(k in found for k in kept), (prompt, found)
    senses = {"lab bench", "workbench", "barbell", "weight plate", "flower bed", "examination table", "hutch",
              "medical tool", "piano", "plant stand", "microphone stand"}
    assert not senses & set(found), (prompt, found)


def test_near_words_decide_before_place_words_and_the_scene() -> None:
    senses = (Sense("a", near=frozenset({"seedling"})), Sense("b", places=frozenset({"lab"})),
              Sense("c", scenes=frozenset({"x"})))
    assert choose(senses, None, "x", "indoor", False, Context(frozenset({"seedling"}), "a lab")) == "a"
    assert choose(senses, None, "x", "indoor", False, Context(frozenset(), "a science lab")) == "b"
    assert choose(senses, None, "x", "indoor", False, Context(frozenset(), "a laboratory")) == "c"
    assert choose(senses, None, None, "indoor", False, Context(frozenset(), "labrador")) is None


def test_every_sense_of_the_table_says_when_it_applies() -> None:
    for noun, senses in load_senses().items():
        for sense in senses:
            assert sense.category, noun
            assert sense.supports or sense.scenes or sense.settings or sense.wall or sense.near or sense.places, noun
