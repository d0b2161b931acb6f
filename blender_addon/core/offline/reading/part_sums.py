"""Counts that sum (dev set counts12, issue 14, class "count"): an uncounted plural followed by its
counted parts ("Plants: three on the shelf and two on the floor", "Folding chairs for an open-mic night:
four in the front row and six in the second", "some chairs, four by the window and two by the door") has
as many things as its parts together (5, 10, 6), said as that count before the plural; the reader then
takes the parts of the counted whole as it does "Six guests: four at the table and two on the sofa".
Was the plural's default three, the parts cut short. Parts said per anchor ("two on each side") are
shares, not parts, "the rest" leaves the sum unsaid, and a plural said with a determiner ("the chairs")
or a count is left as it is. The words are closed-word data (``share_spread_words``, ``vague_counts``,
``part_sum_determiners``)."""

from __future__ import annotations

import re

from ...assets.phrase import singular
from .closed_words import word_set
from .lexicon import Vocabulary
from .numbers import number_of, word_for

SHARE_WORDS = word_set("share_spread_words")  # "each", "either", "every", "both", "per"
VAGUE = word_set("vague_counts")  # "some", "a few", "several"
DETERMINERS = word_set("part_sum_determiners")  # "the chairs: ...": named before, not summed here
_HEAD = re.compile(r"\b([a-z'-]+s)\b([^.;:!?,]{0,50}?)\s*[:,]\s+", re.I)
_PART_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.I)
_WORD = re.compile(r"[a-z'-]+", re.I)
_END = re.compile(r"[.;!?]")


def summed_parts(text: str, vocab: Vocabulary) -> str:
    """``text`` with each uncounted plural whose counted parts follow said with their sum."""
    out, done = [], 0
    for match in _HEAD.finditer(text):
        head = match.group(1).lower()
        if match.start() < done or singular(head) == head or not vocab.is_noun(singular(head)):
            continue
        end = _END.search(text, match.end())
        total = _parts_total(text[match.end():end.start() if end else len(text)], vocab)
        if total is None:
            continue
        cut = _phrase_start(text, done, match.start(), vocab)
        if cut is None:
            continue
        drop, start = cut
        said = word_for(total, vocab.lexicon, single_word=True)  # "ten": "10 folding chairs" reads the digit apart
        out.append(f"{text[done:drop]}{said} {text[start:match.end(2)]}")
        done = match.end(2)
    return "".join(out) + text[done:]


def _phrase_start(text: str, floor: int, head: int, vocab: Vocabulary) -> tuple[int, int] | None:
    """(where a vague count before the plural starts, where its noun phrase starts): the describing
    words before the head noun ("folding chairs", "potted plants"); None after a count or determiner."""
    words = [m for m in _WORD.finditer(text, floor, head)]
    start, k = head, len(words)
    while k > 0 and len(words) - k < 2 and head - words[k - 1].end() <= 1 and _describes(words[k - 1].group(0), vocab):
        k -= 1
        start = words[k].start()
    before = [w.group(0).lower() for w in words[max(0, k - 2):k]]
    if before and (number_of(before[-1], vocab.lexicon) is not None or before[-1] in DETERMINERS):
        return None
    for size in (2, 1):
        if len(before) >= size and " ".join(before[-size:]) in VAGUE:
            return words[k - size].start(), start
    return start, start


def _describes(word: str, vocab: Vocabulary) -> bool:
    low = word.lower()
    return low not in VAGUE and low not in DETERMINERS and number_of(low, vocab.lexicon) is None and (
        vocab.looks_adjective(low) or vocab.is_noun(low))


def _parts_total(rest: str, vocab: Vocabulary) -> int | None:
    """The sum of the counted parts the text lists first ("four by the window and two by the door"),
    None when fewer than two, one names a noun of its own ("four chairs by ..."), is a share ("two on
    each side") or "the rest" follows them."""
    total, parts = 0, 0
    for piece in _PART_SPLIT.split(rest):
        words = piece.lower().split()
        number = number_of(words[0], vocab.lexicon) if words else None
        if number is None:
            if " ".join(words[:2]) in ("the rest", "the others", "the remaining"):
                return None
            break
        if len(words) < 2 or vocab.is_noun(words[1]) or set(words) & SHARE_WORDS:
            return None
        total, parts = total + number, parts + 1
    return total if parts >= 2 else None
