"""Body parts and held gear are no things of their own (issue 14, session 15, actors15).

"a collie trotting at his heels", "a tabby asleep on his lap", "a baby in her arms", "a kitten at her
feet": a person's or an animal's body part after a possessive stands for its owner, so the thing is
*at* that person (were boxes called "heel", or a cat on nothing, 17 m from grandpa). "A barber trims
a customer's beard": the customer (the possessive's "'s" is gone by now: a body part right after a
living thing's noun is that thing's). "A jogger with her dalmatian on a lead", "a walker with four
dogs on leads": the lead is held gear, no object, and its phrase no place (were "lead" boxes with the
dogs on them, far from the walker). The words are data (closed words ``body_parts``, ``held_gear``).
"""

from __future__ import annotations

from .closed_words import word_set
from .compound_heads import living
from .tokentype import Token

BODY_PARTS = word_set("body_parts")  # "heels", "lap", "arms", "beard", "hoof"
HELD_GEAR = word_set("held_gear")  # "lead", "leash", "reins"
OWNERS = {"his": "him", "her": "her", "its": "it", "their": "them"}  # the possessive -> its pronoun
CARRYING = ("on", "in", "inside", "on top of")  # "on his lap", "in her arms": at the owner, not on or in it
LINKS = ("on", "in", "with")  # "on a lead", "on leads", "with a lead"


def owned_parts(tokens: list[Token], table: dict[tuple[str, ...], Token], pronouns: dict[str, str]) -> list[Token]:
    """The tokens with each owned body part said as its owner ("at his heels" -> "at him"; a place
    phrase of carrying, "on his lap", is "at" the owner), a part after a living thing's noun dropped
    ("a customer's beard" -> "a customer"), and a held gear's phrase dropped ("on a lead")."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        part = _owned_part(tokens, i)
        if part:
            pronoun = OWNERS[token.text]
            if out and out[-1].kind == "REL" and out[-1].text in CARRYING and ("at",) in table:
                at = table[("at",)]
                out[-1] = Token(at.kind, at.text, at.value, dict(at.params))
            out.append(Token("PRON", pronoun, pronouns.get(pronoun, "someone")))
            i += part
            continue
        gear = _held_gear(tokens, i)
        if gear:
            i += gear
            continue
        if _parts_owner_said(tokens, i, out):
            i += 1  # "a customer's beard": the customer
            continue
        out.append(token)
        i += 1
    return out


def _parts_owner_said(tokens: list[Token], i: int, out: list[Token]) -> bool:
    """Whether token ``i`` is a body part ending a noun phrase right after a living thing's noun ("a
    customer's beard"; not "a fox fur rug")."""
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    return tokens[i].kind == "WORD" and tokens[i].text in BODY_PARTS and bool(out) and out[-1].kind == "WORD" \
        and living(out[-1].text) and (after is None or after.kind not in ("WORD", "NOUN"))


def _owned_part(tokens: list[Token], i: int) -> int:
    """How many tokens from ``i`` say a possessive and a body part ("his heels", "her little lap"), else 0."""
    if tokens[i].kind not in ("DET", "PRON") or tokens[i].text not in OWNERS:
        return 0
    for j in range(i + 1, min(i + 3, len(tokens))):
        if tokens[j].kind != "WORD":
            return 0
        if tokens[j].text in BODY_PARTS:
            return j - i + 1
    return 0


def _held_gear(tokens: list[Token], i: int) -> int:
    """How many tokens from ``i`` say a held gear's phrase ("on a lead", "on leads", "with long reins"), else 0."""
    if tokens[i].kind not in ("REL", "WITH") or tokens[i].text not in LINKS:
        return 0
    for j in range(i + 1, min(i + 4, len(tokens))):
        if tokens[j].kind == "WORD" and tokens[j].text in HELD_GEAR:
            return j - i + 1
        if tokens[j].kind not in ("DET", "WORD", "COUNT"):
            return 0
    return 0
