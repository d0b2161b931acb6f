"""The viewpoint words are lexicon data (code review, session 6): ``viewpoint`` in lexicon.json
holds the phrases by which a text takes the door's point of view and names sides by the hand;
offline/reading/viewer.py holds only how they combine."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from setdresser.blender_addon.core.offline.reading.lexicon import load_lexicon
from setdresser.blender_addon.core.offline.reading.viewer import from_the_door, phrase_regex


def _thawed(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    return [_thawed(v) for v in value] if isinstance(value, (list, tuple)) else value


def test_the_bundled_phrases_turn_hands_into_compass_sides() -> None:
    text = ("As you walk in through the door on the east wall, the sofa is on your left and a desk on the wall "
            "straight ahead.")
    assert from_the_door(text) == ("The door is on the east wall. The sofa is on the south side of the room and a "
                                   "desk on the west wall.")


def test_a_phrase_added_to_the_data_is_read_without_code() -> None:
    lex = load_lexicon()
    text = "The moment you walk in, the bed is on the right."
    assert from_the_door(text, lex) == text  # not a bundled phrase
    words = _thawed(lex.viewpoint)  # the cached lexicon is read-only: an own, writable copy
    words["views"].append("the moment you {walk} {in}")
    words["slots"]["hand"] = [*words["slots"]["hand"], "starboard"]
    words["hands"]["starboard"] = 1
    extended = dataclasses.replace(lex, viewpoint=words)
    assert from_the_door(text, extended) == "The door is on the south wall. The bed is on the east side of the room."
    assert from_the_door("Seen from the door, a lamp is on the starboard.", extended).endswith(
        "on the east side of the room.")


def test_a_phrase_is_matched_with_any_spacing_and_slots_in_their_order() -> None:
    slots = {"hand": ["left", "right"], "x": ["a b", "a"]}
    regex = re.compile(phrase_regex(["the {hand}-hand wall", "wall {x}"], slots))
    said = ("the \tleft hand  wall", "the right-hand wall", "the left  hand wall", "the left--hand wall")
    assert [regex.fullmatch(t) is not None for t in said] == [True, True, False, False]  # a hyphen: one space
    found = regex.match("the right hand wall")
    assert found is not None and found.group(1) == "right"  # the hand is captured
    assert [m.group(0) for m in regex.finditer("wall a b, wall a")] == ["wall a b", "wall a"]


def test_a_phrase_never_ends_inside_a_word() -> None:
    """"door" is not the start of "doorway" (which left "Way," behind), nor "on the left" of "on the
    lefty", nor "the wall in front of you" of "the wall in front of your desk"."""
    assert from_the_door("Seen from the doorway, the bed is on the left.") == (
        "The door is on the south wall. The bed is on the west side of the room.")
    assert from_the_door("As you walk in, the dog is on the lefty side.").endswith("The dog is on the lefty side.")
    assert from_the_door("As you walk in, the lamp is on the wall in front of your desk.").endswith(
        "The lamp is on the wall in front of your desk.")
    assert from_the_door("As you walk in, the sofa is on the leftmost wall.").endswith("on the leftmost wall.")
    regex = re.compile(phrase_regex(["the {x}"], {"x": ["door", "doorway"]}))
    assert [m.group(0) for m in regex.finditer("the doorway, the door.")] == ["the doorway", "the door"]
    assert regex.search("the doorstep") is None


def test_a_slot_may_be_followed_by_letters_in_a_phrase() -> None:
    """"the lefthand wall", "on your righthand side": a slot's phrase inside a closed compound."""
    assert from_the_door("Seen from the entryway, a desk on the lefthand wall and a bed on your righthand side.") == (
        "The door is on the south wall. A desk on the west wall and a bed on the east side of the room.")
