"""Output-dir ownership, report.json and the plain console (no Blender needed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from fakes import FakeWorld, run_fake  # noqa: E402

from setdresser.blender_addon.cli.console import PlainConsole  # noqa: E402
from setdresser.blender_addon.cli.generate import check_out_dir  # noqa: E402
from setdresser.blender_addon.core import pipeline as pl  # noqa: E402
from setdresser.blender_addon.core.errors import BadInput  # noqa: E402
from setdresser.blender_addon.core.report import RunInfo, build_report, build_timings, foreign_entries, relative_paths  # noqa: E402


def test_only_files_a_run_writes_count_as_ours() -> None:
    assert foreign_entries(["scene.blend", "render.png", "iterations", "report.json"]) == []
    assert foreign_entries(["notes.txt", "layout.json", "a.blend"]) == ["a.blend", "notes.txt"]


def test_out_dir_checks(tmp_path: Path) -> None:
    check_out_dir(tmp_path / "new", force=False)  # missing: fine, it will be created
    previous = tmp_path / "previous"
    previous.mkdir()
    (previous / "layout.json").write_text("{}")
    check_out_dir(previous, force=False)  # our own earlier run: overwritten
    (previous / "essay.txt").write_text("mine")
    with pytest.raises(BadInput, match="essay.txt.*--force"):
        check_out_dir(previous, force=False)
    check_out_dir(previous, force=True)
    afile = tmp_path / "file"
    afile.write_text("x")
    with pytest.raises(BadInput, match="not a directory"):
        check_out_dir(afile, force=True)


def test_report_names_stages_iterations_and_what_was_not_understood() -> None:
    result, _, _ = run_fake(pl.GenerateRequest("p", seed=2, max_iterations=3), FakeWorld())
    info = RunInfo(backend="offline", timings={"plan": 0.01, "solve": 1.5}, stage_calls={"solve": 2},
                   total_seconds=3.25, versions={"blender": "5.0.1"})
    report = build_report(result, info)
    assert report["schema"] == "setdresser.report/3" and report["seed"] == 2
    assert report["llm"] == {"backend": "offline", "calls": 0, "tokens": {"prompt": 0, "completion": 0}, "stages": {}}
    assert "timings_s" not in report and "total_s" not in report  # report/3: byte-stable, no clock
    timings = build_timings(info)
    assert timings == {"schema": "setdresser.timings/1", "timings_s": {"plan": 0.01, "solve": 1.5}, "total_s": 3.25}
    assert [r["iteration"] for r in report["iterations"]] == [1, 2] and report["best_iteration"] == 2
    assert report["final"]["satisfied"] == report["final"]["total"] == 2
    assert report["iterations"][0]["failed"] == ["in_front_of(chair_1, desk_1)"]
    assert report["warnings"] == ["unknown noun 'gizmo'"] and report["unparsed"] == []
    assert "script" not in report["iterations"][0]


def test_report_render_paths_are_relative_to_the_output_folder() -> None:
    """Two output folders give the same report bytes: renders are named inside the folder."""
    result, _, _ = run_fake(pl.GenerateRequest("p", seed=2, max_iterations=1), FakeWorld())
    result.renders = {"final": "/somewhere/out/render.png", "top": "elsewhere/top.png"}
    info = RunInfo(backend="offline", timings={}, stage_calls={}, total_seconds=1.0, out_dir="/somewhere/out")
    assert build_report(result, info)["renders"] == {"final": "render.png", "top": "elsewhere/top.png"}
    assert relative_paths({"top": "out/iterations/01/review_top.png"}, "out") == {"top": "iterations/01/review_top.png"}


def test_plain_console_strips_rich_markup(capsys: pytest.CaptureFixture[str]) -> None:
    PlainConsole().print("[bold cyan]  solve[/] 3 objects [dim]placed[/]")
    PlainConsole().print("[kept] as is", markup=False)
    assert capsys.readouterr().err == "  solve 3 objects placed\n[kept] as is\n"


def test_bracketed_text_survives_both_consoles(capsys: pytest.CaptureFixture[str]) -> None:
    from rich.console import Console

    from setdresser.blender_addon.cli.console import show_event

    event = pl.Notice("unparsed", "not understood, ignored: '[the red one]'")
    show_event(PlainConsole(), event)
    show_event(Console(stderr=True, highlight=False, soft_wrap=True, no_color=True), event)
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["unparsed not understood, ignored: '[the red one]'"] * 2


def test_llm_defaults_to_offline_unless_an_endpoint_is_configured() -> None:
    from setdresser.blender_addon.cli.generate import default_llm

    assert default_llm({}) == "offline"
    assert default_llm({"OPENAI_BASE_URL": "http://localhost:11434/v1"}) == "openai"
    assert default_llm({"OPENAI_API_KEY": "sk-x"}) == "openai"


def test_a_scene_the_user_saved_after_the_run_is_not_overwritten(tmp_path: Path) -> None:
    import os

    run_dir = tmp_path / "run"
    run_dir.mkdir()
    (run_dir / "scene.blend").write_bytes(b"BLENDER")
    (run_dir / "report.json").write_text("{}")
    check_out_dir(run_dir, force=False)  # untouched output of an earlier run: may be regenerated
    later = (run_dir / "report.json").stat().st_mtime + 60
    os.utime(run_dir / "scene.blend", (later, later))  # the user edited and saved the scene afterwards
    with pytest.raises(BadInput, match="scene.blend was changed.*--force"):
        check_out_dir(run_dir, force=False)
    check_out_dir(run_dir, force=True)
