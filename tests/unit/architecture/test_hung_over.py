"""A thing hung on a wall over something standing at it (issue 13/14, class "on_wall"): "a mirror
on the wall above the sink", "a dresser under the mirror". Both share one wall, the hung thing
clears the top of what stands below, and under(thing, hung) is said as above(hung, thing)."""

from __future__ import annotations

from typing import Any

import pytest

from setdresser.blender_addon.core.architecture.mounting import complete_program
from setdresser.blender_addon.core.model import program_from_dict


def _program(objects: list[dict[str, Any]], constraints: list[dict[str, Any]]) -> Any:
    return complete_program(program_from_dict({
        "schema": "setdresser.program/2", "bounds": {"min": [-2, -2, 0], "max": [2, 2, 2.7]},
        "room": {"kind": "indoor", "height": 2.7}, "objects": objects, "constraints": constraints}))


MIRROR = {"id": "mirror_1", "category": "mirror", "dimensions": [0.6, 0.04, 0.9], "mount": "wall"}
DRESSER = {"id": "dresser_1", "category": "dresser", "dimensions": [1.2, 0.5, 1.1]}


def _by(program: Any) -> dict[tuple[str, str], Any]:
    return {(c.relation, c.args[0]): c for c in program.constraints}


@pytest.mark.parametrize("mirror_wall, dresser_wall, shared", [
    ("any", None, "north"),  # neither named: one wall for both
    ("east", None, "east"),  # the mirror's wall: the dresser stands there
    ("any", "west", "west"),  # the dresser's wall: the mirror hangs there
    ("any", "any", "north"),
])
def test_a_hung_thing_and_what_it_hangs_over_share_a_wall(mirror_wall: str, dresser_wall: str | None,
                                                         shared: str) -> None:
    constraints = [{"relation": "on_wall", "args": ["mirror_1"], "params": {"wall": mirror_wall}},
                   {"relation": "above", "args": ["mirror_1", "dresser_1"]}]
    if dresser_wall is not None:
        constraints.append({"relation": "against_wall", "args": ["dresser_1"], "params": {"wall": dresser_wall}})
    by = _by(_program([MIRROR, DRESSER], constraints))
    assert by[("on_wall", "mirror_1")].params["wall"] == shared
    assert by[("against_wall", "dresser_1")].params["wall"] == shared


def test_a_hung_thing_clears_the_top_of_what_it_hangs_over_unless_the_script_gives_its_height() -> None:
    """The mirror's typical centre height would put its bottom inside the 1.1 m dresser."""
    by = _by(_program([MIRROR, DRESSER], [{"relation": "on_wall", "args": ["mirror_1"], "params": {}},
                                          {"relation": "above", "args": ["mirror_1", "dresser_1"]}]))
    assert by[("on_wall", "mirror_1")].params["height"] - 0.9 / 2 >= 1.1
    by = _by(_program([MIRROR, DRESSER], [{"relation": "on_wall", "args": ["mirror_1"], "params": {"height": 1.2}},
                                          {"relation": "above", "args": ["mirror_1", "dresser_1"]}]))
    assert by[("on_wall", "mirror_1")].params["height"] == 1.2


def test_under_a_hung_thing_is_said_as_above() -> None:
    """"a dresser under the mirror": it cannot stand within a 4 cm deep frame's footprint; the
    mirror hangs over the dresser's instead, on the dresser's wall."""
    program = _program([MIRROR, DRESSER], [{"relation": "on_wall", "args": ["mirror_1"], "params": {"wall": "south"}},
                                           {"relation": "under", "args": ["dresser_1", "mirror_1"]}])
    triples = {(c.relation, c.args) for c in program.constraints}
    assert ("above", ("mirror_1", "dresser_1")) in triples and not any(r == "under" for r, _ in triples)
    assert _by(program)[("against_wall", "dresser_1")].params["wall"] == "south"


def test_under_a_table_stays_under() -> None:
    program = _program([{"id": "stool_1", "category": "stool", "dimensions": [0.4, 0.4, 0.45]},
                        {"id": "table_1", "category": "table", "dimensions": [1.2, 0.8, 0.75]}],
                       [{"relation": "under", "args": ["stool_1", "table_1"]}])
    assert [(c.relation, c.args) for c in program.constraints] == [("under", ("stool_1", "table_1"))]


def test_a_thing_that_does_not_back_onto_walls_is_not_stood_against_one_under_a_hung_thing() -> None:
    """Shelves above a bicycle: against_wall would turn the bicycle's back to the wall, sticking
    out 1.8 m; only things the knowledge base stands with their back to a wall get one."""
    program = _program([{"id": "shelf_1", "category": "wall shelf", "dimensions": [0.8, 0.22, 0.2], "mount": "wall"},
                        {"id": "bicycle_1", "category": "bicycle", "dimensions": [0.6, 1.8, 1.0]}],
                       [{"relation": "on_wall", "args": ["shelf_1"], "params": {"wall": "east"}},
                        {"relation": "above", "args": ["shelf_1", "bicycle_1"]}])
    assert not any(c.relation == "against_wall" for c in program.constraints)


def test_a_hung_thing_under_a_window_still_hangs_on_a_wall() -> None:
    """"a radiator below the window": under_window names the window, yet keeps the radiator only
    within 0.3 m of its wall; the radiator hangs flush (on_wall, at its mounting height) instead
    of floating off the wall at that height."""
    program = program_from_dict({
        "schema": "setdresser.program/2", "bounds": {"min": [-2, -2, 0], "max": [2, 2, 2.7]},
        "room": {"kind": "indoor", "height": 2.7, "openings": [
            {"id": "window_1", "kind": "window", "wall": "north", "width": 1.2, "height": 1.2, "sill": 0.9}]},
        "objects": [{"id": "radiator_1", "category": "radiator", "dimensions": [0.8, 0.1, 0.6], "mount": "wall"}],
        "constraints": [{"relation": "under_window", "args": ["radiator_1", "window_1"]}]})
    assert ("on_wall", "radiator_1") in _by(complete_program(program))


def _over_one(hung: list[dict[str, Any]], below: dict[str, Any]) -> dict[str, float]:
    constraints = [{"relation": "on_wall", "args": [h["id"]], "params": {"wall": "west"}} for h in hung]
    constraints += [{"relation": "above", "args": [h["id"], below["id"]]} for h in hung]
    program = _program(hung + [below], constraints)
    return {h["id"]: _by(program)[("on_wall", h["id"])].params["height"] for h in hung}


def test_hung_things_too_wide_to_sit_side_by_side_over_one_thing_hang_one_above_another() -> None:
    shelves = [{"id": f"wall_shelf_{k}", "category": "wall shelf", "dimensions": [0.9, 0.22, 0.04], "mount": "wall"}
               for k in (1, 2, 3)]
    heights = _over_one(shelves, {"id": "bicycle_1", "category": "bicycle", "dimensions": [0.6, 1.8, 1.0]})
    low, mid, high = (heights[f"wall_shelf_{k}"] for k in (1, 2, 3))
    assert low >= 1.0 + 0.02 + 0.05 - 1e-9  # clear of the bicycle
    assert abs(mid - low - 0.29) < 1e-9 and abs(high - mid - 0.29) < 1e-9  # a 0.25 m gap between 4 cm shelves


def test_hung_things_that_fit_side_by_side_over_one_thing_share_a_height() -> None:
    posters = [{"id": f"poster_{k}", "category": "poster", "dimensions": [0.5, 0.02, 0.7], "mount": "wall"}
               for k in (1, 2)]
    heights = _over_one(posters, {"id": "bed_1", "category": "bed", "dimensions": [1.6, 2.1, 0.6]})
    assert heights["poster_1"] == heights["poster_2"]
