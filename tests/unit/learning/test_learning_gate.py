"""The gates: property tests on the interpreted candidate and the regression set decide, with the reason recorded."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from learn_replies import OUT_OF_RANGE, PARALLEL_FUNCTION, WORLD_TIED
from setdresser.blender_addon.core.learning.candidates import check_properties_of_source, solve_with_library
from setdresser.blender_addon.core.learning.gate import (GateSettings, gate_candidate, regression_programs,
                                                         stored_cases)
from setdresser.blender_addon.core.model import ConstraintResult, Layout, PhysicsChecks
from setdresser.skill_library.base import CUSTOM_PREFIX
from setdresser.skill_library.registry import ROOT, Registry

REGRESSION = ROOT / "regression"


def test_the_stored_regression_set_is_valid_and_uses_parallel() -> None:
    programs = regression_programs(REGRESSION)
    assert len(programs) >= 4
    registry = Registry.load(ROOT)
    for _, program in programs:
        for constraint in program.constraints:
            assert not constraint.relation.startswith(CUSTOM_PREFIX)
            registry.bind(constraint, "regression")
    assert sum(any(c.relation == "parallel" for c in p.constraints) for _, p in programs) >= 3
    assert {c["label"] for c in stored_cases(REGRESSION, "parallel")} == {"parallel"}


def test_a_good_candidate_is_admitted_after_both_gates(library: Path) -> None:
    settings = GateSettings(seeds=(0,), effort=0.167)
    verdict = gate_candidate(library, "parallel", PARALLEL_FUNCTION, properties=check_properties_of_source,
                             solve=solve_with_library, settings=settings)
    assert verdict.admitted, verdict.reason
    assert verdict.regression["new_held"] >= verdict.regression["old_held"] > 0
    assert "regression set" in verdict.reason and verdict.properties["passed"]
    assert not (library / "learned" / "parallel").exists()  # the candidate lived in a copy


def test_property_failures_reject_with_the_reason(library: Path) -> None:
    for source, words in ((OUT_OF_RANGE, "outside [0, 1]"), (WORLD_TIED, "whole scene moves")):
        verdict = gate_candidate(library, "parallel", source, properties=check_properties_of_source,
                                 solve=_no_solve)
        assert not verdict.admitted and verdict.reason.startswith("property tests failed") and words in verdict.reason


def test_a_candidate_outside_the_script_language_is_rejected(library: Path) -> None:
    source = PARALLEL_FUNCTION.replace("    d =", "    import os\n    d =")
    verdict = gate_candidate(library, "parallel", source, properties=check_properties_of_source,
                             solve=_no_solve)
    assert not verdict.admitted and verdict.reason.startswith("is not a valid score") and "os" in verdict.reason


def _no_solve(*args: Any, **kwargs: Any) -> Layout:
    raise AssertionError("a candidate failing its properties must not reach the regression set")


def _passing(*args: Any, **kwargs: Any) -> dict[str, Any]:
    return {"passed": True, "failures": []}


def _layout(held: list[bool], valid: bool = True) -> Layout:
    results = [ConstraintResult("parallel", ("a", "b"), {}, 1.0 if h else 0.2, h) for h in held]
    return Layout(objects=[], constraints=results, checks=PhysicsChecks(collisions=[], unsupported=[],
                                                                        out_of_bounds=[]) if valid else
                  PhysicsChecks(collisions=[("a", "b", 0.1)], unsupported=[], out_of_bounds=[]))


def test_a_candidate_scoring_lower_on_the_regression_set_is_rejected(library: Path, tmp_path: Path) -> None:
    (tmp_path / "one.json").write_text(json.dumps({
        "schema": "setdresser.program/1", "objects": [{"id": "a", "category": "chair", "dimensions": [1, 1, 1]},
                                                      {"id": "b", "category": "chair", "dimensions": [1, 1, 1]}],
        "constraints": [{"relation": "parallel", "args": ["a", "b"], "params": {}}]}))
    seen: list[Path] = []

    def solve(program: Any, *, seed: int, effort: float, library_dir: Path) -> Layout:
        seen.append(library_dir)  # the current library holds both; the candidate's copy only one
        return _layout([True, True] if library_dir == library else [True, False])

    settings = GateSettings(seeds=(0, 1), regression_dir=tmp_path)
    verdict = gate_candidate(library, "parallel", PARALLEL_FUNCTION, properties=_passing, solve=solve,
                             settings=settings)
    assert not verdict.admitted and verdict.reason == ("regression set scores lower: 2/4 relations hold, "
                                                       "4/4 with the current version")
    assert len(seen) == 4 and len(set(seen)) == 2
    assert [r["new_held"] for r in verdict.regression["rows"]] == [1, 1]

    def unphysical(program: Any, *, seed: int, effort: float, library_dir: Path) -> Layout:
        return _layout([True, True], valid=library_dir == library)

    verdict = gate_candidate(library, "parallel", PARALLEL_FUNCTION, properties=_passing, solve=unphysical,
                             settings=settings)
    assert not verdict.admitted and "fewer physically valid layouts" in verdict.reason
