"""``setdresser edit`` end to end (issue 17): a generated scene edited through the real CLI
(real bpy, grounding, solver); the source folder untouched, a new folder with every file,
only the affected objects moved, physics valid; bad input exits 2 with one line."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from setdresser.blender_addon.core.model import layout_from_dict

ROOT = Path(__file__).resolve().parents[2]
PROMPT = ("a bed against the north wall with a nightstand on each side and a table lamp on each nightstand, "
          "a desk with a mug on it")
FAST = ["--render", "workbench", "--resolution", "96"]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    return subprocess.run([sys.executable, "-m", "setdresser", *args], capture_output=True, text=True,
                          timeout=180, env=env, cwd=ROOT)


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def scene(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("edit") / "bedroom"
    done = cli("generate", PROMPT, "--out", str(out), "--max-iterations", "1", *FAST)
    assert done.returncode == 0, done.stderr
    return out


def layout(folder: Path):
    return layout_from_dict(json.loads((folder / "layout.json").read_text()))


@pytest.mark.blender
def test_edit_writes_a_new_folder_and_leaves_the_source_alone(scene: Path) -> None:
    before = digest(scene)
    done = cli("edit", str(scene), "move the mug from the desk onto the bed", *FAST)
    assert done.returncode == 0, done.stderr
    out = scene.with_name(scene.name + "-edit")
    assert digest(scene) == before
    for name in ("layout.json", "program.json", "program.py", "edit.json", "scene.blend", "render.png"):
        assert (out / name).is_file(), name
    record = json.loads((out / "edit.json").read_text())
    assert record["groundings"][0]["ids"] == ["mug_1"]
    new, old = layout(out).by_id(), layout(scene).by_id()
    assert new["mug_1"].support == "bed_1"
    moved = {i for i in old if i in new and new[i].location != old[i].location}
    assert moved == {"mug_1"}
    assert layout(out).checks.valid and record["result"]["physics_valid"]
    assert "change" in done.stdout and "re-solved 1 object" in done.stdout


@pytest.mark.blender
def test_edit_in_place_replaces_the_files(tmp_path: Path, scene: Path) -> None:
    copy = tmp_path / "copy"
    copy.mkdir()
    for p in scene.iterdir():
        if p.is_file():
            (copy / p.name).write_bytes(p.read_bytes())
    done = cli("edit", str(copy), "remove the mug", "--in-place", *FAST)
    assert done.returncode == 0, done.stderr
    assert "mug_1" not in layout(copy).by_id()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".copy.")]  # no staging left behind


@pytest.mark.blender
@pytest.mark.parametrize("args, where", [
    (["teleport the bed to mars"], "instruction"),
    (["move the piano to the desk"], "instruction"),
    (["remove the nightstand", "--ask"], "could be"),
])
def test_bad_edits_exit_2_with_one_line(scene: Path, args: list[str], where: str) -> None:
    before = digest(scene)
    done = cli("edit", str(scene), *args, "--out", str(scene.with_name("never")), *FAST)
    assert done.returncode == 2 and where in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert digest(scene) == before and not scene.with_name("never").exists()


@pytest.mark.blender
def test_missing_scene_folder_exits_2(tmp_path: Path) -> None:
    done = cli("edit", str(tmp_path / "nope"), "remove the mug")
    assert done.returncode == 2 and "no such scene folder" in done.stderr
