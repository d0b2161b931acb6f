"""Words that change what a count means, read over the tokens: "exactly two chairs" (a mode),
"two dozen" (a multiplier), "about a dozen" (roughly), "two more chairs" and "another five"
(new ones: "five chairs against the west wall and another five against the east wall" is five
more chairs, of the kind named before when no noun follows).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tokentype import Token

if TYPE_CHECKING:
    from .lexicon import Lexicon

ANOTHER = "another"


def read_counts(lex: Lexicon, tokens: list[Token]) -> list[Token]:
    """The tokens with each count's mode, multiplier and "more" folded into it; a noun that opens
    a sentence or clause before an article is a verb (:func:`.steps.noun_verbs`)."""
    from .steps import noun_verbs  # steps reads tokens: imported when the tokenizer runs
    out: list[Token] = []
    tokens = _bare_ordinals(noun_verbs(lex.imperative_nouns, tokens))  # "Park a car"; "and a third by the door"
    for token in tokens:
        if token.kind == "COUNT" and out and out[-1].kind == "COUNT" and token.text in lex.count_multipliers:
            out[-1] = Token("COUNT", f"{out[-1].text} {token.text}", out[-1].value * token.value)  # "two dozen"
            continue
        if token.kind == "WORD" and token.text == "more" and out and out[-1].kind == "COUNT":
            out[-1] = Token("COUNT", f"{out[-1].text} more", out[-1].value, {**out[-1].params, "more": True})
            continue  # "two more chairs", "a couple more": the count is of new ones
        if _another_count(token, out):  # "another five (chairs)": five more
            out[-1] = Token("COUNT", f"{out[-1].text} {token.text}", token.value, {**token.params, "more": True})
            continue
        if token.kind == "COUNT" and out and out[-1].text in lex.approximate_words:
            out[-1] = Token("FILL", out[-1].text)  # "about a dozen books": a dozen, roughly
        if token.kind == "COUNT" and out and out[-1].text in lex.count_modes:
            out[-1] = Token("DET", out[-1].text, "count_mode", {"mode": lex.count_modes[out[-1].text]})
        elif token.kind == "COUNT" and len(out) > 1 and f"{out[-2].text} {out[-1].text}" in lex.count_modes:
            mode = lex.count_modes[f"{out[-2].text} {out[-1].text}"]  # "at least": REL "at" + "least"
            out[-2:] = [Token("DET", f"{out[-2].text} {out[-1].text}", "count_mode", {"mode": mode})]
        out.append(token)
    return out


def _another_count(token: Token, out: list[Token]) -> bool:
    """Whether ``token`` is a count of two or more right after "another" ("another five", "another
    2"); "another one" stays a proform (:mod:`.parted_ones`)."""
    return token.kind == "COUNT" and isinstance(token.value, int) and token.value >= 2 \
        and bool(out) and out[-1].kind == "DET" and out[-1].text == ANOTHER


def _bare_ordinals(tokens: list[Token]) -> list[Token]:
    """"One statue in the middle, another in the corner and a third by the door": "a second",
    "a third" ... with no noun of its own is one more of the kind named before, as "another" is
    ("a third chair" keeps its noun and its count)."""
    out: list[Token] = []
    for i, token in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if token.kind == "ORD" and isinstance(token.value, int) and token.value >= 2 and out \
                and out[-1].kind == "DET" and out[-1].value == "indefinite" \
                and (nxt is None or nxt.kind not in ("WORD", "NOUN", "SIZE", "MEASURE", "COLLECT", "OF")):
            out[-1] = Token("DET", ANOTHER, ANOTHER)
            continue
        out.append(token)
    return out
