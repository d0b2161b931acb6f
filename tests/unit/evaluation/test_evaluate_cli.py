"""``python -m setdresser evaluate`` on tiny hand-written output directories (real files,
real subprocess): table, evaluation.json, --json, and bad input naming what and where."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from setdresser.tests.benchmark.layouts import constraint, layout, obj

PROMPT = "a lamp on a desk and a chair in front of the desk"


def write_out_dir(path: Path, *, lamp_z: float = 0.75) -> Path:
    objects = [obj("desk_1", "desk", 0, 0, (1.4, 0.7, 0.75)), obj("lamp_1", "lamp", 0.3, 0, (0.3, 0.3, 0.5), z=lamp_z),
               obj("chair_1", "chair", 0, -0.9, (0.45, 0.5, 0.9), yaw=3.14159)]
    constraints = [constraint("on_top_of", "lamp_1", "desk_1"), constraint("in_front_of", "chair_1", "desk_1")]
    graph = {"schema": "setdresser.scene_graph/1", "prompt": PROMPT,
             "assets": [{"id": "lamp_1", "category": "lamp"}, {"id": "desk_1", "category": "desk"},
                        {"id": "chair_1", "category": "chair"}],
             "relations": [{"id": "r1", "relation": "on_top_of", "params": {}, "source": "on a desk"},
                           {"id": "r2", "relation": "in_front_of", "params": {}, "source": "in front of the desk"}],
             "edges": [{"relation": "r1", "asset": "lamp_1", "role": 0}, {"relation": "r1", "asset": "desk_1", "role": 1},
                       {"relation": "r2", "asset": "chair_1", "role": 0}, {"relation": "r2", "asset": "desk_1", "role": 1}]}
    path.mkdir(parents=True)
    (path / "layout.json").write_text(json.dumps(layout(objects, constraints=constraints, prompt=PROMPT)))
    (path / "scene_graph.json").write_text(json.dumps(graph))
    return path


def evaluate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "setdresser", "evaluate", *args], capture_output=True, text=True,
                          timeout=120)


def test_evaluate_scores_a_good_and_a_broken_scene(tmp_path: Path) -> None:
    good = write_out_dir(tmp_path / "good")
    broken = write_out_dir(tmp_path / "broken", lamp_z=1.5)
    done = evaluate(str(good), str(broken), "--json", str(tmp_path / "all.json"))
    assert done.returncode == 0, done.stderr
    assert "good" in done.stdout and "broken" in done.stdout and "2/2" in done.stdout and "1/2" in done.stdout
    assert "<<False" in done.stdout and "(ID: lamp_1)" in done.stdout
    good_eval = json.loads((good / "evaluation.json").read_text())
    assert good_eval["schema"] == "setdresser.evaluation/1"
    assert good_eval["constraint_score"] == {"checked": 2, "unchecked": 0, "satisfied": 2, "satisfied_pct": 100.0,
                                             "score": 100.0, "disagreements": []}
    assert good_eval["physics"]["valid"] and good_eval["verdict_summary"]["holistic"]
    assert good_eval["clip"]["available"] is False and good_eval["clip"]["reason"]
    broken_eval = json.loads((broken / "evaluation.json").read_text())
    assert broken_eval["constraint_score"]["disagreements"] == ["on_top_of(lamp_1, desk_1)"]
    assert broken_eval["physics"]["unsupported"] == ["lamp_1"]
    combined = json.loads((tmp_path / "all.json").read_text())
    assert len(combined["scenes"]) == 2 and combined["totals"]["holistic_sr"] == 0.5


def test_missing_directory_and_missing_layout_are_bad_input(tmp_path: Path) -> None:
    done = evaluate(str(tmp_path / "nowhere"))
    assert done.returncode == 2 and "nowhere" in done.stderr and "not a directory" in done.stderr
    (tmp_path / "empty").mkdir()
    done = evaluate(str(tmp_path / "empty"))
    assert done.returncode == 2 and "layout.json" in done.stderr
    bad = write_out_dir(tmp_path / "bad")
    (bad / "layout.json").write_text("{not json")
    done = evaluate(str(bad))
    assert done.returncode == 2 and "layout.json" in done.stderr and "not valid JSON" in done.stderr


def test_llm_judge_over_real_http(tmp_path: Path) -> None:
    from setdresser.tests.support.openai_server import OpenAIServer, json_reply, text

    scene = write_out_dir(tmp_path / "scene", lamp_z=1.5)
    split = {"constraints": [
        {"kind": "object_count", "text": "There is one chair.", "category": "chair", "count": 1, "objects": ["chair_1"]},
        {"kind": "object_placement", "text": "The lamp is on the desk.", "category": "", "count": 0,
         "objects": ["lamp_1", "desk_1"]}]}
    with OpenAIServer() as server:
        server.script(json_reply(split, prompt_tokens=300, completion_tokens=60),
                      text("<<True, one chair (ID: chair_1) is in the scene.>>"),
                      text("<<False, the lamp (ID: lamp_1) floats 75 cm above the desk (ID: desk_1).>>"))
        done = evaluate(str(scene), "--llm", "openai", "--base-url", server.url, "--api-key", "test-key",
                        "--model", "judge-model")
        requests = server.requests
    assert done.returncode == 0, done.stderr
    result = json.loads((scene / "evaluation.json").read_text())
    assert result["judge"] == "llm" and result["llm"]["calls"] == 3
    assert result["llm"]["tokens"]["prompt"] == 300 + 2 * 11
    assert [v["holds"] for v in result["verdicts"]] == [True, False]
    assert "(ID: lamp_1)" in result["verdicts"][1]["reason"]
    judge_prompt = "\n".join(requests[2].message_texts())
    assert "The lamp is on the desk." in judge_prompt and "lamp_1: lamp" in judge_prompt
    assert "test-key" not in (scene / "evaluation_transcript.jsonl").read_text()


def test_llm_without_a_key_is_bad_input_before_any_work(tmp_path: Path) -> None:
    scene = write_out_dir(tmp_path / "scene")
    done = subprocess.run([sys.executable, "-m", "setdresser", "evaluate", str(scene), "--llm", "openai"],
                          capture_output=True, text=True, timeout=120,
                          env={k: v for k, v in os.environ.items()
                               if k not in ("OPENAI_API_KEY", "OPENAI_BASE_URL")})
    assert done.returncode == 2 and "OPENAI_API_KEY" in done.stderr
    assert not (scene / "evaluation.json").exists()
