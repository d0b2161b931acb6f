"""Figures sit on seats (issue 13): a person resting on a chair's, a bench's or a sofa's seat gets
the knowledge base's seated box and is solved onto the seat; anyone else keeps standing."""

from __future__ import annotations

import pytest
from setdresser.blender_addon.core.architecture.mounting import complete_program
from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver.api import solve

STANDING = [0.5, 0.3, 1.75]


def _program(constraints: list[dict], seat: str = "chair", seat_dims: tuple = (0.46, 0.52, 0.9)) -> dict:
    return {"schema": "setdresser.program/2", "bounds": {"min": [-2, -2, 0], "max": [2, 2, 2.7]},
            "room": {"kind": "indoor", "height": 2.7},
            "objects": [{"id": "person_1", "category": "person", "dimensions": STANDING},
                        {"id": "seat_1", "category": seat, "dimensions": list(seat_dims)},
                        {"id": "table_1", "category": "table", "dimensions": [1.2, 0.8, 0.75]}],
            "constraints": constraints}


def _dims(program: dict, oid: str = "person_1") -> tuple[float, ...]:
    completed = complete_program(program_from_dict(program))
    return tuple(next(o for o in completed.objects if o.id == oid).dimensions)


def test_a_person_on_a_seat_takes_the_seated_box() -> None:
    sit = load_knowledge().postures["sit"]
    dims = _dims(_program([{"relation": "on_top_of", "args": ["person_1", "seat_1"]}]))
    assert dims == pytest.approx((0.5 * sit.width, 1.75 * sit.depth, 1.75 * sit.height), abs=1e-3)
    assert dims[2] < 1.0 and dims[1] < 0.52  # on the chair's seat, not a standing box on it
    bench = _dims(_program([{"relation": "on_top_of", "args": ["person_1", "seat_1"], "params": {"surface": "seat"}}],
                           seat="park bench", seat_dims=(1.6, 0.6, 0.8)))
    assert bench == pytest.approx(dims, abs=1e-3)


@pytest.mark.parametrize("constraints", [
    [{"relation": "proximity", "args": ["person_1", "seat_1"]}],
    [{"relation": "on_top_of", "args": ["person_1", "table_1"]}],  # a table has no seat: standing on it
    [],
])
def test_anyone_else_keeps_standing(constraints: list[dict]) -> None:
    assert _dims(_program(constraints)) == pytest.approx(tuple(STANDING))


def test_seating_is_idempotent_and_keeps_a_seated_box() -> None:
    program = _program([{"relation": "on_top_of", "args": ["person_1", "seat_1"]}])
    once = complete_program(program_from_dict(program))
    twice = complete_program(once)
    assert [o.dimensions for o in once.objects] == [o.dimensions for o in twice.objects]


def test_a_seated_person_is_solved_onto_the_seat() -> None:
    program = _program([{"relation": "on_top_of", "args": ["person_1", "seat_1"]},
                        {"relation": "proximity", "args": ["seat_1", "table_1"], "params": {"max_distance": 0.5}}])
    layout = solve(program_from_dict(program), seed=0, time_budget=5.0).to_dict()
    by_id = {o["id"]: o for o in layout["objects"]}
    person, chair = by_id["person_1"], by_id["seat_1"]
    seat = load_knowledge().lookup("chair").surface("seat", chair["dimensions"])
    assert person["location"][2] == pytest.approx(seat.height, abs=0.02)
    assert person["dimensions"][2] < 1.0 and person.get("mount") == "surface"
    assert all(c["satisfied"] for c in layout["constraints"])
    assert not any(layout["checks"].values())


def test_a_seated_figure_faces_where_its_seat_faces() -> None:
    program = _program([{"relation": "on_top_of", "args": ["person_1", "seat_1"]},
                        {"relation": "around", "args": ["seat_1", "table_1"], "params": {"facing": True}}])
    completed = complete_program(program_from_dict(program))
    assert any(c.relation == "facing" and c.args == ("person_1", "table_1") for c in completed.constraints)
    alone = complete_program(program_from_dict(_program([{"relation": "on_top_of", "args": ["person_1", "seat_1"]}])))
    assert not any(c.relation == "facing" for c in alone.constraints)


def test_people_at_a_table_take_its_free_chairs() -> None:
    program = {"schema": "setdresser.program/2", "bounds": {"min": [-2, -2, 0], "max": [2, 2, 2.7]},
               "room": {"kind": "indoor", "height": 2.7},
               "objects": [{"id": "person_1", "category": "person", "dimensions": STANDING},
                           {"id": "person_2", "category": "person", "dimensions": STANDING},
                           {"id": "person_3", "category": "person", "dimensions": STANDING},
                           {"id": "table_1", "category": "cafe table", "dimensions": [0.8, 0.8, 0.75]},
                           {"id": "chair_1", "category": "chair", "dimensions": [0.46, 0.52, 0.9]},
                           {"id": "chair_2", "category": "chair", "dimensions": [0.46, 0.52, 0.9]}],
               "constraints": [{"relation": "proximity", "args": [f"person_{k}", "table_1"]} for k in (1, 2, 3)]
               + [{"relation": "in_front_of", "args": ["chair_1", "table_1"]},
                  {"relation": "behind", "args": ["chair_2", "table_1"]},
                  {"relation": "facing", "args": ["chair_1", "table_1"]},
                  {"relation": "facing", "args": ["chair_2", "table_1"]}]}
    completed = complete_program(program_from_dict(program))
    seated = {c.args for c in completed.constraints if c.relation == "on_top_of"}
    assert seated == {("person_1", "chair_1"), ("person_2", "chair_2")}  # two chairs: the third stands
    dims = {o.id: o.dimensions for o in completed.objects}
    assert dims["person_1"][2] < 1.0 and dims["person_3"] == pytest.approx(tuple(STANDING))
    square = {c.args for c in completed.constraints if c.relation == "parallel" and c.params["tolerance_deg"] <= 5}
    assert square == seated
    layout = solve(completed, seed=0, time_budget=5.0).to_dict()
    assert all(c["satisfied"] for c in layout["constraints"]) and not any(layout["checks"].values())
    program["objects"][0]["category"] = "waiter"  # a waiter at a table serves it, on their feet
    waiter = complete_program(program_from_dict(program))
    assert {c.args for c in waiter.constraints if c.relation == "on_top_of"} == {("person_2", "chair_1"),
                                                                                ("person_3", "chair_2")}


def test_completing_twice_adds_nothing_more() -> None:
    once = complete_program(program_from_dict(_program([{"relation": "on_top_of", "args": ["person_1", "seat_1"]}])))
    assert len(complete_program(once).constraints) == len(once.constraints)
