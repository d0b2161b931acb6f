"""solve_in_sandbox: custom functions compiled in the child and used by the solver there."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from setdresser.blender_addon.core.errors import ProgramError
from setdresser.blender_addon.core.model import Constraint, ObjectSpec, Program
from setdresser.blender_addon.core.sandbox import SandboxError, run_script, solve_in_sandbox

FAKE_SOLVER = f"{Path(__file__).with_name('fake_solver.py')}:solve"
NOSY_SOLVER = f"{Path(__file__).with_name('nosy_solver.py')}:solve"

NEAR_ORIGIN = textwrap.dedent('''\
    @custom_relation("near_origin")
    def near_origin(poses, idx, params):
        d = np.linalg.norm(poses.pos[:, idx[0], :2], axis=1)
        return np.clip(1.0 - d / params["radius"], 0.0, 1.0)
    ''')


def _program(source: str, name: str = "near_origin", args: tuple[str, ...] = ("box_1",),
             params: dict[str, object] | None = None) -> Program:
    return Program(objects=[ObjectSpec("box_1", "box", (0.5, 0.5, 0.5)), ObjectSpec("crate_1", "crate", (1, 1, 1))],
                   constraints=[Constraint(f"custom:{name}", args, dict(params or {"radius": 3.0}))],
                   custom_functions={name: source})


def test_custom_function_scores_candidates_inside_the_sandbox() -> None:
    layout = solve_in_sandbox(_program(NEAR_ORIGIN), seed=4, time_budget=1.0, timeout_s=8, solver=FAKE_SOLVER)
    box = layout.by_id()["box_1"]
    result = layout.constraints[0]
    expected = max(0.0, 1.0 - (box.location[0] ** 2 + box.location[1] ** 2) ** 0.5 / 3.0)
    assert result.relation == "custom:near_origin" and result.params == {"radius": 3.0}
    assert result.score == pytest.approx(expected, abs=1e-4)
    assert result.satisfied == (result.score >= 0.9)
    assert result.score > 0.8  # the best of 64 random candidates lies near the origin


def test_same_seed_same_layout() -> None:
    first = solve_in_sandbox(_program(NEAR_ORIGIN), seed=9, time_budget=1.0, timeout_s=8, solver=FAKE_SOLVER)
    again = solve_in_sandbox(_program(NEAR_ORIGIN), seed=9, time_budget=1.0, timeout_s=8, solver=FAKE_SOLVER)
    assert first.to_dict() == again.to_dict()


def test_error_in_custom_function_names_its_line() -> None:
    source = ('@custom_relation("near_origin")\ndef near_origin(poses, idx, params):\n'
              '    x = 1\n    return params["nope"]\n')
    with pytest.raises(SandboxError) as info:
        solve_in_sandbox(_program(source), seed=0, time_budget=1.0, timeout_s=8, solver=FAKE_SOLVER)
    assert (info.value.kind, info.value.filename, info.value.line) == ("runtime", "custom:near_origin", 4)
    assert "custom:near_origin line 4: KeyError" in str(info.value)


def test_wrong_score_shape_is_reported() -> None:
    source = '@custom_relation("near_origin")\ndef near_origin(poses, idx, params):\n    return np.ones((2, 2))\n'
    with pytest.raises(SandboxError, match=r"custom:near_origin: returned shape \(2, 2\); .*\(64,\)"):
        solve_in_sandbox(_program(source), seed=0, time_budget=1.0, timeout_s=8, solver=FAKE_SOLVER)


def test_endless_custom_function_times_out_with_its_line() -> None:
    source = '@custom_relation("near_origin")\ndef near_origin(poses, idx, params):\n    while True:\n        pass\n'
    with pytest.raises(SandboxError) as info:
        solve_in_sandbox(_program(source), seed=0, time_budget=1.0, timeout_s=2, cpu_s=10, solver=FAKE_SOLVER)
    assert (info.value.kind, info.value.filename, info.value.line) == ("timeout", "custom:near_origin", 3)


def test_malicious_custom_source_in_a_program_file_is_rejected_before_running() -> None:
    source = 'import os\nos.system("touch pwned")\n' + NEAR_ORIGIN
    with pytest.raises(SandboxError) as info:
        solve_in_sandbox(_program(source), seed=0, time_budget=1.0, timeout_s=8, solver=FAKE_SOLVER)
    assert (info.value.kind, info.value.filename, info.value.line) == ("policy", "custom:near_origin", 1)


def test_source_must_define_the_named_function() -> None:
    source = NEAR_ORIGIN.replace('@custom_relation("near_origin")', '@custom_relation("other")')
    with pytest.raises(ProgramError, match=r"custom:near_origin: the source does not define @custom_relation"):
        solve_in_sandbox(_program(source), seed=0, time_budget=1.0, timeout_s=8, solver=FAKE_SOLVER)


def test_a_refused_action_fails_the_run_even_when_caught(tmp_path: Path) -> None:
    victim = tmp_path / "keep.txt"
    victim.write_text("still here")
    with pytest.raises(SandboxError) as info:
        solve_in_sandbox(_program(NEAR_ORIGIN), seed=0, time_budget=1.0, prompt=str(victim), timeout_s=8,
                         solver=NOSY_SOLVER)
    assert info.value.kind == "violation" and "blocked by the sandbox: os.remove" in str(info.value)
    assert victim.read_text() == "still here"


def test_real_solver_uses_the_custom_relation() -> None:
    pytest.importorskip("setdresser.blender_addon.core.solver")
    script = textwrap.dedent('''\
        from setdresser.script import *
        import numpy as np
        bounds(min=(-3, -3, 0), max=(3, 3, 3))
        add_object("desk_1", "desk", (1.4, 0.7, 0.75))
        add_object("chair_1", "chair", (0.5, 0.5, 0.9))
        relate("custom:east_side", "chair_1", x=2.0)

        @custom_relation("east_side")
        def east_side(poses, idx, params):
            return np.exp(-np.abs(poses.pos[:, idx[0], 0] - params["x"]))
        ''')
    program = run_script(script, timeout_s=5).program
    layout = solve_in_sandbox(program, seed=1, time_budget=1.0, timeout_s=30)
    result = layout.constraints[0]
    assert result.relation == "custom:east_side" and result.satisfied
    assert layout.by_id()["chair_1"].location[0] == pytest.approx(2.0, abs=0.15)
