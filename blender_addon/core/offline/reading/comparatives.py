"""Counts said by comparison with another count (issue 14, class "count"): "five desks ... add as
many chairs as desks" is five chairs, "two floor lamps ... Actually, double the number of lamps"
four lamps.

Pure text in, text out, read before corrections are folded: "as many X as (there are) (the) Y"
is "N X" with N the latest count said of Y before it, "the same number of X" / "as many X" with no
"as Y" the latest count said of anything ("twelve stands, the same number of chairs"); a sentence
"(cue,) double the number of X" is "(cue,) make that 2N X", which :mod:`.corrections` then folds
into the sentence that counted them; "half of them", "half (of) the X" and a bare ", half ..." after
a count are half that count ("eight tables, half of them under umbrellas": four of them), and "all
but N" that count less N ("five stools, all but one of them at the counter": four of them); "a
lamp for every two desks" / "one nightstand per two beds" the count of desks (beds) over two. The
phrases are lexicon data (``word_lists``: ``same_count_phrases``, ``double_count_phrases``,
``half_count_words``). Text without a count to compare with is kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...assets.phrase import plural, singular
from .closed_words import word_pattern, word_set
from .lexicon import Vocabulary
from .numbers import number_of

_NOUN = r"([a-z][a-z'-]*)"
_ONE = {"a": 1, "an": 1}
THINGS = -1  # ``_each``'s ``of``: the count said last of a thing (not "two rows", "three metres")
Say = Callable[[re.Match[str], int], str]


def compare_counts(text: str, vocab: Vocabulary) -> str:
    """The text with each comparative count said as a number."""
    lists = vocab.lexicon.word_lists
    same = "|".join(map(re.escape, lists.get("same_count_phrases", ())))
    if same:
        pattern = re.compile(rf"\b(?:{same})\s+{_NOUN}\s+as\s+(?:there are\s+)?(?:the\s+)?{_NOUN}\b", re.I)
        text = _each(pattern, text, vocab, lambda m, n: f"{n} {m.group(1)}", of=2)
        # "twelve stands, the same number of chairs": the count said last
        pattern = re.compile(rf"\b(?:{same})\s+(?!as\b){_NOUN}\b(?!\s+as\b)", re.I)
        text = _each(pattern, text, vocab, lambda m, n: f"{n} {m.group(1)}", of=0)
    text = _ratios(text, vocab)  # "twelve desks, with a lamp for every two desks": six lamps
    double = "|".join(map(re.escape, lists.get("double_count_phrases", ())))
    if double:
        pattern = re.compile(rf"\b(?:{double})\s+{_NOUN}\b", re.I)
        text = _each(pattern, text, vocab, lambda m, n: f"make that {2 * n} {m.group(1)}", of=1)
    return _halves(text, vocab)


def _halves(text: str, vocab: Vocabulary) -> str:
    """"half of the tables" / "half the tables": half the count said last of tables; "half of
    them" and a bare "half" after a comma: half the count said last of anything."""
    half = "|".join(map(re.escape, vocab.lexicon.word_lists.get("half_count_words", ())))
    if not half:
        return text
    pattern = re.compile(rf"\b(?:{half})\s+(?:of\s+)?the\s+{_NOUN}\b", re.I)
    text = _each(pattern, text, vocab, lambda m, n: f"{n // 2} of the {m.group(1)}", of=1)
    pattern = re.compile(rf"\b(?:{half})\s+of\s+(them|these|those)\b", re.I)
    text = _each(pattern, text, vocab, lambda m, n: f"{n // 2} of {m.group(1)}", of=THINGS)
    pattern = re.compile(rf"((?:^|[,;:.!?])\s*)(?:{half})\b(?!\s+(?:of|a|an|the|as)\b)", re.I)  # "..., half under"
    text = _each(pattern, text, vocab, lambda m, n: f"{m.group(1)}{_capital(str(n // 2), m.group(1))}", of=THINGS)
    return _all_but(text, vocab)


def _all_but(text: str, vocab: Vocabulary) -> str:
    """"Five stools, all but one of them at the counter": the count said last less the ones left
    out (four of them); "all but two facing the stage" the same without "of them"."""
    pattern = re.compile(r"\ball\s+but\s+(\d+|[a-z]+)\b", re.I)

    def say(match: re.Match[str], n: int) -> str:
        left = number_of(match.group(1).lower(), vocab.lexicon) or _ONE.get(match.group(1).lower())
        return f"{n - left}" if left is not None and 0 < left < n else match.group(0)
    return _each(pattern, text, vocab, say, of=THINGS)


def _capital(word: str, before: str) -> str:
    """``word`` capitalised at the start of the text or of a sentence ("Half hang from the tree")."""
    return word.capitalize() if not before.strip() or before.strip()[-1] in ".!?" else word


def _each(pattern: re.Pattern[str], text: str, vocab: Vocabulary, say: Say, of: int) -> str:
    """Each match of ``pattern`` said by ``say(match, count)``, the count the latest said of the
    match's group ``of`` before it (``of`` 0: the latest count said of anything, :func:`last_count`;
    :data:`THINGS`: of a thing, :func:`last_thing_count`); a match with no such count is kept."""
    out, last = [], 0
    for match in pattern.finditer(text):
        before = text[:match.start()]
        count = latest_count(before, match.group(of), vocab) if of > 0 else \
            last_thing_count(before, vocab) if of == THINGS else last_count(before, vocab)
        if count is None:
            continue
        out += [text[last:match.start()], say(match, count)]
        last = match.end()
    return "".join(out + [text[last:]])


def latest_count(before: str, noun: str, vocab: Vocabulary) -> int | None:
    """The count said last of ``noun`` in ``before`` ("five desks", "two floor lamps": a number
    and at most two words before the noun); None when none was."""
    kind = singular(noun.lower())
    words = re.findall(r"[a-z0-9'-]+", before.lower())
    found = None
    for i, word in enumerate(words):
        number = number_of(word, vocab.lexicon) or _ONE.get(word)
        if number is not None and any(singular(w) == kind for w in words[i + 1:i + 4]):
            found = number
    return found


def last_count(before: str, vocab: Vocabulary) -> int | None:
    """The count said last in ``before`` of anything ("twelve music stands in a semicircle, the same
    number of chairs": twelve), a number followed by the word it counts; None when none was."""
    words = re.findall(r"[a-z0-9'-]+", before.lower())
    found = None
    for word in words[:-1]:
        number = number_of(word, vocab.lexicon)
        if number is not None and number > 1:
            found = number
    return found


def last_thing_count(before: str, vocab: Vocabulary) -> int | None:
    """The count said last of a thing the vocabulary names, past its adjectives ("six stalls stand
    in two rows, and half of them": six, not the two rows); None when none was."""
    words = re.findall(r"[a-z0-9'-]+", before.lower())
    found = None
    for i, word in enumerate(words):
        number = number_of(word, vocab.lexicon)
        if number is None or number < 2:
            continue
        noun = next((w for w in words[i + 1:i + 4] if vocab.is_noun(w) or not vocab.looks_adjective(w)), None)
        if noun is not None and vocab.is_noun(noun):
            found = number
    return found


_LEADS = word_pattern("ratio_leads", r"\s+")  # "for every", "per"
_RATIO = re.compile(rf"\s+{_LEADS}\s+(\d+|[a-z]+)\s+([a-z][a-z'-]*)\b", re.I)
_ONE_THING = re.compile(r"\b(?:a|an|one)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})", re.I)
_NOT_A_NAME = word_set("ratio_name_stops")  # the words that end a ratio's thing ("a jug on ...")


def _ratios(text: str, vocab: Vocabulary) -> str:
    """"Twelve desks, with a lamp for every two desks": "with 6 lamps" (the count said last of the
    desks over two); kept when no such count was said or it is less than the ratio's."""
    for match in reversed(list(_RATIO.finditer(text))):
        per = number_of(match.group(1).lower(), vocab.lexicon)
        start = max(text.rfind(c, 0, match.start()) for c in ".;:,!?") + 1
        thing = _one_thing(text, start, match.start(), vocab)
        if per is None or per < 2 or thing is None:
            continue
        total = latest_count(text[:thing[0]], match.group(2), vocab)
        if total is None or total < per:
            continue
        name = text[thing[0]:thing[1]].split(maxsplit=1)[1]
        text = f"{text[:thing[0]]}{total // per} {plural(name)}{text[thing[1]:match.start()]}{text[match.end():]}"
    return text


def _one_thing(text: str, start: int, end: int, vocab: Vocabulary) -> tuple[int, int] | None:
    """Where the last "a/an/one <thing>" between ``start`` and ``end`` begins and ends: its words up
    to a preposition, ending at a noun ("a water jug on the tables": "a water jug")."""
    found = list(_ONE_THING.finditer(text, start, end))
    if not found:
        return None
    last, stop, at = found[-1], None, found[-1].start(1)
    for word in last.group(1).split():
        if word.lower() in _NOT_A_NAME:
            break
        at = text.index(word, at) + len(word)
        stop = at if vocab.is_noun(word.lower()) else stop
    return None if stop is None else (last.start(), stop)
