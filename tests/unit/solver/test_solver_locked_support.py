"""A locked object resting on something keeps that support in the layout (issue 13 leftovers): the
audit locks what held in a round, and a basket kept on a stall's counter came out of the next
round with support None (and the benchmark counted it floating, overlapping its stall)."""

from __future__ import annotations

import dataclasses

from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.solver.api import solve


def test_a_locked_thing_on_a_surface_keeps_its_support_and_surface() -> None:
    program = code(plan("a market stall with a basket on it and a crate next to it", complete=False))
    first = solve(program, seed=0, effort=0.1)
    placed = {o.id: o for o in first.objects}
    basket = next(o for o in program.objects if o.category == "basket")
    crate = next(o for o in program.objects if o.category == "crate")
    assert placed[basket.id].support == "market_stall_1" and placed[basket.id].support_surface == "counter_top"
    kept = [dataclasses.replace(o, locked=True, location=placed[o.id].location,
                                rotation_euler=placed[o.id].rotation_euler) if o.id in (basket.id, crate.id) else o
            for o in program.objects]
    again = {o.id: o for o in solve(dataclasses.replace(program, objects=kept), seed=1, effort=0.1).objects}
    assert again[basket.id].support == "market_stall_1", again[basket.id]
    assert again[basket.id].support_surface == "counter_top"
    assert again[crate.id].support == "ground"
