"""Whether a scene noun names an indoor scene, the room itself ("a hall", "the studio", "a
bedroom"; not "a street" or "a town"): the one test for the readers that take such a noun as the
room ("at the back of the hall": the room's back; "the bedroom is square": the room's shape). The
lexicon's ``scene_nouns`` say each scene noun's setting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..reading.lexicon import Lexicon


def is_indoor_scene(lex: Lexicon, noun: str | None) -> bool:
    """Whether ``noun`` is a scene noun the lexicon sets indoors ("hall", "bedroom", "studio")."""
    return noun is not None and lex.scene_nouns.get(noun) == "indoor"
