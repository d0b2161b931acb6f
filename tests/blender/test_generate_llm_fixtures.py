"""The recorded strong-model replies (/work/shared/fixtures/llm_runs, copied into
tests/fixtures/llm_runs) replayed as scripted replies through the real CLI and HTTP client.

scene1: the reviewer's revision tightens ``in_front_of(..., max_distance=0.03)``, which the
solver cannot sample; when recorded the run crashed and lost the good first round."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))
from support.openai_server import OpenAIServer, json_reply, text  # noqa: E402
from support.openai_server import openai_server  # noqa: E402,F401,F811 - the fixture

ROOT = TESTS.parent
FIXTURES = TESTS / "fixtures" / "llm_runs"
SCENE1 = ("a cozy reading nook: an armchair by the window, a floor lamp beside it, a small side table with a cup "
          "of tea on it, and a tall bookshelf against the wall")
ACCEPT = {"accepted": True, "issues": [], "revised_script": None}


def replies(scene: str) -> list[str]:
    """The model's reply texts of a recorded run, in stage order."""
    lines = (FIXTURES / scene / "transcript.jsonl").read_text().splitlines()
    return [json.loads(line)["reply"]["text"] for line in lines]


def generate(server: OpenAIServer, prompt: str, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "setdresser", "generate", prompt, "--out", str(out), "--llm", "openai",
               "--base-url", server.url, "--model", "test-model", "--llm-timeout", "5", "--render", "workbench",
               "--resolution", "64", "--effort", "0.333", "--seed", "0", *extra]
    env = dict(os.environ, OPENAI_API_KEY="sk-fixture-test")
    env.pop("OPENAI_BASE_URL", None)
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)


@pytest.mark.blender
def test_a_revision_that_cannot_be_solved_keeps_the_good_round_and_tells_the_model(
        openai_server: OpenAIServer, tmp_path: Path) -> None:  # noqa: F811
    recorded = replies("scene1")
    openai_server.script(*[text(r) for r in recorded], json_reply(ACCEPT))
    out = tmp_path / "nook"
    done = generate(openai_server, SCENE1, out, "--max-iterations", "3")
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "report.json").read_text())
    assert report["best_iteration"] == 1
    assert (out / "layout.json").is_file() and (out / "scene.blend").is_file()
    # the model was asked again, told which relation of its revision failed and why
    assert len(openai_server.requests) == len(recorded) + 1
    told = "\n".join(openai_server.requests[-1].message_texts())
    assert "could not be solved" in told and "in_front_of(window_1, wall_1, max_distance=0.03)" in told, told[-3000:]
    assert "could not be solved" in done.stderr + done.stdout


@pytest.mark.blender
def test_the_same_replies_and_seed_give_the_same_layout_bytes(openai_server: OpenAIServer,  # noqa: F811
                                                              tmp_path: Path) -> None:
    """The solve's work is counted in steps (issue 11): the same replies and seed give the same bytes."""
    recorded = replies("scene1")
    layouts = []
    for run in ("a", "b"):
        openai_server.script(*[text(r) for r in recorded], json_reply(ACCEPT))
        done = generate(openai_server, SCENE1, tmp_path / run, "--max-iterations", "3")
        assert done.returncode == 0, done.stderr
        layouts.append((tmp_path / run / "layout.json").read_bytes())
    assert layouts[0] == layouts[1]


@pytest.mark.blender
def test_the_audit_of_a_revised_round_covers_relations_it_added_and_dropped(openai_server: OpenAIServer,  # noqa: F811
                                                                             tmp_path: Path) -> None:
    """scene2: revision 1 adds alignment(shack_1, shack_2) and drops right_of(crate_2, crate_1);
    when recorded the next review was shown the first program's relations only."""
    recorded = replies("scene2")
    openai_server.script(*[text(r) for r in recorded], json_reply(ACCEPT))
    out = tmp_path / "slum"
    done = generate(openai_server, "a girl hunter walking in a slum village with fantasy creatures", out,
                    "--max-iterations", "3")
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "report.json").read_text())
    totals = [r["total"] for r in report["iterations"]]
    assert len(totals) == 3 and totals[1] > totals[0]
    second_review = "\n".join(openai_server.requests[len(recorded) - 1].message_texts())
    assert "- alignment(shack_1, shack_2" in second_review  # added by the revision, audited
    assert "- right_of(crate_2, crate_1" in second_review  # dropped, still the plan's intent
    assert 'relate("right_of", "crate_2", "crate_1"' not in second_review  # not in the script it revised
