"""The LLM backend over the real ``openai`` package (any OpenAI-compatible endpoint).

:class:`LLMClient` implements the core's ``ChatBackend``: one ``complete(request)`` per stage
request, with bounded retries and exponential backoff on 429, 5xx, timeouts and connection
errors, JSON-schema structured output where the stage returns data (falling back to plain
text once if the server rejects ``response_format``), images as base64 data URLs, one
transcript record per HTTP attempt and one :class:`CallRecord` per request. Every failure
that ends a stage is an :class:`LLMError` naming the stage and the endpoint.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable

import openai

from ..core.stages.base import ChatMessage, ChatReply, ChatRequest, LLMError, ToolCall
from ..core.transcript import CallRecord, TranscriptWriter, exchange_record, image_load, scrub
from .llm_config import LLMConfig

__all__ = ["LLMClient", "LLMError", "to_openai_messages"]
log = logging.getLogger(__name__)

# Failures worth another attempt: rate limits, server errors, timeouts, dropped connections.
_TRANSIENT = (openai.RateLimitError, openai.InternalServerError, openai.APIConnectionError)
# Longest server error text quoted in an LLMError (it must stay one readable line).
_QUOTE_CHARS = 160


class _MalformedResponse(Exception):
    """The HTTP exchange succeeded but the body is not a usable chat completion."""


class _TotalTimeout(Exception):
    """The whole exchange took longer than its deadline (an endpoint trickling its answer)."""


# One attempt ends this many timeouts after it started, however slowly the server sends (issue 12).
TOTAL_DEADLINE_FACTOR = 2.0


def _within(call: Callable[[], Any], seconds: float) -> Any:
    """``call()`` in a worker thread, given at most ``seconds`` in total: the client's own timeout
    is per read, so a server sending one byte every few seconds would never trip it."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=run, name="setdresser-llm-request", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise _TotalTimeout(f"no complete answer within {seconds:g} s")
    if "error" in box:
        raise box["error"]
    return box["value"]


def to_openai_messages(messages: tuple[ChatMessage, ...]) -> list[dict[str, Any]]:
    """Chat messages in the API's form; images become ``image_url`` parts with data URLs, tool
    calls and tool results their ``tool_calls`` / ``tool`` forms."""
    out: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "tool":
            out.append({"role": "tool", "tool_call_id": message.tool_call_id, "content": message.text})
        elif message.tool_calls:
            out.append({"role": message.role, "content": message.text or None, "tool_calls": [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in message.tool_calls]})
        elif not message.images:
            out.append({"role": message.role, "content": message.text})
        else:
            parts: list[dict[str, Any]] = [{"type": "text", "text": message.text}]
            parts += [{"type": "image_url", "image_url": {"url": image.data_url()}} for image in message.images]
            out.append({"role": message.role, "content": parts})
    return out


class LLMClient:
    """A ``ChatBackend`` over an OpenAI-compatible endpoint; ``calls`` feeds report.json."""

    def __init__(self, config: LLMConfig, transcript: TranscriptWriter | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.config = config
        self.endpoint = config.endpoint
        self.transcript = transcript if transcript is not None else TranscriptWriter(None)
        self.transcript.add_secret(config.api_key)
        self.calls: list[CallRecord] = []
        self._sleep = sleep
        self._structured_rejected = not config.structured_output
        self._send_temperature = True
        self._tools_rejected = False  # the server refused `tools`: the stages' plain-text protocol takes over
        # max_retries=0: the retries are ours, so they are bounded, counted and transcribed.
        self._client = self._new_client()

    def _new_client(self) -> Any:
        return openai.OpenAI(base_url=self.config.base_url, api_key=self.config.api_key,
                             timeout=self.config.timeout_s, max_retries=0)

    def complete(self, request: ChatRequest) -> ChatReply:
        """Send one stage request (retrying transient failures); raise :class:`LLMError` on failure."""
        model = self.config.model_for(request.stage)
        started = time.monotonic()
        attempt = 0
        while True:
            attempt += 1
            tools = bool(request.tools) and not self._tools_rejected
            structured = request.schema is not None and not self._structured_rejected and not tools
            try:
                reply = self._attempt(request, model, attempt, structured, tools)
            except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
                if not self._drop_rejected_option(exc, structured, request.stage, tools):
                    raise self._fail(request, model, started, attempt,
                                     f"the request was rejected ({_status_text(exc)})") from None
            except (*_TRANSIENT, _MalformedResponse, _TotalTimeout) as exc:
                problem = _describe_transient(exc, self.config.timeout_s)
                if attempt >= self.config.max_attempts:
                    raise self._fail(request, model, started, attempt, f"{problem} ({attempt} attempts)") from None
                self._sleep(self._backoff(attempt, exc))
            except openai.APIStatusError as exc:
                raise self._fail(request, model, started, attempt, _permanent_problem(exc, model)) from None
            else:
                self.calls.append(CallRecord(stage=request.stage, model=model, prompt_id=request.prompt_id,
                                             latency_s=time.monotonic() - started, prompt_tokens=reply.prompt_tokens,
                                             completion_tokens=reply.completion_tokens, attempts=attempt, ok=True,
                                             images=image_load(request)[0], image_bytes=image_load(request)[1]))
                return reply

    def _drop_rejected_option(self, exc: openai.APIStatusError, structured: bool, stage: str,
                              tools: bool = False) -> bool:
        """After a 400/422, stop sending the optional field the server objected to, for this and
        later requests; False when there is nothing left to drop. Each option is dropped once, so
        this cannot loop. Reasoning models refuse ``temperature``; many local servers do not know
        ``response_format`` json_schema (the stage parser still checks the JSON either way); servers
        without function calling refuse ``tools`` (the stages then read queries from the text)."""
        text = _status_text(exc)
        if self._send_temperature and "temperature" in text.lower():
            self._send_temperature = False
        elif tools and "tool" in text.lower():
            self._tools_rejected = True
        elif structured:
            self._structured_rejected = True
        else:
            return False
        log.info("%s: %s rejected an optional field (%s); sending without it", stage, self.endpoint, text)
        return True

    def _attempt(self, request: ChatRequest, model: str, attempt: int, structured: bool,
                 tools: bool = False) -> ChatReply:
        """One HTTP exchange, transcribed whatever happens."""
        kwargs: dict[str, Any] = {"model": model, "messages": to_openai_messages(request.messages),
                                  "timeout": self.config.timeout_s}
        if tools:
            kwargs["tools"] = [{"type": "function", "function": dict(spec)} for spec in request.tools]
        if self._send_temperature:
            kwargs["temperature"] = self.config.temperature
        if structured:
            kwargs["response_format"] = {"type": "json_schema", "json_schema": {
                "name": request.schema_name or request.stage, "schema": dict(request.schema or {}), "strict": False}}
        started = time.monotonic()
        reply: ChatReply | None = None
        error = ""
        client = self._client
        try:
            reply = _reply_from(_within(lambda: client.chat.completions.create(**kwargs),
                                        self.config.timeout_s * TOTAL_DEADLINE_FACTOR))
            return reply
        except _TotalTimeout:
            error = "total deadline exceeded"
            client.close()  # drops the slow connection (its worker thread ends); a fresh client goes on
            self._client = self._new_client()
            raise
        except Exception as exc:
            error = f"{type(exc).__name__}: {_one_line(str(exc))}"
            raise
        finally:
            self.transcript.write(exchange_record(
                len(self.transcript.records) + 1, request, model=model, endpoint=self.endpoint, attempt=attempt,
                structured=structured, temperature=kwargs.get("temperature"), reply=reply, error=error,
                latency_s=time.monotonic() - started, tools=tools))

    def _backoff(self, attempt: int, exc: BaseException) -> float:
        """Exponential backoff, capped by ``backoff_max_s`` and by the request timeout (so a dead
        endpoint fails within about 2 x attempts x timeout); a 429's Retry-After is honoured up
        to ``backoff_max_s``."""
        delay = min(self.config.backoff_s * 2 ** (attempt - 1), self.config.backoff_max_s, self.config.timeout_s)
        if isinstance(exc, openai.RateLimitError):
            retry_after = exc.response.headers.get("retry-after", "")
            if retry_after.replace(".", "", 1).isdigit():
                delay = min(max(delay, float(retry_after)), self.config.backoff_max_s)
        return delay

    def _fail(self, request: ChatRequest, model: str, started: float, attempts: int, problem: str) -> LLMError:
        """Record the failed call and build the one-line error for it."""
        self.calls.append(CallRecord(stage=request.stage, model=model, prompt_id=request.prompt_id,
                                     latency_s=time.monotonic() - started, prompt_tokens=0, completion_tokens=0,
                                     attempts=attempts, ok=False, error=problem,
                                     images=image_load(request)[0], image_bytes=image_load(request)[1]))
        return LLMError(request.stage, self.endpoint, scrub(problem, [self.config.api_key]))


def _reply_from(response: Any) -> ChatReply:
    """The reply text, tool calls and usage of a chat completion; anything else is malformed."""
    choices = getattr(response, "choices", None)
    if not choices:
        raise _MalformedResponse(f"no choices in the response: {_one_line(repr(response))[:_QUOTE_CHARS]}")
    message = getattr(choices[0], "message", None)
    content = getattr(message, "content", None)
    calls = tuple(ToolCall(id=str(getattr(c, "id", "") or f"call_{i}"), name=str(c.function.name),
                           arguments=str(c.function.arguments or ""))
                  for i, c in enumerate(getattr(message, "tool_calls", None) or ()) if getattr(c, "function", None))
    if not isinstance(content, str) and not calls:
        raise _MalformedResponse("the response's first choice has no text content")
    usage = getattr(response, "usage", None)
    return ChatReply(text=content if isinstance(content, str) else "", model=str(getattr(response, "model", "") or ""),
                     prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
                     completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0), tool_calls=calls)


def _describe_transient(exc: BaseException, timeout_s: float) -> str:
    if isinstance(exc, _TotalTimeout):
        return f"no complete answer within {timeout_s * TOTAL_DEADLINE_FACTOR:g} s (the endpoint sends too slowly)"
    if isinstance(exc, openai.APITimeoutError):
        return f"no answer within the {timeout_s:g} s timeout"
    if isinstance(exc, openai.APIConnectionError):
        cause = exc.__cause__ or exc
        return f"cannot connect ({_one_line(str(cause))[:_QUOTE_CHARS]})"
    if isinstance(exc, openai.APIStatusError):
        return f"server error ({_status_text(exc)})"
    return f"malformed response ({_one_line(str(exc))[:_QUOTE_CHARS]})"


def _permanent_problem(exc: openai.APIStatusError, model: str) -> str:
    """Why a request that retrying cannot fix failed."""
    if isinstance(exc, (openai.AuthenticationError, openai.PermissionDeniedError)):
        # The server's text is not quoted: a 401 message often echoes part of the key.
        return f"authentication failed (HTTP {exc.status_code}); check the API key"
    if isinstance(exc, openai.NotFoundError):
        return f"not found ({_status_text(exc)}); check --base-url and the model name '{model}'"
    return f"request failed ({_status_text(exc)})"


def _status_text(exc: openai.APIStatusError) -> str:
    """``HTTP 500: message`` with the server's message cut to one short line."""
    message = exc.body.get("message") if isinstance(exc.body, dict) else None
    text = _one_line(str(message or exc.message or ""))[:_QUOTE_CHARS]
    return f"HTTP {exc.status_code}" + (f": {text}" if text else "")


def _one_line(text: str) -> str:
    return " ".join(text.split())
