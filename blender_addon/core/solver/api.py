"""``solve``: a constraint program in, a ``setdresser.layout/1`` layout out.

1. compile: bind every constraint through the registry (bad input -> ProgramError);
2. discrete stage (CSP): support forest, "any" walls/corners, scales for size orders,
   orientation classes for parallel/perpendicular;
3. restarts: one per distinct wall assignment, then alternately a fresh construction
   (new seed) and a cooler re-annealing of the best layout so far; each one is
   constructive initialisation, annealed batched search, legalisation; a restart that
   ends with every constraint holding and valid physics ends the solve;
4. keep the best restart: physically valid first, then the lowest energy. A valid layout,
   once found, is never traded for an invalid one;
5. repair: if constraints still fail, targeted moves on their objects (``repair.py``) with the
   rest of the layout fixed, kept only when more constraints hold and physics is no worse.

The number of search steps (and of repair batches) comes from the time budget through a
cost model (``search.step_budget``), not from the clock, so results depend on the program,
the seed and the budget only. The clock merely stops a run that overruns its budget (on a
heavily loaded machine); a warning is logged then, as that result may not repeat.
"""

from __future__ import annotations

import logging
import time
from typing import Mapping

import numpy as np

from ....skill_library.base import Relation
from ....skill_library.geometry import world_aabb
from ..model import Layout, ObjectSpec, PlacedObject, Program
from .discrete import MODES, Plan, plan_variants
from .energy import Scorer, State
from .evaluate import evaluate_arrays
from .init import construct
from .legalise import legalise
from .problem import Problem, compile_program
from .repair import ATTEMPT_STEPS, repair
from .search import FINAL_PHYSICS_WEIGHT, Annealer, Schedule, step_budget, step_cost_ms

log = logging.getLogger(__name__)

MAX_RESTARTS = 4
MAX_RESCUES = 6  # extra fresh restarts, only while no physically valid layout was found and time is left
LEGALISE_SHARE = 0.15  # of the budget kept back for the last legalisation
REPAIR_SHARE = 0.15  # of the budget for the last repair pass over failing constraints (repair.py)
REPAIR_END = 0.95  # share of the budget after which the repair stops on an overloaded machine
MIN_CHAIN_SHARE = 0.2  # a restart shorter than this share of a full chain is not worth starting
# (0.2, not 0.3: at 100 objects two full chains left ~25% of the planned steps unused)


def solve(program: Program, *, seed: int = 0, time_budget: float = 5.0, prompt: str = "",
          extra_relations: Mapping[str, Relation] | None = None) -> Layout:
    """Place every free object so the program's constraints hold as far as possible, physics always."""
    started = time.monotonic()
    deadline = started + max(0.05, time_budget) * (1.0 - LEGALISE_SHARE)
    problem = compile_program(program, extra_relations)
    rng = np.random.default_rng(seed)
    plans = plan_variants(problem, rng, MAX_RESTARTS)
    best: tuple[tuple[bool, bool, float], State, Plan] | None = None
    steps_left = step_budget(problem, time_budget)
    full_chain = Schedule.for_problem(problem).steps
    for restart in range(MAX_RESTARTS + MAX_RESCUES):
        if restart and time.monotonic() > deadline:
            break
        rescue = best is not None and not (best[0][0] and best[0][1])  # none feasible and valid yet: spend what is left
        if restart and not rescue and (restart >= MAX_RESTARTS or steps_left < MIN_CHAIN_SHARE * full_chain):
            break
        chain_rng = np.random.default_rng([seed, restart])
        steps = max(steps_left, full_chain if rescue else 0)
        if restart < len(plans) or best is None or restart % 2 == 0 or rescue:  # fresh: other walls, seeds
            plan = plans[restart % len(plans)]
            state, feasible, valid, energy, done, used = _run_chain(problem, plan, chain_rng, deadline, steps)
        else:  # every wall assignment had its go: every other restart anneals the best layout again, cooler
            plan = best[2]
            state, feasible, valid, energy, done, used = _run_chain(problem, plan, chain_rng, deadline, steps,
                                                                    start=best[1])
        steps_left -= used
        key = (feasible, valid, -energy)
        if best is None or key > best[0]:
            best = (key, state, plan)
        log.info("restart %d: valid=%s energy=%.3f (%.2fs)", restart, valid, energy, time.monotonic() - started)
        if done:
            break
    assert best is not None
    _, state, plan = best
    if not done:
        attempts = int(REPAIR_SHARE * 1000.0 * time_budget / (ATTEMPT_STEPS * step_cost_ms(problem)))
        state = repair(problem, plan, Scorer(problem, plan), state, np.random.default_rng([seed, 1 << 20]),
                       attempts, started + max(0.05, time_budget) * REPAIR_END)
    layout = build_layout(program, problem, plan, state, prompt=prompt, seed=seed)
    unmet = [c.label() for c in layout.constraints if c.hard and not c.satisfied]
    if unmet:
        log.warning("hard constraint(s) cannot hold: %s", ", ".join(unmet))
    log.info("solved %d objects, %d/%d constraints hold, physics valid=%s in %.2fs", problem.count,
             sum(c.satisfied for c in layout.constraints), len(layout.constraints), layout.checks.valid,
             time.monotonic() - started)
    return layout


def _run_chain(problem: Problem, plan: Plan, rng: np.random.Generator, deadline: float, max_steps: int,
               start: State | None = None) -> tuple[State, bool, bool, float, bool, int]:
    """One restart: construct (or take ``start``), anneal at most ``max_steps`` steps, legalise.

    Returns (state, every hard constraint holds, physics valid, energy, all constraints hold, steps used)."""
    scorer = Scorer(problem, plan)
    schedule = Schedule.for_problem(problem).limited(max(1, max_steps))
    if start is None:
        state = construct(problem, plan, scorer, rng)
    else:
        state, schedule = start.copy(), schedule.reheated()
    annealer = Annealer(problem, plan, scorer, rng, schedule, deadline)
    state, _ = annealer.run(state)
    state = legalise(problem, plan, scorer, state, rng)
    final = scorer.full(state, FINAL_PHYSICS_WEIGHT)
    size = problem.base_size * state.scale[:, None]
    results, checks = evaluate_arrays(problem, state.pos, state.yaw, size)  # the crisp tolerances of §4/§5
    done = checks.valid and all(r.satisfied for r in results)
    feasible = all(r.satisfied for r in results if r.hard)
    return state, feasible, checks.valid, final.energy, done, max(annealer.steps_run, 1)


def build_layout(program: Program, problem: Problem, plan: Plan, state: State, *, prompt: str,
                 seed: int) -> Layout:
    """The layout document: poses, sizes, world boxes, supports, constraint results and physics."""
    size = problem.base_size * state.scale[:, None]
    lo, hi = world_aabb(state.pos, state.yaw, size)
    results, checks = evaluate_arrays(problem, state.pos, state.yaw, size)
    objects = []
    for i, spec in enumerate(program.objects):
        objects.append(PlacedObject(
            id=spec.id, category=spec.category, asset=spec.asset,
            location=tuple(map(float, state.pos[i])),  # type: ignore[arg-type]
            rotation_euler=_rotation(spec, float(state.yaw[i])),
            dimensions=tuple(map(float, size[i])),  # type: ignore[arg-type]
            bbox_min=tuple(map(float, lo[i])), bbox_max=tuple(map(float, hi[i])),  # type: ignore[arg-type]
            support=_support_name(problem, plan, i), locked=bool(spec.locked),
            mount=problem.mounts[i] if problem.mounts else "floor", support_surface=_surface_name(problem, plan, i),
            color=spec.color, material=spec.material))
    return Layout(objects=objects, constraints=results, checks=checks, bounds=program.bounds,
                  prompt=prompt, seed=seed, room=program.room)


def _rotation(spec: ObjectSpec, yaw: float) -> tuple[float, float, float]:
    if spec.locked and spec.rotation_euler is not None:
        return spec.rotation_euler
    return (0.0, 0.0, float(np.arctan2(np.sin(yaw), np.cos(yaw))))


def _surface_name(problem: Problem, plan: Plan, i: int) -> str | None:
    """The named surface of its parent an object rests on (``shelf_2``, ``seat``), None on the ground."""
    if problem.locked[i] or int(plan.parent[i]) < 0 or MODES[int(plan.mode[i])] != "on":
        return None
    return problem.surface_names.get(i, "top")


def _support_name(problem: Problem, plan: Plan, i: int) -> str | None:
    if problem.locked[i]:  # a locked object stands where the user put it: on the ground or held up
        return "ground" if abs(problem.locked_pos[i, 2] - problem.ground_z) <= 0.02 else None
    parent = int(plan.parent[i])
    if parent < 0:
        return "ground"
    return None if MODES[int(plan.mode[i])] == "above" else problem.ids[parent]
