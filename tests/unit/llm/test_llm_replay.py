"""``--replay``: a recorded run answers the same requests again with no network, and a run
that asks something else stops with an error saying where it diverged."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from llm_replies import ACCEPT, ASSETS, CODE_REPLY, GRAPH, REVIEW
from support.openai_server import OpenAIServer, json_reply, status, text

from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.stages.base import ImageInput, LLMError
from setdresser.blender_addon.core.stages.catalog import RelationCatalog
from setdresser.blender_addon.core.stages.runner import LLMStages
from setdresser.blender_addon.core.transcript import TranscriptWriter
from setdresser.blender_addon.services.llm import LLMClient
from setdresser.blender_addon.services.llm_config import LLMConfig
from setdresser.blender_addon.services.replay import ReplayClient

IMAGE = ImageInput(b"\x89PNG fake", "image/png", "top")


def _run(stages: LLMStages) -> tuple:
    graph = stages.plan("a lamp on a desk")
    script = stages.code(graph)
    first = stages.review([IMAGE], "a lamp on a desk", "audit: 1 failed", script)
    second = stages.review([IMAGE], "a lamp on a desk", "audit: all hold", first.revised_script or script)
    return graph.to_dict(), script, first, second


@pytest.fixture
def recorded(tmp_path: Path, catalog: RelationCatalog) -> tuple[Path, tuple]:
    """A live run against the test server (with one 500 and one bad reply on the way), recorded."""
    path = tmp_path / "run" / "transcript.jsonl"
    with OpenAIServer() as server:
        server.script(json_reply(ASSETS), status(500), text("not json"), json_reply(GRAPH), text(CODE_REPLY),
                      json_reply(REVIEW), json_reply(ACCEPT))
        client = LLMClient(LLMConfig(base_url=server.url, api_key="sk-replay-test-key-0123456789abcdef",
                                     timeout_s=0.5, backoff_s=0.01), TranscriptWriter(path))
        result = _run(LLMStages(client, catalog))
        client.transcript.close()
    return path, result


def test_replay_reproduces_the_recorded_run_without_network(recorded: tuple[Path, tuple], tmp_path: Path,
                                                            catalog: RelationCatalog) -> None:
    path, live = recorded
    again = tmp_path / "again.jsonl"
    replay = ReplayClient.from_file(path, transcript=TranscriptWriter(again))
    assert replay.endpoint == f"replay of {path}"
    assert _run(LLMStages(replay, catalog)) == live
    assert replay.remaining() == {}
    assert [c.stage for c in replay.calls] == ["assets", "planner", "planner", "coder", "reviewer", "reviewer"]
    replayed = [json.loads(line) for line in again.read_text().splitlines()]
    assert [r["reply"]["text"] for r in replayed][-1] == json.dumps(ACCEPT)


def test_replay_stops_where_the_requests_diverge(recorded: tuple[Path, tuple], catalog: RelationCatalog) -> None:
    path, _ = recorded
    stages = LLMStages(ReplayClient.from_file(path), catalog)
    with pytest.raises(LLMError, match=r"assets request #1 diverges from the transcript at message 1 \(user\): "
                                       r"text differs at character \d+: recorded .*a lamp on a desk.*now .*a sofa"):
        stages.plan("a sofa on a desk")


def test_replay_of_an_exhausted_transcript_says_so(recorded: tuple[Path, tuple], catalog: RelationCatalog) -> None:
    path, _ = recorded
    stages = LLMStages(ReplayClient.from_file(path), catalog)
    _run(stages)
    with pytest.raises(LLMError, match="no reviewer reply left for request #3; the run diverged"):
        stages.review([IMAGE], "a lamp on a desk", "audit", "x")


def test_replay_compares_image_counts_not_bytes(recorded: tuple[Path, tuple], catalog: RelationCatalog) -> None:
    path, live = recorded
    stages = LLMStages(ReplayClient.from_file(path), catalog)
    graph = stages.plan("a lamp on a desk")
    script = stages.code(graph)
    other_pixels = ImageInput(b"\x89PNG other pixels", "image/png", "top")
    assert stages.review([other_pixels], "a lamp on a desk", "audit: 1 failed", script) == live[2]
    with pytest.raises(LLMError, match=r"2 image\(s\) instead of 1"):
        stages.review([IMAGE, IMAGE], "a lamp on a desk", "audit: all hold", live[2].revised_script)


def test_a_broken_transcript_is_bad_input_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text('{"schema": "setdresser.transcript/1", "stage": "assets", "request": {}}\n{oops\n')
    with pytest.raises(BadInput, match=r"t.jsonl:2: not JSON"):
        ReplayClient.from_file(path)
    path.write_text('{"schema": "other"}\n')
    with pytest.raises(BadInput, match=r"t.jsonl:1: not a setdresser.transcript/1 record"):
        ReplayClient.from_file(path)
    with pytest.raises(BadInput, match="cannot read transcript"):
        ReplayClient.from_file(tmp_path / "missing.jsonl")
