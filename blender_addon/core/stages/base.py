"""What every LLM stage shares: typed chat messages, the backend protocol, reply errors,
JSON extraction and the bounded parse-retry loop.

The core never talks to the network: a stage builds :class:`ChatMessage` lists and parses
reply text; a :class:`ChatBackend` (the openai client in ``services/``, the replay client,
or a fake in tests) turns a :class:`ChatRequest` into a :class:`ChatReply`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, Sequence, TypeVar

from ..errors import BadInput, SetDresserError
from ..prompts import PromptTemplate, load_template

T = TypeVar("T")

# Reply text quoted back to the model in a repair turn is cut to this many characters:
# the model already has its full reply in the conversation, the excerpt only locates the error.
_EXCERPT_CHARS = 300


class ReplyParseError(SetDresserError):
    """A reply does not have the expected form; the message is written to be fed back to the model."""


class LLMError(SetDresserError):
    """An LLM stage failed for good (bad replies after retries, HTTP errors, timeouts, auth)."""

    def __init__(self, stage: str, endpoint: str, problem: str) -> None:
        self.stage = stage
        self.endpoint = endpoint
        one_line = " ".join(problem.split())
        super().__init__(f"LLM {stage} stage failed at {endpoint}: {one_line}")


@dataclass(frozen=True)
class ImageInput:
    """An image sent to a vision model (the reviewer's renders)."""

    data: bytes
    mime: str = "image/png"
    label: str = ""

    @classmethod
    def from_path(cls, path: str | Path, label: str = "") -> "ImageInput":
        """Read an image file; the mime type follows the extension (png, jpg/jpeg, webp)."""
        path = Path(path)
        mime = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
                ".webp": "image/webp"}.get(path.suffix.lower())
        if mime is None:
            raise BadInput(f"unsupported image type '{path.suffix}' (png, jpg, webp)", str(path))
        return cls(data=path.read_bytes(), mime=mime, label=label or path.name)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    def data_url(self) -> str:
        """``data:image/png;base64,...`` as the OpenAI chat API takes images."""
        return f"data:{self.mime};base64,{base64.b64encode(self.data).decode('ascii')}"


@dataclass(frozen=True)
class ToolCall:
    """A function call the model asked for (OpenAI tool calls): its id, name and JSON arguments."""

    id: str
    name: str
    arguments: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "arguments": self.arguments}


@dataclass(frozen=True)
class ChatMessage:
    """One chat turn: role (system/user/assistant/tool), text and, for user turns, images; an
    assistant turn may carry the tool calls it made, a ``tool`` turn answers ``tool_call_id``."""

    role: str
    text: str
    images: tuple[ImageInput, ...] = ()
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str = ""


@dataclass(frozen=True)
class ChatRequest:
    """What a stage asks of a backend. ``schema`` (a JSON schema) asks for structured output;
    ``tools`` (OpenAI function specs) offers tools the model may call instead of answering."""

    stage: str
    messages: tuple[ChatMessage, ...]
    prompt_id: str = ""
    schema: Mapping[str, Any] | None = None
    schema_name: str = ""
    tools: tuple[Mapping[str, Any], ...] = ()


@dataclass(frozen=True)
class ChatReply:
    """A backend's answer: the reply text (and any tool calls), the model that wrote it and its
    token counts."""

    text: str
    model: str = ""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)
    tool_calls: tuple[ToolCall, ...] = ()


class ChatBackend(Protocol):
    """Anything that answers chat requests; ``endpoint`` names it in errors (no credentials)."""

    endpoint: str

    def complete(self, request: ChatRequest) -> ChatReply:
        """Send one request and return the reply, or raise :class:`LLMError`."""
        ...


def build_messages(template: PromptTemplate, variables: Mapping[str, str],
                   images: Sequence[ImageInput] = ()) -> list[ChatMessage]:
    """Render a template into messages; images go with the (last) user turn."""
    rendered = template.render(variables)
    messages = [ChatMessage(role=role, text=text) for role, text in rendered]
    if images:
        last = messages[-1]
        messages[-1] = ChatMessage(role=last.role, text=last.text, images=tuple(images))
    return messages


_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n(.*?)```", re.DOTALL)


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    """``[(language, body), ...]`` for every fenced code block in a reply."""
    return [(m.group(1).lower(), m.group(2)) for m in _FENCE.finditer(text)]


def excerpt(text: str) -> str:
    """A short one-line excerpt of a reply for error messages."""
    flat = " ".join(text.split())
    return flat if len(flat) <= _EXCERPT_CHARS else flat[:_EXCERPT_CHARS] + "..."


def extract_json(text: str) -> Any:
    """The JSON value of a reply: the whole reply, or the single ```json fenced block in it."""
    stripped = text.strip()
    if not stripped:
        raise ReplyParseError("the reply was empty; answer with a single JSON object")
    try:
        return json.loads(stripped)
    except json.JSONDecodeError as whole_error:
        blocks = [body for lang, body in fenced_blocks(text) if lang in ("json", "")]
        if len(blocks) != 1:
            raise ReplyParseError(
                f"the reply is not valid JSON ({whole_error.msg} at line {whole_error.lineno} column "
                f"{whole_error.colno}); answer with one JSON object only, no prose. Reply began: "
                f"{excerpt(text)[:120]!r}") from None
        try:
            return json.loads(blocks[0])
        except json.JSONDecodeError as block_error:
            raise ReplyParseError(
                f"the ```json block is not valid JSON: {block_error.msg} at line {block_error.lineno} "
                f"column {block_error.colno}") from None


def repair_message(stage: str, error: ReplyParseError, template: PromptTemplate | None = None) -> ChatMessage:
    """The user turn that tells the model what was wrong with its last reply."""
    template = template or load_template("repair")
    (_, text), = [(role, body) for role, body in template.render({"stage": stage, "error": str(error)})
                  if role == "user"]
    return ChatMessage(role="user", text=text)


def ask_with_retries(send: Callable[[list[ChatMessage]], str], messages: Sequence[ChatMessage],
                     parse: Callable[[str], T], max_retries: int = 2, stage: str = "") -> T:
    """Ask, parse, and on a :class:`ReplyParseError` append the bad reply and the error as a user
    turn and ask again, at most ``max_retries`` more times. The last error is re-raised, saying
    how many replies were rejected."""
    if max_retries < 0:
        raise ValueError(f"max_retries must be >= 0, got {max_retries}")
    conversation = list(messages)
    repair_template = load_template("repair")
    for attempt in range(max_retries + 1):
        reply = send(list(conversation))
        try:
            return parse(reply)
        except ReplyParseError as error:
            if attempt == max_retries:
                raise ReplyParseError(f"{attempt + 1} replies rejected; last: {error}") from error
            conversation.append(ChatMessage(role="assistant", text=reply))
            conversation.append(repair_message(stage, error, repair_template))
    raise AssertionError("unreachable: the last attempt returns or raises")


def ask_stage(backend: ChatBackend, stage: str, messages: Sequence[ChatMessage], parse: Callable[[str], T], *,
              schema: Mapping[str, Any] | None = None, max_retries: int = 2,
              on_reply: Callable[[ChatReply], None] | None = None) -> T:
    """Ask ``backend`` one stage's question: requests carry the stage's prompt id and schema,
    parse errors go back to the model (:func:`ask_with_retries`), every reply is shown to
    ``on_reply`` (token accounting), and a model that never gives a usable reply ends in an
    :class:`LLMError` naming the stage and the endpoint."""
    prompt_id = load_template(stage).id

    def send(conversation: list[ChatMessage]) -> str:
        request = ChatRequest(stage=stage, messages=tuple(conversation), prompt_id=prompt_id, schema=schema,
                              schema_name=f"setdresser_{stage}" if schema is not None else "")
        reply = backend.complete(request)
        if on_reply is not None:
            on_reply(reply)
        return reply.text

    try:
        return ask_with_retries(send, messages, parse, max_retries=max_retries, stage=stage)
    except ReplyParseError as exc:
        raise LLMError(stage, backend.endpoint, f"no usable reply: {exc}") from exc
