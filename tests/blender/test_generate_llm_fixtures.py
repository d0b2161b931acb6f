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
from support.openai_server import OpenAIServer, Scripted, dynamic, json_reply, text  # noqa: E402
from support.openai_server import openai_server  # noqa: E402,F401,F811 - the fixture

ROOT = TESTS.parent
FIXTURES = TESTS / "fixtures" / "llm_runs"
SCENE1 = ("a cozy reading nook: an armchair by the window, a floor lamp beside it, a small side table with a cup "
          "of tea on it, and a tall bookshelf against the wall")
SCENE3 = ("a classroom with 24 student desks in four rows facing the teacher's desk and a blackboard, a chair at "
          "each student desk")
ACCEPT = {"accepted": True, "issues": [], "revised_script": None}
RECORDED_SCENE3_PROMPT_TOKENS = 24729  # tests/fixtures/llm_runs/scene3/report.json: llm.tokens.prompt


def replies(scene: str) -> list[str]:
    """The model's reply texts of a recorded run, in stage order."""
    lines = (FIXTURES / scene / "transcript.jsonl").read_text().splitlines()
    return [json.loads(line)["reply"]["text"] for line in lines]


def bridge_tokens(body: dict) -> int:
    """Prompt tokens as the recording's endpoint (/work/shared/tools/llm_bridge.py) counted them:
    the characters of its request.md (every message's text under a role line, an image as a
    reference) divided by 4, so a replay here is measured like the recorded 24,729."""
    lines, images = [], 0
    for message in body.get("messages", []):
        lines.append(f"\n===== {message.get('role', '?').upper()} =====\n")
        content = message.get("content")
        if isinstance(content, str):
            lines.append(content)
            continue
        for part in content or []:
            if part.get("type") == "text":
                lines.append(part.get("text", ""))
            elif part.get("type") == "image_url":
                images += 1
                lines.append(f"[image: img_{images}.png]")
    return len("\n".join(lines)) // 4


def measured(content: str) -> Scripted:
    """A scripted reply whose usage counts its request like the recording's endpoint did."""
    return dynamic(lambda body: text(content, prompt_tokens=bridge_tokens(body), completion_tokens=len(content) // 4))


def generate(server: OpenAIServer, prompt: str, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "setdresser", "generate", prompt, "--out", str(out), "--llm", "openai",
               "--base-url", server.url, "--model", "test-model", "--llm-timeout", "5", "--render", "workbench",
               "--resolution", "64", "--effort", "0.333", "--seed", "0", *extra]
    env = dict(os.environ, OPENAI_API_KEY="sk-fixture-test")
    env.pop("OPENAI_BASE_URL", None)
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)


@pytest.mark.blender
def test_the_recorded_revision_that_crashed_the_run_is_solved_and_its_round_wins(
        openai_server: OpenAIServer, tmp_path: Path) -> None:  # noqa: F811
    """The recorded run ended with ``ValueError: high - low < 0`` on the reviewer's valid revision
    ``in_front_of(window_1, wall_1, max_distance=0.03)`` and lost round 1 (issue 15, defect 1). A value
    inside a parameter's bounds never crashes a solve now: round 1 is kept, the revision is solved,
    holds all it asks, and the round the reviewer accepted is the result. The window and the wall
    the model declared as objects are architecture (issue 13 follow-up): the window an opening in the
    north wall the wall object stood for, relations between the two only dropped, the chair's kept (a revision that truly cannot
    be solved keeps the good round and tells the model: tests/unit/pipeline/test_pipeline_revisions.py)."""
    recorded = replies("scene1")
    openai_server.script(*[text(r) for r in recorded], json_reply(ACCEPT))
    out = tmp_path / "nook"
    done = generate(openai_server, SCENE1, out, "--max-iterations", "3")
    assert done.returncode == 0, done.stderr
    assert "could not be solved" not in done.stderr + done.stdout and "high - low" not in done.stderr
    report = json.loads((out / "report.json").read_text())
    first, second = report["iterations"][:2]
    assert (first["satisfied"], first["total"]) == (6, 6)
    assert second["satisfied"] == second["total"] > first["total"] and second["accepted"] is True
    assert report["best_iteration"] == 2
    layout = json.loads((out / "layout.json").read_text())
    assert not {"window_1", "wall_1"} & {o["id"] for o in layout["objects"]}  # architecture, not boxes
    assert [(o["id"], o["wall"]) for o in layout["room"]["openings"]] == [("window_1", "north")]
    by_chair = next(c for c in layout["constraints"] if c["args"] == ["armchair_1", "window_1"])
    assert by_chair["relation"] == "in_front_of" and by_chair["satisfied"], by_chair
    assert (out / "scene.blend").is_file()


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
    # the renders too, the review views of every round included (no date or render time in the PNGs)
    pngs = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.png"))
    assert len(pngs) > 3 and all((tmp_path / "a" / p).read_bytes() == (tmp_path / "b" / p).read_bytes() for p in pngs)


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
    # no object the model named is a grey box: the hunter is a person, the goblins bipeds, the shacks houses
    assert report["asset_fallback"]["boxes"] == [], report["asset_fallback"]
    assert report["asset_fallback"]["families"]["girl_hunter_1"] == "family:person"
    _subjects_in_the_pictures(report, "girl_hunter_1")
    # "fantasy creatures" names no category: the creatures are subjects through their kind (families.json kinds)
    best = report["iterations"][report["best_iteration"] - 1]
    assert {"goblin_1", "goblin_2", "small_dragon_1", "horned_beast_1"} <= set(best["subject_visibility"]), best


def _subjects_in_the_pictures(report: dict, subject: str) -> None:
    """Issue 15 (the recorded best round had no hunter in view): every round records each view's camera
    and how much of each prompt subject it shows (core/visibility.py, from layout + camera); the views the
    shell chose show every subject in some perspective view of the result, ``subject`` among them."""
    best = report["iterations"][report["best_iteration"] - 1]
    assert set(best["cameras"]) == {"final", "second", "top"}, best.get("cameras")
    seen = best["subject_visibility"]
    assert subject in seen and max(seen[subject]["final"], seen[subject]["second"]) >= 0.25, seen
    assert best["unseen_subjects"] == [], seen


@pytest.mark.blender
def test_the_classroom_in_the_group_format_costs_fewer_prompt_tokens(openai_server: OpenAIServer,  # noqa: F811
                                                                      tmp_path: Path) -> None:
    """scene3's replies with the same content in the group format (tests/fixtures/llm_runs/scene3_groups):
    the 24 desks are one group node, descriptions are shared per category, the coder and reviewer
    read the compact graph, a short relation table and folded audit lines."""
    lines = (FIXTURES / "scene3_groups" / "replies.jsonl").read_text().splitlines()
    contents = [json.loads(line)["content"] for line in lines]
    openai_server.script(*[measured(c) for c in contents], measured(json.dumps(ACCEPT)), repeat_last=True)
    out = tmp_path / "classroom"
    done = generate(openai_server, SCENE3, out, "--max-iterations", "3", "--effort", "0.5")
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "report.json").read_text())
    prompt_tokens = report["llm"]["tokens"]["prompt"]
    # 16.8k when written; 18.7k once the planner, coder and reviewer prompts documented openings and
    # critiques (issues 13, 17); 19.8k once parameters show their bounds and sub-scene planners read
    # sizes and the user's words (issue 15); 20.9k once the library gained the group shapes circular
    # and ends_meet and around's arc_deg (issue 14: every stage's relation table lists them); 21.3k once
    # the side relations gained cone_deg and lateral_margin and inside above_rim (issue 14, session 6).
    # 20.8k once the relation table wrote each shared parameter text once and parameters as
    # name=default (issue 14, session 7: planner 9.2k -> 8.8k). The bound is back to 85%.
    # 21.1k once under gained trunk (v5: a bench under a tree keeps clear of the trunk; session 15): 86%.
    assert prompt_tokens < RECORDED_SCENE3_PROMPT_TOKENS * 0.86, report["llm"]
    # the coder read the graph with each group as one node (8,929 tokens when recorded)
    assert report["llm"]["stages"]["coder"]["prompt_tokens"] < 4000, report["llm"]["stages"]["coder"]
    desks = [g for g in report["plan"]["groups"] if g["id"] == "student_desk"]
    assert desks == [{"id": "student_desk", "category": "student desk", "count": 24,
                      "members": "student_desk_1..student_desk_24", "arrangement": "grid", "relations": 2}]
    assert report["plan"]["objects"] == 51 and report["plan"]["relations"] == 80
    graph = json.loads((out / "scene_graph.json").read_text())
    assert [g["id"] for g in graph["groups"]] == ["student_desk", "chair"]
    coder_request = "\n".join(openai_server.requests[4].message_texts())
    assert coder_request.count('"members": "student_desk_1..student_desk_24"') == 1
    assert coder_request.count("single-person school desk") == 1  # the description once, not 24 times
    _subjects_in_the_pictures(report, "blackboard_1")


@pytest.mark.blender
def test_a_token_budget_spent_before_the_review_keeps_the_first_round(openai_server: OpenAIServer,  # noqa: F811
                                                                      tmp_path: Path) -> None:
    """--token-budget: the coder's reply is billed 60,000 tokens, so the reviewer's request would pass
    a 50,000 budget: it is not sent, the first round is the result (exit 0, every file written)."""
    recorded = replies("scene1")
    stages = [json.loads(line)["stage"] for line in (FIXTURES / "scene1" / "transcript.jsonl").read_text().splitlines()]
    coder = stages.index("coder")
    openai_server.script(*[text(r, completion_tokens=60_000 if n == coder else 7) for n, r in enumerate(recorded)])
    out = tmp_path / "budget"
    done = generate(openai_server, SCENE1, out, "--max-iterations", "3", "--token-budget", "50000")
    assert done.returncode == 0, done.stderr
    assert len(openai_server.requests) == coder + 1  # nothing after the coder was asked
    report = json.loads((out / "report.json").read_text())
    assert report["best_iteration"] == 1 and len(report["iterations"]) == 1
    assert (out / "layout.json").is_file() and (out / "scene.blend").is_file()
    assert "token budget 50000 exhausted" in done.stderr and "keeping the best round so far" in done.stderr


@pytest.mark.blender
def test_a_token_budget_too_small_for_the_plan_ends_with_one_line(openai_server: OpenAIServer,  # noqa: F811
                                                                  tmp_path: Path) -> None:
    openai_server.script(*[text(r) for r in replies("scene1")])
    done = generate(openai_server, SCENE1, tmp_path / "tiny", "--token-budget", "100", "--render", "none")
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if line.strip() and not line.startswith("WARNING")]
    assert len(lines) == 1 and lines[0].startswith("error: token budget 100 exhausted: 0 tokens used, the assets "
                                                   "request needs about"), done.stderr
    assert openai_server.requests == []  # nothing was sent
