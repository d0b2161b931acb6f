"""A local OpenAI-compatible HTTP server for tests: it replays a scripted list of replies.

Real HTTP on 127.0.0.1 (ephemeral port), served from a thread by the standard library:
``POST /v1/chat/completions`` answers with the next scripted reply (text, JSON, malformed
text, tool calls, an HTTP error status, a raw non-JSON body, or a bounded hang); a server made
with ``reject_tools=True`` answers any request offering ``tools`` with HTTP 400, like a server
without function calling, without using a scripted reply; ``GET /v1/models``
lists a model. Every request is recorded (path, headers, JSON body) so tests can check
what the client sent: images as data URLs, ``response_format``, model names, the key.

Use the ``openai_server`` fixture (import it into a conftest) or ``with OpenAIServer() as s``.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterator

import pytest

# A scripted hang never outlasts this, so a test can never wedge the server thread for long.
MAX_HANG_S = 10.0
TRICKLE_MAX_S = 60.0  # a trickling answer stops after this long whatever the client does


@dataclass(frozen=True)
class Scripted:
    """One scripted answer. ``status`` != 200 answers an error; ``raw`` sends a body verbatim."""

    content: str = ""
    status: int = 200
    delay_s: float = 0.0
    prompt_tokens: int = 11
    completion_tokens: int = 7
    raw: bytes | None = None
    content_type: str = "application/json"
    headers: tuple[tuple[str, str], ...] = ()
    tool_calls: tuple[tuple[str, str], ...] = ()  # (function name, JSON arguments)
    respond: Any = None  # a function of the request body returning the Scripted reply to send (a scripted "model")
    trickle_s: float = 0.0  # > 0: send the body one byte per this many seconds (a slow-loris endpoint)


def text(content: str, *, prompt_tokens: int = 11, completion_tokens: int = 7, delay_s: float = 0.0) -> Scripted:
    """A normal completion whose message content is ``content``."""
    return Scripted(content=content, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens,
                    delay_s=delay_s)


def json_reply(value: Any, **kwargs: Any) -> Scripted:
    """A completion whose content is ``value`` as JSON text."""
    return text(json.dumps(value), **kwargs)


def tool_calls(*calls: tuple[str, Any], content: str = "", prompt_tokens: int = 11,
               completion_tokens: int = 7) -> Scripted:
    """A completion calling tools: ``(name, arguments)`` pairs (arguments a dict, sent as JSON,
    or a string sent verbatim); ``content`` is the text said before the calls."""
    encoded = tuple((name, args if isinstance(args, str) else json.dumps(args)) for name, args in calls)
    return Scripted(content=content, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens,
                    tool_calls=encoded)


def dynamic(respond: Any) -> Scripted:
    """A reply computed from the request: ``respond(body) -> Scripted`` (a scripted model that reads
    what it was sent, e.g. the rows of its last query)."""
    return Scripted(respond=respond)


def status(code: int, message: str = "scripted error", retry_after: float | None = None) -> Scripted:
    """An HTTP error with an OpenAI-style error body."""
    headers = (("Retry-After", f"{retry_after:g}"),) if retry_after is not None else ()
    body = json.dumps({"error": {"message": message, "type": "server_error", "code": code}}).encode()
    return Scripted(status=code, raw=body, headers=headers)


def raw(body: bytes, content_type: str = "text/html", code: int = 200) -> Scripted:
    """A body sent as is (e.g. an HTML page where JSON was expected)."""
    return Scripted(status=code, raw=body, content_type=content_type)


def trickle(content: str, every_s: float = 2.0) -> Scripted:
    """A completion sent one byte every ``every_s`` seconds (stops when the client hangs up)."""
    return Scripted(content=content, trickle_s=every_s)


def hang(seconds: float) -> Scripted:
    """Accept the request and say nothing for ``seconds`` (capped at MAX_HANG_S)."""
    return Scripted(delay_s=min(seconds, MAX_HANG_S), content="(late reply)")


@dataclass
class RecordedRequest:
    """What the server received."""

    method: str
    path: str
    headers: dict[str, str]  # names in lower case
    body: Any = None

    def message_texts(self) -> list[str]:
        """The text of every message (content parts joined)."""
        texts = []
        for message in (self.body or {}).get("messages", []):
            content = message.get("content")
            if isinstance(content, list):
                texts.append("".join(p.get("text", "") for p in content if p.get("type") == "text"))
            else:
                texts.append(str(content))
        return texts

    def image_urls(self) -> list[str]:
        """Every image_url sent, in order."""
        return [part["image_url"]["url"] for message in (self.body or {}).get("messages", [])
                if isinstance(message.get("content"), list)
                for part in message["content"] if part.get("type") == "image_url"]


@dataclass
class _State:
    script: list[Scripted] = field(default_factory=list)
    repeat_last: bool = False
    requests: list[RecordedRequest] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    stopping: threading.Event = field(default_factory=threading.Event)
    served: int = 0
    reject_tools: bool = False


class OpenAIServer:
    """The test server; ``url`` is the base URL to give the client (``http://127.0.0.1:N/v1``)."""

    def __init__(self, reject_tools: bool = False) -> None:
        self.state = _State(reject_tools=reject_tools)
        handler = type("Handler", (_Handler,), {"state": self.state})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), name="openai-test-server", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    @property
    def requests(self) -> list[RecordedRequest]:
        """Chat-completion requests received so far."""
        return [r for r in self.state.requests if r.path.endswith("/chat/completions")]

    def script(self, *replies: Scripted, repeat_last: bool = False) -> None:
        """Queue replies, answered in order; ``repeat_last`` answers the last one forever."""
        with self.state.lock:
            self.state.script.extend(replies)
            self.state.repeat_last = repeat_last

    def remaining(self) -> int:
        with self.state.lock:
            return len(self.state.script)

    def start(self) -> "OpenAIServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.state.stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> "OpenAIServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class _Handler(BaseHTTPRequestHandler):
    state: _State

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - keep test output quiet
        return

    def do_GET(self) -> None:  # noqa: N802 - http.server naming
        self._record(None)
        if self.path.rstrip("/").endswith("/models"):
            self._send(200, json.dumps({"object": "list", "data": [
                {"id": "test-model", "object": "model", "created": 0, "owned_by": "tests"}]}).encode())
        else:
            self._send(404, b'{"error": {"message": "no such path"}}')

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length", "0"))
        raw_body = self.rfile.read(length)
        try:
            body = json.loads(raw_body)
        except json.JSONDecodeError:
            body = None
        self._record(body)
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._send(404, b'{"error": {"message": "no such path"}}')
            return
        if self.state.reject_tools and isinstance(body, dict) and body.get("tools"):
            self._send(400, b'{"error": {"message": "tools are not supported by this server", "code": 400}}')
            return
        reply = self._next()
        if reply is None:
            self._send(500, b'{"error": {"message": "the test script has no reply left"}}')
            return
        if reply.respond is not None:
            reply = reply.respond(body)
        self._wait(reply.delay_s)
        if reply.raw is not None:
            self._send(reply.status, reply.raw, reply.content_type, reply.headers)
            return
        payload = json.dumps(_completion(reply, body, self.state.served)).encode()
        if reply.trickle_s > 0:
            self._trickle(payload, reply.trickle_s)
            return
        self._send(200, payload, headers=reply.headers)

    def _trickle(self, payload: bytes, every_s: float) -> None:
        """Headers at once, then one byte per ``every_s`` (at most TRICKLE_MAX_S in all)."""
        deadline = time.monotonic() + TRICKLE_MAX_S
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            for byte in payload:
                if self.state.stopping.is_set() or time.monotonic() > deadline:
                    return
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                self._wait(every_s)
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass  # the client gave up: what the test wants

    def _next(self) -> Scripted | None:
        with self.state.lock:
            self.state.served += 1
            if not self.state.script:
                return None
            if len(self.state.script) == 1 and self.state.repeat_last:
                return self.state.script[0]
            return self.state.script.pop(0)

    def _wait(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not self.state.stopping.is_set():
            time.sleep(0.02)

    def _record(self, body: Any) -> None:
        with self.state.lock:
            self.state.requests.append(RecordedRequest(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body))

    def _send(self, code: int, payload: bytes, content_type: str = "application/json",
              headers: tuple[tuple[str, str], ...] = ()) -> None:
        try:
            self.send_response(code)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(payload)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(payload)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (its timeout): nothing to answer


def _completion(reply: Scripted, request: Any, number: int) -> dict[str, Any]:
    model = (request or {}).get("model", "test-model")
    message: dict[str, Any] = {"role": "assistant", "content": reply.content}
    if reply.tool_calls:
        message["content"] = reply.content or None
        message["tool_calls"] = [{"id": f"call_{number}_{i}", "type": "function",
                                  "function": {"name": name, "arguments": args}}
                                 for i, (name, args) in enumerate(reply.tool_calls)]
    return {
        "id": f"chatcmpl-test-{number}", "object": "chat.completion", "created": 0, "model": model,
        "choices": [{"index": 0, "message": message,
                     "finish_reason": "tool_calls" if reply.tool_calls else "stop"}],
        "usage": {"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens,
                  "total_tokens": reply.prompt_tokens + reply.completion_tokens},
    }


@pytest.fixture
def openai_server() -> Iterator[OpenAIServer]:
    """A started test server, stopped after the test."""
    with OpenAIServer() as server:
        yield server


def load_script(path: str) -> list[Scripted]:
    """Replies from a JSONL file, one object per line: ``{"content": "..."}`` (text),
    ``{"json": {...}}`` (JSON content), ``{"tool_calls": [[name, {args}], ...]}`` (tool calls, with an
    optional "content"), ``{"status": 500}``, ``{"hang": 5}``, ``{"raw": "<html>"}``."""
    replies = []
    with open(path, encoding="utf-8") as stream:
        for number, line in enumerate(stream, start=1):
            if not line.strip():
                continue
            item = json.loads(line)
            if "tool_calls" in item:
                replies.append(tool_calls(*[(c[0], c[1]) for c in item["tool_calls"]], content=item.get("content", "")))
            elif "json" in item:
                replies.append(json_reply(item["json"]))
            elif "content" in item:
                replies.append(text(item["content"]))
            elif "status" in item:
                replies.append(status(int(item["status"]), item.get("message", "scripted error")))
            elif "hang" in item:
                replies.append(hang(float(item["hang"])))
            elif "raw" in item:
                replies.append(raw(item["raw"].encode()))
            else:
                raise ValueError(f"{path}:{number}: expected one of json/content/status/hang/raw")
    return replies


def main(argv: list[str] | None = None) -> None:
    """Serve a scripted reply file until interrupted (manual demos of ``generate --llm openai``)."""
    import argparse

    parser = argparse.ArgumentParser(description="OpenAI-compatible test server replaying scripted replies")
    parser.add_argument("script", help="JSONL file of replies (see load_script)")
    parser.add_argument("--repeat-last", action="store_true", help="answer the last reply forever")
    args = parser.parse_args(argv)
    with OpenAIServer() as server:
        server.script(*load_script(args.script), repeat_last=args.repeat_last)
        print(f"OPENAI_BASE_URL={server.url}", flush=True)
        try:
            while True:
                time.sleep(1.0)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
