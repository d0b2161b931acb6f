"""'Two nightstands that both have a lamp', 'three tables, all with a vase', 'two desks which each
have a monitor', 'two beds, each of which has a rug' (dev set scope13, issue 14, class "too many / too
few of a thing"): a distributive word standing alone before a with-word ("has", "with", "holding")
says what EVERY one of the things before it has, as "each with" does. Read so, the with-phrase's
scope is that of "each with" (:func:`.attachment.with_ends`: it ends where the list moves on to the
room's things). Was one lamp for two nightstands and 'that both' not understood, or the things after
"both with a lamp, and a dresser" made once per nightstand. The words are closed-word data
(``every_one_determiners``, ``relative_pronouns``)."""

from __future__ import annotations

from .closed_words import EVERY_ONE, word_set
from .tokens import Token

RELATIVES = word_set("relative_pronouns")  # "that", "which"
RELATIVE = "relative"  # a with-word's value: said in a relative clause ("two nightstands that both have ...")


def each_with(tokens: list[Token]) -> list[Token]:
    """``tokens`` with "[that/which] each|both|all <with-word>" and "each|both|all of which <with-word>"
    read as one with-word "each <with-word>", whose value is :data:`RELATIVE` when said in a relative
    clause (it is about the phrase right before) or else the distributive word ("both")."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        said = _said_of_each(tokens, i)
        if said is not None:
            width, word = said
            relative = bool(out) and out[-1].text in RELATIVES
            if relative:
                out.pop()  # "that both have": the relative clause is the with-phrase
            out.append(Token("WITH", f"each {word}", RELATIVE if relative or width == 3 else token.text))
            i += width
            continue
        out.append(token)
        i += 1
    return out


def _said_of_each(tokens: list[Token], i: int) -> tuple[int, str] | None:
    """(tokens used, the with-word) when a distributive word at ``i`` stands alone before a with-word."""
    token = tokens[i]
    if token.kind != "DET" or token.text not in EVERY_ONE or i + 1 >= len(tokens):
        return None
    nxt = tokens[i + 1]
    if nxt.kind == "WITH" and not nxt.text.startswith("each "):
        return 2, nxt.text
    after = tokens[i + 2] if i + 2 < len(tokens) else None
    if nxt.kind == "OF" and after is not None and after.kind == "WITH" and after.text.split()[0] in RELATIVES:
        return 3, " ".join(after.text.split()[1:])  # "each of which has": "each has"
    return None
