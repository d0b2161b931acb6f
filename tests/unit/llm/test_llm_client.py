"""The LLM client over real HTTP: the real openai package against the local test server."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from llm_replies import ASSETS, CODE_REPLY, GRAPH, REVIEW, SCRIPT
from support.openai_server import OpenAIServer, hang, json_reply, raw, status, text, trickle

from setdresser.blender_addon.core.stages.base import ImageInput, LLMError
from setdresser.blender_addon.core.stages.catalog import RelationCatalog
from setdresser.blender_addon.core.stages.runner import LLMStages
from setdresser.blender_addon.core.transcript import TranscriptWriter, read_transcript, summarize_calls
from setdresser.blender_addon.services.llm import LLMClient
from setdresser.blender_addon.services.llm_config import LLMConfig

KEY = "sk-test-4f1d9a7c2b8e6f0a3d5c7e9b1a2c4d6e"
# Timeouts and backoff are short so failure paths finish in about a second.
TIMEOUT_S, BACKOFF_S = 0.5, 0.01


def _client(server: OpenAIServer, tmp_path: Path, **config: object) -> LLMClient:
    settings: dict = {"base_url": server.url, "api_key": KEY, "timeout_s": TIMEOUT_S, "backoff_s": BACKOFF_S,
                      "model": "test-planner", "stage_models": {"reviewer": "test-vision"}}
    settings.update(config)
    return LLMClient(LLMConfig(**settings), TranscriptWriter(tmp_path / "transcript.jsonl"))


def test_every_stage_round_trips_over_http(openai_server: OpenAIServer, tmp_path: Path,
                                           catalog: RelationCatalog) -> None:
    openai_server.script(json_reply(ASSETS), json_reply(GRAPH), text(CODE_REPLY), json_reply(REVIEW))
    client = _client(openai_server, tmp_path)
    stages = LLMStages(client, catalog)
    graph = stages.plan("a lamp on a desk")
    assert graph.triples() == [("on_top_of", ("lamp_1", "desk_1")), ("against_wall", ("desk_1",))]
    assert stages.code(graph) == SCRIPT
    image = ImageInput(b"\x89PNG\r\n\x1a\nfake-render", "image/png", "perspective")
    review = stages.review([image], "a lamp on a desk", "against_wall(desk_1): FAILS", SCRIPT)
    assert not review.accepted and "weight=2.0" in (review.revised_script or "")

    sent = openai_server.requests
    assert [r.body["model"] for r in sent] == ["test-planner"] * 3 + ["test-vision"]
    assert [r.body.get("response_format", {}).get("type") for r in sent] == ["json_schema", "json_schema", None,
                                                                             "json_schema"]
    assert sent[0].body["response_format"]["json_schema"]["schema"]["required"] == ["assets"]
    assert sent[3].image_urls() == [image.data_url()] and image.data_url().startswith("data:image/png;base64,")
    assert sent[0].headers["authorization"] == f"Bearer {KEY}"
    assert "a lamp on a desk" in sent[1].message_texts()[-1]
    # report.json counts the images sent (issue 15): only the reviewer's call carried one
    summary = summarize_calls(client.calls)
    assert (summary["reviewer"]["images"], summary["reviewer"]["image_bytes"]) == (1, len(image.data))
    assert summary["planner"]["images"] == 0 and summary["coder"]["image_bytes"] == 0


def test_malformed_reply_is_fed_back_and_the_correction_accepted(openai_server: OpenAIServer, tmp_path: Path,
                                                                 catalog: RelationCatalog) -> None:
    bad_graph = dict(GRAPH, relations=[dict(GRAPH["relations"][0], relation="sits_on")])
    openai_server.script(text("I think a desk and a lamp."), json_reply(bad_graph), json_reply(GRAPH))
    client = _client(openai_server, tmp_path)
    graph = LLMStages(client, catalog, max_retries=2).plan_subscene("a lamp on a desk", [])
    assert graph.triples()[0] == ("on_top_of", ("lamp_1", "desk_1"))
    first_retry, second_retry = openai_server.requests[1:]
    assert [m["role"] for m in second_retry.body["messages"]] == ["system", "user", "assistant", "user",
                                                                  "assistant", "user"]
    assert "the reply is not valid JSON" in first_retry.message_texts()[-1]
    assert second_retry.message_texts()[2] == "I think a desk and a lamp."
    assert "unknown relation 'sits_on'" in second_retry.message_texts()[-1]
    assert [(c.stage, c.ok) for c in client.calls] == [("planner", True)] * 3


def test_garbage_forever_ends_in_one_line_error_within_bounded_retries(openai_server: OpenAIServer, tmp_path: Path,
                                                                       catalog: RelationCatalog) -> None:
    openai_server.script(text("<<garbage>>"), repeat_last=True)
    with pytest.raises(LLMError) as caught:
        LLMStages(_client(openai_server, tmp_path), catalog, max_retries=2).plan_subscene("x", [])
    message = str(caught.value)
    assert message.startswith(f"LLM planner stage failed at {openai_server.url}: no usable reply: 3 replies rejected")
    assert "\n" not in message and len(openai_server.requests) == 3


def test_http_500_is_retried_then_succeeds_or_fails(openai_server: OpenAIServer, tmp_path: Path) -> None:
    slept: list[float] = []
    config = LLMConfig(base_url=openai_server.url, api_key=KEY, timeout_s=1.2, backoff_s=0.5,
                       backoff_max_s=1.5, max_attempts=4)
    client = LLMClient(config, sleep=slept.append)
    stages_request = _request("coder")
    openai_server.script(status(500, "boom"), status(502, "bad gateway"), text("ok"))
    assert client.complete(stages_request).text == "ok"
    assert client.calls[-1].attempts == 3 and slept == [0.5, 1.0]
    openai_server.script(status(500, "database\non fire"), repeat_last=True)
    with pytest.raises(LLMError, match=r"^LLM coder stage failed at .*: server error \(HTTP 500: database on fire\) "
                                       r"\(4 attempts\)$"):
        client.complete(stages_request)
    assert len(openai_server.requests) == 3 + 4 and slept[2:] == [0.5, 1.0, 1.2]  # capped by the timeout


def test_429_is_retried_honouring_retry_after_within_the_cap(openai_server: OpenAIServer) -> None:
    slept: list[float] = []
    client = LLMClient(LLMConfig(base_url=openai_server.url, api_key=KEY, backoff_s=0.1, backoff_max_s=2.0,
                                 timeout_s=5.0),
                       sleep=slept.append)
    openai_server.script(status(429, "slow down", retry_after=1), status(429, "slow down", retry_after=30), text("ok"))
    assert client.complete(_request("planner")).text == "ok"
    assert slept == [1.0, 2.0]


def test_a_hanging_endpoint_times_out_within_a_few_timeouts(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(hang(5), repeat_last=True)
    client = _client(openai_server, tmp_path, max_attempts=2)
    started = time.monotonic()
    with pytest.raises(LLMError, match=r"planner stage failed at .*: no answer within the 0.5 s timeout \(2 attempts\)"):
        client.complete(_request("planner"))
    assert time.monotonic() - started < 3 * TIMEOUT_S + 3.0  # waiting, not work: slack for a busy machine


def test_a_trickling_endpoint_ends_within_twice_the_timeout_per_attempt(openai_server: OpenAIServer,
                                                                         tmp_path: Path) -> None:
    """One byte every 0.2 s never trips a per-read timeout; the total deadline (2 x timeout) does (issue 12)."""
    openai_server.script(trickle("x" * 200, every_s=0.2), repeat_last=True)
    client = _client(openai_server, tmp_path, max_attempts=2)
    started = time.monotonic()
    with pytest.raises(LLMError, match=r"planner stage failed at .*: no complete answer within 1 s "
                                       r"\(the endpoint sends too slowly\) \(2 attempts\)"):
        client.complete(_request("planner"))
    assert time.monotonic() - started < 2 * 2 * TIMEOUT_S + 5.0  # the answer would take over 50 s
    openai_server.script(text("ok"))
    assert client.complete(_request("planner")).text == "ok"  # a fresh connection works afterwards


def test_refused_connection_is_a_clear_error(tmp_path: Path) -> None:
    with OpenAIServer() as server:
        url = server.url  # a port that was just closed: nothing listens there any more
    client = LLMClient(LLMConfig(base_url=url, api_key=KEY, timeout_s=TIMEOUT_S, backoff_s=BACKOFF_S))
    with pytest.raises(LLMError, match=r"reviewer stage failed at http://127.0.0.1:\d+/v1: cannot connect"):
        client.complete(_request("reviewer"))
    assert client.calls[-1].ok is False and client.calls[-1].attempts == 3


def test_auth_errors_are_not_retried_and_never_quote_the_key(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(status(401, f"Incorrect API key provided: {KEY}"), repeat_last=True)
    with pytest.raises(LLMError) as caught:
        _client(openai_server, tmp_path).complete(_request("planner"))
    assert "authentication failed (HTTP 401); check the API key" in str(caught.value)
    assert KEY not in str(caught.value) and len(openai_server.requests) == 1


def test_response_format_rejection_falls_back_to_plain_text(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(status(400, "response_format json_schema is not supported"), text("{}"), text("{}"))
    client = _client(openai_server, tmp_path)
    assert client.complete(_request("planner", schema=True)).text == "{}"
    assert client.complete(_request("planner", schema=True)).text == "{}"
    assert ["response_format" in r.body for r in openai_server.requests] == [True, False, False]


def test_a_non_json_body_is_a_malformed_response(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(raw(b"<html><body>Gateway</body></html>"), repeat_last=True)
    with pytest.raises(LLMError, match=r"assets stage failed at .*: malformed response .* \(3 attempts\)"):
        _client(openai_server, tmp_path).complete(_request("assets"))


def test_tokens_latency_and_attempts_are_accounted_per_stage(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(text("a", prompt_tokens=100, completion_tokens=20, delay_s=0.2), status(503),
                         text("b", prompt_tokens=50, completion_tokens=5), text("c", prompt_tokens=7, completion_tokens=3))
    client = _client(openai_server, tmp_path)
    for stage in ("planner", "planner", "coder"):
        client.complete(_request(stage))
    summary = summarize_calls(client.calls)
    assert summary["planner"]["calls"] == 2 and summary["planner"]["attempts"] == 3
    assert (summary["planner"]["prompt_tokens"], summary["planner"]["completion_tokens"]) == (150, 25)
    assert summary["coder"]["prompt_tokens"] == 7 and summary["coder"]["models"] == ["test-planner"]
    assert summary["planner"]["latency_s"] >= 0.2 and client.calls[0].latency_s >= 0.2
    assert json.loads(json.dumps(summary)) == summary  # report.json ready


def test_the_key_is_never_written_to_the_transcript(openai_server: OpenAIServer, tmp_path: Path,
                                                    catalog: RelationCatalog) -> None:
    openai_server.script(status(500, f"key {KEY} rejected"), text(f"echo: {KEY}"), json_reply(ASSETS))
    client = _client(openai_server, tmp_path)
    LLMStages(client, catalog).assets(f"a desk labelled {KEY}")
    written = (tmp_path / "transcript.jsonl").read_text()
    assert KEY not in written and "[REDACTED]" in written
    assert KEY not in repr(client.config) and KEY not in repr(client.calls)
    records = read_transcript(tmp_path / "transcript.jsonl")
    assert [(r["attempt"], r["error"] is None) for r in records] == [(1, False), (2, True), (1, True)]
    assert records[0]["endpoint"] == openai_server.url and records[0]["prompt_id"] == "assets/v1"


def _request(stage: str, schema: bool = False):
    from setdresser.blender_addon.core.stages.base import ChatMessage, ChatRequest
    return ChatRequest(stage=stage, messages=(ChatMessage("user", f"hello {stage}"),), prompt_id=f"{stage}/v1",
                       schema={"type": "object"} if schema else None, schema_name="s" if schema else "")


@pytest.mark.parametrize("code, expected", [
    (404, r"not found \(HTTP 404: no such model\); check --base-url and the model name 'test-planner'"),
    (403, r"authentication failed \(HTTP 403\)"),
    (409, r"request failed \(HTTP 409: no such model\)"),
    (400, r"the request was rejected \(HTTP 400: no such model\)"),
])
def test_permanent_http_errors_are_not_retried(openai_server: OpenAIServer, tmp_path: Path, code: int,
                                               expected: str) -> None:
    openai_server.script(status(code, "no such model"), repeat_last=True)
    client = _client(openai_server, tmp_path)
    with pytest.raises(LLMError, match=f"^LLM coder stage failed at {openai_server.url}: {expected}"):
        client.complete(_request("coder"))
    assert len(openai_server.requests) == 1 and client.calls[-1].attempts == 1


def test_a_422_on_response_format_also_falls_back_once(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(status(422, "unknown field json_schema"), status(422, "still unhappy"))
    with pytest.raises(LLMError, match=r"the request was rejected \(HTTP 422: still unhappy\)"):
        _client(openai_server, tmp_path).complete(_request("planner", schema=True))
    assert ["response_format" in r.body for r in openai_server.requests] == [True, False]


def test_a_model_that_refuses_temperature_is_asked_without_it(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(status(400, "Unsupported value: 'temperature' does not support 0.2"), text("{}"), text("{}"))
    client = _client(openai_server, tmp_path)
    assert client.complete(_request("planner", schema=True)).text == "{}"
    assert client.complete(_request("coder")).text == "{}"
    sent = openai_server.requests
    assert ["temperature" in r.body for r in sent] == [True, False, False]
    assert ["response_format" in r.body for r in sent] == [True, True, False]
