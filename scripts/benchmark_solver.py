"""Benchmark the layout solver against SceneCraft's appendix random search.

    python scripts/benchmark_solver.py [--sizes 10 30 60 100 400] [--seeds 0 1 2] [--large-seeds 0]
        [--families furnished planted] [--effort E] [--whole-budget] [--out docs/benchmark_solver.md]

Programs of 10 to 400 objects are generated from a seed in two families: "furnished" rooms
of clusters (desk + chair + lamp, sofa + coffee table + armchair, table + chairs around it,
a row of shelves against a wall, a stack of scalable boxes, plants in corners) plus
relations between clusters, in a room sized to the furniture; and "planted" programs, random
relations that hold in a random valid layout (tests/unit/solver/solver_planted.py, whose room
grows with the count so a program has exactly the objects asked for). Every program is solved
by ``setdresser``'s solver (its work counted in steps: ``effort``) and, given the same CPU
seconds ("equal work": process time, so other jobs on the machine do not tilt the comparison),
by a faithful re-implementation of SceneCraft's appendix solver
(``constraint_solving``/``adjust_positions``): start from a random layout, jitter every
object's x and y by U(-0.1, 0.1) m, keep the layout if the summed relation score improved,
otherwise revert. As in SceneCraft, z stays where the script put it (we give it the right
height: the declared parent's top, else the ground) and yaw and scale are not searched. Both
results are scored by the same crisp checks and physics checks (CONTRACTS §4, §5).
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

from setdresser.blender_addon.core.model import Program, program_from_dict
from setdresser.blender_addon.core.solve_record import NOMINAL_SECONDS
from setdresser.blender_addon.core.solver import solve
from setdresser.blender_addon.core.solver.evaluate import evaluate_arrays
from setdresser.blender_addon.core.solver.problem import Problem, compile_program
from setdresser.skill_library.base import Poses

log = logging.getLogger("benchmark_solver")
ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- program generator


class ProgramBuilder:
    """Accumulates objects and constraints of a generated program."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.objects: list[dict[str, Any]] = []
        self.constraints: list[dict[str, Any]] = []
        self.counts: dict[str, int] = {}
        self.corners_left = ["ne", "nw", "se", "sw"]
        self.walls_left = [str(w) for w in rng.permutation(["north", "south", "east", "west"])]

    def add(self, category: str, dims: tuple[float, float, float], **extra: Any) -> str:
        self.counts[category] = self.counts.get(category, 0) + 1
        oid = f"{category}_{self.counts[category]}"
        jitter = self.rng.uniform(0.9, 1.1, 3)
        self.objects.append({"id": oid, "category": category,
                             "dimensions": [round(float(d * j), 3) for d, j in zip(dims, jitter)], **extra})
        return oid

    def rel(self, relation: str, *args: str, **params: Any) -> None:
        self.constraints.append({"relation": relation, "args": list(args), "params": params})


def _desk(b: ProgramBuilder) -> list[str]:
    desk = b.add("desk", (1.2, 0.6, 0.75))
    chair = b.add("chair", (0.45, 0.45, 0.85))
    lamp = b.add("lamp", (0.2, 0.2, 0.4))
    b.rel("against_wall", desk)
    b.rel("in_front_of", chair, desk, max_distance=0.6)
    b.rel("facing", chair, desk)
    b.rel("on_top_of", lamp, desk)
    return [desk, chair, lamp]


def _lounge(b: ProgramBuilder) -> list[str]:
    sofa = b.add("sofa", (2.0, 0.9, 0.85))
    table = b.add("coffee_table", (1.0, 0.55, 0.45))
    armchair = b.add("armchair", (0.85, 0.85, 0.9))
    b.rel("in_front_of", table, sofa, max_distance=1.0)
    b.rel("proximity", armchair, table, max_distance=1.0)
    b.rel("facing", armchair, table)
    return [sofa, table, armchair]


def _dining(b: ProgramBuilder) -> list[str]:
    table = b.add("dining_table", (1.6, 0.9, 0.75))
    chairs = [b.add("chair", (0.45, 0.5, 0.9)) for _ in range(4)]
    plate = b.add("plate", (0.25, 0.25, 0.03))
    b.rel("around", *chairs, table)
    b.rel("on_top_of", plate, table)
    return [table, *chairs, plate]


def _shelves(b: ProgramBuilder) -> list[str]:
    count = int(b.rng.integers(3, 5))
    shelves = [b.add("shelf", (0.8, 0.35, 1.8)) for _ in range(count)]
    b.rel("row", *shelves)
    if b.walls_left:  # one row per wall, so every wall has room for what stands against it
        wall = b.walls_left.pop(0)
        for shelf in shelves:
            b.rel("against_wall", shelf, wall=wall)
    return shelves


def _stack(b: ProgramBuilder) -> list[str]:
    boxes = [b.add("box", (0.5, 0.5, 0.35), scale_range=[0.5, 1.5]) for _ in range(3)]
    b.rel("stacked", *boxes)
    b.rel("hierarchy", *boxes, key="volume", order="descending")
    return boxes


def _plant(b: ProgramBuilder) -> list[str]:
    plant = b.add("plant", (0.4, 0.4, 1.0))
    if b.corners_left:
        b.rel("in_corner", plant, corner=b.corners_left.pop(0))
    return [plant]


CLUSTERS = (_desk, _lounge, _dining, _shelves, _stack, _plant)


def generate_program(objects: int, seed: int) -> Program:
    """A furnished room of exactly ``objects`` objects (clusters, then cross-cluster relations)."""
    rng = np.random.default_rng([objects, seed])
    b = ProgramBuilder(rng)
    anchors: list[str] = []
    while len(b.objects) < objects:
        made = CLUSTERS[int(rng.integers(0, len(CLUSTERS)))](b)
        anchors.append(made[0])
    _trim(b, objects)
    anchors = [a for a in anchors if any(o["id"] == a for o in b.objects)]
    for a, c in zip(anchors, anchors[1:]):
        if rng.random() < 0.4:
            b.rel("far_from", a, c, min_distance=0.5)
    area = sum(o["dimensions"][0] * o["dimensions"][1] for o in b.objects)
    side = max(5.0, math.sqrt(area * 4.0))  # >= 5 m: a row of 4 shelves and two corner plants fit a wall
    bounds = {"min": [-side * 0.55, -side * 0.45, 0.0], "max": [side * 0.55, side * 0.45, 3.0]}
    return program_from_dict({"schema": "setdresser.program/1", "bounds": bounds,
                              "objects": b.objects, "constraints": b.constraints})


def _trim(b: ProgramBuilder, objects: int) -> None:
    """Drop objects beyond the count, with every constraint that names them."""
    keep = {o["id"] for o in b.objects[:objects]}
    b.objects = b.objects[:objects]
    kept = []
    for con in b.constraints:
        args = [a for a in con["args"] if a in keep]
        variadic = con["relation"] in ("row", "stacked", "hierarchy", "around")
        if len(args) == len(con["args"]) or (variadic and len(args) >= (3 if con["relation"] == "around" else 2)
                                             and (con["relation"] != "around" or con["args"][-1] in keep)):
            kept.append({**con, "args": args})
    b.constraints = kept


# ---------------------------------------------------------------- SceneCraft baseline


def scenecraft_random_search(problem: Problem, seed: int, cpu_seconds: float,
                             step: float = 0.1) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """SceneCraft's appendix solver for ``cpu_seconds`` of process time: (pos, yaw, size, iterations)."""
    rng = np.random.default_rng(seed)
    n = problem.count
    size = problem.base_size * np.clip(1.0, problem.scale_lo, problem.scale_hi)[:, None]
    pos = np.zeros((n, 3))
    if problem.bounds_min is not None:
        pos[:, :2] = rng.uniform(problem.bounds_min[:2], problem.bounds_max[:2], (n, 2))
    else:
        pos[:, :2] = rng.uniform(-3, 3, (n, 2))
    yaw = np.zeros(n)
    pos[problem.locked] = problem.locked_pos[problem.locked]
    yaw[problem.locked] = problem.locked_yaw[problem.locked]
    _rest_on_declared_parents(problem, pos, size)
    free = ~problem.locked

    def total(p: np.ndarray) -> float:
        poses = Poses(p[None], yaw[None], size[None], problem.bounds_min, problem.bounds_max)
        return float(sum(c.relation.score(poses, c.args, c.params)[0] for c in problem.constraints))

    best = total(pos)
    iterations = 0
    deadline = time.process_time() + cpu_seconds
    while time.process_time() < deadline:
        trial = pos.copy()
        trial[free, :2] += rng.uniform(-step, step, (int(free.sum()), 2))  # adjust_positions
        score = total(trial)
        if score > best:
            best, pos = score, trial
        iterations += 1
    return pos, yaw, size, iterations


def _rest_on_declared_parents(problem: Problem, pos: np.ndarray, size: np.ndarray) -> None:
    """z = the first declared support's top (repeated so stacks settle), else the ground."""
    pos[~problem.locked, 2] = problem.ground_z
    for _ in range(problem.count):
        for child, options in problem.support_options.items():
            if not problem.locked[child] and options and options[0].mode == "on":
                pos[child, 2] = pos[options[0].parent, 2] + size[options[0].parent, 2]


# ---------------------------------------------------------------- running

# Satisfiable-by-construction programs (random valid layout, random relations that hold in it)
# live with the solver's tests; the benchmark reuses them as its second family.
sys.path.insert(0, str(ROOT / "tests" / "unit" / "solver"))
from solver_planted import planted_program  # noqa: E402

FAMILIES: dict[str, Callable[[int, int], Program]] = {
    "furnished": generate_program,
    "planted": lambda objects, seed: program_from_dict(planted_program(seed, objects, per_object=2.0)),
}
METHODS = ("setdresser", "SceneCraft, equal work", "SceneCraft, whole budget")


@dataclass
class Row:
    """One method on one generated program."""

    objects: int
    constraints: int
    satisfied: int
    physics: int
    seconds: float  # wall
    cpu: float  # process time
    steps: int = 0  # our search steps (layout.json solve.steps); the baseline's iterations
    priced: float = 0.0  # the seconds the step cost model priced our work at (the size's target)


def _physics_count(checks: Any) -> int:
    return len(checks.collisions) + len(checks.unsupported) + len(checks.out_of_bounds)


def _baseline(problem: Problem, seed: int, cpu_seconds: float) -> tuple[Row, int]:
    started, cpu = time.monotonic(), time.process_time()
    pos, yaw, size, iterations = scenecraft_random_search(problem, seed, cpu_seconds)
    results, checks = evaluate_arrays(problem, pos, yaw, size)
    return Row(problem.n_objects, len(results), sum(r.satisfied for r in results), _physics_count(checks),
               time.monotonic() - started, time.process_time() - cpu, iterations), iterations


def run_case(family: str, objects: int, seed: int, budget: float, whole: bool) -> list[Row | None]:
    """One generated program: our solver (work priced at ``budget`` s), then the baseline for our CPU time
    (and, with ``whole``, for ``budget`` CPU seconds)."""
    program = FAMILIES[family](objects, seed)
    started, cpu = time.monotonic(), time.process_time()
    layout = solve(program, seed=seed, effort=budget / NOMINAL_SECONDS)  # counted work priced at `budget` seconds
    ours = Row(len(program.objects), len(layout.constraints), sum(c.satisfied for c in layout.constraints),
               _physics_count(layout.checks), time.monotonic() - started, time.process_time() - cpu,
               layout.solve.steps if layout.solve else 0, budget)
    problem = compile_program(program)
    same, iterations = _baseline(problem, seed, ours.cpu)
    rows: list[Row | None] = [ours, same, _baseline(problem, seed, budget)[0] if whole else None]
    log.info("%s n=%d seed=%d: ours %d/%d phys %d %.2fs (cpu %.2fs) | scenecraft %d/%d phys %d (%d it) | load %.1f",
             family, len(program.objects), seed, ours.satisfied, ours.constraints, ours.physics, ours.seconds,
             ours.cpu, same.satisfied, same.constraints, same.physics, iterations, os.getloadavg()[0])
    return rows


def _mean(rows: list[Row], attr: str) -> float:
    return float(np.mean([getattr(r, attr) for r in rows]))


def _priced(rows: list[Row]) -> str:
    """Our rows' priced seconds (the step cost model's price of the work asked for); '-' for the baseline."""
    return f"{_mean(rows, 'priced'):.1f}" if any(r.priced for r in rows) else "-"


def table(results: dict[tuple[str, int], list[list[Row | None]]], seeds: dict[int, list[int]]) -> str:
    """The markdown tables, seed-averaged: one line per family, size and method; then the ratios."""
    lines = [
        "| programs | objects | seeds | constraints | method | satisfied % | unsatisfied | physics violations "
        "| steps / iterations | priced (s) | CPU (s) | wall (s) |",
        "|---|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for (family, n), per_seed in results.items():
        for m, name in enumerate(METHODS):
            rows = [case[m] for case in per_seed if case[m] is not None]
            if not rows:
                continue
            cons = _mean(rows, "constraints")
            sat = 100.0 * sum(r.satisfied for r in rows) / max(1, sum(r.constraints for r in rows))
            lines.append(f"| {family} | {_mean(rows, 'objects'):.0f} | {' '.join(map(str, seeds[n]))} | {cons:.1f} "
                         f"| {name} | {sat:.1f} | {cons - _mean(rows, 'satisfied'):.2f} | {_mean(rows, 'physics'):.2f} "
                         f"| {_mean(rows, 'steps'):.0f} | {_priced(rows)} "
                         f"| {_mean(rows, 'cpu'):.2f} | {_mean(rows, 'seconds'):.2f} |")
    lines += ["", "Unsatisfied constraints of the SceneCraft search per unsatisfied constraint of ours, "
              "at equal work (the same CPU seconds, summed over seeds):", "",
              "| programs | objects | setdresser | SceneCraft, equal work | ratio |", "|---|---:|---:|---:|---:|"]
    for (family, n), per_seed in results.items():
        ours = sum(case[0].constraints - case[0].satisfied for case in per_seed)  # type: ignore[union-attr]
        base = sum(case[1].constraints - case[1].satisfied for case in per_seed)  # type: ignore[union-attr]
        ratio = f"{base / ours:.1f}x" if ours else ("inf" if base else "-")
        lines.append(f"| {family} | {n} | {ours} | {base} | {ratio} |")
    return "\n".join(lines) + "\n"


HEADER = """# Solver benchmark

Generated by `python scripts/benchmark_solver.py` on the project's shared 2-core machine
({load}). Programs of 10 to 400 objects are generated from a seed in two
families. *furnished*: rooms of clusters (desk + chair + lamp, sofa + coffee table +
armchair, a dining table with chairs `around` it and a plate on it, rows of shelves against a
wall, stacks of scalable boxes with `stacked` + `hierarchy`, plants in corners, `far_from`
between clusters). *planted*: a random physically valid layout of boxes, then ~2 random
relations per object (on_top_of, proximity, far_from, facing, in_front_of, behind, left_of,
right_of, parallel, perpendicular, under, against_wall, in_corner, centered) kept only where
they hold in that layout: satisfiable, but unstructured and crowded (the room grows with the
count, at the density of 30 objects in 4-8 m square, so "objects" is the real count). Each
program is solved by `setdresser`'s solver with its work (`--effort`) priced by the step cost
model at the issue's time target (10 objects 1 s, 100 objects 5 s, 400 objects 60 s,
interpolated); the work is counted in steps, so the results do not depend on the load, only
the seconds do. It stops as soon as every constraint holds. The baseline is a faithful
re-implementation of SceneCraft's appendix solver (`constraint_solving` + `adjust_positions`:
jitter every object's x, y by U(-0.1, 0.1) m, keep the layout if the summed score improved,
else revert), started from a random layout with z on the declared parent, run for as many CPU
seconds as our solver used on that program ("equal work"){whole}. All are judged by the same
crisp checks (CONTRACTS §5) and physics checks (§4); "physics violations" counts colliding
pairs + unsupported objects + objects out of bounds. CPU is the process time; wall time is
what the shared machine gave (other people's jobs ran beside it). "steps / iterations" is our
search steps (layout.json `solve.steps`) or the baseline's iterations; "priced (s)" is the time
the step cost model (`search.step_cost_ms`) priced our work at: a solve that uses all its steps
(one where something still fails) should take about that much CPU, one where everything holds
stops early.

"""

FOOTER = """
The baseline cannot rotate or scale objects and has no physics term, so it leaves
collisions and floating objects; given the same work it also runs far fewer
iterations than it would need, since each one re-scores every relation.

The step cost model (`search.step_cost_ms`, its docstring has the measurements it was fitted
to) prices a search step at the CPU it costs on this machine under its usual load, so the
effort a row was given buys the steps that fit in its priced seconds; a step is mostly a fixed
number of numpy calls over the candidate batch, so its price grows slowly with the program
(about 2.2 ms at 10 objects, 2.5 ms at 100, 3.4 ms at 400). The work is counted, not timed:
on a faster or quieter machine the same rows come out identical, only sooner.
"""


def target_seconds(objects: int) -> float:
    """The issue's time targets (10 objects 1 s, 100 objects 5 s, 400 objects 60 s), interpolated."""
    return float(np.interp(objects, [10, 100, 400], [1.0, 5.0, 60.0]))


def _load_note(before: tuple[float, float, float], after: tuple[float, float, float]) -> str:
    cores = os.cpu_count() or 0
    return (f"{cores} cores; load average (1 min) {before[0]:.1f} at the start, {after[0]:.1f} at the end, "
            f"{after[2]:.1f} over the last 15 min; {time.strftime('%Y-%m-%d', time.gmtime())}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 30, 60, 100, 400])
    parser.add_argument("--families", nargs="+", default=list(FAMILIES), choices=list(FAMILIES))
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--large-seeds", type=int, nargs="+", default=[0],
                        help="seeds for programs of 200 objects or more (a 400-object case takes minutes)")
    parser.add_argument("--effort", type=float, default=None,
                        help="our solver's effort per program; default: priced at the issue's target for the size")
    parser.add_argument("--whole-budget", action="store_true",
                        help="also run the baseline for the size's whole target time (CPU seconds)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmark_solver.md")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    before = os.getloadavg()
    results: dict[tuple[str, int], list[list[Row | None]]] = {}
    seeds = {n: (args.large_seeds if n >= 200 else args.seeds) for n in args.sizes}
    for family in args.families:
        for n in args.sizes:
            budget = args.effort * NOMINAL_SECONDS if args.effort is not None else target_seconds(n)
            results[(family, n)] = [run_case(family, n, seed, budget, args.whole_budget) for seed in seeds[n]]
    whole = ' and for the whole target time ("whole budget")' if args.whole_budget else ""
    text = HEADER.format(load=_load_note(before, os.getloadavg()), whole=whole) + table(results, seeds) + FOOTER
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
