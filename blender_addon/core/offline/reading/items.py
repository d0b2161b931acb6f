"""The item a sentence is read in: a parsed noun phrase (several tokens) or one other token.

:func:`.chunks.group_items` makes them from a sentence's tokens, the folds (:mod:`.chunks`,
:mod:`.of_with`) join them, and the grammar marks those it used.
"""

from __future__ import annotations

from dataclasses import dataclass

from .phrases import NounPhrase
from .tokens import Token


@dataclass
class Item:
    """A noun phrase (several tokens) or one other token, with its text."""

    kind: str
    text: str
    token: Token | None = None
    np: NounPhrase | None = None
    used: bool = False
    of: NounPhrase | None = None  # "the middle *of the room*"
