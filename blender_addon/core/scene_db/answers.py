"""Typed answers (the SLDP format of the 3D-scene-graph Cypher paper, appendix B2) and their
comparison rules.

Forms: a string (``chair_1``, ``north``), a number (``3``, ``1.25``), a point
(``Point(1.2 0.5 0)``), a set ``<a, b>`` (also ``⟨a, b⟩``), a list ``[a, b]``, a dictionary
``{chair: 4, table: 1}``; containers nest. Equality: strings exactly (surrounding quotes
dropped), numbers within :data:`NUMBER_TOLERANCE`, points within :data:`POINT_TOLERANCE`
(Euclidean), lists element by element in order, sets by mutual inclusion, dictionaries by equal
key sets and equal values.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput

NUMBER_TOLERANCE = 0.01
POINT_TOLERANCE = 0.01
_OPEN = {"<": ">", "⟨": "⟩", "[": "]", "{": "}"}
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_POINT = re.compile(r"^point\s*\(([^)]*)\)$", re.IGNORECASE)


class AnswerError(BadInput):
    """Text that is not a typed answer."""


@dataclass(frozen=True)
class Point:
    """A point answer."""

    coords: tuple[float, ...]


@dataclass(frozen=True)
class SetValue:
    """A set answer (unordered; duplicates kept as written, compared by inclusion)."""

    items: tuple[Any, ...]


def parse_answer(text: str) -> Any:
    """The typed value of an answer text (:class:`AnswerError` when it is not one)."""
    value, rest = _value(text.strip(), 0)
    if text.strip()[rest:].strip():
        raise AnswerError(f"unexpected text after the answer: {text.strip()[rest:].strip()[:40]!r}", "answer")
    return value


def _value(text: str, at: int) -> tuple[Any, int]:
    at = _skip(text, at)
    if at >= len(text):
        raise AnswerError("the answer is empty", "answer")
    opener = text[at]
    if opener in _OPEN:
        items, at = _items(text, at + 1, _OPEN[opener], opener == "{")
        if opener == "[":
            return list(items), at
        if opener == "{":
            return dict(items), at
        return SetValue(tuple(items)), at
    end = _atom_end(text, at)
    return _atom(text[at:end].strip()), end


def _items(text: str, at: int, closer: str, pairs: bool) -> tuple[list[Any], int]:
    """Comma-separated values (``key: value`` pairs in a dictionary) up to ``closer``."""
    items: list[Any] = []
    at = _skip(text, at)
    if at < len(text) and text[at] == closer:
        return items, at + 1
    while True:
        if pairs:
            colon = text.find(":", at)
            if colon < 0:
                raise AnswerError("a dictionary entry needs 'key: value'", "answer")
            key = _atom(text[at:colon].strip())
            value, at = _value(text, colon + 1)
            items.append((str(key) if not isinstance(key, str) else key, value))
        else:
            value, at = _value(text, at)
            items.append(value)
        at = _skip(text, at)
        if at < len(text) and text[at] == ",":
            at += 1
        elif at < len(text) and text[at] == closer:
            return items, at + 1
        else:
            raise AnswerError(f"expected ',' or {closer!r} in the answer", "answer")


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at].isspace():
        at += 1
    return at


def _atom_end(text: str, at: int) -> int:
    """Where a bare atom ends: at a separator outside ``Point(...)``'s parentheses."""
    depth = 0
    for index in range(at, len(text)):
        char = text[index]
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif depth == 0 and char in ",>⟩]}":
            return index
    return len(text)


def _atom(token: str) -> Any:
    if not token:
        raise AnswerError("an empty value in the answer", "answer")
    point = _POINT.match(token)
    if point:
        try:
            return Point(tuple(float(v) for v in point.group(1).replace(",", " ").split()))
        except ValueError:
            raise AnswerError(f"a point needs numbers: {token!r}", "answer") from None
    if _NUMBER.match(token):
        return float(token)
    if len(token) >= 2 and token[0] == token[-1] and token[0] in "'\"":
        return token[1:-1]
    return token


def answers_equal(a: Any, b: Any) -> bool:
    """The comparison rules of the module doc."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= NUMBER_TOLERANCE + 1e-9
    if isinstance(a, Point) and isinstance(b, Point):
        return len(a.coords) == len(b.coords) and math.dist(a.coords, b.coords) <= POINT_TOLERANCE + 1e-9
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(answers_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, SetValue) and isinstance(b, SetValue):
        return _included(a.items, b.items) and _included(b.items, a.items)
    if isinstance(a, dict) and isinstance(b, dict):
        return set(a) == set(b) and all(answers_equal(a[k], b[k]) for k in a)
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return False


def _included(items: tuple[Any, ...], others: tuple[Any, ...]) -> bool:
    return all(any(answers_equal(item, other) for other in others) for item in items)


def answer_ids(value: Any, known: set[str]) -> list[str]:
    """Every string in an answer that names a known id (the objects the panel selects), in order."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop(0)
        if isinstance(item, str) and item in known and item not in found:
            found.append(item)
        elif isinstance(item, SetValue):
            stack[:0] = list(item.items)
        elif isinstance(item, list):
            stack[:0] = item
        elif isinstance(item, dict):
            stack[:0] = [*item.keys(), *item.values()]
    return found


def format_answer(value: Any) -> str:
    """An answer value written back in the typed format."""
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, Point):
        return "Point(" + " ".join(f"{c:g}" for c in value.coords) + ")"
    if isinstance(value, SetValue):
        return "<" + ", ".join(format_answer(v) for v in value.items) + ">"
    if isinstance(value, list):
        return "[" + ", ".join(format_answer(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {format_answer(v)}" for k, v in value.items()) + "}"
    return str(value)
