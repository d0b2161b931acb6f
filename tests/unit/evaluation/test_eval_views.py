"""Targeted renders (bpy): evaluate on a real generated scene writes the top-down, front and
only-these-objects views and lists them with each verdict."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.blender


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_views_are_rendered_per_constraint(tmp_path: Path) -> None:
    out = tmp_path / "scene"
    made = subprocess.run([sys.executable, "-m", "setdresser", "generate", "a lamp on a desk and a chair in front of "
                           "the desk", "--out", str(out), "--render", "none"], capture_output=True, text=True,
                          timeout=300)
    assert made.returncode == 0, made.stderr[-2000:]
    done = subprocess.run([sys.executable, "-m", "setdresser", "evaluate", str(out), "--max-views", "2",
                           "--view-resolution", "128"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    evaluation = json.loads((out / "evaluation.json").read_text())
    with_views = [v for v in evaluation["verdicts"] if v["views"]]
    assert len(with_views) == 2  # --max-views caps the rendered constraints
    names = [Path(p).name for p in with_views[0]["views"]]
    assert names[0] == "top.png" and names[1].startswith("c1_front_") and names[2] == "c1_only.png"
    for verdict in with_views:
        for view in verdict["views"]:
            assert png_size(Path(view)) == (128, 96)
    # the only-these-objects view of one object differs from the whole scene's top view
    only = Path(with_views[0]["views"][2]).read_bytes()
    assert only != Path(with_views[0]["views"][0]).read_bytes()
