"""The sides of a room are its side walls (issue 14 counts9): "three chairs on each side of the
room", "benches along both sides of the hall" stand against the two side walls, as "three chairs
along both side walls" do, and "lockers on each side wall" against both of them, three or five
against each. The relation phrase "on each side" would otherwise take the room for an object's
side and the wall for nothing.

Read on the text before its sentences are; the room nouns are "room" and the lexicon's indoor
scene nouns ("hall", "studio", "classroom"). "Against the west one" after "the east wall" is "against
the west wall" (:func:`compass_ones`, session 12).
"""

from __future__ import annotations

import re

from ...assets.phrase import singular
from .closed_words import word_pattern
from .lexicon import Vocabulary
from .sentences import each_sentence
from ..setting.indoor_scene import is_indoor_scene

_ROOM_SIDES = re.compile(r"\b(each|either|both)\s+sides?\s+of\s+the\s+([a-z]+)\b", re.I)
_SIDE_WALL = re.compile(r"\b(each|every)\s+side\s+wall\b", re.I)
_EACH_SIDE = re.compile(r"\b(on|along|against|down)\s+each\s+side\b(?!\s+of\b)", re.I)
_WALLS = "both side walls"


def room_sides(text: str, vocab: Vocabulary) -> str:
    """The text with "each/either/both side(s) of the <room>" and "each side wall" said "both side
    walls", and a share after it in its sentence ("..., four on each side") said "four on each" (of
    the walls); the text itself when it has none."""
    def walls(match: re.Match[str]) -> str:
        room = match.group(2).lower()
        return _WALLS if room == "room" or is_indoor_scene(vocab.lexicon, room) else match.group(0)

    def said(sentence: str) -> str:
        new = _SIDE_WALL.sub(_WALLS, _ROOM_SIDES.sub(walls, sentence))
        return _EACH_SIDE.sub(r"\1 each", new) if new != sentence else new
    return each_sentence(text, said)


_COMPASS = rf"(?:{word_pattern('compass_sides')})(?:[- ]?(?:{word_pattern('compass_second_sides')}))?"
_COMPASS_ONE = re.compile(rf"\b(the|that)\s+({_COMPASS})\s+(ones?)\b", re.IGNORECASE)
_COMPASS_PLACE = re.compile(rf"\b{_COMPASS}\s+({word_pattern('compass_one_nouns')})\b", re.IGNORECASE)


def compass_ones(text: str) -> str:
    """"Two shoe racks against the east wall and another against *the west one*": "the west wall" -- a
    compass side with "one" stands for the room part said last with a compass side (a wall, a corner,
    a side), not a thing called "west"; the text itself when none was said before."""
    def said(match: re.Match[str]) -> str:
        before = list(_COMPASS_PLACE.finditer(text, 0, match.start()))
        if not before:
            return match.group(0)
        noun = singular(before[-1].group(1).lower())
        return f"{match.group(1)} {match.group(2)} {noun if match.group(3).lower() == 'one' else noun + 's'}"
    return _COMPASS_ONE.sub(said, text)
