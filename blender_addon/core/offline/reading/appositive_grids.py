"""A grid said after its noun, set off by a comma ("chairs for the audience, four rows of six,
all facing the stage"; "Put desks in the classroom, three rows of five."): the rows and their
length are said of the nearest plural noun before it, as if said before that noun ("four rows
of six chairs"), instead of standing alone as a phrase with no object (issue 14)."""

from __future__ import annotations

from ...assets.phrase import singular
from .tokentype import Token

NOUNS = ("WORD", "NOUN")
NOT_BEFORE_NOUN = frozenset({"COUNT", "COLLECT"})  # "three chairs, two rows of ...": counted already


def grids_after_nouns(tokens: list[Token]) -> list[Token]:
    """``tokens`` with each comma-set grid moved before the plural noun it describes."""
    out = list(tokens)
    for i, token in enumerate(out):
        if not _apposed_grid(out, i):
            continue
        start = _plural_phrase_start(out, i - 1)
        if start is None:
            continue
        del out[i - 1:i + 1]  # the comma and the grid
        if start > 0 and _uncounted_grid(out[start - 1]):
            out[start - 1] = token  # "rows of chairs ..., three rows of five": these rows
        else:
            out.insert(start, token)
    return out


def _apposed_grid(tokens: list[Token], i: int) -> bool:
    """A grid with its rows counted, after a comma, no noun of its own after it."""
    token = tokens[i]
    if token.kind != "COLLECT" or token.value != "grid" or not token.params.get("rows") or i < 2:
        return False
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    return tokens[i - 1].kind == "SEP" and tokens[i - 1].text == "," and (
        after is None or after.kind not in ("WORD", "NOUN", "DET", "COUNT", "OF"))


def _plural_phrase_start(tokens: list[Token], end: int) -> int | None:
    """Where the noun phrase of the nearest uncounted plural noun before ``end`` starts (its
    first adjective or name word), None when there is none."""
    for k in range(end - 1, -1, -1):
        token = tokens[k]
        if token.kind not in NOUNS or singular(token.text.split()[-1]) == token.text.split()[-1]:
            continue
        start = k
        while start > 0 and tokens[start - 1].kind in NOUNS:
            start -= 1
        if start > 0 and tokens[start - 1].kind in NOT_BEFORE_NOUN and not _uncounted_grid(tokens[start - 1]):
            return None
        return start
    return None


def _uncounted_grid(token: Token) -> bool:
    """"rows of" with no count ("rows of chairs"): a later ", three rows of five" says how many."""
    return token.kind == "COLLECT" and token.value == "grid" and not token.params.get("cols")
