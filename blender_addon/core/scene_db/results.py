"""Query results as data and as text: the typed outcome of one read-only query, the table the
CLI prints, and the budgeted text the model reads (truncated rows and characters, with a note
saying what was left out)."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Sequence

# What a model sees of one query's result by default.
MAX_ROWS = 50
MAX_CHARS = 4000
_CELL_CHARS = 60  # a table cell wider than this is cut with "..."


@dataclass(frozen=True)
class QueryRows:
    """The columns and rows of a query (values are JSON-able: nodes and edges become dicts);
    ``more`` is True when the database had rows beyond ``rows``."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    more: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"columns": list(self.columns), "rows": [list(r) for r in self.rows], "more": self.more}


@dataclass(frozen=True)
class QueryOutcome:
    """One query as the model's tool answers it: the rows, or an error written for the model."""

    query: str
    result: QueryRows | None = None
    error: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return self.result is not None and not self.error


def plain(value: Any) -> Any:
    """A database value as JSON-able data: floats rounded to 4 places, nodes/edges as dicts
    (internal ids dropped, the label kept as ``_label``), nulls of node properties dropped."""
    if isinstance(value, float):
        return value if not math.isfinite(value) else round(value, 4)
    if isinstance(value, dict):
        if "_LABEL" in value:
            out = {"_label": value["_LABEL"]}
            out.update({k: plain(v) for k, v in value.items() if not k.startswith("_") and v is not None})
            return out
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return str(value)


def cell_text(value: Any) -> str:
    """One value as compact text (strings bare, the rest as JSON)."""
    if isinstance(value, str):
        return value
    if value is None:
        return "null"
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def format_table(rows: QueryRows, cell_chars: int = _CELL_CHARS) -> str:
    """An aligned text table with a header line and a row count."""
    header = list(rows.columns)
    body = [[_cut(cell_text(v), cell_chars) for v in row] for row in rows.rows]
    widths = [max([len(h)] + [len(r[i]) for r in body]) for i, h in enumerate(header)]
    lines = [" | ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip(),
             "-+-".join("-" * w for w in widths)]
    lines += [" | ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in body]
    count = f"({len(rows.rows)} row{'s' if len(rows.rows) != 1 else ''}"
    lines.append(count + (", more not shown)" if rows.more else ")"))
    return "\n".join(lines)


def _cut(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def for_model(outcome: QueryOutcome, max_rows: int = MAX_ROWS, max_chars: int = MAX_CHARS) -> str:
    """What the model reads back: the error, or the rows as JSON lines under a header, cut to
    ``max_rows`` rows and ``max_chars`` characters with a note saying so."""
    if not outcome.ok:
        return f"ERROR: {outcome.error}"
    assert outcome.result is not None
    result = outcome.result
    lines = ["columns: " + json.dumps(list(result.columns), ensure_ascii=False)]
    used = len(lines[0])
    shown = 0
    for row in result.rows[:max_rows]:
        line = json.dumps(list(row), ensure_ascii=False)
        if used + len(line) + 1 > max_chars:
            break
        lines.append(line)
        used += len(line) + 1
        shown += 1
    total = len(result.rows)
    if shown < total or result.more:
        known = f"of {total}{'+' if result.more else ''} rows"
        lines.append(f"NOTE: result truncated: {shown} {known} shown (budget {max_rows} rows / {max_chars} "
                     "characters); aggregate (count, collect, min/max) or add LIMIT/WHERE to see what matters")
    elif total == 0:
        lines.append("(no rows)")
    lines += [f"NOTE: {note}" for note in outcome.notes]
    return "\n".join(lines)


def columns_rows(columns: Sequence[str], rows: Sequence[Sequence[Any]], more: bool = False) -> QueryRows:
    """A :class:`QueryRows` from raw columns and rows (values made plain)."""
    return QueryRows(tuple(str(c) for c in columns), tuple(tuple(plain(v) for v in row) for row in rows), more)
