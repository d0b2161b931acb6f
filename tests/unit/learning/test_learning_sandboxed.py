"""Learned scores run only in the sandbox: the solver there climbs them, this process never runs
them, and a learned score trying to escape is stopped like any generated code."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from setdresser.blender_addon.core import sandbox
from setdresser.blender_addon.core.learning import library as lib
from setdresser.blender_addon.core.learning.runtime import has_learned
from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.stage_set import numpy_solve
from setdresser.skill_library.base import Poses
from setdresser.skill_library.registry import default_registry

# A deliberately wrong 'parallel' that rewards perpendicular chairs: only the learned score can
# make the solver end with the chairs at 90 degrees.
PERPENDICULAR_SCORE = '''@custom_relation("parallel")
def parallel(poses, idx, params):
    return np.abs(np.sin(poses.yaw[:, idx[0]] - poses.yaw[:, idx[1]]))
'''
PROGRAM = program_from_dict({
    "schema": "setdresser.program/1", "bounds": {"min": [-3, -3, 0], "max": [3, 3, 3]},
    "objects": [{"id": "a", "category": "chair", "dimensions": [0.5, 0.5, 0.9]},
                {"id": "b", "category": "chair", "dimensions": [0.5, 0.5, 0.9]}],
    "constraints": [{"relation": "parallel", "args": ["a", "b"], "params": {}}]})


def test_the_next_solve_uses_the_learned_score_in_the_sandbox(library_in_use: Path) -> None:
    before = numpy_solve(PROGRAM, 1, 1.0, "")
    assert before.constraints[0].satisfied and not has_learned()
    lib.write_version(library_in_use, "parallel", PERPENDICULAR_SCORE, {})
    default_registry.cache_clear()
    assert has_learned()
    after = numpy_solve(PROGRAM, 1, 1.0, "")
    assert not after.constraints[0].satisfied  # the contract's check, unchanged
    assert after.constraints[0].score == pytest.approx(1.0)  # the learned score, maximised
    lib.set_active(library_in_use, "parallel", 1)  # rolled back: the built-in guides again
    default_registry.cache_clear()
    assert not has_learned() and numpy_solve(PROGRAM, 1, 1.0, "").constraints[0].satisfied


def test_this_process_never_runs_learned_code(library_in_use: Path) -> None:
    lib.write_version(library_in_use, "parallel", PERPENDICULAR_SCORE, {})
    default_registry.cache_clear()
    learned = default_registry().get("parallel")
    yaw = np.array([[0.0, np.pi / 2]])
    poses = Poses(pos=np.zeros((1, 2, 3)), yaw=yaw, size=np.ones((1, 2, 3)))
    # here the score is the built-in's (perpendicular chairs score low), never the generated one
    assert learned.score(poses, (0, 1), {"tolerance_deg": 10.0})[0] < 0.5


def test_a_learned_score_that_escapes_is_stopped(library: Path) -> None:
    escape = PERPENDICULAR_SCORE.replace("    return", "    open('/etc/passwd')\n    return")
    with pytest.raises(sandbox.SandboxError, match="open"):
        sandbox.check_properties_in_sandbox("parallel", escape)
    sneaky = PERPENDICULAR_SCORE.replace("    return", "    f = getattr(np, 'load')\n    return")
    report = sandbox.check_properties_in_sandbox("parallel", sneaky)  # numpy's loader is not there
    assert not report["passed"] and "load" in report["failures"][0]
    lib.write_version(library, "parallel", sneaky, {})
    with pytest.raises(sandbox.SandboxError):
        sandbox.solve_in_sandbox(PROGRAM, seed=0, time_budget=0.5, library_dir=library)


def test_the_solve_command_uses_the_active_learned_version(library_in_use: Path, tmp_path: Path) -> None:
    import json

    from setdresser.blender_addon.cli import main

    (tmp_path / "program.json").write_text(json.dumps(PROGRAM.to_dict()))
    lib.write_version(library_in_use, "parallel", PERPENDICULAR_SCORE, {})
    default_registry.cache_clear()
    assert main(["solve", str(tmp_path / "program.json"), "--out", str(tmp_path / "layout.json"),
                 "--time-budget", "1", "--seed", "2"]) == 0
    layout = json.loads((tmp_path / "layout.json").read_text())
    assert layout["constraints"][0]["satisfied"] is False and layout["constraints"][0]["score"] > 0.99
