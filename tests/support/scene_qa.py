"""The scene Q&A set (tests/fixtures/scene_qa/qa.jsonl) and its scripted model: for each question
it calls the query tool with the Cypher a good model would write, then reads the rows the
database sent back and writes them as a typed answer. The answer is made from the rows, never
copied from the gold, so the set checks the database, the tool plumbing and the comparison rules."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .openai_server import Scripted, dynamic, text, tool_calls

QA_FILE = Path(__file__).resolve().parents[1] / "fixtures" / "scene_qa" / "qa.jsonl"
KINDS = ("count", "nearest", "distance", "containment", "relation", "attribute", "free_space")


def load_questions(path: Path = QA_FILE) -> list[dict[str, Any]]:
    """Every question of the set, in file order."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def scripted_model(entry: dict[str, Any]) -> list[Scripted]:
    """The two replies of the scripted model for one question: the query, then the answer."""
    call = tool_calls(("cypher_query", {"reasoning": f"to answer '{entry['question']}' I read the rows this returns",
                                        "query": entry["cypher"]}), content="Let me query the scene.")
    return [call, dynamic(lambda body: text(f"<answer>{answer_from_rows(last_rows(body), entry['shape'])}</answer>"))]


def last_rows(body: dict[str, Any]) -> list[list[Any]]:
    """The rows of the last tool result in a request (the JSON lines of the result text)."""
    content = str(body["messages"][-1]["content"])
    return [json.loads(line) for line in content.splitlines() if line.startswith("[")]


def answer_from_rows(rows: list[list[Any]], shape: str) -> str:
    """Rows as a typed answer: scalar, set / list (first column), dict (two columns), point (three)."""
    if shape == "scalar":
        return _atom(rows[0][0]) if rows else "<>"
    if shape == "set":
        return "<" + ", ".join(_atom(r[0]) for r in rows) + ">"
    if shape == "list":
        return "[" + ", ".join(_atom(r[0]) for r in rows) + "]"
    if shape == "dict":
        return "{" + ", ".join(f"{_atom(r[0])}: {_atom(r[1])}" for r in rows) + "}"
    if shape == "point":
        return "Point(" + " ".join(_atom(v) for v in rows[0][:3]) + ")"
    raise ValueError(f"unknown answer shape {shape!r}")


def _atom(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
