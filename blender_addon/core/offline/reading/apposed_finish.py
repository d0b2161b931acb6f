"""A colour or material said after its noun phrase (issue 14, wording): in brackets ("three bar
stools (grey)", "a fridge (white)", "four chairs (all in oak)") or set off by commas ("two
nightstands, both blue, either side of the bed", "a table with four chairs, all in oak") it
describes the things before it, as the same words said before the noun do ("three grey bar
stools", "four oak chairs"). :func:`finish_before` moves such words there, so that every
reading of a described noun phrase reads them; the words it knows (quantifiers such as "both",
links such as "made of") are data in ``apposed_finish.json``; the colours and materials are the
catalog's.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...datafiles import read_document, read_only_cache
from .lexicon import Vocabulary
from .numbers import number_of
from .parentheses import _BEFORE_NOUNS

_DATA = Path(__file__).with_name("apposed_finish.json")
_WORD = r"[A-Za-z][\w'-]*"
_TAIL = re.compile(rf"((?:{_WORD}\s+){{0,4}}{_WORD})\s*$")


@read_only_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return read_document(_DATA, "setdresser.offline_apposed_finish/1")


def _phrase_pattern(words: list[str]) -> str:
    alternatives = sorted(words, key=len, reverse=True)
    return "|".join(r"\s+".join(map(re.escape, w.split())) for w in alternatives)


@lru_cache(maxsize=1)
def _apposed() -> re.Pattern[str]:
    """A bracket or a comma-set part that may hold only finish words (checked by :func:`_finish_words`)."""
    d = _data()
    quantifier = rf"(?:(?P<{{}}>{_phrase_pattern(d['quantifiers'])})\s+)?"
    links = rf"(?:(?:{_phrase_pattern(d['links'])})\s+)?"
    body = rf"{_WORD}(?:\s+{_WORD}){{0,3}}"
    bracket = rf"\s*\(\s*{quantifier.format('q1')}{links}(?P<b>{body})\s*\)"
    comma = rf"\s*,\s*{quantifier.format('q2')}{links}(?P<c>{body})\s*(?=,|[.;!?]|$)"
    bare = rf"\s+(?:{_phrase_pattern(d['bare_links'])})\s+(?P<d>{body})"  # "a sofa in grey against the wall"
    return re.compile(f"{bracket}|{comma}|{bare}", re.IGNORECASE)


def _finish_words(body: str, vocab: Vocabulary) -> list[str] | None:
    """The colour and material words ``body`` consists of ("light grey", "oak and steel"); None
    when any other word is in it."""
    joins = set(_data()["joins"])
    words = [w.lower() for w in body.split()]
    if not words:
        return None
    finish = [w for w in words if w not in joins]
    if not finish or words[0] in joins or words[-1] in joins:
        return None
    if all(vocab.catalog.is_finish(w) or (w in vocab.lexicon.colour_tones and i + 1 < len(finish))
           for i, w in enumerate(finish)):
        return finish
    return None


def _described(before: str, finish: list[str], vocab: Vocabulary, *, every: bool = False) -> str | None:
    """``before`` with ``finish`` said before the noun of the noun phrase it ends with ("with four
    chairs": "with four oak chairs"), with ``every`` (said with "all", "both") before each noun of
    the list it ends with ("a bed, a nightstand and a dresser, all in white"); None when it does
    not end with a noun."""
    described = _one_described(before, finish, vocab)
    if described is None or not every:
        return described
    joined = _LIST_JOIN.search(before)
    if joined is None:
        return described
    head = _described(before[:joined.start()], finish, vocab, every=True)
    rest = _one_described(before[joined.start():], finish, vocab)
    return head + rest if head is not None and rest is not None else described


_LIST_JOIN = re.compile(r"(?:,\s*(?:and\s+)?|\s+and\s+)(?=\S[^,]*$)(?!.*\band\b)", re.IGNORECASE)


def _one_described(before: str, finish: list[str], vocab: Vocabulary) -> str | None:
    """``before`` with ``finish`` said before the noun of the one noun phrase it ends with."""
    tail = _TAIL.search(before)
    if tail is None:
        return None
    words = tail.group(1).split()
    last = words[-1].lower()
    if not (vocab.is_noun(last) or vocab.is_noun(last.rstrip("s"))):
        return None
    lex = vocab.lexicon
    stops = [i for i, w in enumerate(words) if w.lower() in _BEFORE_NOUNS or w.lower() in lex.determiners
             or number_of(w.lower(), lex) is not None]
    start = stops[-1] + 1 if stops else 0
    if start >= len(words):
        return None
    kept = words[:start]
    if kept and kept[-1].lower() in ("a", "an"):  # "an armchair (grey)": a grey armchair; "a desk (oak)": an oak desk
        article = "an" if finish[0][0] in "aeiou" else "a"
        kept = [*kept[:-1], article.capitalize() if kept[-1][0] == "A" else article]
    return before[:tail.start()] + " ".join([*kept, *finish, *words[start:]])


def finish_before(text: str, vocab: Vocabulary) -> str:
    """The text with each colour or material said after its noun phrase said before its noun
    ("a fridge (white) in the corner": "a white fridge in the corner")."""
    out, last = [], 0
    for found in _apposed().finditer(text):
        if found.start() < last:
            continue
        body, end = found.group("b") or found.group("c"), found.end()
        if found.group("d"):  # "in grey against the wall": the finish words that start it
            body, end = _leading_finish(found.group("d"), vocab), found.start("d")
            end += len(body)
        finish = _finish_words(body, vocab) if body else None
        every = bool(found.group("q1") or found.group("q2")) and not found.group("d")
        described = _described(text[last:found.start()], finish, vocab, every=every) if finish else None
        if described is None:
            continue
        out.append(described + _rest_comma(text, end, vocab))
        last = end + (text[end:end + 1] == ",")
    out.append(text[last:])
    return "".join(out)


def _leading_finish(body: str, vocab: Vocabulary) -> str:
    """The longest start of ``body`` made of finish words ("grey" of "grey against the"), not
    followed by a noun ("in oak trees": none)."""
    words = body.split()
    n = max((k for k in range(1, len(words) + 1) if _finish_words(" ".join(words[:k]), vocab) is not None), default=0)
    after = words[n].lower() if n < len(words) else ""
    return "" if not n or (after and vocab.is_noun(after)) else " ".join(words[:n])


def _rest_comma(text: str, end: int, vocab: Vocabulary) -> str:
    """The comma closing a comma-set finish at ``end``, kept where a noun phrase follows it (a list
    goes on: "four chairs, all oak, a fridge") and dropped before the rest of the clause ("two
    nightstands, both blue, either side of the bed")."""
    if text[end:end + 1] != ",":
        return ""
    after = text[end + 1:].split(maxsplit=1)
    word = after[0].lower() if after else ""
    lex = vocab.lexicon
    return "," if word in lex.determiners or number_of(word, lex) is not None else ""
