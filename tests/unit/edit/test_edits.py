"""Edit instructions -> program deltas (issue 17): each verb, untouched objects locked where
they stand, only the affected objects re-solved, physics valid after the edit."""

from __future__ import annotations

import math

import pytest

from setdresser.blender_addon.core.edit.delta import apply_edits
from setdresser.blender_addon.core.edit.instruction import parse_instruction
from setdresser.blender_addon.core.edit.run import plan_edit
from setdresser.blender_addon.core.edit.scene import scene_from_layout
from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.model import Constraint, ObjectSpec, Program
from setdresser.blender_addon.core.solver.api import solve

from .scenes import bedroom

LAYOUT = bedroom()
SCENE = scene_from_layout(LAYOUT, azimuth_deg=0.0)
PROGRAM = Program(objects=[ObjectSpec(o.id, o.category, o.dimensions) for o in LAYOUT.objects],
                  constraints=[Constraint("on_top_of", ("table_lamp_1", "nightstand_1")),
                               Constraint("on_top_of", ("book_1", "nightstand_2")),
                               Constraint("on_top_of", ("mug_1", "desk_1")),
                               Constraint("row", ("chair_1", "chair_2", "chair_3"))],
                  bounds=LAYOUT.bounds)


def edit(text: str):
    return apply_edits(PROGRAM, LAYOUT.objects, SCENE, parse_instruction(text, SCENE))


def solved(text: str):
    return plan_edit(PROGRAM, LAYOUT, text, lambda p, seed: solve(p, seed=seed, effort=1.667),
                     azimuth_deg=0.0)


def untouched_stay(result, moved: set[str]) -> None:
    before = LAYOUT.by_id()
    for obj in result.layout.objects:
        if obj.id in before and obj.id not in moved:
            assert obj.location == pytest.approx(before[obj.id].location, abs=1e-6), obj.id
            assert obj.rotation_euler[2] == pytest.approx(before[obj.id].rotation_euler[2], abs=1e-6), obj.id


@pytest.mark.parametrize("text, verb", [
    ("move the lamp from the left nightstand to the desk", "move"),
    ("please put the mug on the right nightstand", "move"),
    ("add a plant in the north east corner", "add"),
    ("put two books on the desk", "add"),
    ("remove the chair closest to the desk", "remove"),
    ("get rid of the mug", "remove"),
    ("replace the floor lamp with an armchair", "replace"),
    ("swap the nightstands", "swap"),
    ("swap the left chair with the right one", "swap"),
    ("turn the middle chair to face the bed", "rotate"),
    ("rotate the desk 90 degrees", "rotate"),
    ("make the bed bigger", "resize"),
    ("shrink the largest chair", "resize"),
    ("make the bed blue", "restyle"),
    ("paint the desk red", "restyle"),
])
def test_every_verb_parses(text: str, verb: str) -> None:
    (op,) = parse_instruction(text, SCENE)
    assert op.verb == verb


def test_two_clauses() -> None:
    ops = parse_instruction("remove the mug and move the middle chair next to the bed", SCENE)
    assert [o.verb for o in ops] == ["remove", "move"] and ops[1].target.noun == "chair"


def test_move_locks_everything_else_and_adds_a_hard_placement() -> None:
    out = edit("move the lamp from the left nightstand to the desk")
    assert out.affected == {"table_lamp_1"}
    specs = {o.id: o for o in out.program.objects}
    assert all(s.locked for i, s in specs.items() if i != "table_lamp_1") and not specs["table_lamp_1"].locked
    assert Constraint("on_top_of", ("table_lamp_1", "desk_1"), {}, hard=True) in out.program.constraints
    assert not any(c.args == ("table_lamp_1", "nightstand_1") for c in out.program.constraints)


def test_move_re_solves_only_the_moved_object_and_it_lands_on_the_desk() -> None:
    result = solved("move the lamp from the left nightstand to the desk")
    lamp = result.layout.by_id()["table_lamp_1"]
    assert lamp.support == "desk_1" and result.layout.checks.valid
    untouched_stay(result, {"table_lamp_1"})


def test_remove_cascades_to_what_stood_on_it() -> None:
    out = edit("remove the desk")
    assert set(out.removed) == {"desk_1", "mug_1"}
    assert not any("mug_1" in c.args or "desk_1" in c.args for c in out.program.constraints)


def test_remove_shrinks_a_group_relation() -> None:
    out = edit("remove the leftmost chair")
    assert Constraint("row", ("chair_2", "chair_3")) in out.program.constraints


def test_add_places_new_objects_and_keeps_the_rest() -> None:
    result = solved("add two books on the desk")
    new = [o for o in result.layout.objects if o.id.startswith("book_") and o.id != "book_1"]
    assert len(new) == 2 and all(o.support == "desk_1" for o in new)
    untouched_stay(result, set())


def test_replace_takes_over_the_relations() -> None:
    out = edit("replace the middle chair with a stool")
    assert "chair_2" in out.removed and any(c.relation == "row" and "stool_1" in c.args
                                            for c in out.program.constraints)


def test_swap_exchanges_poses() -> None:
    result = solved("swap the nightstands")
    by = result.layout.by_id()
    assert by["nightstand_1"].location[:2] == pytest.approx((1.2, 1.7), abs=1e-6)
    assert by["nightstand_2"].location[:2] == pytest.approx((-1.2, 1.7), abs=1e-6)
    assert by["table_lamp_1"].support == "nightstand_1" and by["table_lamp_1"].location[0] > 0.5
    untouched_stay(result, {"nightstand_1", "nightstand_2", "table_lamp_1", "book_1"})


def test_turn_to_face() -> None:
    result = solved("turn the middle chair to face the bed")
    chair = result.layout.by_id()["chair_2"]
    assert math.isclose(math.sin(chair.rotation_euler[2]), 0.0, abs_tol=1e-6)
    assert -math.cos(chair.rotation_euler[2]) > 0.99  # front (sin, -cos) points +Y, at the bed
    untouched_stay(result, {"chair_2"})


def test_resize_scales_and_keeps_the_spot() -> None:
    result = solved("make the largest chair smaller")
    chair = result.layout.by_id()["chair_3"]
    assert chair.dimensions == pytest.approx((0.56, 0.56, 0.8), abs=1e-6)


def test_restyle_records_a_colour() -> None:
    assert edit("paint the desk red").colors == {"desk_1": "red"}


def test_ambiguous_target_is_a_choice_for_the_solver_and_reported() -> None:
    result = solved("move the nightstand into the south west corner")
    (choice,) = result.choices.values()
    assert set(choice["candidates"]) == {"nightstand_1", "nightstand_2"}
    assert choice["chosen"] in choice["candidates"]


def test_ambiguous_target_with_ask_is_bad_input() -> None:
    with pytest.raises(BadInput, match="could be"):
        plan_edit(PROGRAM, LAYOUT, "remove the nightstand", lambda p, s: solve(p, seed=s), azimuth_deg=0.0, ask=True)


@pytest.mark.parametrize("text", ["dance the tango", "move the unicorn to the desk", "move the mug",
                                  "replace the chair", ""])
def test_unreadable_or_impossible_is_bad_input(text: str) -> None:
    with pytest.raises(BadInput):
        solved(text)
