"""Seats around a long table, or a table against a wall, sit along its free sides (seating.py);
left/right phrases mean beside; the coder fits carried things and spaces rows with side things."""

from __future__ import annotations

import math

import numpy as np
import pytest
from planned import triples

from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.offline.distributions.seating import SIDE_GAP, TableSetting, table_setting
from setdresser.blender_addon.core.solver.api import solve
from setdresser.skill_library import geometry as geo


@pytest.mark.parametrize("count, length, depth, seat, expected", [
    (4, 1.4, 0.8, 0.45, TableSetting(2, 2, 0, 0)),  # two on each long side
    (6, 2.7, 0.9, 0.45, TableSetting(2, 2, 1, 1)),  # and one at each end
    (5, 2.7, 0.9, 0.45, TableSetting(2, 2, 1, 0)),  # an odd count: one at the head
    (12, 2.7, 0.9, 0.45, TableSetting(4, 4, 2, 2)),  # full sides: the rest at the ends
    (12, 2.7, 0.9, 0.62, TableSetting(4, 4, 2, 2)),  # wide office chairs: closer together
])
def test_a_long_table_is_set_along_its_sides_then_its_ends(count: int, length: float, depth: float, seat: float,
                                                           expected: TableSetting) -> None:
    assert table_setting(count, length, depth, seat) == expected


def test_a_table_at_a_wall_is_set_from_its_ends_and_never_behind() -> None:
    assert table_setting(2, 0.64, 0.64, 0.45, back_free=False) == TableSetting(0, 0, 1, 1)
    assert table_setting(3, 1.4, 0.8, 0.45, back_free=False) == TableSetting(1, 0, 1, 1)
    assert table_setting(1, 1.4, 0.8, 0.45, back_free=False) == TableSetting(1, 0, 0, 0)


def test_too_many_seats_keep_the_ring() -> None:
    assert table_setting(30, 1.4, 0.8, 0.45) is None
    found = triples(plan("Thirty chairs around a table."))
    assert any(name == "around" for name, _ in found)


def test_a_round_table_keeps_its_ring_and_a_long_one_gets_rows() -> None:
    assert any(name == "around" for name, _ in triples(plan("Six chairs around a round table.")))
    found = triples(plan("Eight chairs around a long table."))
    assert not any(name == "around" for name, _ in found)
    rows = [args for name, args in found if name == "row"]
    assert sorted(len(r) for r in rows) == [3, 3]
    sides = {name for name, args in found if args[-1:] == ("table_1",) and name != "facing"}
    assert {"in_front_of", "behind", "left_of", "right_of", "parallel", "perpendicular"} <= sides


@pytest.mark.slow
@pytest.mark.parametrize("prompt", ["Eight chairs around a long table.",
                                    "A rectangular dining table with ten chairs around it."])
def test_seats_at_a_long_table_stand_by_it_square_to_it(prompt: str) -> None:
    program = code(plan(prompt))
    table = next(o.id for o in program.objects if "table" in o.category)
    for seed in (0, 1):
        layout = solve(program, seed=seed, effort=3.333)
        assert layout.checks.valid and all(c.satisfied for c in layout.constraints)
        placed = {o.id: o for o in layout.objects}

        def box(oid: str) -> tuple[np.ndarray, float, np.ndarray]:
            o = placed[oid]
            return np.array(o.location), o.rotation_euler[2], np.array(o.dimensions)

        for seat in (o for o in placed if o.startswith("chair")):
            assert float(geo.xy_gap(*box(seat), *box(table))) <= SIDE_GAP + 0.01
            turn = math.degrees(placed[seat].rotation_euler[2] - placed[table].rotation_euler[2]) % 90
            assert min(turn, 90 - turn) <= 10.0  # square to the table: parallel or perpendicular


def test_left_and_right_mean_beside_unless_measured() -> None:
    for prompt in ("A lamp to the left of the sofa.", "A sofa with a lamp to its right.", "A lamp left of the sofa."):
        graph = plan(prompt)
        rel = next(r for r in graph.relations if r.relation in ("left_of", "right_of"))
        assert rel.params == {"max_distance": 0.5, "lateral_margin": 0.3}, prompt  # beside it, level with it
    graph = plan("A chair 2 m to the left of the desk.")
    left = next(r for r in graph.relations if r.relation == "left_of")
    assert left.params == {"max_distance": 2.0, "lateral_margin": 0.3}


def test_a_carried_thing_fits_the_top_it_stands_on() -> None:
    program = code(plan("A bookshelf with a plant on top of it."))
    sizes = {o.category: o.dimensions for o in program.objects}
    assert sorted(sizes["plant"][:2]) <= sorted(sizes["bookshelf"][:2])
    assert all(a <= b for a, b in zip(sorted(sizes["plant"][:2]), sorted(sizes["bookshelf"][:2])))


def test_a_row_makes_room_for_what_stands_at_its_members_sides() -> None:
    program = code(plan("Three round tables in a row against the north wall, each with two chairs."))
    row = next(c for c in program.constraints if c.relation == "row")
    sizes = {o.id: o.dimensions for o in program.objects}
    table, chair = sizes[row.args[0]], sizes["chair_1"]
    assert row.params["spacing"] >= max(table[:2]) + 2 * max(chair[:2])


@pytest.mark.parametrize("prompt, expected", [
    ("A dining room with a long table and six chairs around it.", ("left_of", ("chair_5", "table_1"))),
    ("In the corner stands a floor lamp, and next to it an armchair.", ("proximity", ("armchair_1", "floor_lamp_1"))),
    ("A row of three houses and a mailbox in front of each house.", ("in_front_of", ("mailbox_3", "house_3"))),
    ("Two bookcases side by side with an armchair in front of each.", ("in_front_of", ("armchair_2", "bookcase_2"))),
    ("A garden with a bird bath next to a bench.", ("proximity", ("bird_bath_1", "bench_1"))),
    ("A stage with a drum kit in the middle.", ("on_top_of", ("drum_kit_1", "stage_1"))),
    ("A rug with two armchairs on it.", ("overlap", ("armchair_1", "rug_1"))),
    ("A fireplace and an armchair facing the fire.", ("facing", ("armchair_1", "fireplace_1"))),
    ("A stack of plates on the table and a cup next to the stack.", ("proximity", ("cup_1", "plate_1"))),
    ("A lamp on each side of the sofa, standing on side tables.", ("left_of", ("side_table_1", "sofa_1"))),
])
def test_held_out_phrasings(prompt: str, expected: tuple[str, tuple[str, ...]]) -> None:
    graph = plan(prompt)
    assert expected in {(r.relation, graph.relation_args(r.id)) for r in graph.relations}
    assert graph.unparsed == []
