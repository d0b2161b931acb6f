"""The side-swap move (issue 14, solver/across.py): a thing on the wrong side of its anchor is brought
across it to the side its relation names, and the anchor, with what stands beside it, shifts away from
that side to make room. Before it, "a bed with its headboard against the north wall, a nightstand on
its east side and a dresser on its west side" left the dresser east of the nightstand for about half
the seeds: the bed's west end stood near the west wall, and no single object could get across."""

from __future__ import annotations

import math

import numpy as np

from setdresser.blender_addon.core.model import PROGRAM_SCHEMA, program_from_dict
from setdresser.blender_addon.core.solver import solve
from setdresser.blender_addon.core.solver.across import across, anchor_unit, side_constraints
from setdresser.blender_addon.core.solver.discrete import plan_variants
from setdresser.blender_addon.core.solver.energy import HELD_SCORE, Scorer
from setdresser.blender_addon.core.solver.problem import compile_program

ROOM = {"min": [-2.05, -2.05, 0.0], "max": [2.05, 2.05, 3.0]}
WORLD = {"max_distance": 0.5, "frame": "world", "cone_deg": 40.0}


def _obj(name: str, size: list[float], locked: bool = False, at: list[float] | None = None) -> dict:
    out = {"id": name, "category": name, "dimensions": size}
    if locked:
        out.update(locked=True, location=at, rotation_euler=[0.0, 0.0, 0.0])
    return out


def _bedroom(extra: bool = False, locked_bed: bool = False) -> dict:
    objects = [_obj("bed", [1.6, 2.1, 1.0], locked_bed, [-1.1, 0.998, 0.0]),
               _obj("nightstand", [0.5, 0.4, 0.55]), _obj("dresser", [0.68, 0.5, 0.85])]
    constraints = [{"relation": "against_wall", "args": ["bed"], "params": {"wall": "north"}},
                   {"relation": "right_of", "args": ["nightstand", "bed"], "params": WORLD},
                   {"relation": "left_of", "args": ["dresser", "bed"], "params": WORLD},
                   {"relation": "against_wall", "args": ["nightstand"], "params": {"wall": "north"}, "weight": 0.7},
                   {"relation": "against_wall", "args": ["dresser"], "params": {"wall": "north"}, "weight": 0.7}]
    if extra:  # the rest of the test prompt's room: an armchair in the south-west corner with its lamp and table
        objects += [_obj("armchair", [0.85, 0.85, 0.9]), _obj("floor lamp", [0.4, 0.4, 1.6]),
                    _obj("side table", [0.5, 0.5, 0.55])]
        constraints += [{"relation": "in_corner", "args": ["armchair"], "params": {"corner": "sw", "max_gap": 0.4}},
                        {"relation": "behind", "args": ["floor lamp", "armchair"]},
                        {"relation": "right_of", "args": ["side table", "armchair"], "params": {"max_distance": 0.5}}]
    return {"schema": PROGRAM_SCHEMA, "bounds": ROOM, "objects": objects, "constraints": constraints}


def _stuck(program: dict):
    """The layout seed 0 ended in before the move: bed near the west wall, dresser east of the nightstand."""
    problem = compile_program(program_from_dict(program))
    plan = plan_variants(problem, np.random.default_rng(0), 1)[0]
    pos = np.array([[-1.1, 0.998, 0.0], [-0.04, 1.848, 0.0], [0.56, 1.798, 0.0]])
    yaw, scale = np.zeros(3), np.ones(3)
    return problem, plan, pos, yaw, scale


def _held(problem, plan, cands) -> tuple[np.ndarray, np.ndarray]:
    """[B, K] constraint holds and [B] physics violation count of a candidate batch."""
    scorer = Scorer(problem, plan)
    size = scorer.batch_sizes(cands.scale, cands.moved)
    scores = scorer.constraint_scores(cands.pos, cands.yaw, size, list(range(len(problem.constraints))))
    _, count = scorer.physics_terms(cands.pos, cands.yaw, size, np.arange(problem.count))
    return scores >= HELD_SCORE, count


def test_the_thing_is_brought_across_and_the_anchor_makes_room() -> None:
    problem, plan, pos, yaw, scale = _stuck(_bedroom())
    k = [c.relation_name for c in problem.constraints].index("left_of")
    cands = across(problem, plan, pos, yaw, scale, problem.base_size.copy(), k, np.random.default_rng(1), 64)
    assert cands is not None
    held, violations = _held(problem, plan, cands)
    assert not held[0].all() and violations[0] == 0  # the stuck layout: the dresser on the wrong side
    good = held.all(axis=1) & (violations == 0)
    assert good.sum() >= 3  # every constraint holds, nothing overlaps or leaves the room
    row = int(np.nonzero(good)[0][0])
    assert cands.pos[row, 2, 0] < cands.pos[row, 0, 0] - 0.8  # west of the bed
    assert cands.pos[row, 0, 0] > pos[0, 0] + 0.3  # the bed moved east to make room ...
    shift = cands.pos[row, 0, :2] - pos[0, :2]
    assert np.allclose(cands.pos[row, :2, :2] - pos[:2, :2], shift)  # ... with its nightstand


def test_the_thing_keeps_its_place_along_the_anchor_and_its_facing() -> None:
    problem, plan, pos, yaw, scale = _stuck(_bedroom())
    k = [c.relation_name for c in problem.constraints].index("left_of")
    cands = across(problem, plan, pos, yaw, scale, problem.base_size.copy(), k, np.random.default_rng(2), 32)
    assert cands is not None and sorted(cands.moved.tolist()) == [0, 1, 2]
    assert np.all(np.abs(cands.pos[1:, 2, 1] - pos[2, 1]) <= 0.25)  # still by the north wall
    assert np.allclose(cands.yaw[1:, 2], 0.0)  # a side mirror keeps a wall thing facing into the room
    assert np.allclose(cands.pos[1:, 0, 1], pos[0, 1])  # the bed slides along its wall only


def test_a_locked_anchor_stays_put_and_only_the_thing_moves() -> None:
    problem, plan, pos, yaw, scale = _stuck(_bedroom(locked_bed=True))
    k = [c.relation_name for c in problem.constraints].index("left_of")
    assert anchor_unit(problem, plan, problem.constraints[k]).tolist() == [0, 1]  # the bed and its nightstand
    cands = across(problem, plan, pos, yaw, scale, problem.base_size.copy(), k, np.random.default_rng(3), 16)
    assert cands is not None
    assert np.allclose(cands.pos[:, :2], pos[:2]) and np.all(cands.pos[1:, 2, 0] < pos[0, 0])


def test_a_turned_anchor_reads_the_side_in_its_own_frame() -> None:
    program = {"schema": PROGRAM_SCHEMA, "bounds": ROOM,
               "objects": [_obj("sofa", [2.0, 0.9, 0.85]), _obj("end table", [0.5, 0.5, 0.55])],
               "constraints": [{"relation": "right_of", "args": ["end table", "sofa"],
                                "params": {"max_distance": 0.5}}]}
    problem = compile_program(program_from_dict(program))
    plan = plan_variants(problem, np.random.default_rng(0), 1)[0]
    pos, yaw = np.array([[0.0, -1.0, 0.0], [1.4, -1.0, 0.0]]), np.array([math.pi, 0.0])  # the sofa faces north
    cands = across(problem, plan, pos, yaw, np.ones(2), problem.base_size.copy(), 0, np.random.default_rng(4), 16)
    assert cands is not None
    held, _ = _held(problem, plan, cands)
    # its right, for a viewer facing its front (CONTRACTS §1), is the world's west: every candidate holds
    assert not held[0, 0] and held[1:, 0].all()
    assert np.all(cands.pos[1:, 1, 0] < cands.pos[1:, 0, 0] - 1.0)


def test_only_relations_that_name_a_side_are_swapped() -> None:
    problem = compile_program(program_from_dict(_bedroom(extra=True)))
    names = [problem.constraints[k].relation_name for k in side_constraints(problem)]
    assert names == ["right_of", "left_of", "behind", "right_of"]


def test_every_seed_puts_the_dresser_and_the_nightstand_on_their_named_sides() -> None:
    program = program_from_dict(_bedroom(extra=True))
    for seed in range(8):
        layout = solve(program, seed=seed, effort=0.167)
        held = {(c.relation, c.args): c.satisfied for c in layout.constraints}
        assert held[("left_of", ("dresser", "bed"))] and held[("right_of", ("nightstand", "bed"))], seed
        assert layout.checks.valid, seed
