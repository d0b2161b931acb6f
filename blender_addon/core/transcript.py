"""The record of every LLM exchange: ``transcript.jsonl`` and the per-call accounting.

One JSONL line per HTTP attempt (schema ``setdresser.transcript/1``): the stage, model,
prompt template id, the request messages (images as their hash and size, not their bytes)
and the reply text with token counts, or the error. Secrets (API keys) are scrubbed from
every string before a record is written. :func:`read_transcript` reads it back for
``--replay``; :func:`summarize_calls` gives ``report.json`` its tokens and time per stage.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any, Iterable, Mapping, Sequence

from .errors import BadInput
from .stages.base import ChatMessage, ChatReply, ChatRequest

TRANSCRIPT_SCHEMA = "setdresser.transcript/1"
REDACTED = "[REDACTED]"
# Secrets that look like keys even when nobody told us about them: bearer tokens and
# OpenAI-style "sk-..." keys. Both need 20+ key characters, so prose such as "a flag bearer
# standing" or "sk-learn" is left alone.
_KEY_PATTERNS = (re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._\-]{20,}"), re.compile(r"\bsk-[A-Za-z0-9_\-]{20,}"))


@dataclass(frozen=True)
class CallRecord:
    """Accounting for one stage request (all its HTTP attempts): what report.json shows."""

    stage: str
    model: str
    prompt_id: str
    latency_s: float
    prompt_tokens: int
    completion_tokens: int
    attempts: int
    ok: bool
    error: str = ""
    images: int = 0  # images sent with the request (the model bills them as prompt tokens)
    image_bytes: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def image_load(request: Any) -> tuple[int, int]:
    """How many images a stage request carries and their total size in bytes."""
    images = [image for message in request.messages for image in (message.images or ())]
    return len(images), sum(len(image.data) for image in images)


def summarize_calls(calls: Sequence[CallRecord]) -> dict[str, dict[str, Any]]:
    """Per stage: calls, attempts, failed calls, prompt/completion tokens, seconds, models."""
    summary: dict[str, dict[str, Any]] = {}
    for call in calls:
        entry = summary.setdefault(call.stage, {"calls": 0, "attempts": 0, "failed": 0, "prompt_tokens": 0,
                                                "completion_tokens": 0, "images": 0, "image_bytes": 0,
                                                "latency_s": 0.0, "models": []})
        entry["calls"] += 1
        entry["attempts"] += call.attempts
        entry["failed"] += 0 if call.ok else 1
        entry["prompt_tokens"] += call.prompt_tokens
        entry["completion_tokens"] += call.completion_tokens
        entry["images"] += call.images
        entry["image_bytes"] += call.image_bytes
        entry["latency_s"] = round(entry["latency_s"] + call.latency_s, 4)
        if call.model not in entry["models"]:
            entry["models"].append(call.model)
    return summary


def scrub(value: Any, secrets: Iterable[str]) -> Any:
    """``value`` with every secret (and anything shaped like a key) replaced in every string."""
    secret_list = [s for s in secrets if s]
    if isinstance(value, str):
        for secret in secret_list:
            value = value.replace(secret, REDACTED)
        for pattern in _KEY_PATTERNS:
            value = pattern.sub(REDACTED, value)
        return value
    if isinstance(value, Mapping):
        return {scrub(k, secret_list): scrub(v, secret_list) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [scrub(v, secret_list) for v in value]
    return value


def message_record(message: ChatMessage) -> dict[str, Any]:
    """A message as the transcript stores it: images by hash, size and label."""
    out: dict[str, Any] = {"role": message.role, "text": message.text}
    if message.tool_calls:
        out["tool_calls"] = [c.to_dict() for c in message.tool_calls]
    if message.tool_call_id:
        out["tool_call_id"] = message.tool_call_id
    if message.images:
        out["images"] = [{"mime": i.mime, "sha256": i.sha256, "bytes": len(i.data), "label": i.label}
                         for i in message.images]
    return out


def exchange_record(seq: int, request: ChatRequest, *, model: str, endpoint: str, attempt: int,
                    structured: bool, temperature: float | None, reply: ChatReply | None, error: str,
                    latency_s: float, tools: bool = False) -> dict[str, Any]:
    """One transcript line (not yet scrubbed); ``temperature`` None = not sent; ``tools``: the
    request offered its tools (their names are recorded) and the reply's tool calls with it."""
    record: dict[str, Any] = {
        "schema": TRANSCRIPT_SCHEMA, "seq": seq, "stage": request.stage, "model": model, "endpoint": endpoint,
        "prompt_id": request.prompt_id, "attempt": attempt,
        "request": {"messages": [message_record(m) for m in request.messages], "temperature": temperature,
                    "response_format": ("json_schema:" + request.schema_name) if structured else "text"},
        "reply": None if reply is None else {"text": reply.text, "model": reply.model,
                                             "prompt_tokens": reply.prompt_tokens,
                                             "completion_tokens": reply.completion_tokens},
        "error": error or None, "latency_s": round(latency_s, 4),
    }
    if tools:
        record["request"]["tools"] = [str(spec.get("name", "")) for spec in request.tools]
    if reply is not None and reply.tool_calls:
        record["reply"]["tool_calls"] = [c.to_dict() for c in reply.tool_calls]
    return record


class TranscriptWriter:
    """Appends scrubbed records to a JSONL file (or only keeps them in memory with ``path=None``)."""

    def __init__(self, path: str | Path | None, secrets: Iterable[str] = ()) -> None:
        self.path = Path(path) if path is not None else None
        self._secrets = [s for s in secrets if s]
        self.records: list[dict[str, Any]] = []
        self._stream: IO[str] | None = None

    def add_secret(self, secret: str) -> None:
        if secret:
            self._secrets.append(secret)

    def write(self, record: Mapping[str, Any]) -> None:
        """Scrub and append one record; flushed at once so a crash keeps what was said."""
        clean = scrub(record, self._secrets)
        self.records.append(clean)
        if self.path is None:
            return
        if self._stream is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._stream = self.path.open("a", encoding="utf-8")
        self._stream.write(json.dumps(clean, ensure_ascii=False) + "\n")
        self._stream.flush()

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()
            self._stream = None


def read_transcript(path: str | Path) -> list[dict[str, Any]]:
    """Every record of a transcript file, checked line by line (bad input names file and line)."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise BadInput(f"cannot read transcript: {exc.strerror}", str(path)) from exc
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BadInput(f"not JSON: {exc.msg}", f"{path}:{number}") from exc
        if not isinstance(record, dict) or record.get("schema") != TRANSCRIPT_SCHEMA:
            raise BadInput(f"not a {TRANSCRIPT_SCHEMA} record", f"{path}:{number}")
        for key in ("stage", "request"):
            if key not in record:
                raise BadInput(f"record has no '{key}'", f"{path}:{number}")
        records.append(record)
    return records
