"""Hyphened words ending in a particle (issue 14, dev set instr8): "a walk-in dressing room", "a
built-in bookcase", "a pull-out sofa" describe the noun after them; read as two words "in" was a
place and "walk", "built" boxes of their own. The pair is one describing word ("walk_in", as
"two_seater"), except where a known name goes on with it ("a walk-in closet": the room of that name).
"""

from __future__ import annotations

import re

from .tokentype import Token

_PARTICLE_COMPOUND = re.compile(r"\b([a-z]+)-(in|out|up|down|on|off|over)\b")
MAX_NAME_WORDS = 3  # words after the pair a known name may take ("walk in closet")


def glue_particles(text: str) -> str:
    """Lower-case text with each "<word>-<particle>" made one word ("walk_in")."""
    return _PARTICLE_COMPOUND.sub(r"\1_\2", text)


def unglue_known(words: list[str], table: dict[tuple[str, ...], Token]) -> list[str]:
    """The words with a glued pair split again where the pair and the words after it are a known
    multi-word name in the phrase ``table`` ("walk in closet")."""
    out: list[str] = []
    for i, word in enumerate(words):
        parts = tuple(word.split("_"))
        glued = len(parts) == 2 and _PARTICLE_COMPOUND.fullmatch("-".join(parts)) is not None
        if glued and any(parts + tuple(words[i + 1:i + 1 + n]) in table for n in range(1, MAX_NAME_WORDS + 1)):
            out += list(parts)
            continue
        out.append(word)
    return out
