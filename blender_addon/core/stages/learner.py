"""Library-learner stage (SceneCraft's outer loop, Alg. 1 / Eq. 6): the rewrites of one library
relation made across a batch of scenes -> one merged scoring function for it.

The reply is JSON ``{"relation", "source", "rationale"}``; ``source`` must define exactly the
top-level ``@custom_relation("NAME")`` function, be in the script language
(docs/script_language.md) and be self-contained. Problems go back to the model (bounded retries) like every stage's.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..errors import BadInput
from ..prompts import load_template
from ..script import check_script, compile_score
from .base import (ChatBackend, ChatMessage, ChatRequest, LLMError, ReplyParseError, ask_with_retries,
                   build_messages, extract_json, fenced_blocks)
from .schema import validate

STAGE = "learner"
EDIT_SOURCE_CHARS = 4000  # one rewrite quoted in the prompt; a scoring function is far shorter

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "relation": {"type": "string"},
        "source": {"type": "string", "minLength": 1},
        "rationale": {"type": "string", "minLength": 1},
    },
    "required": ["relation", "source", "rationale"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class SceneEdit:
    """One scene's final rewrite of the relation, as the learner reads it."""

    prompt: str
    source: str
    reason: str


@dataclass(frozen=True)
class LearnedFunction:
    """The learner's merged function for one relation."""

    relation: str
    source: str
    rationale: str


def edits_text(edits: Sequence[SceneEdit]) -> str:
    """The rewrites as numbered prompt sections."""
    parts = []
    for number, edit in enumerate(edits, start=1):
        source = edit.source.strip()[:EDIT_SOURCE_CHARS]
        parts.append(f"### Scene {number}: {edit.prompt!r}\nReason: {edit.reason or '(none given)'}\n"
                     f"```python\n{source}\n```")
    return "\n\n".join(parts)


def build_request_messages(spec: Mapping[str, Any], library_source: str,
                           edits: Sequence[SceneEdit]) -> list[ChatMessage]:
    """The learner prompt for one relation (``spec``: the registry's ``describe()`` entry)."""
    params = ", ".join(f"{p['name']} ({p['type']}, default {p['default']!r})" for p in spec["params"]) or "none"
    return build_messages(load_template(STAGE), {
        "relation": spec["name"], "signature": spec["signature"], "description": spec["description"],
        "params": params, "version": str(spec["version"]), "library_source": library_source.strip(),
        "scene_count": str(len(edits)), "edits": edits_text(edits), "schema": json.dumps(SCHEMA)})


def _source_of(text: str) -> str:
    """The function source: the one fenced Python block in the field, else the field itself."""
    blocks = [body for lang, body in fenced_blocks(text) if lang in ("python", "py", "")]
    return (blocks[0] if len(blocks) == 1 else text).strip() + "\n"


def parse_reply(text: str, relation: str) -> LearnedFunction:
    """The checked merged function; anything outside the script language is a reply error."""
    data = extract_json(text)
    validate(data, SCHEMA)
    if data["relation"] != relation:
        raise ReplyParseError(f"$.relation: expected {relation!r}, got {data['relation']!r}")
    source = _source_of(data["source"])
    try:
        tree = check_script(source, f"custom:{relation}")
    except BadInput as exc:  # ScriptError: outside the script language, naming line and column
        raise ReplyParseError(f"$.source: {exc}") from None
    defined = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    if len(defined) != 1:
        raise ReplyParseError(f"$.source: define exactly one top-level function (found {len(defined)})")
    try:
        compile_score(relation, source)  # the decorator's name, self-contained
    except BadInput as exc:
        raise ReplyParseError(f"$.source: {exc}") from None
    return LearnedFunction(relation=relation, source=source, rationale=data["rationale"].strip())


def learn(backend: ChatBackend, spec: Mapping[str, Any], library_source: str, edits: Sequence[SceneEdit],
          max_retries: int = 2) -> LearnedFunction:
    """Ask the learner for one relation's merged function; :class:`LLMError` when no usable reply comes."""
    messages = build_request_messages(spec, library_source, edits)
    prompt_id = load_template(STAGE).id

    def send(conversation: list[ChatMessage]) -> str:
        request = ChatRequest(stage=STAGE, messages=tuple(conversation), prompt_id=prompt_id, schema=SCHEMA,
                              schema_name=f"setdresser_{STAGE}")
        return backend.complete(request).text

    try:
        return ask_with_retries(send, messages, lambda text: parse_reply(text, spec["name"]),
                                max_retries=max_retries, stage=STAGE)
    except ReplyParseError as exc:
        raise LLMError(STAGE, backend.endpoint, f"no usable reply: {exc}") from exc
