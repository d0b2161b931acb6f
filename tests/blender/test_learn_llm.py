"""``learn`` end to end against the scripted OpenAI-compatible server: two scenes whose reviewer
rewrites ``parallel`` the same way -> the learner merges them -> the gates admit v2 into a
temporary copy of the library; the next generation runs with v2; rollback returns to v1."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS / "unit" / "learning"))
from learn_replies import ASSETS, CODE_REPLY, GRAPH, OUT_OF_RANGE, REVIEW, learned  # noqa: E402
from support.openai_server import OpenAIServer, json_reply, openai_server, status, text  # noqa: E402,F401

from setdresser.blender_addon.core.learning.library import copy_library  # noqa: E402
from setdresser.skill_library.registry import ROOT, load_relations  # noqa: E402

KEY = "sk-learn-test-key"


def _cli(server: OpenAIServer | None, library: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, OPENAI_API_KEY=KEY, SETDRESSER_LIBRARY_DIR=str(library))
    env.pop("OPENAI_BASE_URL", None)
    llm = ["--base-url", server.url, "--model", "test-model", "--llm-timeout", "10"] if server else []
    command = [sys.executable, "-m", "setdresser", *args, *llm]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env=env, cwd=TESTS.parent)


def _scene_replies() -> list:
    return [json_reply(ASSETS), json_reply(GRAPH), text(CODE_REPLY), json_reply(REVIEW)]


@pytest.mark.blender
def test_two_scenes_improving_parallel_admit_v2_used_next_and_rolled_back(openai_server: OpenAIServer,
                                                                          tmp_path: Path) -> None:
    library = copy_library(ROOT, tmp_path / "library")
    prompts = tmp_path / "prompts.txt"
    prompts.write_text("# a batch\ntwo chairs side by side\ntwo chairs side by side, facing the window\n")
    openai_server.script(*_scene_replies(), *_scene_replies(), json_reply(learned()))
    run = tmp_path / "run"
    done = _cli(openai_server, library, "learn", str(prompts), "--iterations", "2", "--workers", "1",
                "--effort", "0.333", "--regression-seeds", "1", "--out", str(run))
    assert done.returncode == 0, done.stderr
    report = json.loads((run / "learn_report.json").read_text())
    assert [s["ok"] for s in report["scenes"]] == [True, True]
    (candidate,) = report["candidates"]
    assert candidate["relation"] == "parallel" and candidate["verdict"] == "admitted", candidate
    assert candidate["version"] == 2 and candidate["scenes"] == [1, 2]
    assert candidate["gate"]["properties"]["passed"] and candidate["gate"]["regression"]["total"] > 0
    assert "parallel" in done.stderr and "admitted" in done.stderr  # the terminal table
    # each scene recorded the reviewer's rewrite of parallel, with its reason and a diff
    edits = json.loads((run / "scenes" / "01" / "function_edits.json").read_text())
    (edit,) = edits["edits"]
    assert edit["relation"] == "parallel" and edit["kind"] == "modified" and edit["stage"] == "reviewer"
    assert "smooth falloff" in edit["reason"] and edit["library_version"] == 1 and "+++" in edit["diff"]
    scene_report = json.loads((run / "scenes" / "01" / "report.json").read_text())
    assert scene_report["function_edits"]["edits"][0]["relation"] == "parallel"
    # v2 is in the temporary library with provenance; the repo's library is untouched
    folder = library / "learned" / "parallel" / "v2"
    provenance = json.loads((folder / "provenance.json").read_text())
    assert provenance["model"] == "test-model" and len(provenance["scenes"]) == 2
    assert provenance["tests"]["admitted"] and "exp" in provenance["learned_source"]
    assert load_relations(library)["parallel"].spec.version == 2
    assert not (ROOT / "learned" / "parallel").exists()
    for path in run.rglob("*"):
        if path.is_file() and path.suffix in (".json", ".jsonl"):
            assert KEY not in path.read_text(), path.name

    # the next generation runs with the learned version
    openai_server.script(json_reply(ASSETS), json_reply(GRAPH), text(CODE_REPLY))
    following = tmp_path / "next"
    done = _cli(openai_server, library, "generate", "two chairs side by side", "--out", str(following),
                "--llm", "openai", "--render", "none", "--max-iterations", "1", "--effort", "0.333")
    assert done.returncode == 0, done.stderr
    used = json.loads((following / "function_edits.json").read_text())
    assert used["library_versions"]["parallel"] == 2 and used["library"] == str(library.resolve())

    # rollback restores v1 without deleting v2
    back = _cli(None, library, "library", "rollback", "parallel")
    assert back.returncode == 0, back.stderr
    assert "v2 -> v1" in back.stdout
    assert load_relations(library)["parallel"].spec.version == 1 and folder.is_dir()


@pytest.mark.blender
def test_a_candidate_breaking_the_property_tests_is_rejected_with_its_reason(openai_server: OpenAIServer,
                                                                            tmp_path: Path) -> None:
    library = copy_library(ROOT, tmp_path / "library")
    manifest = (library / "manifest.json").read_text()
    prompts = tmp_path / "prompts.txt"
    prompts.write_text("two chairs side by side\ntwo chairs by the window\n")
    openai_server.script(*_scene_replies(), *_scene_replies(), json_reply(learned(OUT_OF_RANGE)))
    run = tmp_path / "run"
    done = _cli(openai_server, library, "learn", str(prompts), "--iterations", "2", "--workers", "1",
                "--effort", "0.333", "--dry-run", "--out", str(run))
    assert done.returncode == 0, done.stderr
    (candidate,) = json.loads((run / "learn_report.json").read_text())["candidates"]
    assert candidate["verdict"] == "rejected" and candidate["version"] is None
    assert candidate["reason"].startswith("property tests failed: range: scores outside [0, 1]")
    assert candidate["gate"]["properties"]["checks"]["range"] is False and "2.0 * np.exp" in candidate["source"]
    assert "rejected" in done.stderr
    assert (library / "manifest.json").read_text() == manifest and not (library / "learned" / "parallel").exists()


@pytest.mark.blender
def test_a_batch_whose_endpoint_fails_ends_with_exit_1_and_the_scene_errors(openai_server: OpenAIServer,
                                                                           tmp_path: Path) -> None:
    library = copy_library(ROOT, tmp_path / "library")
    prompts = tmp_path / "prompts.txt"
    prompts.write_text("two chairs side by side\n")
    openai_server.script(status(500, "boom"), repeat_last=True)
    run = tmp_path / "run"
    done = _cli(openai_server, library, "learn", str(prompts), "--llm-retries", "1", "--out", str(run))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    report = json.loads((run / "learn_report.json").read_text())
    (scene,) = report["scenes"]
    assert not scene["ok"] and "assets" in scene["error"] and report["candidates"] == []
