"""The geometric audit: how well a *built* scene holds its program, and how to revise.

This is the offline counterpart of the vision reviewer (ARCHITECTURE.md): the built
objects' real bounds are measured in Blender, every relation's crisp check and the
implicit physics are evaluated on them, and a failing program is revised by raising the
failed constraints' weights and, on alternate iterations, locking the objects that are
already fine so the solver spends its budget on the rest. Pure Python + numpy.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .model import ConstraintResult, Layout, ObjectSpec, PhysicsChecks, PlacedObject, Program

EvaluateFn = Callable[[Program, Sequence[PlacedObject]], tuple[list[ConstraintResult], PhysicsChecks]]

# How much a failed constraint's weight grows per revision: doubling makes a relation that
# lost to one competing relation win the next round without drowning every other term.
WEIGHT_BOOST = 2.0
# A built object may differ from its planned box by this much (metres) before the audit
# reports it: 1 cm, the physics tolerance of CONTRACTS §4.
DRIFT_TOLERANCE = 0.01


@dataclass(frozen=True)
class AuditScore:
    """Summary used to rank iterations: valid physics first, then fewest hard constraints
    failing, then constraints held."""

    physics_valid: bool
    satisfied: int
    total: int
    mean_score: float
    hard_failed: tuple[str, ...] = ()  # labels of the hard constraints that do not hold

    def key(self) -> tuple[bool, int, int, float]:
        """Sort key: larger is better."""
        return (self.physics_valid, -len(self.hard_failed), self.satisfied, self.mean_score)

    @property
    def perfect(self) -> bool:
        """Every constraint holds and the physics is valid."""
        return self.physics_valid and self.satisfied == self.total


@dataclass
class Audit:
    """The checks of one built iteration."""

    results: list[ConstraintResult]
    checks: PhysicsChecks
    score: AuditScore
    drift: dict[str, float] = field(default_factory=dict)

    def failed(self) -> list[ConstraintResult]:
        """The constraints whose crisp check fails."""
        return [r for r in self.results if not r.satisfied]

    def problem_objects(self) -> set[str]:
        """Ids named by a failed constraint or a physics violation."""
        ids = {arg for r in self.failed() for arg in r.args}
        ids.update(a for a, _, _ in self.checks.collisions)
        ids.update(b for _, b, _ in self.checks.collisions)
        ids.update(self.checks.unsupported)
        ids.update(self.checks.out_of_bounds)
        ids.update(self.checks.unstable)
        return ids

    def summary(self) -> str:
        """One line for the terminal: ``5/6 relations hold, physics ok``."""
        physics = "physics ok" if self.checks.valid else (
            f"{len(self.checks.collisions)} collisions, {len(self.checks.unsupported)} unsupported, "
            f"{len(self.checks.out_of_bounds)} out of bounds"
            + (f", unstable: {', '.join(self.checks.unstable)}" if self.checks.unstable else ""))
        hard = f", hard constraints failing: {', '.join(self.score.hard_failed)}" if self.score.hard_failed else ""
        return f"{self.score.satisfied}/{self.score.total} relations hold{hard}, {physics}"


def build_drift(planned: Sequence[PlacedObject], built: Sequence[PlacedObject]) -> dict[str, float]:
    """Largest bbox-corner distance (m) between each planned object and its built twin.

    A missing built object counts as infinite drift, so a builder that drops an object is
    caught here rather than silently passing the audit.
    """
    built_by_id = {o.id: o for o in built}
    drift: dict[str, float] = {}
    for obj in planned:
        twin = built_by_id.get(obj.id)
        if twin is None:
            drift[obj.id] = math.inf
            continue
        deltas = [abs(a - b) for a, b in zip(obj.bbox_min + obj.bbox_max, twin.bbox_min + twin.bbox_max)]
        drift[obj.id] = max(deltas)
    return drift


def score_results(results: Sequence[ConstraintResult], checks: PhysicsChecks) -> AuditScore:
    """Rank a set of results (mean score 1.0 when there is nothing to hold)."""
    total = len(results)
    mean = sum(float(r.score) for r in results) / total if total else 1.0
    hard_failed = tuple(_label(r.relation, r.args) for r in results if r.hard and not r.satisfied)
    return AuditScore(physics_valid=checks.valid, satisfied=sum(bool(r.satisfied) for r in results),
                      total=total, mean_score=round(mean, 6), hard_failed=hard_failed)


def audit_layout(program: Program, planned: Layout, built: Sequence[PlacedObject],
                 evaluate: EvaluateFn) -> Audit:
    """Evaluate ``program`` on the built objects and compare them with the planned layout."""
    results, checks = evaluate(program, list(built))
    return make_audit(results, checks, planned, built)


def make_audit(results: Sequence[ConstraintResult], checks: PhysicsChecks, planned: Layout,
               built: Sequence[PlacedObject]) -> Audit:
    """An :class:`Audit` from results already evaluated on the built objects."""
    drift = build_drift(planned.objects, built)
    return Audit(results=list(results), checks=checks, score=score_results(results, checks), drift=drift)


def derive_seed(base_seed: int, iteration: int) -> int:
    """The solver seed of an iteration: the base seed first, then a fixed derivation of it."""
    if iteration <= 1:
        return int(base_seed)
    return (int(base_seed) * 1_000_003 + iteration * 7_919) % (2**31 - 1)


def revise_program(program: Program, planned: Layout, audit: Audit, *, iteration: int,
                   boost: float = WEIGHT_BOOST) -> Program:
    """A revised program for the next solve.

    Failed constraints get ``weight * boost``. On even iterations the objects that no
    failure involves, and that do not stand on an object that must move, are locked at
    their planned poses (keeping what already works); odd iterations re-solve everything so
    a bad arrangement of the good objects can still change.
    """
    failed_labels = {_label(r.relation, r.args) for r in audit.failed()}
    constraints = [dataclasses.replace(c, weight=c.weight * boost) if c.label() in failed_labels else c
                   for c in program.constraints]
    objects = list(program.objects)
    if iteration % 2 == 0:
        keep = _objects_to_keep(planned, audit.problem_objects())
        objects = [_locked(o, planned.by_id()[o.id]) if o.id in keep and not o.locked else o for o in objects]
    return dataclasses.replace(program, objects=objects, constraints=constraints)


def _objects_to_keep(planned: Layout, moving: set[str]) -> set[str]:
    """Objects that can stay: not moving themselves, and not resting on something that moves."""
    moving = set(moving)
    changed = True
    while changed:  # support chains are short (a cup on a plate on a table): a few passes
        changed = False
        for obj in planned.objects:
            if obj.id not in moving and obj.support in moving:
                moving.add(obj.id)
                changed = True
    return {o.id for o in planned.objects} - moving


def _locked(spec: ObjectSpec, placed: PlacedObject) -> ObjectSpec:
    """``spec`` locked at ``placed``'s pose and size (scale already decided)."""
    return dataclasses.replace(spec, locked=True, location=placed.location, rotation_euler=placed.rotation_euler,
                               dimensions=placed.dimensions, scale_range=None)


def _label(relation: str, args: Sequence[str]) -> str:
    return f"{relation}({', '.join(args)})"
