"""``python -m setdresser query OUT_DIR "MATCH ..."``: a read-only Cypher query over the scene
database of an output folder; rows as an aligned table, or ``--json``.

Malformed Cypher, an unknown label or property, a query that would write (or touch files), or
one that runs past ``--timeout`` is bad input: one line naming the problem, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..core.errors import BadInput
from ..core.scene_db.results import format_table

DEFAULT_TIMEOUT_S = 10.0
DEFAULT_MAX_ROWS = 1000
_MESSAGE_CHARS = 300  # a database message is cut to this on the one error line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The query sub-command's flags."""
    parser.add_argument("folder", type=Path, metavar="OUT_DIR", help="an output folder of generate")
    parser.add_argument("cypher", metavar="CYPHER", help="one read-only Cypher query, e.g. \"MATCH (o:Object) "
                                                         "RETURN o.category, count(*)\"")
    parser.add_argument("--json", action="store_true", help="print {columns, rows, more} as JSON")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_S,
                        help=f"seconds before the database stops the query (default {DEFAULT_TIMEOUT_S:g})")
    parser.add_argument("--max-rows", type=int, default=DEFAULT_MAX_ROWS,
                        help=f"rows fetched at most (default {DEFAULT_MAX_ROWS})")


def run(args: argparse.Namespace) -> int:
    """Run the query and print its rows; returns the exit status."""
    if not args.timeout > 0:
        raise BadInput(f"must be positive, got {args.timeout}", "--timeout")
    if args.max_rows < 1:
        raise BadInput(f"must be at least 1, got {args.max_rows}", "--max-rows")
    from ..services.scene_folder import open_folder
    from ..services.scene_store import QueryError

    store, _, note = open_folder(args.folder)
    try:
        if note:
            print(f"note: {note}", file=sys.stderr)
        try:
            rows = store.run(args.cypher, timeout_s=args.timeout, fetch=args.max_rows)
        except QueryError as exc:
            raise BadInput(_short(str(exc)), "query") from None
    finally:
        store.close()
    if args.json:
        print(json.dumps(rows.to_dict(), ensure_ascii=False))
    else:
        print(format_table(rows))
    return 0


def _short(message: str) -> str:
    flat = " ".join(message.split())
    return flat if len(flat) <= _MESSAGE_CHARS else flat[: _MESSAGE_CHARS - 3] + "..."
