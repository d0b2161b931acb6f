"""Stated sizes read from a sentence's tokens (core/stated_size.py says what each side sets):
two measures joined by "by" or "x" are one object's two sides ("a rug 3 metres by 2 metres",
"a 3 by 2 m rug", "2 m x 3 m"), and measures listed together size one object ("a desk 1.8 m
wide and 80 cm deep", "240 cm long, 100 cm wide"): the "and" or comma between them joins
nothing else."""

from __future__ import annotations

from .measures import is_number
from .tokentype import Token

BY_WORDS = frozenset({"by", "x"})


def join_sizes(tokens: list[Token]) -> list[Token]:
    """``tokens`` with each "N by M <unit>" one SIZE token (dimension ``by``, ``sides`` in
    metres) and the "and"/"," between two SIZE tokens dropped."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        pair = _by_pair(tokens, i)
        if pair is not None:
            out.append(pair[0])
            i = pair[1]
            continue
        token = tokens[i]
        listed = token.kind in ("AND", "SEP") and token.text in ("and", ",")
        if listed and out and out[-1].kind == "SIZE" and i + 1 < len(tokens) and tokens[i + 1].kind == "SIZE":
            i += 1  # "1.8 m wide and 80 cm deep": one object's sides
            continue
        out.append(token)
        i += 1
    return out


def _by_pair(tokens: list[Token], i: int) -> tuple[Token, int] | None:
    """(the SIZE token, index after it) for "<measure|number> by|x <measure>" or two measures
    side by side at ``i``; None otherwise."""
    first = tokens[i]
    if first.kind not in ("MEASURE", "COUNT"):
        return None
    j = i + 1 + (i + 1 < len(tokens) and tokens[i + 1].text in BY_WORDS)
    if j >= len(tokens) or tokens[j].kind != "MEASURE" or (j == i + 1 and first.kind != "MEASURE"):
        return None
    second = tokens[j]
    unit = _unit_of(second)
    if unit is None:
        return None
    a = float(first.value) if first.kind == "MEASURE" else float(first.value) * unit
    b = float(second.value)
    text = " ".join(t.text for t in tokens[i:j + 1])
    return Token("SIZE", text, max(a, b), {"dimension": "by", "sides": [round(a, 4), round(b, 4)]}), j + 1


def _unit_of(measure: Token) -> float | None:
    """Metres per unit of a MEASURE token written with a number ("2 metres": 1.0)."""
    number = measure.text.split()[0] if measure.text else ""
    if not is_number(number) or float(number) <= 0:
        return None
    return float(measure.value) / float(number)
