"""One at each place (issue 14, phrases6): "a table set for six, with a plate at every place",
"laid for four with a glass at each place setting", "dinner for eight, a napkin by every seat":
the thing is one per seat -- as many as the seats the text counts ("for six", "six chairs",
"for 4 people") -- instead of one thing and an "at every" left over. Read on the text, before
the counts for guests (:mod:`.guests`) consume the "for N"; the place words are lexicon data
(``place_nouns``). With no seat count in the text the sentence is left as it is."""

from __future__ import annotations

import re

from ...assets.phrase import plural, singular
from ..reading.closed_words import word_pattern
from ..reading.lexicon import Vocabulary
from ..reading.numbers import number_of

_SEATS = rf"(\d+|[a-z]+)\s+{word_pattern('seat_count_nouns')}\b"  # "six chairs", "4 people"
_FOR_N = re.compile(r"\bfor\s+(\d+|[a-z]+)\b", re.IGNORECASE)
_COUNTED = re.compile(r"\b" + _SEATS, re.IGNORECASE)
_A_SIDE = re.compile(rf"\s+{word_pattern('side_share_prepositions')}\s+{word_pattern('side_share_words')}"
                     r"\s+(?:long\s+)?sides?\b", re.IGNORECASE)
_LISTED = re.compile(r"\b(?:a|an|one)\s+((?:[a-z]+\s+){0,2}?[a-z]+)\s*(?:,\s*(?:and\s+)?|\s+and\s+)$", re.IGNORECASE)


def one_per_place(text: str, vocab: Vocabulary) -> str:
    """``text`` with each "a <thing> at each/every <place noun>" read as "<N> <things>"."""
    places = "|".join(sorted((re.escape(p) for p in vocab.lexicon.place_nouns), key=len, reverse=True))
    if not places:
        return text
    pattern = re.compile(r"\b(?:a|an|one)\s+((?:[a-z]+\s+){0,2}?[a-z]+)\s+(?:at|by|for|on|in front of)\s+"
                         r"(?:each|every)\s+(?:" + places + r")\b", re.IGNORECASE)
    out, done = [], 0
    for match in pattern.finditer(text):
        start, names = _listed_before(text, max(done, 0), match.start())
        number = _seat_count(text[:start], vocab)
        plurals = [plural_of(n) for n in [*names, match.group(1)]]
        if number is None or None in plurals:
            continue
        out.append(text[done:start] + " and ".join(f"{number} {p}" for p in plurals))
        done = match.end()
    return "".join(out) + text[done:]


def _listed_before(text: str, floor: int, start: int) -> tuple[int, list[str]]:
    """"a plate and a glass at every place": where the list ending at ``start`` begins, and the
    names listed before the last one (earliest first)."""
    names: list[str] = []
    while True:
        found = _LISTED.search(text, floor, start)
        if found is None:
            return start, names
        names.insert(0, found.group(1))
        start = found.start()


def _seat_count(before: str, vocab: Vocabulary) -> str | None:
    """The last seat count said before: "for six", "6 chairs", "for four people"."""
    found = [m for m in (*_FOR_N.finditer(before), *_COUNTED.finditer(before)) if _is_number(m.group(1), vocab)]
    if not found:
        return None
    last = max(found, key=lambda m: m.start())
    if _A_SIDE.match(before, last.end()):  # "seven chairs down each side": fourteen places
        return str(2 * int(number_of(last.group(1), vocab.lexicon) or 0))
    return last.group(1)


def _is_number(word: str, vocab: Vocabulary) -> bool:
    return number_of(word, vocab.lexicon) is not None


def plural_of(name: str) -> str | None:
    """The plural of a thing's name (its last word: :func:`~...assets.phrase.plural`), None when it is
    plural already or unsure (:func:`singular` does not read the plural back: "quizes")."""
    words = name.split()
    last = words[-1].lower()
    if singular(last) != last:
        return None
    many = plural(last)
    return " ".join([*words[:-1], many]) if singular(many) == last else None
