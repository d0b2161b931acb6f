"""The solver's work is counted in steps, never timed (issue 11): a program + seed + effort give the
same layout bytes whatever the clock does; the wall clock is only a cap, and a solve it cuts short
says so (layout ``solve.cut_short``, the CLI's exit 3)."""

from __future__ import annotations

import itertools
import json
import logging
import time
from pathlib import Path
from typing import Iterator

import pytest

from setdresser.blender_addon.cli import main
from setdresser.blender_addon.core.model import layout_from_dict, program_from_dict
from setdresser.blender_addon.core.solve_record import Budget
from setdresser.blender_addon.core.solver import budget as budget_module
from setdresser.blender_addon.core.solver import solve
from solver_scenes import ALL_SCENES
from test_solver_determinism import contradictory_program


class JitteryClock:
    """A clock that runs ``rate`` times too fast and jumps: the solve as a badly loaded machine sees it."""

    def __init__(self, rate: float) -> None:
        self.rate, self.ticks = rate, itertools.count()
        self.real = budget_module.now

    def __call__(self) -> float:
        jump = 0.003 * (next(self.ticks) % 7)  # a neighbour stealing the CPU at odd moments
        return self.real() * self.rate + jump


@pytest.fixture
def slow_machine(monkeypatch: pytest.MonkeyPatch) -> Iterator[JitteryClock]:
    clock = JitteryClock(rate=40.0)
    monkeypatch.setattr(budget_module, "now", clock)
    yield clock


def _bytes(layout_dict: dict) -> str:
    return json.dumps(layout_dict, sort_keys=True)


@pytest.mark.parametrize("name", ["living_room", "classroom"])
def test_a_slow_jittery_clock_gives_the_same_bytes(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    program = program_from_dict(ALL_SCENES[name]())
    quiet = solve(program, seed=5, effort=0.3, time_budget=3600.0).to_dict()
    monkeypatch.setattr(budget_module, "now", JitteryClock(rate=40.0))
    loaded = solve(program, seed=5, effort=0.3, time_budget=3600.0).to_dict()
    assert _bytes(quiet) == _bytes(loaded)
    assert quiet["solve"]["cut_short"] is False and quiet["solve"]["steps"] > 0


def test_the_steps_follow_the_effort_not_the_clock() -> None:
    program = program_from_dict(contradictory_program())  # never all holding: every step is spent
    small, large = solve(program, seed=0, effort=0.1), solve(program, seed=0, effort=0.6)
    assert small.solve is not None and large.solve is not None
    assert small.solve.steps < large.solve.steps  # more effort buys more counted work
    assert (small.solve.effort, large.solve.effort) == (0.1, 0.6)


def test_a_cap_that_cuts_the_solve_short_is_reported(slow_machine: JitteryClock,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    program = program_from_dict(ALL_SCENES["classroom"]())
    with caplog.at_level(logging.WARNING):
        layout = solve(program, seed=0, effort=1.0, time_budget=0.5)
    assert layout.solve is not None and layout.solve.cut_short
    assert layout.checks.valid or layout.constraints  # still a complete layout document
    assert any("cut short" in r.getMessage() for r in caplog.records)
    again = layout_from_dict(json.loads(json.dumps(layout.to_dict())))
    assert again.solve == layout.solve  # the record survives layout.json


def test_the_default_cap_is_far_above_the_counted_work() -> None:
    budget = Budget()
    assert budget.time_cap is None and budget.cap_seconds() >= 10 * budget.nominal_seconds
    assert Budget(effort=2.0, time_cap=5.0).cap_seconds() == 5.0
    for bad in ({"effort": 0.0}, {"effort": float("nan")}, {"effort": 1.0, "time_cap": -1.0}):
        with pytest.raises(ValueError):
            Budget(**bad)  # type: ignore[arg-type]


def _program_file(tmp_path: Path) -> Path:
    path = tmp_path / "program.json"
    path.write_text(json.dumps(ALL_SCENES["classroom"]()), encoding="utf-8")
    return path


def test_cli_exits_3_when_the_cap_cuts_the_solve(tmp_path: Path, slow_machine: JitteryClock,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "layout.json"
    status = main(["solve", str(_program_file(tmp_path)), "--out", str(out), "--time-budget", "0.5"])
    assert status == 3
    assert json.loads(out.read_text())["solve"]["cut_short"] is True  # written, and marked
    assert "cut the solve short" in capsys.readouterr().err


def test_cli_effort_gives_the_same_bytes_twice_and_is_checked(tmp_path: Path) -> None:
    program = _program_file(tmp_path)
    outs = [tmp_path / "a.json", tmp_path / "b.json"]
    for out in outs:
        assert main(["solve", str(program), "--out", str(out), "--effort", "0.2", "--seed", "3"]) == 0
    assert outs[0].read_bytes() == outs[1].read_bytes()
    for bad in ("0", "nan", "-1", "1e9"):
        assert main(["solve", str(program), "--out", str(tmp_path / "c.json"), "--effort", bad]) == 2


def test_the_default_cap_counts_cpu_time_so_a_busy_machine_never_cuts_a_solve_short(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No --time-budget: the safety cap reads this process's CPU seconds. A wall clock running 10^6
    times too fast (neighbours taking the CPU) cuts nothing short; a CPU clock that does, does."""
    program = program_from_dict(ALL_SCENES["living_room"]())
    quiet = solve(program, seed=3, effort=0.2).to_dict()
    monkeypatch.setattr(budget_module, "now", lambda: time.monotonic() * 1e6)
    loaded = solve(program, seed=3, effort=0.2).to_dict()
    assert _bytes(quiet) == _bytes(loaded) and loaded["solve"]["cut_short"] is False
    monkeypatch.setattr(budget_module, "cpu_now", lambda: time.process_time() * 1e6)
    runaway = solve(program, seed=3, effort=0.2)
    assert runaway.solve is not None and runaway.solve.cut_short
