"""The gates a learned candidate must pass before it enters the library.

1. It is a valid score in the script language, and the skill library's property tests pass
   on it, interpreted (:func:`~.properties.check_properties` via ``check_properties_of_source``).
2. The stored regression set (``skill_library/regression/*.json`` programs) does not score
   lower: each program using the relation is solved with the current library and with a copy
   holding the candidate (same seeds) and the crisp checks, which are the
   contract's and the same for both, are counted. Fewer relations held or fewer physically
   valid layouts over the set reject the candidate.
"""

from __future__ import annotations

import json
import logging
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import BadInput
from ..model import PROGRAM_SCHEMAS, Layout, Program, program_from_dict
from .library import copy_library, write_version

log = logging.getLogger(__name__)

CASES_FILE = "cases.json"
REGRESSION_DIR = Path(__file__).resolve().parents[3] / "skill_library" / "regression"

PropertiesFn = Callable[..., dict[str, Any]]  # (relation, source, *, seed, cases) -> report dict
SolveFn = Callable[..., Layout]  # (program, *, seed, effort, library_dir) -> Layout


@dataclass
class GateSettings:
    """How hard the gates test: regression seeds and the solver's counted work per solve."""

    seeds: tuple[int, ...] = (0, 1)
    effort: float = 0.33
    regression_dir: Path = REGRESSION_DIR


@dataclass
class GateResult:
    """A candidate's verdict: admitted or not, why, and what each gate measured."""

    admitted: bool
    reason: str
    properties: dict[str, Any] | None = None
    regression: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"admitted": self.admitted, "reason": self.reason, "properties": self.properties,
                "regression": self.regression}


def regression_programs(directory: Path) -> list[tuple[str, Program]]:
    """Every stored program (``*.json`` with the program schema), sorted by file name."""
    out = []
    for path in sorted(directory.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("schema") in PROGRAM_SCHEMAS:
            out.append((path.stem, program_from_dict(data)))
    return out


def stored_cases(directory: Path, relation: str) -> list[dict[str, Any]]:
    """The constructed satisfying layouts of ``relation`` in ``cases.json`` (may be none)."""
    path = directory / CASES_FILE
    if not path.is_file():
        return []
    return list(json.loads(path.read_text(encoding="utf-8"))["cases"].get(relation, []))


def _held(layout: Layout) -> tuple[int, int, bool]:
    return sum(c.satisfied for c in layout.constraints), len(layout.constraints), layout.checks.valid


def compare_on_regression(programs: Sequence[tuple[str, Program]], old_dir: Path, new_dir: Path, solve: SolveFn,
                          settings: GateSettings) -> dict[str, Any]:
    """Solve each program with both libraries and seed; totals and per-program counts."""
    rows = []
    for name, program in programs:
        for seed in settings.seeds:
            old = _held(solve(program, seed=seed, effort=settings.effort, library_dir=old_dir))
            new = _held(solve(program, seed=seed, effort=settings.effort, library_dir=new_dir))
            rows.append({"program": name, "seed": seed, "old_held": old[0], "new_held": new[0], "total": old[1],
                         "old_physics_valid": old[2], "new_physics_valid": new[2]})
    return {"rows": rows, "old_held": sum(r["old_held"] for r in rows), "new_held": sum(r["new_held"] for r in rows),
            "total": sum(r["total"] for r in rows),
            "old_physics_valid": sum(r["old_physics_valid"] for r in rows),
            "new_physics_valid": sum(r["new_physics_valid"] for r in rows)}


def gate_candidate(root: Path, relation: str, source: str, *, properties: PropertiesFn, solve: SolveFn,
                   settings: GateSettings | None = None) -> GateResult:
    """Run every gate on ``source`` as the next version of ``relation`` in the library at ``root``."""
    settings = settings or GateSettings()
    cases = stored_cases(settings.regression_dir, relation)
    try:
        report = properties(relation, source, seed=settings.seeds[0], cases=cases)
    except BadInput as exc:  # ScriptError: outside the script language, failing, or over a limit
        return GateResult(False, f"is not a valid score: {exc}")
    if not report.get("passed"):
        return GateResult(False, "property tests failed: " + "; ".join(report.get("failures", [])), report)
    programs = [(n, p) for n, p in regression_programs(settings.regression_dir)
                if any(c.relation == relation for c in p.constraints)]
    if not programs:
        return GateResult(True, "property tests pass; no regression program uses it", report)
    with tempfile.TemporaryDirectory(prefix="setdresser-candidate-") as work:
        candidate_root = copy_library(root, Path(work) / "library")
        write_version(candidate_root, relation, source, {"candidate": True})
        try:
            regression = compare_on_regression(programs, root, candidate_root, solve, settings)
        except BadInput as exc:
            return GateResult(False, f"failed while solving the regression set: {exc}", report)
    old, new, total = regression["old_held"], regression["new_held"], regression["total"]
    if new < old:
        return GateResult(False, f"regression set scores lower: {new}/{total} relations hold, "
                                 f"{old}/{total} with the current version", report, regression)
    if regression["new_physics_valid"] < regression["old_physics_valid"]:
        return GateResult(False, f"regression set has fewer physically valid layouts: "
                                 f"{regression['new_physics_valid']} vs {regression['old_physics_valid']}",
                          report, regression)
    log.info("%s candidate: %d/%d held on the regression set (was %d)", relation, new, total, old)
    return GateResult(True, f"property tests pass; regression set {new}/{total} held "
                            f"(current version {old}/{total})", report, regression)
