"""``--replay transcript.jsonl``: a ``ChatBackend`` that answers from a recorded run.

Each stage's requests are answered with that stage's recorded successful replies, in order,
with no network. Every request must equal the recorded one (roles, texts, number of
images; image bytes are not compared, so a re-render that differs by a pixel still replays);
the first difference is an :class:`LLMError` that says where the run diverged.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..core.stages.base import ChatReply, ChatRequest, LLMError, ToolCall, excerpt
from ..core.transcript import CallRecord, TranscriptWriter, exchange_record, image_load, read_transcript, scrub


class ReplayClient:
    """Answers requests from transcript records; ``calls`` and ``transcript`` as for the live client."""

    def __init__(self, records: Sequence[Mapping[str, Any]], *, source: str = "transcript",
                 transcript: TranscriptWriter | None = None) -> None:
        self.endpoint = f"replay of {source}"
        self.transcript = transcript if transcript is not None else TranscriptWriter(None)
        self.calls: list[CallRecord] = []
        self._queues: dict[str, deque[Mapping[str, Any]]] = {}
        self._served: dict[str, int] = {}
        for record in records:
            if record.get("reply") is not None:
                self._queues.setdefault(str(record["stage"]), deque()).append(record)

    @classmethod
    def from_file(cls, path: str | Path, transcript: TranscriptWriter | None = None) -> "ReplayClient":
        """A replay client over a ``transcript.jsonl`` file."""
        return cls(read_transcript(path), source=str(path), transcript=transcript)

    def remaining(self) -> dict[str, int]:
        """Recorded replies not yet used, per stage."""
        return {stage: len(queue) for stage, queue in self._queues.items() if queue}

    def complete(self, request: ChatRequest) -> ChatReply:
        """The next recorded reply of the request's stage, if the request is the recorded one."""
        number = self._served.get(request.stage, 0) + 1
        queue = self._queues.get(request.stage)
        if not queue:
            raise LLMError(request.stage, self.endpoint,
                           f"the transcript has no {request.stage} reply left for request #{number}; "
                           "the run diverged from the recorded one")
        record = queue.popleft()
        self._served[request.stage] = number
        _check_same_request(record, request, number, self.endpoint)
        recorded = record["reply"]
        calls = tuple(ToolCall(id=str(c["id"]), name=str(c["name"]), arguments=str(c["arguments"]))
                      for c in recorded.get("tool_calls", ()))
        reply = ChatReply(text=str(recorded["text"]), model=str(recorded.get("model", "")),
                          prompt_tokens=int(recorded.get("prompt_tokens", 0)),
                          completion_tokens=int(recorded.get("completion_tokens", 0)), tool_calls=calls)
        model = str(record.get("model", ""))
        self.transcript.write(exchange_record(
            len(self.transcript.records) + 1, request, model=model, endpoint=self.endpoint, attempt=1,
            structured=str(record["request"].get("response_format", "text")).startswith("json_schema"),
            temperature=record["request"].get("temperature"), reply=reply, error="", latency_s=0.0,
            tools="tools" in record["request"]))
        self.calls.append(CallRecord(stage=request.stage, model=model, prompt_id=request.prompt_id, latency_s=0.0,
                                     prompt_tokens=reply.prompt_tokens, completion_tokens=reply.completion_tokens,
                                     attempts=1, ok=True, images=image_load(request)[0],
                                     image_bytes=image_load(request)[1]))
        return reply


def _check_same_request(record: Mapping[str, Any], request: ChatRequest, number: int, endpoint: str) -> None:
    """Raise :class:`LLMError` at the first message where ``request`` differs from the record."""
    expected = [(m.get("role"), m.get("text"), len(m.get("images", ())), m.get("tool_calls", []))
                for m in record["request"]["messages"]]
    # The transcript holds scrubbed text, so the live request is scrubbed the same way before comparing.
    actual = [(m.role, scrub(m.text, ()), len(m.images), [c.to_dict() for c in m.tool_calls])
              for m in request.messages]
    where = f"{request.stage} request #{number}"
    if record.get("prompt_id") and request.prompt_id and record["prompt_id"] != request.prompt_id:
        raise LLMError(request.stage, endpoint, f"{where} uses prompt {request.prompt_id}, the transcript "
                                                f"{record['prompt_id']}")
    for index, (want, got) in enumerate(zip(expected, actual)):
        if want != got:
            raise LLMError(request.stage, endpoint, f"{where} diverges from the transcript at message {index} "
                                                    f"({got[0]}): {_difference(want, got)}")
    if len(expected) != len(actual):
        raise LLMError(request.stage, endpoint, f"{where} has {len(actual)} messages, the transcript {len(expected)}")


def _difference(want: tuple[Any, ...], got: tuple[Any, ...]) -> str:
    """Where two (role, text, image count, tool calls) messages first differ, quoted around that spot."""
    if want[0] != got[0]:
        return f"role {got[0]!r} instead of {want[0]!r}"
    if want[2] != got[2]:
        return f"{got[2]} image(s) instead of {want[2]}"
    if want[3] != got[3]:
        return f"tool calls {got[3]!r} instead of {want[3]!r}"
    old, new = str(want[1]), str(got[1])
    at = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    start = max(0, at - 30)
    return (f"text differs at character {at}: recorded {excerpt(old[start:at + 50])!r}, "
            f"now {excerpt(new[start:at + 50])!r}")
