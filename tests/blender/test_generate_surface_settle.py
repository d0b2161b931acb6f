"""Things on named surfaces stand still under rigid-body physics (issues 13 and 21): books on a
bookshelf's second shelf rest on the board the builder makes at the knowledge base's height, and
pillows on a sofa lie on its seat, not on the arms; the settle finds nothing unstable."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.blender
PROMPT = "a bookshelf against the north wall with three books on its second shelf, and a sofa with two pillows on it"


def test_books_on_a_shelf_and_pillows_on_a_seat_stay_put(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "setdresser", "generate", PROMPT, "--out", str(tmp_path / "o"),
                           "--llm", "offline", "--no-complete", "--render", "none", "--max-iterations", "1",
                           "--effort", "0.5"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    layout = json.loads((tmp_path / "o" / "layout.json").read_text())
    surfaces = {o["id"]: o.get("support_surface") for o in layout["objects"]}
    assert [surfaces[f"book_{i}"] for i in (1, 2, 3)] == ["shelf_2"] * 3
    assert surfaces["pillow_1"] == surfaces["pillow_2"] == "seat"
    assert layout["checks"]["unstable"] == [], layout["checks"]


KB_PROMPT = "a hutch with a vase on it, a stove with a pot on it, and a teddy bear on a bunk bed"


def test_things_on_the_surfaces_the_scan_fixed_stay_put(tmp_path: Path) -> None:
    """A vase on a hutch's counter, a pot on a stove's hob, a teddy on a bunk bed's lower mattress:
    each rests on the named surface the builder now draws at the knowledge base's height (the hutch
    was a plain cupboard, the hob's burners stood 2 cm proud of it, the bunk a single bed)."""
    done = subprocess.run([sys.executable, "-m", "setdresser", "generate", KB_PROMPT, "--out", str(tmp_path / "o"),
                           "--llm", "offline", "--no-complete", "--render", "none", "--max-iterations", "1",
                           "--effort", "0.5"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    layout = json.loads((tmp_path / "o" / "layout.json").read_text())
    rests = {o["id"]: (o.get("support"), o.get("support_surface")) for o in layout["objects"]}
    assert rests["vase_1"] == ("hutch_1", "counter_top") and rests["pot_1"] == ("stove_1", "counter_top")
    assert rests["teddy_bear_1"] == ("bunk_bed_1", "mattress")
    assert layout["checks"]["unstable"] == [], layout["checks"]
