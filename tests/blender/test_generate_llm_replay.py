"""``generate --llm openai``: replaying a transcript gives the same scene with no network, and
an endpoint that answers garbage, HTTP 500 or hangs ends in one line naming the stage and the
endpoint, exit 1, no traceback, within a few timeouts."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS_DIR), str(TESTS_DIR / "unit" / "llm")]

from llm_replies import ACCEPT, ASSETS, CODE_REPLY, GRAPH, REVIEW  # noqa: E402
from support.openai_server import OpenAIServer, hang, json_reply, status, text  # noqa: E402

pytestmark = pytest.mark.blender
KEY = "sk-generate-test-0123456789abcdefghij"


def _generate(server: OpenAIServer, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, OPENAI_BASE_URL=server.url, OPENAI_API_KEY=KEY)
    return subprocess.run([sys.executable, "-m", "setdresser", "generate", "a lamp on a desk", "--out", str(out),
                           "--llm", "openai", "--render", "workbench", "--resolution", "96", "--max-iterations", "2",
                           "--effort", "0.333", *extra], env=env, capture_output=True, text=True, timeout=300)


def test_replaying_a_transcript_gives_the_same_scene_without_the_network(tmp_path: Path) -> None:
    with OpenAIServer() as server:
        server.script(json_reply(ASSETS), json_reply(GRAPH), text(CODE_REPLY), json_reply(REVIEW), json_reply(ACCEPT))
        live = _generate(server, tmp_path / "live")
        assert live.returncode == 0, live.stderr
    transcript = (tmp_path / "live" / "transcript.jsonl").read_text()
    assert KEY not in transcript and len(transcript.splitlines()) >= 4
    with OpenAIServer() as silent_server:  # replay: answers come from the transcript, the server gets nothing
        replayed = _generate(silent_server, tmp_path / "replay", "--replay", str(tmp_path / "live" / "transcript.jsonl"))
        assert replayed.returncode == 0, replayed.stderr
        assert silent_server.requests == []
    # issue 11: the replay reproduces the run byte for byte (the solve's work is counted, not timed)
    assert (tmp_path / "replay" / "layout.json").read_bytes() == (tmp_path / "live" / "layout.json").read_bytes()
    assert (tmp_path / "replay" / "scene_graph.json").read_bytes() == (tmp_path / "live" / "scene_graph.json").read_bytes()


@pytest.mark.parametrize("reply, extra", [(text("garbage!"), ()), (status(500), ()), (hang(10), ("--llm-timeout", "0.5"))],
                         ids=["garbage", "http500", "hang"])
def test_a_failing_endpoint_ends_with_one_line_naming_stage_and_endpoint(tmp_path: Path, reply, extra) -> None:  # type: ignore[no-untyped-def]
    with OpenAIServer() as server:
        server.script(reply, repeat_last=True)
        started = time.monotonic()
        done = _generate(server, tmp_path / "out", *extra)
        elapsed = time.monotonic() - started
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and f"LLM assets stage failed at {server.url}" in errors[0], done.stderr
    assert "Traceback" not in done.stderr and elapsed < 60
