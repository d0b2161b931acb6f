"""What the text stands along one wall fits that wall (solver triage #3 and #4, program11): a room
the text did not size grows along a wall whose run is longer; a room of a stated size keeps it and
the wall's group of like things narrows; more like things than walls hold stand in rows."""

from __future__ import annotations

from setdresser.blender_addon.core.model import Bounds, Constraint, ObjectSpec
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.coding.coder import code
from setdresser.blender_addon.core.offline.coding.wall_runs import fit_wall_runs, grow_for_runs, run_length, runs


def _at(program, wall: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.args[0] for c in program.constraints if c.relation == "against_wall" and c.params.get("wall") == wall]


def test_a_stated_room_keeps_its_size_and_the_counters_along_a_wall_narrow_to_fit_it() -> None:
    text = "Three counters stand against the north wall, and the fridge stands against the north wall too."
    program, unsized = code(plan("A 4 by 3 metre kitchen. " + text)), code(plan("A kitchen. " + text))
    assert (program.bounds.max[0] - program.bounds.min[0], program.bounds.max[1] - program.bounds.min[1]) == (4.0, 3.0)
    sizes = {o.id: o.dimensions for o in program.objects}
    north = _at(program, "north")
    assert {"counter_1", "counter_2", "counter_3", "fridge_1"} <= set(north)
    assert sum(sizes[a][0] for a in north) <= 4.0
    full = {o.id: o.dimensions for o in unsized.objects}  # unsized: the room grows, nothing narrows
    assert sizes["fridge_1"] == full["fridge_1"] and sizes["counter_1"][0] < full["counter_1"][0]
    assert unsized.bounds.max[0] - unsized.bounds.min[0] >= sum(full[a][0] for a in _at(unsized, "north"))


def test_a_room_of_no_stated_size_grows_along_the_wall_its_run_needs() -> None:
    objects = [ObjectSpec(f"table_{k}", "table", (1.0, 1.0, 0.75)) for k in (1, 2, 3)]
    objects += [ObjectSpec(f"chair_{k}", "chair", (0.5, 0.5, 0.9)) for k in range(1, 7)]
    constraints = [Constraint("against_wall", (f"table_{k}",), {"wall": "east"}) for k in (1, 2, 3)]
    constraints += [Constraint("left_of" if k % 2 else "right_of", (f"chair_{k}", f"table_{(k + 1) // 2}"))
                    for k in range(1, 7)]
    sizes = {o.id: o.dimensions for o in objects}
    assert run_length(runs(constraints, sizes)["east"]) == 3 * 2.1 + 2 * 0.05 + 0.6
    grown = grow_for_runs(Bounds((-2.0, -2.0, 0.0), (2.0, 2.0, 3.0)), constraints, sizes)
    assert grown.max[0] == 2.0 and grown.max[1] * 2 >= 7.0  # the east wall runs along y
    fit_wall_runs(objects, constraints, Bounds((-2.0, -2.0, 0.0), (2.0, 2.0, 3.0)))
    assert objects[0].dimensions[0] < 1.0 and objects[3].dimensions == (0.5, 0.5, 0.9)  # the tables narrow


def test_a_run_that_fits_is_left_alone() -> None:
    objects = [ObjectSpec("desk_1", "desk", (1.4, 0.7, 0.75))]
    constraints = [Constraint("against_wall", ("desk_1",), {"wall": "north"})]
    bounds = Bounds((-2.0, -2.0, 0.0), (2.0, 2.0, 3.0))
    assert grow_for_runs(bounds, constraints, {"desk_1": (1.4, 0.7, 0.75)}) is bounds
    fit_wall_runs(objects, constraints, bounds)
    assert objects[0].dimensions == (1.4, 0.7, 0.75)


def test_more_desks_than_the_walls_hold_stand_in_rows_not_each_against_a_wall() -> None:
    program = code(plan("a classroom with a blackboard and 20 desks"))
    desks = [o.id for o in program.objects if o.category == "desk"]
    assert len(desks) == 20
    assert not [c for c in program.constraints if c.relation == "against_wall" and c.args[0] in desks]
    grids = [c for c in program.constraints if c.relation == "grid"]
    assert grids and set(desks) <= set(grids[0].args)


def test_a_few_wardrobes_still_stand_against_the_walls() -> None:
    program = code(plan("a bedroom with two wardrobes"))
    wardrobes = [o.id for o in program.objects if o.category == "wardrobe"]
    walled = {c.args[0] for c in program.constraints if c.relation == "against_wall"}
    assert wardrobes and set(wardrobes) <= walled


def test_a_flanked_door_leaves_room_for_its_flank_and_the_corner_thing_at_its_end() -> None:
    """A speaker in the south-east corner and a plant on either side of the door on the south wall:
    the door's end of the wall holds the speaker and a plant side by side (triage #8: the door stood
    where only one of them fitted)."""
    program = code(plan("A studio. Put a small speaker in the southeast corner and a potted plant on either side "
                        "of the door on the south wall."))
    sizes = {o.id: max(o.dimensions[:2]) for o in program.objects}
    (door,) = [o for o in program.room.openings if o.kind == "door"]
    free = program.bounds.max[0] - (door.offset + door.width / 2)
    assert door.wall == "south" and free >= sizes["speaker_1"] + sizes["potted_plant_1"]
