"""End to end: ``python -m setdresser generate`` and ``scripts/generate.py`` in real
subprocesses (real bpy, planner, solver, assets), checking every file of CONTRACTS §2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from setdresser.blender_addon.core.model import LAYOUT_SCHEMA, layout_from_dict, program_from_dict
from setdresser.blender_addon.core.scene_graph import scene_graph_from_dict
from setdresser.tests.blender.pixels import load_pixels

ROOT = Path(__file__).resolve().parents[2]
PROMPT = "a desk against the north wall with a lamp on it and a chair in front of the desk"
FILES = ("scene.blend", "render.png", "layout.json", "report.json", "scene_graph.json",
         "program.py", "program.json", "transcript.jsonl")
FAST = ["--render", "workbench", "--resolution", "128", "--max-iterations", "2", "--effort", "0.5"]


def generate(*args: str, script: bool = False, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(ROOT / "scripts" / "generate.py"), "--"] if script else \
        [sys.executable, "-m", "setdresser", "generate"]
    env = dict(os.environ, PYTHONHASHSEED="0")
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=timeout, env=env, cwd=ROOT)


@pytest.fixture(scope="module")
def cli_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cli") / "demo"
    done = generate(PROMPT, "--out", str(out), "--seed", "4", *FAST)
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.blender
def test_every_file_is_written(cli_run: Path) -> None:
    for name in FILES:
        assert (cli_run / name).is_file(), name
    assert not (cli_run / "review_top.png").exists()  # offline nothing reads it (issue 11); --top-view writes it
    assert (cli_run / "transcript.jsonl").read_text() == ""  # offline: no LLM calls
    assert "from setdresser.script import *" in (cli_run / "program.py").read_text().splitlines()
    audit = json.loads((cli_run / "iterations" / "01" / "audit.json").read_text())
    assert audit["iteration"] == 1 and (cli_run / "iterations" / "01" / "program.py").is_file()


@pytest.mark.blender
def test_layout_follows_the_schema_and_names_every_object(cli_run: Path) -> None:
    raw = json.loads((cli_run / "layout.json").read_text())
    assert raw["schema"] == LAYOUT_SCHEMA and raw["prompt"] == PROMPT and raw["seed"] == 4
    assert (raw["units"], raw["up"], raw["front"]) == ("m", "+Z", "-Y")
    layout = layout_from_dict(raw)
    program = program_from_dict(json.loads((cli_run / "program.json").read_text()))
    assert sorted(o.id for o in layout.objects) == sorted(program.object_ids())
    categories = {o.category for o in layout.objects}
    assert {"desk", "lamp", "chair"} <= categories
    for obj in layout.objects:
        assert all(lo <= hi for lo, hi in zip(obj.bbox_min, obj.bbox_max))
        assert obj.location[2] == pytest.approx(obj.bbox_min[2], abs=0.01)
    assert len(layout.constraints) == len(program.constraints)
    assert set(raw["checks"]) == {"collisions", "unsupported", "out_of_bounds", "unstable", "blocked_clearance"}
    graph = scene_graph_from_dict(json.loads((cli_run / "scene_graph.json").read_text()))
    assert len(graph.assets) == len(layout.objects)


@pytest.mark.blender
def test_report_holds_timings_iterations_and_final_checks(cli_run: Path) -> None:
    report = json.loads((cli_run / "report.json").read_text())
    assert report["llm"] == {"backend": "offline", "calls": 0, "tokens": {"prompt": 0, "completion": 0}, "stages": {}}
    timings = json.loads((cli_run / "timings.json").read_text())  # report/3: the wall clock is kept apart
    assert timings["schema"] == "setdresser.timings/1" and timings["total_s"] > 0.0
    assert "timings_s" not in report and "total_s" not in report and report["renders"] == {"final": "render.png"}
    for stage in ("plan", "code", "solve", "build", "audit", "render", "save"):
        assert timings["timings_s"][stage] >= 0.0, stage
    assert 1 <= len(report["iterations"]) <= 2
    assert report["best_iteration"] in [r["iteration"] for r in report["iterations"]]
    layout = json.loads((cli_run / "layout.json").read_text())
    assert report["final"]["satisfied"] == sum(c["satisfied"] for c in layout["constraints"])
    assert report["final"]["physics_valid"] == (not any(layout["checks"].values()))
    assert isinstance(report["unparsed"], list) and isinstance(report["warnings"], list)


@pytest.mark.blender
def test_render_is_not_blank_and_the_blend_holds_the_objects(cli_run: Path) -> None:
    import bpy

    pixels = load_pixels(cli_run / "render.png")
    assert pixels.shape[:2] == (96, 128) and pixels.std() > 0.03
    bpy.ops.wm.open_mainfile(filepath=str(cli_run / "scene.blend"))
    ids = sorted(o["setdresser_id"] for o in bpy.data.objects if "setdresser_id" in o)
    layout = json.loads((cli_run / "layout.json").read_text())
    assert ids == sorted(o["id"] for o in layout["objects"])
    for obj in layout["objects"]:
        built = next(o for o in bpy.data.objects if o.get("setdresser_id") == obj["id"])
        assert tuple(built.location) == pytest.approx(obj["location"], abs=0.01)
    bpy.ops.wm.read_factory_settings(use_empty=True)


@pytest.mark.blender
def test_the_blender_script_gives_the_same_scene_for_the_same_seed(cli_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "script"
    done = generate(PROMPT, "--out", str(out), "--seed", "4", *FAST, script=True)
    assert done.returncode == 0, done.stderr
    assert json.loads((out / "layout.json").read_text()) == json.loads((cli_run / "layout.json").read_text())
    assert (out / "program.py").read_text() == (cli_run / "program.py").read_text()


def test_bad_input_exits_2_with_a_message_naming_it(tmp_path: Path) -> None:
    done = generate("   ", "--out", str(tmp_path / "a"))
    assert done.returncode == 2 and "PROMPT" in done.stderr and "Traceback" not in done.stderr
    done = generate(PROMPT, "--out", str(tmp_path / "b"), "--llm", "openai")
    assert done.returncode == 2 and "--llm" in done.stderr
    done = generate(PROMPT, "--out", str(tmp_path / "c"), "--resolution", "3")
    assert done.returncode == 2 and "--resolution" in done.stderr


def test_a_directory_with_other_files_is_not_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.docx").write_text("precious")
    done = generate(PROMPT, "--out", str(out), *FAST)
    assert done.returncode == 2 and "--force" in done.stderr and "thesis.docx" in done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["thesis.docx"]


def test_the_blender_script_reports_bad_input_with_exit_2(tmp_path: Path) -> None:
    done = generate("", "--out", str(tmp_path / "x"), script=True)
    assert done.returncode == 2 and "PROMPT" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.blender
def test_generate_writes_the_scene_database_next_to_the_scene(cli_run: Path) -> None:
    pytest.importorskip("ladybug")
    done = subprocess.run([sys.executable, "-m", "setdresser", "query", str(cli_run),
                           "MATCH (l:Object {category: 'lamp'})-[:RESTS_ON]->(s:Surface) RETURN l.id, s.object", "--json"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0 and done.stderr == "", done.stderr  # scene.db itself: no rebuild note
    assert json.loads(done.stdout)["rows"] == [["lamp_1", "desk_1"]]
    assert not [p.name for p in cli_run.iterdir() if p.name.startswith(".scene.db")]  # no temporary file left
