"""``generate --llm openai`` with a reviewer that answers in critiques (issue 17 item 4), through
the real CLI, HTTP client, sandboxed interpreter, solver and Blender: the next round's program
holds the grounded change. The chairs' ids are not in their left-to-right order, so a critique
that skipped grounding (took the first chair, or the second id) would move the wrong one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))
from support.openai_server import OpenAIServer, json_reply, openai_server, text  # noqa: E402,F401

ROOT = TESTS.parent
PROMPT = "a table with three chairs"
ASSETS = {"assets": [{"name": "table", "description": "a wooden table", "height": 0.75, "count": 1},
                     {"name": "chair", "description": "a wooden chair", "height": 0.9, "count": 3}]}
GRAPH = {"assets": [{"id": "table_1", "category": "table", "description": "a wooden table", "height": 0.75},
                    *[{"id": f"chair_{n}", "category": "chair", "description": "a wooden chair", "height": 0.9}
                      for n in (1, 2, 3)]],
         "relations": [{"id": f"r{n}", "relation": "proximity", "args": [f"chair_{n}", "table_1"],
                        "params": {"max_distance": 3.0}, "source": "three chairs"} for n in (1, 2, 3)]}
# Seen from the south (the chairs face south, so the camera looks north): chair_2, chair_3, chair_1
# from left to right; chair_2 is also the farthest from the table.
POSES = {"table_1": (0.0, 1.5), "chair_1": (1.5, -1.5), "chair_2": (-2.0, -1.5), "chair_3": (0.0, -1.5)}
SIZES = {"table_1": (1.2, 0.8, 0.75), "chair_1": (0.5, 0.5, 0.9), "chair_2": (0.5, 0.5, 0.9), "chair_3": (0.5, 0.5, 0.9)}
SCRIPT = "\n".join(["from setdresser.script import *", "", "bounds(min=(-3, -3, 0), max=(3, 3, 2.5))",
                    *[f'add_object("{oid}", "{oid[:-2]}", {SIZES[oid]}, locked=True, location=({x}, {y}, 0.0), '
                      f'rotation_euler=(0.0, 0.0, 0.0))' for oid, (x, y) in POSES.items()],
                    *[f'relate("proximity", "chair_{n}", "table_1", max_distance=3.0)' for n in (1, 2, 3)], ""])
UNKNOWN = {"accepted": False, "issues": [], "revised_script": None, "critiques": ["move the sofa closer to the table"]}
CRITIQUES = {"accepted": False, "revised_script": None,
             "issues": [{"relation": "proximity", "ids": ["chair_3", "table_1"], "problem": "the chair is far from the table",
                         "fix": "bring it closer"}],
             "critiques": ["move the second chair from the left closer to the table",
                           "the chair farthest from the table should be removed"]}


def generate(server: OpenAIServer, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "setdresser", "generate", PROMPT, "--out", str(out), "--llm", "openai",
               "--base-url", server.url, "--model", "test-model", "--llm-timeout", "5", "--render", "workbench",
               "--resolution", "64", "--time-budget", "1", "--seed", "0", "--max-iterations", "2", "--no-settle",
               *extra]
    env = dict(os.environ, OPENAI_API_KEY="sk-critique-test")
    env.pop("OPENAI_BASE_URL", None)
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)


@pytest.mark.blender
def test_the_reviewers_critiques_are_grounded_into_the_next_round(openai_server: OpenAIServer,  # noqa: F811
                                                                  tmp_path: Path) -> None:
    openai_server.script(json_reply(ASSETS), json_reply(GRAPH), text(f"```python\n{SCRIPT}```"),
                         json_reply(UNKNOWN), json_reply(CRITIQUES))
    out = tmp_path / "critiqued"
    done = generate(openai_server, out)
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "report.json").read_text())
    assert [r["iteration"] for r in report["iterations"]] == [1, 2]
    second = (out / "iterations" / "02" / "program.py").read_text()
    # the second chair from the left is chair_3: moved closer to the table, as a hard constraint
    assert 'relate("proximity", "chair_3", "table_1", max_distance=' in second and "hard=True" in second, second
    assert 'add_object("chair_3", "chair"' in second and 'add_object("chair_3", "chair", (0.5, 0.5, 0.9), locked' \
        not in second
    # the farthest chair (chair_2) is removed; chair_1, named by no critique, stays locked where it stood
    assert '"chair_2"' not in second.split("\n", 1)[1]
    assert 'add_object("chair_1", "chair", (0.5, 0.5, 0.9), locked=True, location=(1.5, -1.5, 0.0)' in second
    # the round made from the critiques supersedes the critiqued one: the result has them
    assert report["best_iteration"] == 2 and report["iterations"][0].get("superseded") is True
    assert "chair_3: moved (closer); chair_2: removed" in report["iterations"][0]["critiques"]
    layout = {o["id"]: o for o in json.loads((out / "layout.json").read_text())["objects"]}
    assert sorted(layout) == ["chair_1", "chair_3", "table_1"]
    assert layout["chair_1"]["location"][:2] == [1.5, -1.5]
    # the critique naming nothing went back to the model with the scene's objects
    told = openai_server.requests[4].message_texts()[-1]
    assert "nothing in the scene is 'sofa'" in told and "chair (chair_1, chair_2, chair_3)" in told
    assert len((out / "transcript.jsonl").read_text().splitlines()) == 5


@pytest.mark.blender
def test_an_ambiguous_critique_is_the_solvers_choice_and_the_same_replies_give_the_same_bytes(
        openai_server: OpenAIServer, tmp_path: Path) -> None:  # noqa: F811
    """"the chair" could be any of three: each is tried with the solver; the run is reproducible
    (the solves converge before the time budget, a ceiling only)."""
    ambiguous = dict(CRITIQUES, critiques=["move the chair closer to the table"])
    outputs = []
    for run in ("a", "b"):
        openai_server.script(json_reply(ASSETS), json_reply(GRAPH), text(f"```python\n{SCRIPT}```"),
                             json_reply(ambiguous))
        out = tmp_path / run
        done = generate(openai_server, out, "--time-budget", "60")
        assert done.returncode == 0, done.stderr
        outputs.append(((out / "layout.json").read_bytes(), (out / "iterations" / "02" / "program.py").read_text()))
    assert outputs[0] == outputs[1]
    header = outputs[0][1].splitlines()[0]
    assert "could be chair_1, chair_2, chair_3: the solver chose chair_" in header, header
