"""Number agreement across a compound (issue 14, dev set instr8): "a tall plant stands in the
corner" is one plant that stands, not plant stands: a known compound ending in a plural word that
is also a verb ("plant stands") after a determiner of one thing ("a", "an", "each", with describing
words between) is its first words and that verb ("a chest of drawers" keeps its name)."""

from __future__ import annotations

from collections.abc import Callable

from ...assets.phrase import singular
from .tokens import SINGULAR_DETERMINERS
from .tokentype import Token


def singular_compounds(tokens: list[Token], describes: Callable[[str], bool],
                       table: dict[tuple[str, ...], Token]) -> list[Token]:
    """The tokens with each plural-ending compound noun after a singular determiner split into words
    when the phrase ``table`` reads its last word alone as a verb ("stands"; ``describes``: whether a
    word only describes the noun, "tall", "big")."""
    out: list[Token] = []
    for i, token in enumerate(tokens):
        words = token.text.split()
        verb = table.get((words[-1],)) if len(words) > 1 and singular(words[-1]) != words[-1] else None
        if token.kind == "NOUN" and verb is not None and verb.kind == "FILL" and _after_one(tokens, i, describes):
            out += [Token("WORD", word) for word in words[:-1]] + [verb]
            continue
        out.append(token)
    return out


def _after_one(tokens: list[Token], i: int, describes: Callable[[str], bool]) -> bool:
    j = i - 1
    while j >= 0 and tokens[j].kind == "WORD" and describes(tokens[j].text):
        j -= 1
    return j >= 0 and tokens[j].kind == "DET" and tokens[j].text in SINGULAR_DETERMINERS
