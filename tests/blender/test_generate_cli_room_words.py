"""End to end through ``python -m setdresser generate --llm offline`` (issue 14 on issue 13's world):
the doors and windows the text names are openings in layout.json's room (never objects), hung
things hang on their walls, a named shelf carries what was put on it, the room's finish is applied,
quantified relations and the doorway's clear zone hold, and what was not understood is in the CLI's
output and report.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from setdresser.tests.blender.test_generate_cli import FAST, generate

PROMPT = ("A study with a window on the north wall and a door on the west wall. The desk stands under the window "
          "with nothing on it, and exactly one chair at the desk. A bookshelf next to the door holds three books "
          "on its second shelf. Hang a clock above the door. The walls are pale blue and the floor is oak. "
          "Keep the doorway clear. The lamp is closer to the desk than the bookshelf, because it glows warmly.")


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("room_words") / "study"
    done = generate(PROMPT, "--out", str(out), "--seed", "0", "--llm", "offline", "--no-complete", *FAST,
                    timeout=300)
    assert done.returncode == 0, done.stderr
    return out, done.stdout + done.stderr


@pytest.mark.blender
def test_openings_hung_things_shelves_and_finishes(run: tuple[Path, str]) -> None:
    out, _ = run
    layout = json.loads((out / "layout.json").read_text())
    walls = {o["kind"]: o["wall"] for o in layout["room"]["openings"]}
    assert walls == {"window": "north", "door": "west"}
    objects = {o["id"]: o for o in layout["objects"]}
    assert not [o for o in objects.values() if o["category"].split()[-1] in ("door", "window")]
    assert objects["clock_1"]["mount"] == "wall" and objects["clock_1"]["category"] == "wall clock"
    assert {objects[f"book_{i}"]["support_surface"] for i in (1, 2, 3)} == {"shelf_2"}
    assert layout["room"]["walls"]["color"] is not None and layout["room"]["floor"]["material"] == "oak"


@pytest.mark.blender
def test_the_text_relations_hold(run: tuple[Path, str]) -> None:
    out, _ = run
    layout = json.loads((out / "layout.json").read_text())
    wanted = {"under_window", "next_to_door", "on_wall", "above", "clear", "none_of", "count_of", "closer_than"}
    held = {c["relation"]: c["satisfied"] for c in layout["constraints"] if c["relation"] in wanted}
    assert set(held) == wanted and all(held.values()), held
    assert layout["checks"]["blocked_clearance"] == []


@pytest.mark.blender
def test_what_was_not_understood_is_reported(run: tuple[Path, str]) -> None:
    out, output = run
    report = json.loads((out / "report.json").read_text())
    assert any("glows warmly" in u for u in report["unparsed"]), report["unparsed"]
    assert "glows warmly" in output
