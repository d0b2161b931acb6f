"""The ask stage (``setdresser ask``, the panel's *Ask about the scene* box): a question about a
scene, answered by the model through the scene query tool in the typed answer format (sets,
lists, numbers, points, ids; :mod:`..scene_db.answers`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Collection

from ..prompts import load_template
from ..scene_db.answers import AnswerError, answer_ids, format_answer, parse_answer
from ..scene_db.labels import label_space
from ..scene_db.rows import GraphRows
from ..scene_db.schema import schema_text
from .base import ChatBackend, ChatMessage, ChatReply, ReplyParseError, build_messages
from .scene_tool import (DEFAULT_SCENE_TOOL, QueryRunner, SceneToolConfig, ToolTrace, ask_with_scene_tool,
                         scene_tool_text)

STAGE = "ask"
_ANSWER = re.compile(r"<answer>(.*?)</answer>", re.DOTALL | re.IGNORECASE)


@dataclass(frozen=True)
class Answer:
    """The model's final answer: its text, the typed value, and the scene ids it names."""

    text: str
    value: Any
    ids: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"answer": self.text, "ids": list(self.ids)}


def build_request_messages(question: str, tool_text: str) -> list[ChatMessage]:
    """The ask prompt: the scene tool's description and the question."""
    return build_messages(load_template(STAGE), {"scene_tool": tool_text, "question": question.strip()})


def parse_reply(text: str, known_ids: Collection[str]) -> Answer:
    """The last ``<answer>...</answer>`` of a reply, as a typed value."""
    found = _ANSWER.findall(text)
    if not found:
        raise ReplyParseError("give your final answer between <answer> and </answer> (or query the database first)")
    raw = found[-1].strip()
    try:
        value = parse_answer(raw)
    except AnswerError as exc:
        raise ReplyParseError(f"the answer {raw[:80]!r} is not a typed value: {exc}; use an id, a number, "
                              "<a, b> for a set, [a, b] for a list, {k: v} or Point(x y z)") from None
    return Answer(text=format_answer(value), value=value, ids=tuple(answer_ids(value, set(known_ids))))


def ask_question(backend: ChatBackend, rows: GraphRows, run_query: QueryRunner, question: str, *,
                 config: SceneToolConfig = DEFAULT_SCENE_TOOL,
                 on_reply: Callable[[ChatReply], None] | None = None) -> tuple[Answer, ToolTrace]:
    """Answer ``question`` about the scene whose rows are ``rows`` and whose database ``run_query``
    reads (the store's ``query``)."""
    if not question.strip():
        raise ValueError("the question is empty")
    tool_text = scene_tool_text(schema_text(), label_space(rows), config)
    known = {str(row["id"]) for table in rows.nodes.values() for row in table}
    return ask_with_scene_tool(backend, STAGE, build_request_messages(question, tool_text),
                               lambda text: parse_reply(text, known), run_query, config=config, on_reply=on_reply)
