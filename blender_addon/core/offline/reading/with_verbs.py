"""Instruction verbs that place the things after "with" about their object (issue 14, dev set multi12):
"Push the console against the east wall and flank it with a pair of speakers", "Put a campfire in the
middle and ring it with four logs", "Fill the shelf with books". Each "<verb> <object> with <things>" is
said "put <things> <place phrase> <object>" (closed words map ``with_verbs``: "ring" -> "around", "fill" ->
"on"), so the things stand about the object whoever it is ("it", "the big table"), sentence-initial or
after "and". Read on the text before its sentences are; the object is a pronoun or a short definite phrase,
the things end at the clause's punctuation or at "and" before another instruction.
"""

from __future__ import annotations

import re

from .closed_words import word_map, word_pattern

_VERBS = word_map("with_verbs")
_OBJECT = r"(?:it|them|(?:the|this|that|each|every|both)(?:\s+[a-z'-]+){1,4}?)"
_THINGS = r"(?:a|an|the|some|several|a few|\d+|[a-z]+)\b[^,.;:!?]*?"
_WITH = re.compile(rf"\b({'|'.join(map(re.escape, _VERBS))})\s+({_OBJECT})\s+with\s+({_THINGS})"
                   rf"(?=\s*(?:[,.;:!?]|$|\s+and\s+(?:then\s+)?{word_pattern('placing_verbs')}\b))", re.IGNORECASE)


def with_verbs(text: str) -> str:
    """``text`` with each "<verb> <object> with <things>" said "put <things> <place> <object>"."""
    def said(match: re.Match[str]) -> str:
        verb = match.group(1)
        put = "Put" if verb[0].isupper() else "put"
        return f"{put} {match.group(3)} {_VERBS[verb.lower()]} {match.group(2)}"
    return _WITH.sub(said, text)
