"""The geometric audit (core/audit.py): drift, ranking, seeds and program revision."""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from fakes import placed, program  # noqa: E402

from setdresser.blender_addon.core.audit import (Audit, audit_layout, build_drift, derive_seed,  # noqa: E402
                                                 revise_program, score_results)
from setdresser.blender_addon.core.model import ConstraintResult, Layout, PhysicsChecks  # noqa: E402


def results(front_ok: bool) -> list[ConstraintResult]:
    return [ConstraintResult("on_top_of", ("lamp_1", "desk_1"), {}, 1.0, True),
            ConstraintResult("in_front_of", ("chair_1", "desk_1"), {}, 0.9 if front_ok else 0.3, front_ok)]


def planned() -> Layout:
    objects = [placed("desk_1", 0.0), placed("lamp_1", 0.0, "desk_1", 0.75), placed("chair_1", 2.0),
               placed("rug_1", 4.0)]
    return Layout(objects=objects, constraints=[], checks=PhysicsChecks())


def test_drift_is_the_largest_corner_difference_and_a_missing_object_is_infinite() -> None:
    plan = planned().objects
    built = [placed("desk_1", 0.03), plan[1], plan[2]]
    drift = build_drift(plan, built)
    assert math.isclose(drift["desk_1"], 0.03, abs_tol=1e-9)
    assert drift["lamp_1"] == 0.0 and drift["rug_1"] == math.inf


def test_valid_physics_ranks_above_more_constraints_held() -> None:
    colliding = score_results(results(True), PhysicsChecks(collisions=[("a", "b", 0.2)]))
    clean = score_results(results(False), PhysicsChecks())
    assert clean.key() > colliding.key()
    assert not colliding.perfect and score_results(results(True), PhysicsChecks()).perfect
    assert score_results([], PhysicsChecks()).mean_score == 1.0


def test_audit_layout_evaluates_the_built_objects() -> None:
    seen = []

    def evaluate(prog, objs):  # type: ignore[no-untyped-def]
        seen.append([o.id for o in objs])
        return results(False), PhysicsChecks(unsupported=["lamp_1"])

    plan = planned()
    audit = audit_layout(program(), plan, plan.objects, evaluate)
    assert seen == [["desk_1", "lamp_1", "chair_1", "rug_1"]]
    assert [r.relation for r in audit.failed()] == ["in_front_of"]
    assert audit.problem_objects() == {"chair_1", "desk_1", "lamp_1"}
    assert audit.summary() == "1/2 relations hold, 0 collisions, 1 unsupported, 0 out of bounds"


def test_derived_seeds_are_stable_distinct_and_start_with_the_base_seed() -> None:
    assert derive_seed(42, 1) == 42
    seeds = [derive_seed(42, i) for i in range(1, 6)]
    assert len(set(seeds)) == 5 and seeds == [derive_seed(42, i) for i in range(1, 6)]
    assert all(0 <= s < 2**31 for s in seeds)


def test_revision_boosts_failed_weights_and_locks_untouched_objects_on_even_rounds() -> None:
    prog = program()
    prog.objects.append(type(prog.objects[0])("rug_1", "rug", (0.5, 0.5, 0.5)))
    plan = planned()
    audit = Audit(results=results(False), checks=PhysicsChecks(), score=score_results(results(False), PhysicsChecks()))
    odd = revise_program(prog, plan, audit, iteration=3)
    assert [c.weight for c in odd.constraints] == [1.0, 2.0]
    assert not any(o.locked for o in odd.objects)
    even = revise_program(prog, plan, audit, iteration=2)
    locked = {o.id: o for o in even.objects if o.locked}
    # desk and chair are in the failed relation, the lamp stands on the desk: only the rug stays
    assert set(locked) == {"rug_1"}
    assert locked["rug_1"].location == plan.by_id()["rug_1"].location and locked["rug_1"].scale_range is None
    assert [c.weight for c in prog.constraints] == [1.0, 1.0], "the input program is not modified"
