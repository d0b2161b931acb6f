"""scripts/asset_contact_sheet.py runs as a real process and writes a picture with content."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from setdresser.tests.blender.pixels import load_pixels

pytestmark = pytest.mark.blender

bpy = pytest.importorskip("bpy")

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "asset_contact_sheet.py"


def test_contact_sheet_of_two_assets(tmp_path: Path) -> None:
    out = tmp_path / "sheet.png"
    done = subprocess.run([sys.executable, str(SCRIPT), "--only", "chair", "zeppelin", "--cell-px", "120",
                           "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    pixels = load_pixels(out)
    height, width = pixels.shape[:2]
    assert width == 2 * 120 and height > 100
    background = np.median(pixels.reshape(-1, 3), axis=0)
    drawn = np.abs(pixels - background).max(axis=2) > 0.05
    assert drawn.mean() > 0.03  # the chair, the labelled box and their labels cover the picture
    left, right = drawn[:, : width // 2], drawn[:, width // 2:]
    assert left.mean() > 0.01 and right.mean() > 0.01  # one asset in each cell
