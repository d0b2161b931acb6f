"""Score a given set of poses against a program: per-constraint score/satisfied and physics.

The solver reports its result through this, and the Blender audit calls :func:`evaluate`
with poses and dimensions measured on the built objects.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from ....skill_library.base import Relation
from ..errors import ProgramError
from ..model import ConstraintResult, PhysicsChecks, PlacedObject, Program
from ..stability import masses
from .batch import Batcher
from .physics import PhysicsRules, physics_checks
from .problem import Problem, compile_program, resting_pairs_of

ABOVE_MARGIN = 0.10  # m: the ``above`` relation's default footprint margin


def rules_of(problem: Problem) -> PhysicsRules:
    """Collision exemptions, containers, and what holds up hung and floating objects (their mount,
    their ``above`` relation: each only where it puts them), from the program's relations."""
    inside_of: dict[int, int] = {}
    floating = {int(i) for i in np.nonzero(problem.locked)[0]}  # the user holds them where they are
    mounts = problem.mounts or ["floor"] * problem.count
    on_walls = frozenset(i for i, mount in enumerate(mounts) if mount == "wall" and i not in floating)
    rest = problem.rest_z if problem.rest_z is not None else np.zeros(problem.count)
    from_ceiling = {i: problem.ground_z + float(rest[i]) for i, mount in enumerate(mounts)
                    if mount == "ceiling" and i not in floating}
    above_of: dict[int, tuple[tuple[int, float], ...]] = {}
    surface_of: dict[int, tuple[int, float]] = {}
    levels = problem.surface_level
    for con in problem.constraints:
        if con.physics == "inside":
            inside_of[con.args[0]] = con.args[1]
        elif con.physics == "above" and con.args[0] not in floating:
            target = (con.args[1], float(con.params.get("margin", ABOVE_MARGIN)))
            above_of[con.args[0]] = above_of.get(con.args[0], ()) + (target,)
        elif con.physics == "support" and levels is not None and levels[con.args[0]] < 1.0:
            surface_of[con.args[0]] = (con.args[1], float(levels[con.args[0]]))
    return PhysicsRules(exempt=frozenset(problem.exempt_pairs),
                        resting=frozenset(resting_pairs_of(problem.constraints)),
                        inside_of=inside_of, floating=frozenset(floating), surface_of=surface_of,
                        fixtures=dict(problem.fixture_kinds), on_walls=on_walls, from_ceiling=from_ceiling,
                        above_of=above_of)


def score_constraints(problem: Problem, pos: np.ndarray, yaw: np.ndarray, size: np.ndarray) -> list[ConstraintResult]:
    """Each constraint's score and crisp check on one layout (pos [N,3], yaw [N], size [N,3]).

    Constraints of one relation and parameters are scored by one call (:class:`.batch.Batcher`);
    the values are those of scoring each alone."""
    batcher = Batcher(problem.constraints, [con.params for con in problem.constraints],
                      problem.bounds_min, problem.bounds_max)
    scores, checks = batcher.terms(pos[None], yaw[None], size[None], list(range(len(problem.constraints))))
    return [ConstraintResult(relation=con.relation_name, args=tuple(problem.ids[i] for i in con.args),
                             params=dict(con.params), score=float(scores[0, k]), satisfied=bool(checks[0, k]),
                             hard=con.hard)
            for k, con in enumerate(problem.constraints)]


def evaluate_arrays(problem: Problem, pos: np.ndarray, yaw: np.ndarray,
                    size: np.ndarray) -> tuple[list[ConstraintResult], PhysicsChecks]:
    """Constraint results and physics checks of one layout given as arrays."""
    results = score_constraints(problem, pos, yaw, size)
    checks = physics_checks(problem.ids, pos, yaw, size, rules=rules_of(problem),
                            bounds_min=problem.bounds_min, bounds_max=problem.bounds_max,
                            ground_z=problem.ground_z, mass=masses(problem.categories, size))
    return results, checks


def evaluate(program: Program, placed: Sequence[PlacedObject],
             extra_relations: Mapping[str, Relation] | None = None) -> tuple[list[ConstraintResult], PhysicsChecks]:
    """Score given poses (location, rotation_euler[2], dimensions) against the program's constraints and physics."""
    problem = compile_program(program, extra_relations)
    by_id = {p.id: p for p in placed}
    objects = problem.ids[:problem.n_objects] if problem.n_objects >= 0 else problem.ids
    missing = [oid for oid in objects if oid not in by_id]
    if missing:
        raise ProgramError(f"no pose given for object(s) {', '.join(missing)}", "layout")
    pos, yaw, size = problem.locked_pos.copy(), problem.locked_yaw.copy(), problem.base_size.copy()  # fixtures
    for i, oid in enumerate(objects):
        pos[i], yaw[i], size[i] = by_id[oid].location, by_id[oid].rotation_euler[2], by_id[oid].dimensions
    return evaluate_arrays(problem, pos, yaw, size)
