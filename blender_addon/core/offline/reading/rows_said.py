"""Rows counted in two parts (issue 14 counts7): "three rows, four desks in each row", "3 rows with
4 desks each", "three rows of desks, four in each row", "four desks per row, three rows" all say
"three rows of four desks", which the reader takes as one grid (twelve desks in three rows), not
four desks and a phrase "three rows" that names nothing; words that only describe the rows
between their count and the noun ("in two neat rows", "three long rows of chairs") are left out,
never a thing called "neat row" (:func:`plain_rows`; the words are data: ``row_adjectives``).
"""

from __future__ import annotations

import re

from .closed_words import word_pattern
from .lexicon import Lexicon
from .numbers import number_of
from .sentences import STOPS_COLON, last_sentence

_N = r"(\d+|[a-z]+)"
_NOUN = r"((?:[a-z'-]+ ){0,2}?[a-z]+s)"
_EACH_ROW = r"(?:(?:in |on |to |per )?(?:each|every|a|per) row|(?:in )?each)"  # "two rows of desks, five in each"
_SAID = (  # (pattern, the rows group, the per-row count group, the noun group)
    (re.compile(rf"\b{_N} rows\s*(?:,|;|:|-|\u2013|\u2014|with|of)?\s*{_N} {_NOUN} {_EACH_ROW}\b", re.I), 1, 2, 3),
    (re.compile(rf"\b{_N} rows of {_NOUN}\s*,?\s*{_N} {_EACH_ROW}\b", re.I), 1, 3, 2),
    (re.compile(rf"\b{_N} {_NOUN} {_EACH_ROW}\s*(?:,|;|-|\u2013|\u2014)?\s*(?:and |in )?{_N} rows\b", re.I), 3, 1, 2),
)


# "Student desks: three rows of four desks": the rows of the plural named before the colon
_HEADED = re.compile(r"\b([a-z]+s)\b([^.:;!?]{0,40}):\s*(\S+ rows of \S+) (?:[a-z'-]+ ){0,2}?\1\b", re.I)


def rows_as_grids(text: str, lex: Lexicon) -> str:
    """The text with each two-part row count said as "N rows of M things", and such rows after a
    colon that ends with their plural said of it ("Desks: three rows of four", as "Desks, three
    rows of four": :mod:`.appositive_grids`), not as more of them besides."""
    for pattern, rows, per_row, noun in _SAID:
        def said(m: re.Match[str], rows: int = rows, per_row: int = per_row, noun: int = noun) -> str:
            if number_of(m.group(rows), lex) is None or number_of(m.group(per_row), lex) is None:
                return m.group(0)
            sentence = last_sentence(m.string[:m.start()], STOPS_COLON)
            named = re.search(rf"\b{re.escape(m.group(noun).split()[-1])}\b", sentence, re.I)
            thing = "" if named else f" {m.group(noun)}"  # "four desks ..., as two rows of two": those desks
            return f"{m.group(rows)} rows of {m.group(per_row)}{thing}"
        text = pattern.sub(said, text)
    return _HEADED.sub(lambda m: f"{m.group(1)}{m.group(2)}, {m.group(3)}", text)


_DESCRIBED = re.compile(rf"\b{_N}((?:\s+{word_pattern('row_adjectives')})+)\s+(rows|columns|lines)\b", re.I)


_A_DESCRIBED = re.compile(rf"\b(an?)((?:\s+{word_pattern('row_adjectives')})+)\s+"
                          r"(row|line|column|stack|pile|heap|ring|circle|semicircle|cluster) of\b", re.I)


def plain_rows(text: str, lex: Lexicon) -> str:
    """"in two neat rows" is "in two rows", "three long rows of chairs" "three rows of chairs", "a
    neat row of five lockers" "a row of five lockers", "a tall stack of plates" "a stack of plates"."""
    text = _DESCRIBED.sub(lambda m: f"{m.group(1)} {m.group(3)}" if number_of(m.group(1), lex) is not None
                          else m.group(0), text)
    return _A_DESCRIBED.sub(lambda m: f"{'a' if m.group(1).islower() else 'A'} {m.group(3)} of", text)
