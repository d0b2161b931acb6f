"""A thing *inside* a container rests on the container's inner floor (rooms issue follow-up): "a rubber
duck in the bathtub" stood at z = 0, through the tub; the rule is the container's lowest named surface
below its top (a bathtub's basin, a crib's mattress, a boat's deck), its bottom when it has none (a
basket, a bowl, a box)."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.model import PROGRAM_SCHEMA, program_from_dict
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.solver.api import solve

EFFORT = 0.167


def _placed(prompt: str) -> dict[str, tuple[float, ...]]:
    layout = solve(code(plan(prompt, complete=False)), seed=0, effort=EFFORT)
    return {o.id: tuple(o.location) + (o.dimensions[2],) for o in layout.objects}


@pytest.mark.parametrize("prompt, thing, container, level", [
    ("a rubber duck in the bathtub", "rubber_duck_1", "bathtub_1", 0.345 / 0.575),  # the knowledge base's basin
    ("a baby asleep in the crib", "baby_1", "crib_1", 0.4 / 0.95),  # on the mattress
])
def test_a_thing_in_a_container_rests_on_its_inner_floor(prompt: str, thing: str, container: str,
                                                         level: float) -> None:
    placed = _placed(prompt)
    floor = placed[container][2] + level * placed[container][3]
    assert placed[thing][2] == pytest.approx(floor, abs=0.01), placed


def test_a_container_without_an_inner_surface_holds_it_at_its_bottom() -> None:
    placed = _placed("apples in a basket on the table")
    assert placed["apple_1"][2] == pytest.approx(placed["basket_1"][2], abs=1e-6)
    assert placed["basket_1"][2] == pytest.approx(placed["table_1"][3], abs=0.01)


def test_the_lowest_surface_below_the_top_is_the_floor() -> None:
    """Named surfaces given in the program: a shelf unit's lowest shelf; its top does not count."""
    program = program_from_dict({
        "schema": PROGRAM_SCHEMA, "bounds": {"min": [-2, -2, 0], "max": [2, 2, 2.5]},
        "objects": [{"id": "unit_1", "category": "cubby unit", "dimensions": [1.0, 0.4, 1.2],
                     "surfaces": [{"name": "top", "height": 1.2}, {"name": "shelf_2", "height": 0.6},
                                  {"name": "shelf_1", "height": 0.3}]},
                    {"id": "ball_1", "category": "ball", "dimensions": [0.2, 0.2, 0.2]}],
        "constraints": [{"relation": "inside", "args": ["ball_1", "unit_1"]}]})
    placed = {o.id: o.location for o in solve(program, seed=0, effort=EFFORT).objects}
    assert placed["ball_1"][2] == pytest.approx(placed["unit_1"][2] + 0.3, abs=1e-6)
