"""The solver places at_end (issue 14): "a cushion on each end of the sofa" (on_top_of + at_end at
the two ends), "a lamp at the end of the bench" (on the floor past its tip), whichever way the host
is turned, through the plugin's own proposal move."""

from __future__ import annotations

import math

import pytest

from setdresser.blender_addon.core.model import PROGRAM_SCHEMA, program_from_dict
from setdresser.blender_addon.core.solver.api import solve

EFFORT = 0.167
SOFA = {"id": "sofa_1", "category": "sofa", "dimensions": [2.0, 0.9, 0.85]}
CUSHION = {"category": "cushion", "dimensions": [0.4, 0.15, 0.4]}
BENCH = {"id": "bench_1", "category": "bench", "dimensions": [1.4, 0.4, 0.45]}
LAMP = {"id": "lamp_1", "category": "floor lamp", "dimensions": [0.35, 0.35, 1.6]}


def _solve(objects: list[dict], constraints: list[dict], seed: int = 0) -> dict:
    program = program_from_dict({"schema": PROGRAM_SCHEMA, "bounds": {"min": [-3, -3, 0], "max": [3, 3, 3]},
                                 "objects": objects, "constraints": constraints})
    layout = solve(program, seed=seed, effort=EFFORT)
    assert all(c.satisfied for c in layout.constraints), [(c.relation, c.args) for c in layout.constraints
                                                          if not c.satisfied]
    return {o.id: o for o in layout.objects}


def _along(placed: dict, thing: str, host: str) -> float:
    """thing's centre along host's local X (its long axis), from host's centre."""
    (x, y, _), (hx, hy, _) = placed[thing].location, placed[host].location
    yaw = placed[host].rotation_euler[2]
    return (x - hx) * math.cos(yaw) + (y - hy) * math.sin(yaw)


@pytest.mark.parametrize("seed", [0, 1])
def test_a_cushion_on_each_end_of_the_sofa(seed: int) -> None:
    cushions = [{"id": f"cushion_{k}", **CUSHION} for k in (1, 2)]
    placed = _solve([SOFA, *cushions], [
        {"relation": "against_wall", "args": ["sofa_1"], "params": {"wall": "north"}},
        *[{"relation": "on_top_of", "args": [c["id"], "sofa_1"], "params": {}} for c in cushions],
        {"relation": "at_end", "args": ["cushion_1", "sofa_1"], "params": {"end": "negative"}},
        {"relation": "at_end", "args": ["cushion_2", "sofa_1"], "params": {"end": "positive"}}], seed)
    assert placed["cushion_1"].support == "sofa_1" and placed["cushion_2"].support == "sofa_1"
    assert _along(placed, "cushion_1", "sofa_1") <= -0.5 and _along(placed, "cushion_2", "sofa_1") >= 0.5


def test_a_lamp_at_the_end_of_the_bench_stands_past_its_tip() -> None:
    placed = _solve([BENCH, LAMP], [{"relation": "at_end", "args": ["lamp_1", "bench_1"], "params": {}}])
    along = abs(_along(placed, "lamp_1", "bench_1"))
    assert 0.7 <= along <= 0.7 + 0.6 and placed["lamp_1"].location[2] == pytest.approx(0.0, abs=0.01)
