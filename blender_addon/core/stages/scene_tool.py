"""The scene query tool of the LLM stages (issue 16, after the 3D-scene-graph Cypher paper): the
model may run up to N read-only Cypher queries over the scene database, reasoning before each,
before it gives its final answer; the prompt carries the schema, the label space and the known
pitfalls instead of the scene.

Two protocols, over any OpenAI-compatible endpoint: OpenAI tool calls (the request offers the
``cypher_query`` function), and plain text for servers without them (the model writes its query
between ``<cypher>`` tags; the backend drops ``tools`` when a server refuses them, and a model
that ignores them is read the same way). Query errors go back to the model as text; results
are cut to a row and character budget with a note. Every exchange goes through the backend, so
queries and results are transcribed and replayed like any other request.

Other stages call :func:`ask_with_scene_tool` with their messages (which include
:func:`scene_tool_text`), their reply parser and a query runner (the store's ``query``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence, TypeVar

from ..prompts import load_template
from ..scene_db.results import MAX_CHARS, MAX_ROWS, QueryOutcome, for_model
from .base import ChatBackend, ChatMessage, ChatReply, ChatRequest, LLMError, ReplyParseError, ToolCall, repair_message

T = TypeVar("T")
QueryRunner = Callable[[str], QueryOutcome]

TOOL_NAME = "cypher_query"
QUERY_TOOL: Mapping[str, Any] = {
    "name": TOOL_NAME,
    "description": "Run one read-only Cypher query over the scene graph database and get its rows back.",
    "parameters": {"type": "object", "properties": {
        "reasoning": {"type": "string", "description": "why this query, and what you expect it to show"},
        "query": {"type": "string", "description": "one read-only Cypher query"}},
        "required": ["reasoning", "query"]},
}
_TAGGED = re.compile(r"<cypher>(.*?)</cypher>", re.DOTALL | re.IGNORECASE)
_FENCED = re.compile(r"```[ \t]*cypher[ \t]*\n(.*?)```", re.DOTALL | re.IGNORECASE)


@dataclass(frozen=True)
class SceneToolConfig:
    """How much of the database a stage may read: queries per answer, and rows/characters of
    each result the model sees."""

    max_queries: int = 5
    max_rows: int = MAX_ROWS
    max_chars: int = MAX_CHARS

    def __post_init__(self) -> None:
        if self.max_queries < 1 or self.max_rows < 1 or self.max_chars < 100:
            raise ValueError("max_queries and max_rows must be >= 1, max_chars >= 100")


DEFAULT_SCENE_TOOL = SceneToolConfig()  # the limits a stage gets when none are given (frozen: safe to share)


@dataclass(frozen=True)
class SceneAccess:
    """What a stage needs to offer the tool: the scene's rows (the prompt's label space) and a
    runner of read-only queries over its database (the store's ``query``)."""

    rows: Any  # scene_db.rows.GraphRows
    run_query: QueryRunner


@dataclass
class ToolTrace:
    """What the model asked of the database during one answer."""

    queries: list[QueryOutcome] = field(default_factory=list)
    protocol: str = "none"  # tools | text | none (answered without querying)
    replies: int = 0


def scene_tool_text(schema: str, labels: str, config: SceneToolConfig = DEFAULT_SCENE_TOOL) -> str:
    """The part of a stage's prompt that describes the database and the tool (``prompts/scene_tool.md`` is a
    fragment: its one section is this text, whatever role the stage puts it in)."""
    template = load_template("scene_tool")
    (_, text), = template.render({"schema": schema, "labels": labels, "max_queries": str(config.max_queries),
                                  "max_rows": str(config.max_rows)})
    return text


def ask_with_scene_tool(backend: ChatBackend, stage: str, messages: Sequence[ChatMessage], parse: Callable[[str], T],
                        run_query: QueryRunner, *, config: SceneToolConfig = DEFAULT_SCENE_TOOL,
                        max_retries: int = 2, prompt_id: str = "",
                        on_reply: Callable[[ChatReply], None] | None = None) -> tuple[T, ToolTrace]:
    """Ask with the query tool; returns the parsed final answer and what was queried. A final
    reply that does not parse goes back to the model (at most ``max_retries`` times); a model
    that never answers ends in an :class:`LLMError` naming the stage."""
    loop = _Loop(backend, stage, list(messages), run_query, config, prompt_id or load_template(stage).id, on_reply)
    repairs = 0
    for _ in range(config.max_queries + max_retries + 3):
        reply = loop.send()
        if loop.handled_queries(reply):
            continue
        try:
            return parse(reply.text), loop.trace
        except ReplyParseError as error:
            if loop.handled_queries(reply, fenced=True):  # not an answer, but a query in a ```cypher fence
                continue
            if repairs >= max_retries:
                raise LLMError(stage, backend.endpoint, f"no usable reply: {repairs + 1} replies rejected; "
                                                        f"last: {error}") from error
            repairs += 1
            loop.conversation += [ChatMessage("assistant", reply.text), repair_message(stage, error)]
    raise LLMError(stage, backend.endpoint, f"no final answer after {loop.trace.replies} replies")


@dataclass
class _Loop:
    backend: ChatBackend
    stage: str
    conversation: list[ChatMessage]
    run_query: QueryRunner
    config: SceneToolConfig
    prompt_id: str
    on_reply: Callable[[ChatReply], None] | None
    trace: ToolTrace = field(default_factory=ToolTrace)

    @property
    def budget_left(self) -> int:
        return self.config.max_queries - len(self.trace.queries)

    def send(self) -> ChatReply:
        """One request: the tool is offered while queries are left."""
        tools = (QUERY_TOOL,) if self.budget_left > 0 else ()
        reply = self.backend.complete(ChatRequest(stage=self.stage, messages=tuple(self.conversation),
                                                  prompt_id=self.prompt_id, tools=tools))
        self.trace.replies += 1
        if self.on_reply is not None:
            self.on_reply(reply)
        return reply

    def handled_queries(self, reply: ChatReply, fenced: bool = False) -> bool:
        """Answer the reply's queries (tool calls, or a <cypher> block; with ``fenced``, a ```cypher
        fence); False for a final answer."""
        if reply.tool_calls:
            self.trace.protocol = "tools"
            self.conversation.append(ChatMessage("assistant", reply.text, tool_calls=reply.tool_calls))
            self.conversation += [ChatMessage("tool", self._answer_call(c), tool_call_id=c.id)
                                  for c in reply.tool_calls]
            return True
        query = _text_query(reply.text, fenced)
        if query is None:
            return False
        self.trace.protocol = "text" if self.trace.protocol == "none" else self.trace.protocol
        self.conversation += [ChatMessage("assistant", reply.text),
                              ChatMessage("user", f"Result of your query:\n{self._run(query)}")]
        return True

    def _answer_call(self, call: ToolCall) -> str:
        if call.name != TOOL_NAME:
            return f"ERROR: unknown tool {call.name!r}; the only tool is {TOOL_NAME}"
        try:
            arguments = json.loads(call.arguments or "{}")
        except json.JSONDecodeError:
            arguments = None
        if not isinstance(arguments, dict) or not isinstance(arguments.get("query"), str):
            return 'ERROR: the arguments must be JSON like {"reasoning": "...", "query": "MATCH ..."}'
        return self._run(arguments["query"])

    def _run(self, query: str) -> str:
        if self.budget_left <= 0:
            return (f"ERROR: no queries left ({self.config.max_queries} used); give your final answer now "
                    "from what you have")
        outcome = self.run_query(query)
        self.trace.queries.append(outcome)
        text = for_model(outcome, self.config.max_rows, self.config.max_chars)
        left = self.budget_left
        return text + ("\n(no queries left: answer now)" if left == 0 else f"\n({left} queries left)")


def _text_query(text: str, fenced: bool) -> str | None:
    """The query of a plain-text protocol reply: a <cypher> block (or, with ``fenced``, a ```cypher fence)."""
    found = _TAGGED.search(text) or (_FENCED.search(text) if fenced else None)
    return found.group(1).strip() if found else None
