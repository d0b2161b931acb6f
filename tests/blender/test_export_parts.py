"""An object's parts travel with it in the Habitat export (issue 13): a seated figure's shins
(its appendage, below its seat) are in the figure's own glb, in its frame, not in the stage."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.blender
trimesh = pytest.importorskip("trimesh")

ROOT = Path(__file__).resolve().parents[2]


def test_a_seated_figures_shins_are_in_its_own_glb(tmp_path: Path) -> None:
    out = tmp_path / "seated"
    done = subprocess.run([sys.executable, "-m", "setdresser", "generate", "a person sitting on a chair",
                           "--llm", "offline", "--out", str(out), "--render", "none", "--no-complete",
                           "--export", "habitat"], capture_output=True, text=True, timeout=300, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    folder = out / "export" / "habitat"
    figure = trimesh.load(folder / "objects" / "person_1.glb", force="scene")
    lo, hi = figure.bounds  # glTF is Y up: the figure's own frame, origin at the bottom-centre of its seated box
    assert lo[1] < -0.3  # the shins reach down toward the floor, below the seat
    stage = trimesh.load(folder / "stage.glb", force="scene")
    assert not [n for n in stage.graph.nodes if "appendage" in str(n)]
