"""The sides of a room are its side walls (issue 14 counts9): "three chairs on each side of the
room", "benches along both sides of the hall" stand against the two side walls, as "three chairs
along both side walls" do, and "lockers on each side wall" against both of them, three or five
against each. The relation phrase "on each side" would otherwise take the room for an object's
side and the wall for nothing.

Read on the text before its sentences are; the room nouns are "room" and the lexicon's indoor
scene nouns ("hall", "studio", "classroom").
"""

from __future__ import annotations

import re

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
