"""'Between each pair of them', 'between each pair', 'between every two' (dev set counts12, issue 14,
class "count"): a pair said with no noun of its own is two neighbours of the things named before, so
the phrase is "between each of them" / "between each" (one thing in every gap of the row:
:mod:`..relations.gaps`). Was one side table and 'each pair of' not understood. The pair words are
closed-word data (``gap_pair_words``)."""

from __future__ import annotations

from .closed_words import word_set
from .tokens import Token

PAIR_WORDS = word_set("gap_pair_words")  # "pair", "couple"
NOUN_KINDS = frozenset({"WORD", "NOUN", "OF"})


def each_pair(tokens: list[Token]) -> list[Token]:
    """``tokens`` with "between each pair of them" read "between each of them" and a bare "between
    each pair" / "between every two" read "between each"; "each pair of loungers" is left as it is."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        pair = tokens[i + 1] if i + 1 < len(tokens) else None
        after = tokens[i + 2] if i + 2 < len(tokens) else None
        if pair is not None and _between_each(out, token) and _says_two(pair):
            if pair.kind == "COUNT" and after is not None and after.kind == "PRON":
                out += [token, Token("OF", "of")]  # "each pair of them": each of them
                i += 2
                continue
            if after is None or after.kind not in NOUN_KINDS and not (pair.kind == "COUNT" and " of" in pair.text):
                out.append(token)  # "each pair", "every two": each
                i += 2
                continue
        out.append(token)
        i += 1
    return out


def _between_each(before: list[Token], token: Token) -> bool:
    return token.kind == "DET" and token.value == "each" and bool(before) and before[-1].kind == "REL" \
        and before[-1].value == "between"


def _says_two(token: Token) -> bool:
    return (token.kind == "WORD" and token.text in PAIR_WORDS) or (token.kind == "COUNT" and token.value == 2)
