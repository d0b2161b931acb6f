"""``python -m setdresser ask OUT_DIR "which lamp is closest to the sofa?"``: a question about a
generated scene, answered by an LLM that queries the scene database (up to ``--max-queries``
read-only Cypher queries), in the typed answer format: an id, a number, a set ``<a, b>``, a list
``[a, b]``, a dictionary or a point.

It needs an LLM (any OpenAI-compatible endpoint, or ``--replay`` of a recorded transcript):
offline there is nothing to understand the question, and ``query`` runs Cypher directly.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..core.errors import BadInput

DEFAULT_MAX_QUERIES = 5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ask sub-command's flags (plus the LLM backend flags of ``generate``)."""
    parser.add_argument("folder", type=Path, metavar="OUT_DIR", help="an output folder of generate")
    parser.add_argument("question", metavar="QUESTION", help="a question about the scene, in plain English")
    parser.add_argument("--llm", choices=("offline", "openai"), default=None,
                        help="default: openai when OPENAI_BASE_URL or OPENAI_API_KEY is set (ask needs an LLM)")
    parser.add_argument("--max-queries", type=int, default=DEFAULT_MAX_QUERIES,
                        help=f"database queries the model may run before answering (default {DEFAULT_MAX_QUERIES})")
    parser.add_argument("--transcript", type=Path, default=None,
                        help="write every request, query and result to this JSONL file (replay it with --replay)")
    parser.add_argument("--json", action="store_true", help="print {answer, ids, queries, protocol} as JSON")
    from ..services.llm_config import add_llm_arguments  # flags only: no openai import

    add_llm_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Answer the question; returns the exit status."""
    from .generate import default_llm

    if not args.question.strip():
        raise BadInput("the question is empty", "QUESTION")
    if args.max_queries < 1:
        raise BadInput(f"must be at least 1, got {args.max_queries}", "--max-queries")
    llm = args.llm or default_llm()
    if llm == "offline" and not args.replay:
        raise BadInput("needs an LLM: set OPENAI_BASE_URL (and OPENAI_API_KEY) or pass --llm openai "
                       "--base-url URL; without one, 'setdresser query OUT_DIR CYPHER' runs Cypher directly",
                       "ask --llm offline")
    from ..core.stages.ask import ask_question
    from ..core.stages.scene_tool import SceneToolConfig
    from ..core.transcript import TranscriptWriter
    from ..services.scene_folder import open_folder

    store, rows, note = open_folder(args.folder)
    transcript = TranscriptWriter(args.transcript)
    try:
        if note:
            print(f"note: {note}", file=sys.stderr)
        backend = _backend(args, transcript)
        answer, trace = ask_question(backend, rows, store.query, args.question,
                                     config=SceneToolConfig(max_queries=args.max_queries))
    finally:
        transcript.close()
        store.close()
    _show(args, answer, trace)
    return 0


def _backend(args: argparse.Namespace, transcript: Any) -> Any:
    if args.replay:
        from ..services.replay import ReplayClient

        return ReplayClient.from_file(args.replay, transcript)
    from ..services.llm import LLMClient
    from ..services.llm_config import config_from_args

    return LLMClient(config_from_args(args), transcript)


def _show(args: argparse.Namespace, answer: Any, trace: Any) -> None:
    """The answer on stdout (the queries it took on stderr), or everything as JSON."""
    queries = [{"query": q.query, "error": q.error or None, "rows": len(q.result.rows) if q.result else 0}
               for q in trace.queries]
    if args.json:
        print(json.dumps({**answer.to_dict(), "queries": queries, "protocol": trace.protocol}, ensure_ascii=False))
        return
    for number, query in enumerate(queries, start=1):
        outcome = f"error: {query['error']}" if query["error"] else f"{query['rows']} row(s)"
        print(f"query {number}: {' '.join(query['query'].split())} -> {outcome}", file=sys.stderr)
    print(answer.text)
    if answer.ids:
        print(f"objects: {', '.join(answer.ids)}")
