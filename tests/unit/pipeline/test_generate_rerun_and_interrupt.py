"""Re-running ``generate`` into a folder it wrote removes its own stale ``iterations/NN`` (issue 11);
anything a user put in such a folder keeps it."""
from __future__ import annotations

from pathlib import Path

from setdresser.blender_addon.cli.generate import remove_stale_iterations


def _iteration(out: Path, number: int, *names: str) -> Path:
    folder = out / "iterations" / f"{number:02d}"
    folder.mkdir(parents=True)
    for name in names or ("program.py", "audit.json", "render.png", "review_top.png"):
        (folder / name).write_text("x")
    return folder


def test_stale_iterations_of_an_earlier_run_are_removed(tmp_path: Path) -> None:
    for number in (1, 2, 3):
        _iteration(tmp_path, number)
    remove_stale_iterations(tmp_path, {1})
    assert sorted(p.name for p in (tmp_path / "iterations").iterdir()) == ["01"]
    assert (tmp_path / "iterations" / "01" / "render.png").is_file()


def test_a_folder_holding_a_users_file_is_kept(tmp_path: Path) -> None:
    mine = _iteration(tmp_path, 2, "program.py", "my notes.txt")
    other = tmp_path / "iterations" / "notes"
    other.mkdir()
    remove_stale_iterations(tmp_path, {1})
    assert (mine / "my notes.txt").is_file() and (mine / "program.py").is_file() and other.is_dir()
    remove_stale_iterations(tmp_path / "missing", {1})  # no iterations folder: nothing to do


def test_a_ctrl_c_that_start_up_code_swallows_is_raised_after_it() -> None:
    import signal

    from setdresser.blender_addon.cli.generate import deferred_interrupt

    # the test runner may have been started as a background job (SIGINT ignored): start from Python's default
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        _swallowed_ctrl_c_is_raised(deferred_interrupt)
    finally:
        signal.signal(signal.SIGINT, previous)


def test_a_background_run_that_ignores_ctrl_c_keeps_ignoring_it() -> None:
    import signal

    from setdresser.blender_addon.cli.generate import deferred_interrupt

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with deferred_interrupt():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def _swallowed_ctrl_c_is_raised(deferred_interrupt) -> None:
    import os
    import signal

    import pytest

    swallowed = []
    with pytest.raises(KeyboardInterrupt):
        with deferred_interrupt():
            try:  # what Blender's start-up does with a KeyboardInterrupt: print it and go on
                os.kill(os.getpid(), signal.SIGINT)
            except KeyboardInterrupt:
                swallowed.append(True)
            swallowed.append("went on")
    assert swallowed == ["went on"]  # held, not raised inside the block
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with deferred_interrupt():
        pass  # no Ctrl-C: nothing raised


def test_an_interrupted_first_run_leaves_no_folder(tmp_path: Path, monkeypatch) -> None:
    import argparse

    import pytest

    from setdresser.blender_addon.cli import generate as cli_generate

    def interrupted(args: argparse.Namespace) -> int:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "layout.json").write_text("{")  # half-written when the Ctrl-C came
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_generate, "_generate", interrupted)
    monkeypatch.setattr(cli_generate, "check_args", lambda args: None)
    monkeypatch.setattr(cli_generate, "_start_blender", lambda: None)
    out = tmp_path / "scene"
    with pytest.raises(KeyboardInterrupt):
        cli_generate.run(argparse.Namespace(out=out))
    assert not out.exists()
    out.mkdir()
    (out / "report.json").write_text("{}")  # an earlier run's folder is kept
    with pytest.raises(KeyboardInterrupt):
        cli_generate.run(argparse.Namespace(out=out))
    assert (out / "report.json").is_file()
