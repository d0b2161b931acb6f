"""A room made into another (issue 14, instruction wording): "Turn the spare room into a home
office.", "We're converting the garage into a gym with a treadmill." The room asked for is the
one after "into"; read word by word, the room before it set the scene (a spare room's bed and
wardrobe, a garage's car) and the one after was left unread or made an object ("a chess club").
:func:`room_conversions` says it as a request for the new room ("Set up a home office."). Only a
phrase whose last words name an indoor scene (the lexicon's ``scene_nouns``) or a room noun is a
room; "turn the chairs into a circle" stays as it is. The verbs are data (``closed_words.json``).
"""

from __future__ import annotations

import re

from ..setting.indoor_scene import is_indoor_scene
from .closed_words import word_tuple
from .lexicon import Vocabulary

VERBS = word_tuple("room_conversion_verbs")
OWNERS = word_tuple("room_conversion_owners")
MAX_ROOM_WORDS = 3  # "the small back room"
_ALT = "|".join(sorted(VERBS, key=len, reverse=True))
_OWN = "|".join(OWNERS)
_CONVERSION = re.compile(
    rf"\b({_ALT})\s+(?:{_OWN})\s+((?:[a-z'-]+\s+){{0,{MAX_ROOM_WORDS - 1}}}[a-z'-]+)\s+into\s+(?=(?:an?|the|my|our)\s)",
    re.IGNORECASE)


def room_conversions(text: str, vocab: Vocabulary) -> str:
    """The text with each "<verb> <room> into <new room>" said as "set up <new room>"."""
    def say(match: re.Match[str]) -> str:
        if not _is_room(match.group(2).lower(), vocab):
            return match.group(0)
        verb = match.group(1)
        words = "setting up " if verb.lower().endswith("ing") else "set up "
        return (words.capitalize() if verb[0].isupper() else words)
    return _CONVERSION.sub(say, text)


def _is_room(words: str, vocab: Vocabulary) -> bool:
    """Whether the phrase's last words name an indoor scene or a room ("the back room", "my garage")."""
    names = words.split()
    return any(is_indoor_scene(vocab.lexicon, " ".join(names[i:])) for i in range(len(names))) or names[-1] == "room"
