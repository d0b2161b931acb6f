"""Learned scores are data in the script language: the library stores them as relation.json,
the registry interprets them (the solver climbs them in this process, nothing is imported or
executed), and a learned score trying to escape is refused like any script."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from setdresser.blender_addon.core.learning import library as lib
from setdresser.blender_addon.core.learning.candidates import check_properties_of_source, solve_with_library
from setdresser.blender_addon.core.learning.runtime import has_learned
from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.script import ScriptError
from setdresser.blender_addon.core.stage_set import numpy_solve
from setdresser.blender_addon.core.solve_record import Budget
from setdresser.skill_library.base import Poses
from setdresser.skill_library.registry import ManifestError, Registry, default_registry, file_sha256

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


def test_the_next_solve_uses_the_learned_score(library_in_use: Path) -> None:
    before = numpy_solve(PROGRAM, 1, Budget(effort=0.333), "")
    assert before.constraints[0].satisfied and not has_learned()
    lib.write_version(library_in_use, "parallel", PERPENDICULAR_SCORE, {})
    default_registry.cache_clear()
    assert has_learned()
    after = numpy_solve(PROGRAM, 1, Budget(effort=0.333), "")
    assert not after.constraints[0].satisfied  # the contract's check, unchanged
    assert after.constraints[0].score == pytest.approx(1.0)  # the learned score, maximised
    lib.set_active(library_in_use, "parallel", 1)  # rolled back: the built-in guides again
    default_registry.cache_clear()
    assert not has_learned() and numpy_solve(PROGRAM, 1, Budget(effort=0.333), "").constraints[0].satisfied


def test_a_learned_version_is_a_data_file_interpreted_in_this_process(library_in_use: Path) -> None:
    version = lib.write_version(library_in_use, "parallel", PERPENDICULAR_SCORE, {})
    folder = library_in_use / "learned" / "parallel" / f"v{version}"
    assert sorted(p.name for p in folder.iterdir()) == ["provenance.json", "relation.json"]
    document = json.loads((folder / "relation.json").read_text())
    assert document["schema"] == "setdresser.learned_relation/1" and document["source"] == PERPENDICULAR_SCORE
    default_registry.cache_clear()
    learned = default_registry().get("parallel")
    poses = Poses(pos=np.zeros((1, 2, 3)), yaw=np.array([[0.0, np.pi / 2]]), size=np.ones((1, 2, 3)))
    assert learned.score(poses, (0, 1), {"tolerance_deg": 10.0})[0] == pytest.approx(1.0)


def test_a_learned_file_with_python_or_an_escape_does_not_load(library: Path) -> None:
    version = lib.write_version(library, "parallel", PERPENDICULAR_SCORE, {})
    path = library / "learned" / "parallel" / f"v{version}" / "relation.json"
    document = json.loads(path.read_text())
    document["source"] = PERPENDICULAR_SCORE.replace("    return", "    open('/etc/passwd')\n    return")
    path.write_text(json.dumps(document))
    with pytest.raises(ManifestError, match="differs from the recorded sha256"):
        Registry.load(library)
    manifest = json.loads((library / "manifest.json").read_text())  # even re-hashed, it is refused
    manifest["relations"]["parallel"]["versions"][str(version)]["sha256"] = file_sha256(path)
    (library / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(ManifestError, match="the learned score is not valid.*open"):
        Registry.load(library)


def test_a_learned_score_that_escapes_is_stopped(library: Path) -> None:
    escape = PERPENDICULAR_SCORE.replace("    return", "    open('/etc/passwd')\n    return")
    with pytest.raises(ScriptError, match="open"):
        check_properties_of_source("parallel", escape)
    sneaky = PERPENDICULAR_SCORE.replace("    return", "    f = getattr(np, 'load')\n    return")
    with pytest.raises(ScriptError, match="getattr"):
        check_properties_of_source("parallel", sneaky)
    with pytest.raises(ManifestError, match="getattr"):
        lib.write_version(library, "parallel", sneaky, {})
    assert not (library / "learned" / "parallel" / "v2").exists()  # the refused version left nothing
    assert solve_with_library(PROGRAM, seed=0, effort=0.167, library_dir=library).constraints[0].satisfied


def test_the_solve_command_uses_the_active_learned_version(library_in_use: Path, tmp_path: Path) -> None:
    from setdresser.blender_addon.cli import main

    (tmp_path / "program.json").write_text(json.dumps(PROGRAM.to_dict()))
    lib.write_version(library_in_use, "parallel", PERPENDICULAR_SCORE, {})
    default_registry.cache_clear()
    assert main(["solve", str(tmp_path / "program.json"), "--out", str(tmp_path / "layout.json"),
                 "--effort", "0.333", "--seed", "2"]) == 0
    layout = json.loads((tmp_path / "layout.json").read_text())
    assert layout["constraints"][0]["satisfied"] is False and layout["constraints"][0]["score"] > 0.99
