"""A count and a group shape said as a goal (issue 14, wording): "Use six crates to build a
pyramid", "Take four boxes and make a tower out of them", "Build a circle with eight chairs" say
the things and the shape they are set out in, as "six crates in a pyramid" does; said so, the
shape became an object of its own and the things stood flat. :func:`shape_goals` reads each such
goal as its things "in a" shape. The verbs and links are data (``shape_goals.json``); the shapes are
the lexicon's group shapes said with "in a" ("in a pyramid", "in a tower", "in a circle").
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...datafiles import read_document, read_only_cache
from .lexicon import Vocabulary
from .tokens import singular

_DATA = Path(__file__).with_name("shape_goals.json")
_WORD = r"[A-Za-z][\w'-]*"
_THINGS = rf"(?P<things>(?:\d+|{_WORD})(?:\s+{_WORD}){{1,3}})"


@read_only_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return read_document(_DATA, "setdresser.offline_shape_goals/1")


def _any(words: list[str]) -> str:
    return "(?:" + "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(words, key=len, reverse=True)) + ")"


@lru_cache(maxsize=4)
def _patterns(shapes: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    d = _data()
    shape = rf"{_any(d['shape_articles'])}\s+(?:{_any(d['shape_sizes'])}\s+)?(?P<shape>{_any(list(shapes))})"
    make = rf"{_any(d['make_verbs'])}\s+(?:{_any(d['before_shape'])}\s+)?"
    used = re.compile(rf"\b{_any(d['use_verbs'])}\s+{_THINGS}\s+{_any(d['links'])}\s+{make}{shape}"
                      rf"(?:\s+{_any(d['from_them'])})?\b", re.IGNORECASE)
    made = re.compile(rf"\b{make}{shape}\s+{_any(d['made_from'])}\s+{_THINGS}", re.IGNORECASE)
    return used, made


def _shapes(vocab: Vocabulary) -> tuple[str, ...]:
    """The words a group shape is said with after "in a" ("pyramid", "tower", "circle")."""
    return tuple(sorted({k.split()[2] for k in vocab.lexicon.modifier_phrases
                         if k.startswith("in a ") and len(k.split()) == 3}))


def _counted_things(words: str, vocab: Vocabulary) -> str | None:
    """``words`` cut to a counted or determined noun phrase ("six crates", "the boxes", "6 wooden
    crates next": "6 wooden crates"); None when they do not start with a count or a determiner."""
    lex = vocab.lexicon
    parts = words.split()
    first = parts[0].lower()
    if first not in lex.numbers and not first.isdigit() and first not in _data()["thing_determiners"]:
        return None
    for end in range(len(parts), 1, -1):
        last = parts[end - 1].lower()
        if vocab.is_noun(last) or vocab.is_noun(singular(last)):
            return " ".join(parts[:end])
    return None


def shape_goals(text: str, vocab: Vocabulary) -> str:
    """The text with each shape said as a goal read as its things set out in it ("Use six crates
    to build a pyramid": "six crates in a pyramid")."""
    for pattern in _patterns(_shapes(vocab)):
        text = pattern.sub(lambda m: _reading(m, vocab), text)
    return text


def _reading(found: re.Match[str], vocab: Vocabulary) -> str:
    things = _counted_things(found.group("things"), vocab)
    if things is None:
        return found.group(0)
    rest = found.group("things")[len(things):]
    return f"{things} in a {found.group('shape').lower()}{rest}"
