"""Bad input to ``solve`` exits 2 with one line naming what and where, and writes nothing
(issue 12 item 6): NaN/infinite/absurd budgets and seeds, deeply nested JSON, huge integers,
absurd sizes, ``--out`` naming a directory."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from setdresser.blender_addon.cli import main

GOOD = {"schema": "setdresser.program/1", "objects": [{"id": "a", "category": "box", "dimensions": [1, 1, 1]}],
        "constraints": []}


def _program(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "program.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize("flags, where", [
    (["--time-budget", "nan"], "--time-budget"), (["--time-budget", "inf"], "--time-budget"),
    (["--time-budget", "1e308"], "--time-budget"), (["--time-budget", "-1"], "--time-budget"),
    (["--seed", "-1"], "--seed"), (["--seed", "9" * 30], "--seed")])
def test_bad_numbers_in_flags(flags: list[str], where: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    program = _program(tmp_path, json.dumps(GOOD))
    assert main(["solve", str(program), "--out", str(tmp_path / "l.json"), *flags]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"error: {where}: ") and not (tmp_path / "l.json").exists()


@pytest.mark.parametrize("text, words", [
    ("[" * 100000 + "]" * 100000, "nested too deeply"),
    (json.dumps(GOOD).replace("[1, 1, 1]", "[" + "9" * 5000 + ", 1, 1]"), "too many digits"),
    (json.dumps(GOOD).replace("[1, 1, 1]", "[1e9, 1, 1]"), "within +-10,000"),
    (json.dumps({**GOOD, "bounds": {"min": [-1e300, -1e300, 0], "max": [1e300, 1e300, 3]}}), "within +-10,000")])
def test_bad_programs(text: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    program = _program(tmp_path, text)
    assert main(["solve", str(program), "--out", str(tmp_path / "l.json"), "--time-budget", "0.5"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0] and not (tmp_path / "l.json").exists()


def test_out_naming_a_directory(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    program = _program(tmp_path, json.dumps(GOOD))
    assert main(["solve", str(program), "--out", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_the_layout_is_written_whole(tmp_path: Path) -> None:
    program = _program(tmp_path, json.dumps(GOOD))
    assert main(["solve", str(program), "--out", str(tmp_path / "l.json"), "--effort", "0.1"]) == 0
    assert json.loads((tmp_path / "l.json").read_text())["objects"][0]["id"] == "a"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["l.json", "program.json"]  # no temporary left


def test_control_characters_from_a_file_never_reach_the_terminal(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture) -> None:
    evil = {**GOOD, "constraints": [{"relation": "left_of\x1b]0;pwned\x07", "args": ["a", "a"], "params": {}}]}
    program = _program(tmp_path, json.dumps(evil))
    assert main(["solve", str(program), "--out", str(tmp_path / "l.json")]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and "left_of?]0;pwned?" in err
