"""``generate --assets``: a scene from the user's own models (issue 6, must show).

The asset folder is written by the test (``test_user_assets_kit``): a chair modelled facing
+X with an override, a floor lamp, a crate in centimetres. The scene must use them, at the
planned height with their own proportions, facing the way the layout says; the table
(no user model) comes from the procedural library; report.json says which was used.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_user_assets_kit import CHAIR, write_asset_folder  # noqa: E402

pytestmark = pytest.mark.blender

PROMPT = "four dining chairs around a table, a floor lamp next to the table, and a wooden crate in the corner"
CHAIR_ASPECT = CHAIR["seat"][0] / (CHAIR["seat_z"] + CHAIR["seat"][2] + CHAIR["back_h"])


def _generate(assets: Path, out: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "setdresser", "generate", PROMPT, "--assets", str(assets),
                           "--out", str(out), "--seed", "1", "--resolution", "256", *extra],
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def scene(tmp_path_factory: pytest.TempPathFactory):
    folder = write_asset_folder(tmp_path_factory.mktemp("assets"), bad_files=True)
    out = tmp_path_factory.mktemp("scene")
    proc = _generate(folder, out, "--force")
    assert proc.returncode == 0, proc.stderr
    return folder, out, proc


def test_report_says_which_model_each_object_got(scene) -> None:
    folder, out, proc = scene
    report = json.loads((out / "report.json").read_text())
    got = {c["object"]: (c["method"], Path(c["file"]).name if c["file"] else None)
           for c in ({"file": None, **c} for c in report["asset_retrieval"])}
    assert got == {**{f"dining_chair_{i}": ("text", "chair.glb") for i in range(1, 5)},
                   "table_1": ("procedural", None), "floor_lamp_1": ("text", "floor_lamp.obj"),
                   "crate_1": ("text", "crate.blend")}
    assert "chair.glb (text)" in proc.stderr and (out / "render.png").is_file()
    assert (folder / ".setdresser_index" / "index.json").is_file()  # the folder was indexed on the way


def test_layout_sizes_follow_the_models_at_the_planned_height(scene) -> None:
    _, out, _ = scene
    objects = {o["id"]: o for o in json.loads((out / "layout.json").read_text())["objects"]}
    chair = objects["dining_chair_1"]
    assert chair["asset"].startswith("user:chair-")
    w, d, h = chair["dimensions"]
    assert h == pytest.approx(0.9, abs=1e-3) and w == pytest.approx(CHAIR_ASPECT * h, abs=2e-3) and d == pytest.approx(w)
    assert objects["crate_1"]["dimensions"] == pytest.approx([0.5, 0.5, 0.5], abs=1e-3)
    assert objects["floor_lamp_1"]["dimensions"][2] == pytest.approx(1.6, abs=1e-3)
    assert objects["table_1"]["asset"].startswith("procedural:")
    program = json.loads((out / "program.json").read_text())
    assert {o["id"]: o["dimensions"] for o in program["objects"]}["dining_chair_1"] == pytest.approx([w, d, h], abs=1e-4)


def test_built_chairs_are_the_user_model_facing_the_table(scene) -> None:
    import bpy
    import numpy as np

    _, out, _ = scene
    layout = {o["id"]: o for o in json.loads((out / "layout.json").read_text())["objects"]}
    bpy.ops.wm.open_mainfile(filepath=str(out / "scene.blend"))
    table = np.array(layout["table_1"]["location"][:2])
    for number in range(1, 5):
        obj = next(o for o in bpy.data.objects if o.get("setdresser_id") == f"dining_chair_{number}")
        assert obj.get("setdresser_user_asset", "").endswith("chair.glb")
        points = np.array([v.co[:] for v in obj.data.vertices])
        size = points.max(axis=0) - points.min(axis=0)
        assert size == pytest.approx(layout[f"dining_chair_{number}"]["dimensions"], abs=1e-3)
        assert points[points[:, 2] > 0.8][:, 1].min() > 0.1  # the back is at local +Y: front = -Y
        yaw = obj.rotation_euler[2]
        front = np.array([math.sin(yaw), -math.cos(yaw)])
        to_table = table - np.array(obj.location[:2])
        assert front @ to_table / np.linalg.norm(to_table) > 0.7  # "around": each chair faces the table


def test_an_index_folder_works_as_well_and_bad_paths_are_named(scene, tmp_path: Path) -> None:
    folder, out, _ = scene
    again = _generate(folder / ".setdresser_index", tmp_path / "again", "--render", "none")
    assert again.returncode == 0, again.stderr
    first = json.loads((out / "report.json").read_text())["asset_retrieval"]
    second = json.loads((tmp_path / "again" / "report.json").read_text())["asset_retrieval"]
    assert [c["asset"] for c in first] == [c["asset"] for c in second]
    missing = _generate(tmp_path / "nope", tmp_path / "bad")
    assert missing.returncode == 2 and "--assets" in missing.stderr and "nope" in missing.stderr
