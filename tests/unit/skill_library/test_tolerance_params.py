"""Tolerances are parameters (issue 15 item 7): a wall panel 15 deg off passes against_wall's
default 30 deg and fails when the script asks for 10 deg; the gap to the wall likewise; the
independent evaluator reads the same parameters; the prompts list them from the plugin's SPEC."""

from __future__ import annotations

import math

import numpy as np
import pytest
from setdresser.blender_addon.core.evaluation.checks import check_relation
from setdresser.blender_addon.core.evaluation.geometry import Box
from setdresser.blender_addon.core.model import Bounds
from setdresser.blender_addon.core.stages.catalog import default_catalog
from setdresser.skill_library.base import Poses
from setdresser.skill_library.registry import default_registry

BMIN, BMAX = np.array([-2.0, -2.0, 0.0]), np.array([2.0, 2.0, 2.7])


def _holds(name: str, pos: tuple, yaw: float, size: tuple, params: dict) -> bool:
    relation = default_registry().get(name)
    filled = {p.name: p.default for p in relation.spec.params} | params
    poses = Poses(np.array([[pos]], float), np.array([[yaw]], float), np.array([[size]], float), BMIN, BMAX)
    return bool(relation.check(poses, (0,), filled)[0])


# a 1.8 m board on the north wall (front -Y at yaw 0 = into the room) turned 15 deg: its box 1 cm off the wall
TURN = math.radians(15)
REACH = 0.9 * math.sin(TURN) + 0.025 * math.cos(TURN)  # half its box's extent along Y
PANEL = ((0.0, 2.0 - REACH - 0.01, 0.0), TURN, (1.8, 0.05, 1.2))


def test_against_wall_angle_and_gap_are_parameters() -> None:
    assert _holds("against_wall", *PANEL, {"wall": "north"})  # the default: 30 deg
    assert not _holds("against_wall", *PANEL, {"wall": "north", "tolerance_deg": 10.0})
    away = ((0.0, 2.0 - 0.2, 0.0), 0.0, (1.8, 0.05, 1.2))  # 17.5 cm off the wall
    assert not _holds("against_wall", *away, {"wall": "north"})
    assert _holds("against_wall", *away, {"wall": "north", "max_gap": 0.2})
    corner = ((2.0 - 0.5, 2.0 - 0.5, 0.0), 0.0, (0.6, 0.6, 1.0))  # 20 cm from both walls
    assert not _holds("in_corner", *corner, {"corner": "ne"})
    assert _holds("in_corner", *corner, {"corner": "ne", "max_gap": 0.25})


def test_the_evaluator_reads_the_same_tolerances() -> None:
    bounds = Bounds(tuple(BMIN), tuple(BMAX))
    panel = Box("board_1", "board", 0.0, 2.0 - REACH - 0.01, 0.9, 0.025, TURN, 0.0, 1.2)
    boxes = {"board_1": panel}
    assert check_relation("against_wall", ["board_1"], {"wall": "north"}, boxes, bounds).holds
    assert not check_relation("against_wall", ["board_1"], {"wall": "north", "tolerance_deg": 10.0}, boxes,
                              bounds).holds


def test_the_prompt_table_documents_every_parameter_from_the_plugins() -> None:
    catalog = default_catalog()
    text = catalog.prompt_text(["against_wall"])
    assert "tolerance_deg=30.0 in [0, 180]: largest angle (deg)" in text
    assert "max_gap=0.05 >= 0: largest distance (m)" in text
    registry = default_registry()
    for spec in registry.describe():  # generated from each plugin's own SPEC, not a hand-written list
        line = catalog.prompt_text([spec["name"]])
        assert f"\n- {spec['name']}(" in f"\n{line}" and spec["description"] in line
        assert all(_documented(line, p["name"]) for p in spec["params"] if not p.get("internal"))
        assert not any(_documented(line, p["name"]) for p in spec["params"] if p.get("internal"))  # filled in


def _documented(text: str, name: str) -> bool:
    """A parameter line of ``name`` in a relation's entry: ``name=default ...`` or ``name (type, ...)``."""
    return f"    {name}=" in text or f"    {name} (" in text


def test_the_documented_relation_table_is_generated_from_the_plugins() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, str(root / "scripts" / "relation_table.py"), "--check"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert default_catalog().prompt_text() in (root / "docs" / "relations.md").read_text()


def _line(offsets: list[tuple[float, float]]) -> Poses:
    n = len(offsets)
    return Poses(np.array([[(x, y, 0.0) for x, y in offsets]], float), np.zeros((1, n)),
                 np.full((1, n, 3), 0.3), BMIN, BMAX)


def _relation_holds(name: str, poses: Poses, params: dict) -> bool:
    relation = default_registry().get(name)
    filled = {p.name: p.default for p in relation.spec.params} | params
    return bool(relation.check(poses, tuple(range(poses.count)), filled)[0])


def test_alignment_row_and_grid_tolerances_are_parameters() -> None:
    zigzag = _line([(0.0, 0.0), (0.6, 0.25), (1.2, 0.0), (1.8, 0.25)])  # 12.5 cm off the best straight line
    assert not _relation_holds("row", zigzag, {}) and _relation_holds("row", zigzag, {"tolerance": 0.2})
    assert not _relation_holds("alignment", zigzag, {"axis": "y"})
    assert _relation_holds("alignment", zigzag, {"axis": "y", "tolerance": 0.26})
    uneven = _line([(0.0, 0.0), (0.6, 0.0), (1.4, 0.0), (2.0, 0.0)])  # gaps 0.6, 0.8, 0.6
    assert not _relation_holds("row", uneven, {}) and _relation_holds("row", uneven, {"gap_tolerance": 0.25})
    skewed = _line([(0.0, 0.0), (1.0, 0.3), (0.0, 1.0), (1.0, 1.0)])  # one corner 30 cm off: <= 16 cm from the fit
    assert not _relation_holds("grid", skewed, {"rows": 2, "cols": 2})
    assert _relation_holds("grid", skewed, {"rows": 2, "cols": 2, "tolerance": 0.2})
    bounds = Bounds(tuple(BMIN), tuple(BMAX))
    boxes = {f"o{k}": Box(f"o{k}", "box", x, y, 0.15, 0.15, 0.0, 0.0, 0.3)
             for k, (x, y) in enumerate([(0.0, 0.0), (0.6, 0.25), (1.2, 0.0), (1.8, 0.25)])}
    assert not check_relation("row", list(boxes), {}, boxes, bounds).holds
    assert check_relation("row", list(boxes), {"tolerance": 0.2}, boxes, bounds).holds


def test_centered_scaling_and_on_wall_tolerances_are_parameters() -> None:
    off_middle = Poses(np.array([[(0.6, 0.0, 0.0)]]), np.zeros((1, 1)), np.full((1, 1, 3), 0.5), BMIN, BMAX)
    assert not _relation_holds("centered", off_middle, {"axis": "x"})  # 60 cm > 10% of 4 m
    assert _relation_holds("centered", off_middle, {"axis": "x", "tolerance": 0.2})
    sizes = np.array([[(0.5, 0.5, 1.3), (0.5, 0.5, 1.0)]])
    pair = Poses(np.array([[(0.0, 0.0, 0.0), (1.0, 0.0, 0.0)]]), np.zeros((1, 2)), sizes, BMIN, BMAX)
    assert not _relation_holds("scaling", pair, {"ratio": 1.5})  # 1.3 vs 1.5: 13% off
    assert _relation_holds("scaling", pair, {"ratio": 1.5, "tolerance": 0.15})
    turned = math.radians(3)  # a clock hung on the north wall, 3 deg off facing the room: its back's ends
    reach = 0.15 * math.sin(turned) + 0.025 * math.cos(turned)  # within 2 cm of the wall
    clock = Poses(np.array([[(0.0, 2.0 - reach, 1.0)]]), np.array([[turned]]), np.array([[(0.3, 0.05, 0.3)]]),
                  BMIN, BMAX)
    assert _relation_holds("on_wall", clock, {"wall": "north"})
    assert not _relation_holds("on_wall", clock, {"wall": "north", "tolerance_deg": 2.0})


@pytest.mark.parametrize("width,degrees", [(1.8, 20.0), (1.2, 12.0), (0.6, 5.0)])
def test_a_thing_turned_off_its_wall_does_not_hang_on_it(width: float, degrees: float) -> None:
    """A board, a TV, a mirror turned off the wall with one end of its back touching it (its box
    touches the wall) hangs off the wall at the other end (a 1.2 m TV turned 12 deg: 0.25 m): not on it."""
    turned = math.radians(degrees)
    reach = width / 2 * math.sin(turned) + 0.025 * math.cos(turned)  # the box's far corner on the wall plane
    board = Poses(np.array([[(0.0, 2.0 - reach, 1.0)]]), np.array([[turned]]), np.array([[(width, 0.05, 1.0)]]),
                  BMIN, BMAX)
    assert not _relation_holds("on_wall", board, {"wall": "north"})
    flush = Poses(np.array([[(0.0, 2.0 - 0.025, 1.0)]]), np.zeros((1, 1)), np.array([[(width, 0.05, 1.0)]]),
                  BMIN, BMAX)
    assert _relation_holds("on_wall", flush, {"wall": "north"})


def test_a_hung_objects_against_wall_keeps_its_angle_tolerance_as_on_wall() -> None:
    from setdresser.blender_addon.core.architecture.mounting import complete_program
    from setdresser.blender_addon.core.model import program_from_dict

    program = program_from_dict({
        "schema": "setdresser.program/2", "bounds": {"min": [-2, -2, 0], "max": [2, 2, 2.7]},
        "room": {"kind": "indoor", "height": 2.7},
        "objects": [{"id": "tv_1", "category": "tv", "dimensions": [1.2, 0.08, 0.7], "mount": "wall"}],
        "constraints": [{"relation": "against_wall", "args": ["tv_1"],
                         "params": {"wall": "north", "tolerance_deg": 5}}]})
    (hung,) = complete_program(program).constraints
    assert hung.relation == "on_wall" and hung.params["wall"] == "north" and hung.params["tolerance_deg"] == 5


def _poses(items: list[tuple[tuple[float, float, float], float, tuple[float, float, float]]]) -> Poses:
    return Poses(np.array([[p for p, _, _ in items]], float), np.array([[y for _, y, _ in items]], float),
                 np.array([[s for _, _, s in items]], float), BMIN, BMAX)


def test_the_remaining_fixed_tolerances_are_parameters() -> None:
    """between's end margin, above/under's footprint margin, inside's, symmetric's and around's tolerances
    (issue 15 item 7, the rest): the old value is the default, a script may loosen or tighten it."""
    box = (0.3, 0.3, 0.3)
    near_end = _poses([((0.3, 0.0, 0.0), 0.0, box), ((0.0, 0.0, 0.0), 0.0, box), ((4.0, 0.0, 0.0), 0.0, box)])
    assert not _relation_holds("between", near_end, {})  # 7.5% of the way along: outside the middle 80%
    assert _relation_holds("between", near_end, {"end_margin": 0.05})
    lamp_off = _poses([((0.65, 0.0, 1.5), 0.0, (0.3, 0.3, 0.3)), ((0.0, 0.0, 0.0), 0.0, (1.0, 1.0, 0.7))])
    assert not _relation_holds("above", lamp_off, {}) and _relation_holds("above", lamp_off, {"margin": 0.2})
    rug_off = _poses([((0.58, 0.0, 0.0), 0.0, (0.3, 0.3, 0.02)), ((0.0, 0.0, 0.0), 0.0, (1.0, 1.0, 0.7))])
    assert not _relation_holds("under", rug_off, {}) and _relation_holds("under", rug_off, {"margin": 0.1})
    sticking = _poses([((0.0, 0.0, 0.0), 0.0, (1.04, 0.3, 0.3)), ((0.0, 0.0, 0.0), 0.0, (1.0, 1.0, 1.0))])
    assert not _relation_holds("inside", sticking, {}) and _relation_holds("inside", sticking, {"tolerance": 0.03})
    mirror = _poses([((-1.0, 0.0, 0.0), 0.3, box), ((1.15, 0.0, 0.0), -0.3, box), ((0.0, 0.0, 0.0), 0.0, box)])
    assert not _relation_holds("symmetric", mirror, {}) and _relation_holds("symmetric", mirror, {"tolerance": 0.2})
    turned = _poses([((-1.0, 0.0, 0.0), 0.3, box), ((1.0, 0.0, 0.0), -0.7, box), ((0.0, 0.0, 0.0), 0.0, box)])
    assert not _relation_holds("symmetric", turned, {})  # 23 deg off mirrored
    assert _relation_holds("symmetric", turned, {"tolerance_deg": 25.0})
    ring = [((1.0, 0.0, 0.0), 0.0), ((0.0, 1.15, 0.0), 0.0), ((-1.0, 0.0, 0.0), 0.0), ((0.0, -1.0, 0.0), 0.0)]
    around = _poses([(p, 0.0, box) for p, _ in ring] + [((0.0, 0.0, 0.0), 0.0, box)])
    assert not _relation_holds("around", around, {"facing": False, "radius": 1.0})  # one 15% out
    assert _relation_holds("around", around, {"facing": False, "radius": 1.0, "radius_tolerance": 0.2})
    aside = _poses([((0.7, -0.8, 0.0), 0.0, (0.5, 0.5, 0.9)), ((0.0, 0.0, 0.0), 0.0, (1.2, 0.6, 0.75))])
    assert not _relation_holds("in_front_of", aside, {})  # its centre 10 cm past the desk's side
    assert _relation_holds("in_front_of", aside, {"lateral_margin": 0.15})
    bounds = Bounds(tuple(BMIN), tuple(BMAX))
    desk = {"chair": Box("chair", "chair", 0.7, -0.8, 0.25, 0.25, 0.0, 0.0, 0.9),
            "desk": Box("desk", "desk", 0.0, 0.0, 0.6, 0.3, 0.0, 0.0, 0.75)}
    assert not check_relation("in_front_of", ["chair", "desk"], {}, desk, bounds).holds
    assert check_relation("in_front_of", ["chair", "desk"], {"lateral_margin": 0.15}, desk, bounds).holds
    boxes = {k: Box(k, "box", x, 0.0, 0.15, 0.15, 0.0, 0.0, 0.3) for k, x in (("a", 0.3), ("b", 0.0), ("c", 4.0))}
    assert not check_relation("between", ["a", "b", "c"], {}, boxes, bounds).holds
    assert check_relation("between", ["a", "b", "c"], {"end_margin": 0.05}, boxes, bounds).holds


def test_the_last_fixed_tolerances_are_parameters() -> None:
    """The side relations' 1 cm past the face, on_top_of's 2 cm, on_wall's 2 cm and grid's 10% on a given
    spacing (issue 15 leftovers): the old value is the default, a script may loosen or tighten it, the
    evaluator reads the same parameter."""
    box = (0.4, 0.4, 0.5)
    for name, x, y in (("left_of", -0.385, 0.0), ("right_of", 0.385, 0.0), ("in_front_of", 0.0, -0.385),
                       ("behind", 0.0, 0.385)):  # a's box reaches 1.5 cm back past b's face
        pair = _poses([((x, y, 0.0), 0.0, box), ((0.0, 0.0, 0.0), 0.0, box)])
        assert not _relation_holds(name, pair, {}), name
        assert _relation_holds(name, pair, {"face_tolerance": 0.02}), name
        apart = _poses([((x + np.sign(x) * 0.03, y + np.sign(y) * 0.03, 0.0), 0.0, box), ((0.0, 0.0, 0.0), 0.0, box)])
        assert _relation_holds(name, apart, {"face_tolerance": 0.0}), name  # 1.5 cm clear of the face
    bounds = Bounds(tuple(BMIN), tuple(BMAX))
    boxes = {"a": Box("a", "box", -0.385, 0.0, 0.2, 0.2, 0.0, 0.0, 0.5),
             "b": Box("b", "box", 0.0, 0.0, 0.2, 0.2, 0.0, 0.0, 0.5)}
    assert not check_relation("left_of", ["a", "b"], {}, boxes, bounds).holds
    assert check_relation("left_of", ["a", "b"], {"face_tolerance": 0.02}, boxes, bounds).holds
    floating = _poses([((0.0, 0.0, 0.78), 0.0, (0.2, 0.2, 0.3)), ((0.0, 0.0, 0.0), 0.0, (1.0, 0.6, 0.75))])
    assert not _relation_holds("on_top_of", floating, {})  # 3 cm above the top
    assert _relation_holds("on_top_of", floating, {"height_tolerance": 0.04})
    cup = {"cup": Box("cup", "cup", 0.0, 0.0, 0.1, 0.1, 0.0, 0.78, 0.9),
           "desk": Box("desk", "desk", 0.0, 0.0, 0.5, 0.3, 0.0, 0.0, 0.75)}
    assert not check_relation("on_top_of", ["cup", "desk"], {}, cup, bounds).holds
    assert check_relation("on_top_of", ["cup", "desk"], {"height_tolerance": 0.04}, cup, bounds).holds
    off_wall = _poses([((0.0, 2.0 - 0.025 - 0.03, 1.0), 0.0, (0.8, 0.05, 0.6))])  # back 3 cm off the north wall
    assert not _relation_holds("on_wall", off_wall, {"wall": "north"})
    assert _relation_holds("on_wall", off_wall, {"wall": "north", "max_gap": 0.04})
    stretched = _line([(0.0, 0.0), (1.13, 0.0), (0.0, 1.0), (1.13, 1.0)])  # steps 1.13 and 1.0 for spacing 1.0
    assert not _relation_holds("grid", stretched, {"rows": 2, "cols": 2, "spacing": 1.0})
    assert _relation_holds("grid", stretched, {"rows": 2, "cols": 2, "spacing": 1.0, "spacing_tolerance": 0.15})


def test_the_new_tolerances_are_bounded_shown_and_checked_before_solving() -> None:
    import pytest
    from setdresser.skill_library.errors import ProgramError
    from setdresser.skill_library.binding import bind_params

    registry = default_registry()
    for name, param in (("left_of", "face_tolerance"), ("right_of", "face_tolerance"),
                        ("in_front_of", "face_tolerance"), ("behind", "face_tolerance"),
                        ("on_top_of", "height_tolerance"), ("on_wall", "max_gap"), ("grid", "spacing_tolerance"),
                        ("stacked", "height_tolerance")):
        relation = registry.get(name)
        spec = next(p for p in relation.spec.params if p.name == param)
        assert spec.minimum == 0.0 and spec.maximum is not None, (name, param)
        text = default_catalog().prompt_text([name])
        assert f"    {param}={float(spec.default)} in [0, {spec.maximum:g}]" in text, text
        n_args = 1 if name == "on_wall" else 4 if name == "grid" else 3 if name == "stacked" else 2
        for bad in (-0.01, spec.maximum + 0.01):
            with pytest.raises(ProgramError, match=param):
                bind_params(relation, n_args, {param: bad}, f"{name}(...)")


def test_stacked_height_tolerance_is_a_parameter() -> None:
    """stacked's 2 cm between each object's bottom and the top below was fixed (issue 15 leftovers): a
    pile of crates with a 3 cm gap fails by default and holds at height_tolerance 0.04; the evaluator
    reads the same parameter; a pile without it places and checks as before (the default)."""
    crate = (0.5, 0.5, 0.5)
    pile = _poses([((0.0, 0.0, 0.0), 0.0, crate), ((0.0, 0.0, 0.53), 0.0, crate), ((0.0, 0.0, 1.03), 0.0, crate)])
    assert not _relation_holds("stacked", pile, {})
    assert _relation_holds("stacked", pile, {"height_tolerance": 0.04})
    assert not _relation_holds("stacked", pile, {"height_tolerance": 0.0})
    assert default_registry().get("stacked").spec.version == 2
    bounds = Bounds(tuple(BMIN), tuple(BMAX))
    boxes = {k: Box(k, "crate", 0.0, 0.0, 0.25, 0.25, 0.0, z, z + 0.5) for k, z in (("a", 0.0), ("b", 0.53), ("c", 1.03))}
    assert not check_relation("stacked", list(boxes), {}, boxes, bounds).holds
    assert check_relation("stacked", list(boxes), {"height_tolerance": 0.04}, boxes, bounds).holds
    flush = {k: Box(k, "crate", 0.0, 0.0, 0.25, 0.25, 0.0, z, z + 0.5) for k, z in (("a", 0.0), ("b", 0.51))}
    assert check_relation("stacked", list(flush), {}, flush, bounds).holds
