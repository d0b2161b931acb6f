"""A fresh truncated chain starts from the lowest-energy of up to 4 constructions, stopping at the first that
already holds everything (solver11/solver12, seed robustness). Most programs of 11+ objects get one truncated
chain (a full chain costs more steps than the budget), so the first basin the construction happened to build
decided whether a seed held the program: the airport terminal of tuned pq03 (a 3 x 4 grid of chairs in the
middle, benches and a counter against walls, people by chairs) held at 3 of seeds 0-5 on old main. A chain
with its full schedule keeps its one construction. The seed still fixes the layout, byte for byte."""

from __future__ import annotations

from setdresser.blender_addon.core.model import PROGRAM_SCHEMA, program_from_dict
from setdresser.blender_addon.core.solver import solve

from solver_scenes import obj, rel

PERSON, DISPLAY, CHAIR, PLANT = (0.5, 0.3, 1.75), (0.55, 0.2, 0.45), (0.45, 0.5, 0.9), (0.4, 0.4, 0.8)


def _terminal() -> dict:
    chairs = [f"chair_{k}" for k in range(1, 13)]
    objects = ([obj(f"person_{k}", PERSON) for k in (1, 2, 3)] + [obj(f"information_display_{k}", DISPLAY)
                                                                  for k in (1, 2, 3)]
               + [obj(c, CHAIR) for c in chairs] + [obj("bench_1", (1.4, 0.4, 0.45)), obj("bench_2", (1.4, 0.4, 0.45)),
                                                    obj("counter_1", (3.75, 0.6, 0.9)), obj("sign_1", (0.8, 0.1, 2.0)),
                                                    obj("suitcase_1", (0.45, 0.25, 0.7)),
                                                    obj("suitcase_2", (0.45, 0.25, 0.7)),
                                                    obj("trash_can_1", (0.45, 0.45, 0.75)),
                                                    obj("potted_plant_1", PLANT), obj("potted_plant_2", PLANT)])
    constraints = [rel("grid", *chairs, rows=3, cols=4)] + [rel("centered", c) for c in chairs] + [
        rel("against_wall", "bench_1", wall="west"), rel("against_wall", "bench_2", wall="west"),
        rel("against_wall", "counter_1", wall="east"), rel("proximity", "sign_1", "counter_1", max_distance=0.5),
        rel("proximity", "suitcase_1", "person_1", max_distance=0.5),
        rel("proximity", "suitcase_2", "person_2", max_distance=0.5),
        rel("proximity", "trash_can_1", "bench_1", max_distance=0.5),
        rel("proximity", "trash_can_1", "bench_2", max_distance=0.5),
        rel("proximity", "potted_plant_1", "information_display_1", max_distance=0.8),
        rel("proximity", "potted_plant_2", "information_display_2", max_distance=0.8)]
    inferred = [rel("on_top_of", "information_display_3", "bench_1"),
                rel("parallel", "information_display_3", "bench_1"),
                rel("proximity", "person_1", "chair_1", max_distance=0.8),
                rel("proximity", "person_2", "chair_5", max_distance=0.8),
                rel("proximity", "person_3", "chair_9", max_distance=0.8)]
    for con in inferred:
        con["weight"] = 0.7
    return {"schema": PROGRAM_SCHEMA, "bounds": {"min": [-11.0, -7.73, 0.0], "max": [11.0, 7.73, 3.0]},
            "objects": objects, "constraints": constraints + inferred}


def test_the_terminal_holds_at_most_seeds() -> None:
    program = program_from_dict(_terminal())
    held = []
    for seed in range(6):
        layout = solve(program, seed=seed)
        held.append(layout.checks.valid and all(c.satisfied for c in layout.constraints))
    assert sum(held) >= 5, held  # old main: 3 of 6 (the grid's chairs off their lattice)


def test_the_seed_still_fixes_the_layout() -> None:
    program = program_from_dict(_terminal())
    first, again = solve(program, seed=3), solve(program, seed=3)
    assert [o.location for o in first.objects] == [o.location for o in again.objects]
