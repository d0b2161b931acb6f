"""The merge step over a batch's edits: consensus, learner, gate, dry run, report."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

from learn_replies import PARALLEL_FUNCTION
from setdresser.blender_addon.core.learning.batch import SceneRun, read_prompts
from setdresser.blender_addon.core.learning.edits import FunctionEdit
from setdresser.blender_addon.core.learning.gate import GateResult
from setdresser.blender_addon.core.learning.learn import LearnSettings, learn_from_scenes, learn_report
from setdresser.blender_addon.core.stages.base import LLMError
from setdresser.blender_addon.core.stages.learner import LearnedFunction, SceneEdit
from setdresser.skill_library.registry import load_relations


def _edit(relation: str, source: str = PARALLEL_FUNCTION, kind: str = "modified", reason: str = "no slope") -> FunctionEdit:
    return FunctionEdit(relation=relation, kind=kind, stage="reviewer", iteration=1, source=source,
                        library_version=1 if kind == "modified" else None, diff="+x", reason=reason)


def _scenes(tmp_path: Path, *edits: Sequence[FunctionEdit]) -> list[SceneRun]:
    return [SceneRun(index=i, prompt=f"scene {i}", out_dir=tmp_path / f"s{i}", ok=True, edits=list(e))
            for i, e in enumerate(edits, start=1)]


class Learner:
    def __init__(self, fail: bool = False) -> None:
        self.calls: list[tuple[str, list[SceneEdit]]] = []
        self.fail = fail

    def __call__(self, name: str, edits: Sequence[SceneEdit]) -> LearnedFunction:
        self.calls.append((name, list(edits)))
        if self.fail:
            raise LLMError("learner", "http://127.0.0.1:1/v1", "HTTP 500")
        return LearnedFunction(name, PARALLEL_FUNCTION, "merged")


def _settings(root: Path, learner: Learner, admitted: bool = True, dry_run: bool = False) -> LearnSettings:
    return LearnSettings(root=root, learner=learner, dry_run=dry_run, provenance={"model": "m", "prompts": ["a"]},
                         gate=lambda name, source: GateResult(admitted, "gates pass" if admitted else "scores lower"),
                         library_source=lambda name: (1, "def builtin(): pass\n"))


def test_two_scenes_agreeing_make_an_admitted_version(library: Path, tmp_path: Path) -> None:
    scenes = _scenes(tmp_path, [_edit("parallel", "old\n"), _edit("parallel")], [_edit("parallel", reason="turned")])
    learner = Learner()
    (candidate,) = learn_from_scenes(scenes, _settings(library, learner))
    assert (candidate.verdict, candidate.version, candidate.scenes) == ("admitted", 2, [1, 2])
    (name, edits), = learner.calls
    assert name == "parallel" and [e.source for e in edits] == [PARALLEL_FUNCTION] * 2  # each scene's last word
    assert [e.reason for e in edits] == ["no slope", "turned"]
    provenance = json.loads((library / "learned/parallel/v2/provenance.json").read_text())
    assert provenance["rationale"] == "merged" and len(provenance["scenes"]) == 2
    assert provenance["tests"]["reason"] == "gates pass" and "+@custom_relation" in provenance["diff_vs_base"]
    assert load_relations(library)["parallel"].spec.version == 2
    report = learn_report(scenes, [candidate], _settings(library, learner))
    assert report["candidates"][0]["verdict"] == "admitted" and report["model"] == "m" and "prompts" not in report


def test_rejections_skips_and_dry_runs_write_nothing(library: Path, tmp_path: Path) -> None:
    manifest = (library / "manifest.json").read_text()
    two = _scenes(tmp_path, [_edit("parallel")], [_edit("parallel")])
    (rejected,) = learn_from_scenes(two, _settings(library, Learner(), admitted=False))
    assert (rejected.verdict, rejected.reason, rejected.version) == ("rejected", "scores lower", None)
    (dry,) = learn_from_scenes(two, _settings(library, Learner(), dry_run=True))
    assert (dry.verdict, dry.version) == ("would admit", 2)
    (failed,) = learn_from_scenes(two, _settings(library, Learner(fail=True)))
    assert failed.verdict == "rejected" and "HTTP 500" in failed.reason
    single = _scenes(tmp_path, [_edit("parallel")], [], [_edit("tidy", kind="added")], [_edit("tidy", kind="added")])
    learner = Learner()
    parallel, tidy = learn_from_scenes(single, _settings(library, learner))
    assert parallel.verdict == "skipped" and "rewritten in 1 scene(s); learning needs 2" in parallel.reason
    assert tidy.verdict == "skipped" and "new relation name" in tidy.reason
    assert learner.calls == [] and (library / "manifest.json").read_text() == manifest
    assert not (library / "learned" / "parallel").exists()


def test_failed_scenes_do_not_count(library: Path, tmp_path: Path) -> None:
    scenes = _scenes(tmp_path, [_edit("parallel")], [_edit("parallel")])
    scenes[1].ok = False
    (candidate,) = learn_from_scenes(scenes, _settings(library, Learner()))
    assert candidate.verdict == "skipped" and candidate.scenes == [1]


def test_prompt_files_skip_blanks_and_comments(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("# batch\n\n two chairs \n# no\na desk\n")
    assert read_prompts(path) == ["two chairs", "a desk"]
