"""The trial of docs/llm_trial.md replayed: a strong model's recorded replies through the real CLI
and HTTP client (tests/fixtures/llm_runs/trial_N/replies.jsonl).

trial_3: the planner listed the doorway as an asset ``door_1``; the coder, as its prompt says,
cut it with ``add_opening("door", "south", id="door_1", ...)``. When recorded, that script was
refused ("missing: ['door_1']") and the model, to get past it, pinned a grey box labelled 'door'
in front of the opening (the same happened to the window and the cafe door of trials 1 and 2)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))
from blender.test_generate_llm_fixtures import ACCEPT, FIXTURES, generate  # noqa: E402
from support.openai_server import OpenAIServer, json_reply, text  # noqa: E402
from support.openai_server import openai_server  # noqa: E402,F401,F811 - the fixture

BEDROOM = ("Put a bed against the north wall. Add a nightstand on each side with a lamp on each. Hang a painting "
           "above the bed. Leave the doorway on the south wall clear.")


def trial(n: int) -> list[tuple[str, str]]:
    """(stage, reply text) of a trial run, in request order."""
    lines = (FIXTURES / f"trial_{n}" / "replies.jsonl").read_text().splitlines()
    return [(d["stage"], d["content"]) for d in map(json.loads, lines)]


@pytest.mark.blender
def test_the_doorway_the_planner_listed_is_cut_as_an_opening_not_a_grey_box(
        openai_server: OpenAIServer, tmp_path: Path) -> None:  # noqa: F811
    recorded = trial(3)
    assets, planner, first_coder = (content for _, content in recorded[:3])
    assert [stage for stage, _ in recorded[:3]] == ["assets", "planner", "coder"]
    openai_server.script(text(assets), text(planner), text(first_coder), json_reply(ACCEPT))
    out = tmp_path / "bedroom"
    done = generate(openai_server, BEDROOM, out, "--max-iterations", "2")
    assert done.returncode == 0, done.stderr
    assert len(openai_server.requests) == 4  # the coder was not asked again
    layout = json.loads((out / "layout.json").read_text())
    assert [o["id"] for o in layout["room"]["openings"]] == ["door_1"]
    assert "door_1" not in {o["id"] for o in layout["objects"]}
    report = json.loads((out / "report.json").read_text())
    assert report["asset_fallback"]["boxes"] == [] and report["final"]["failed"] == []


NOOK = "a cozy reading nook by the window with an armchair, a floor lamp and a bookshelf full of books"


@pytest.mark.blender
def test_a_row_the_reviewer_grew_is_audited_as_grown_not_as_the_old_row(
        openai_server: OpenAIServer, tmp_path: Path) -> None:  # noqa: F811
    """trial_5 (defect B): the reviewer grew each shelf's row from 5 to 14 books; the old 5-book rows
    were audited again as the plan's intent and failed against the new rows. Now the grown row stands
    for the planned one. The grown rows fail (14 books at 5 cm spacing do not fit a shelf) but the
    physics holds, no hard constraint fails and no subject of the prompt is lost, so the round the
    reviewer accepted is the result (issue 15: the reviewer's acceptance ranks above plan_held)."""
    openai_server.script(*[text(content) for _, content in trial(5)], json_reply(ACCEPT), repeat_last=True)
    out = tmp_path / "nook"
    done = generate(openai_server, NOOK, out, "--max-iterations", "3")
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "report.json").read_text())
    second = report["iterations"][1]
    assert second["failed"] and all(f.startswith("row(") and f.count(",") == 13 for f in second["failed"])
    first = report["iterations"][0]
    # round 1 holds at least as much of the plan (46-50 of 50 depending on the effort's steps), yet the
    # round the reviewer accepted wins: acceptance ranks above plan_held when the audit's verdict is equal
    assert first["plan_held"] >= second["plan_held"] and "accepted" not in first
    assert second["accepted"] is True and "missing_subjects" not in second and second["physics_valid"]
    assert report["best_iteration"] == 2


DINING = ("a dining room: a table with four chairs around it, a pendant lamp hanging above the table, a sideboard "
          "against the wall and a painting above the sideboard")


@pytest.mark.blender
def test_the_round_the_reviewer_rejected_is_superseded_by_the_revision_it_asked_for(
        openai_server: OpenAIServer, tmp_path: Path) -> None:  # noqa: F811
    """trial_6: the reviewer rejected round 2 (the chairs at the table's corners) with a revised script;
    round 3 (the last, never reviewed) put them at the sides. Every round holds all its relations, so
    the audit cannot tell 2 from 3; when recorded, round 2 was kept. Round 3 is what was asked for."""
    openai_server.script(*[text(content) for _, content in trial(6)])
    out = tmp_path / "dining"
    done = generate(openai_server, DINING, out, "--max-iterations", "3")
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "report.json").read_text())
    assert [r["satisfied"] == r["total"] for r in report["iterations"]] == [True, True, True]
    assert [r.get("superseded", False) for r in report["iterations"]] == [True, True, False]
    assert report["best_iteration"] == 3
