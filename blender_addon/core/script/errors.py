"""Errors of the script language: data naming the file, line and column, never a traceback.

Every problem with a script (it does not parse, uses a construct or a function the language
does not have, fails while it is evaluated, or runs past a limit) is a :class:`ScriptError`,
a :class:`~..errors.BadInput`: the CLI prints it as one line and exits 2, and the LLM stages
send its text back to the model.
"""

from __future__ import annotations

import re

from ..errors import BadInput

# syntax | construct | name | type | value | limit | program
KINDS = frozenset({"syntax", "construct", "name", "type", "value", "limit", "program"})
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
MESSAGE_CHARS = 300


def printable(text: str) -> str:
    """``text`` without terminal control characters (escape sequences, bells...); newlines and tabs kept."""
    return _CONTROL.sub("?", str(text))


def clean(text: str, limit: int = MESSAGE_CHARS) -> str:
    """``text`` on one line, without terminal control characters, at most ``limit`` characters."""
    flat = _CONTROL.sub("?", str(text).replace("\n", " ").replace("\r", " "))
    return flat if len(flat) <= limit else flat[:limit - 3] + "..."


class ScriptError(BadInput):
    """A script was rejected or failed; ``where`` reads ``FILE line L, column C``.

    ``kind`` is one of :data:`KINDS`; ``line`` and ``column`` are 1-based (None when unknown).
    """

    def __init__(self, message: str, *, kind: str, filename: str = "program.py", line: int | None = None,
                 column: int | None = None) -> None:
        self.kind = kind if kind in KINDS else "value"
        self.line = line
        self.column = column
        self.filename = filename
        self.detail = clean(message)
        where = filename
        if line is not None:
            where += f" line {line}" + (f", column {column}" if column is not None else "")
        super().__init__(self.detail, where)

    def to_dict(self) -> dict[str, object]:
        """The error as data (for reports and transcripts)."""
        return {"kind": self.kind, "message": self.detail, "filename": self.filename, "line": self.line,
                "column": self.column}


class LimitExceeded(Exception):
    """Raised inside the evaluator when a step, size or depth limit is hit (becomes a ScriptError)."""


class EvalFailure(Exception):
    """Raised inside the evaluator for a failing construct; the evaluator adds the position."""

    def __init__(self, message: str, kind: str = "value") -> None:
        self.kind = kind
        super().__init__(message)
