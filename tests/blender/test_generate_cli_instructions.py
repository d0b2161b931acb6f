"""End to end through ``python -m setdresser generate --llm offline`` (issue 14 item 2): an instruction
of several sentences keeps the objects of its later clauses ("..., and to its right a side table
holds a mug"), reads compass sides of an object in the room ("on the east side of the bed"), puts a
bed whose headboard touches a wall against it, and reports a reason ("so you can see ...") instead
of placing anything by it. Positions are read from layout.json, as an outsider would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from setdresser.tests.blender.test_generate_cli import generate

PROMPT = ("Put a bed with its headboard touching the north wall. On the east side of the bed stands a nightstand "
          "and on the west side a small dresser. An armchair sits in the south-west corner. Behind it stands a "
          "floor lamp, and to its right a side table holds a mug. Hang a mirror on the east wall so you can see "
          "the bed from the door.")
FAST = ["--render", "none", "--effort", "0.167", "--max-iterations", "1", "--seed", "0"]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, dict, str]:
    out = tmp_path_factory.mktemp("instructions") / "bedroom"
    done = generate(PROMPT, "--out", str(out), "--llm", "offline", "--no-complete", *FAST, timeout=300)
    assert done.returncode == 0, done.stderr
    layout = json.loads((out / "layout.json").read_text())
    report = json.loads((out / "report.json").read_text())
    return layout, report, done.stdout + done.stderr


@pytest.mark.blender
def test_every_object_of_every_clause_is_placed(run: tuple[dict, dict, str]) -> None:
    layout, _, _ = run
    categories = sorted(o["category"] for o in layout["objects"])
    assert categories == sorted(["bed", "nightstand", "dresser", "armchair", "floor lamp", "side table", "mug",
                                 "mirror"]), categories


@pytest.mark.blender
def test_compass_sides_of_the_bed_are_east_and_west_in_the_room(run: tuple[dict, dict, str]) -> None:
    layout, _, _ = run
    at = {o["category"]: o["location"] for o in layout["objects"]}
    bed, nightstand, dresser = at["bed"], at["nightstand"], at["dresser"]
    assert nightstand[0] > bed[0] + 0.3 and dresser[0] < bed[0] - 0.3, (bed, nightstand, dresser)
    north = next(w["start"][1] for w in layout["room"]["wall_segments"] if w["wall"] == "north")
    half_depth = 0.5 * next(o["dimensions"][1] for o in layout["objects"] if o["category"] == "bed")
    assert abs(north - (bed[1] + half_depth)) < 0.1, (north, bed, half_depth)  # the headboard touches the wall


@pytest.mark.blender
def test_the_later_clause_keeps_its_side_table_and_mug(run: tuple[dict, dict, str]) -> None:
    layout, _, _ = run
    by_id = {o["id"]: o for o in layout["objects"]}
    held = {(c["relation"], tuple(c["args"])): c["satisfied"] for c in layout["constraints"]}
    assert held.get(("right_of", ("side_table_1", "armchair_1"))) is True
    assert held.get(("on_top_of", ("mug_1", "side_table_1"))) is True
    assert by_id["mug_1"]["location"][2] > 0.3  # on the table, not on the floor


@pytest.mark.blender
def test_a_reason_is_reported_not_placed(run: tuple[dict, dict, str]) -> None:
    layout, report, output = run
    assert any("see the bed" in u for u in report["unparsed"]), report["unparsed"]
    assert "see the bed" in output
    mirror = next(o for o in layout["objects"] if o["category"] == "mirror")
    assert mirror.get("mount") == "wall"
    assert not any(c["relation"] == "on_top_of" and c["args"][0] == mirror["id"] for c in layout["constraints"])
