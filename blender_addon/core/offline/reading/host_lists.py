"""A sentence that lists table-top things at the places of a host it does not name belongs to
the host the sentence before was about, as a list after a colon does (issue 14, paraphrases):
"Organize my desk for studying. Laptop in the middle, lamp on the left, stack of books on the
right." reads as "... a desk for studying: laptop in the middle, ...". Only things that stand on
furniture, only places a host has (its middle, its left and right), and nothing else said.
"""

from __future__ import annotations

from .chunks import Item, group_items
from .clause import CARRIED
from .lexicon import Vocabulary
from .tokentype import Token

_SAID = ("NP", "REL", "SEP", "AND", "FILL")  # a list of things and their places, nothing else


def lists_on_host(tokens: list[Token], vocab: Vocabulary) -> bool:
    """Whether the sentence only lists table-top things at a host's places (see the module)."""
    items = group_items(tokens, vocab)
    if not items or any(i.kind not in _SAID for i in items):
        return False
    things = [i.np for i in items if i.kind == "NP" and i.np is not None and i.np.kind == "asset"]
    places = [i.np for i in items if i.kind == "NP" and i.np is not None and i.np.kind == "location"]
    if not things or any(p.location != "middle" for p in places):
        return False
    if not all(vocab.roles(np.head) & CARRIED for np in things):
        return False
    return any(_host_place(item, items[n + 1:]) for n, item in enumerate(items))


def _host_place(item: Item, rest: list[Item]) -> bool:
    """"on the left" (a side of what the list is on) or "in the middle" (its middle)."""
    if item.kind != "REL" or item.token is None:
        return False
    middle = bool(rest) and rest[0].np is not None and rest[0].np.location == "middle"
    return bool(item.token.params.get("implicit")) or middle
