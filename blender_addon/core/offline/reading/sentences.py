"""Sentence boundaries of a prompt's text, one helper for every step that needs them.

The text-rewriting steps that run before sentences are read (:mod:`.room_sides`, :mod:`.guests`,
:mod:`.corrections`, :mod:`.rows_said`, :mod:`.pyramids`, the completion's per-person and capacity
counts) and the reader itself (:func:`split_marked`) all cut the text at its sentence ends; each
names which ends it cuts at:

- :data:`STOPS` ``.;!?``: a rewrite keeps to its own sentence ("a table for ten, five on each side.");
- :data:`STOPS_COLON` ``.;:!?``: and a colon ends the phrase too ("Desks: three rows of four");
- :data:`READER_ENDS`: the reader's sentence ends (runs of ``.!?;:`` that are no decimal point, line
  breaks).

:func:`with_separators` is the one cut: each sentence with the separator after it, so that the
pieces join back to the exact text (``"".join(s + e for s, e in with_separators(t)) == t``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["READER_ENDS", "STOPS", "STOPS_COLON", "each_sentence", "last_sentence", "sentence_end",
           "sentence_spans", "split_marked", "split_sentences", "with_separators"]

STOPS = re.compile(r"[.;!?]")
STOPS_COLON = re.compile(r"[.;:!?]")
READER_ENDS = re.compile(r"(?<!\d)[.!?;:]+|[.!?;:]+(?!\d)|\n+")


def with_separators(text: str, ends: re.Pattern[str] = STOPS) -> list[tuple[str, str]]:
    """Each sentence of ``text`` with the separator that ends it ("" after the last); the pieces
    join back to ``text`` exactly. A separator right after another ends an empty sentence."""
    out: list[tuple[str, str]] = []
    last = 0
    for match in ends.finditer(text):
        out.append((text[last:match.start()], match.group(0)))
        last = match.end()
    out.append((text[last:], ""))
    return out


def sentence_spans(text: str, ends: re.Pattern[str] = STOPS) -> list[tuple[int, int]]:
    """Where each sentence of ``text`` starts and stops (its separator left out)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for sentence, end in with_separators(text, ends):
        spans.append((start, start + len(sentence)))
        start += len(sentence) + len(end)
    return spans


def each_sentence(text: str, rewrite: Callable[[str], str], ends: re.Pattern[str] = STOPS) -> str:
    """The text with each sentence, its separator included, said as ``rewrite`` says it."""
    return "".join(rewrite(sentence + end) for sentence, end in with_separators(text, ends))


def sentence_end(text: str, at: int, ends: re.Pattern[str] = STOPS) -> int:
    """Where the sentence going on at ``at`` stops: its separator's index, or the text's length."""
    found = ends.search(text, at)
    return found.start() if found else len(text)


def last_sentence(text: str, ends: re.Pattern[str] = STOPS) -> str:
    """The text after its last separator (the sentence that ``text`` stops inside)."""
    return with_separators(text, ends)[-1][0]


def split_marked(text: str) -> list[tuple[str, bool]]:
    """The sentences of a prompt, each with whether a colon ended it ("a desk: a laptop in the
    middle, a lamp on the left": what follows belongs to the desk)."""
    return [(sentence.strip(), ":" in end) for sentence, end in with_separators(text, READER_ENDS) if sentence.strip()]


def split_sentences(text: str) -> list[str]:
    """The sentences of a prompt (a decimal point does not end one)."""
    return [sentence.strip() for sentence, _ in with_separators(text, READER_ENDS) if sentence.strip()]
