"""Per-scene function edits: which library relations a script redefined or added, and why."""
from __future__ import annotations

import json
from pathlib import Path

from learn_replies import PARALLEL_FUNCTION
from setdresser.blender_addon.core.learning.edits import FunctionEditLog, read_function_edits, write_function_edits
from setdresser.blender_addon.core.model import Constraint, ObjectSpec, Program
from setdresser.blender_addon.core.stages.reviewer import ReviewIssue

NEW_FUNCTION = PARALLEL_FUNCTION.replace('custom_relation("parallel")', 'custom_relation("tidy")').replace(
    "def parallel", "def tidy")


def _program(custom: dict[str, str]) -> Program:
    objects = [ObjectSpec("a", "chair", (0.5, 0.5, 0.9)), ObjectSpec("b", "chair", (0.5, 0.5, 0.9))]
    constraints = [Constraint("proximity", ("a", "b"), {})] + [Constraint(f"custom:{n}", ("a", "b"), {}) for n in custom]
    return Program(objects=objects, constraints=constraints, custom_functions=custom)


def test_modified_and_added_functions_with_reasons_and_diffs() -> None:
    log = FunctionEditLog()
    log.record(_program({}), "coder", 0)
    assert log.edits == [] and log.library_versions == {"proximity": 1}
    issue = ReviewIssue("parallel", ("a", "b"), "no slope", "smooth it")
    log.record(_program({"parallel": PARALLEL_FUNCTION, "tidy": NEW_FUNCTION}), "reviewer", 1, [issue])
    log.record(_program({"parallel": PARALLEL_FUNCTION}), "reviewer", 2, [])  # same source: kept once
    parallel, tidy = log.edits
    assert (parallel.relation, parallel.kind, parallel.library_version) == ("parallel", "modified", 1)
    assert parallel.reason == "no slope -> smooth it" and parallel.iteration == 1
    assert parallel.diff.startswith("--- library parallel v1") and "+def parallel" in parallel.diff
    assert (tidy.kind, tidy.library_version, tidy.reason) == ("added", None, "written by the reviewer after iteration 1")


def test_written_and_read_back_with_the_report(tmp_path: Path) -> None:
    (tmp_path / "report.json").write_text(json.dumps({"schema": "setdresser.report/1"}))
    log = FunctionEditLog()
    log.record(_program({"parallel": PARALLEL_FUNCTION}), "coder", 0)
    write_function_edits(tmp_path, log, "two chairs")
    prompt, edits, versions = read_function_edits(tmp_path)
    assert prompt == "two chairs" and edits == log.edits and versions == {"proximity": 1}
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["function_edits"]["edits"] == [{"relation": "parallel", "kind": "modified", "stage": "coder",
                                                  "iteration": 0, "reason": "written by the coder"}]
