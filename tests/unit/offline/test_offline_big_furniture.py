"""Placement that holds with realistic sizes (issue 14): a compass side of a long bed is a cone from
its middle, not a band level with its headboard; a thing in a corner keeps room for what stands
behind it; a thing turned toward something on a named wall faces that wall; a sofa of an L sees a
TV on a side wall from where it stands. Each is checked on the plan and on the solved layout."""

from __future__ import annotations

import math

import numpy as np
from setdresser.blender_addon.core.evaluation.checks import check_relation
from setdresser.blender_addon.core.evaluation.geometry import Box
from setdresser.blender_addon.core.model import Bounds
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.solver.api import solve
from setdresser.skill_library.base import Poses
from setdresser.skill_library.registry import default_registry

BED = ((0.0, 0.0, 0.0), 0.0, (1.0, 2.15, 1.0))  # a hospital bed, its head to the north (+Y)


def _holds(name: str, a: tuple, b: tuple, params: dict) -> bool:
    relation = default_registry().get(name)
    filled = {p.name: p.default for p in relation.spec.params} | params
    poses = Poses(np.array([[a[0], b[0]]], float), np.array([[a[1], b[1]]], float),
                  np.array([[a[2], b[2]]], float), None, None)
    return bool(relation.check(poses, (0, 1), filled)[0])


def _solved(prompt: str) -> tuple[dict, dict]:
    """(the layout's objects by id, the plan's relations as (name, args) -> params)."""
    graph = plan(prompt, complete=False)
    layout = solve(code(graph), seed=0, effort=1.0, prompt=prompt)
    rels = {(r.relation, tuple(graph.relation_args(r.id))): dict(r.params) for r in graph.relations}
    return {o.id: o for o in layout.objects}, rels


def _xy(obj) -> tuple[float, float]:
    return float(obj.location[0]), float(obj.location[1])


def _off_compass(a, b, direction: tuple[float, float]) -> float:
    """Degrees between the direction from b's centre to a's and ``direction``."""
    (ax, ay), (bx, by) = _xy(a), _xy(b)
    return math.degrees(abs(math.atan2((ax - bx) * direction[1] - (ay - by) * direction[0],
                                       (ax - bx) * direction[0] + (ay - by) * direction[1])))


# -- compass sides of a big object: a cone from its middle ----------------------------------------
def test_a_cone_keeps_west_of_a_long_bed_off_its_head_end() -> None:
    by_the_head = ((-0.8, 0.8, 0.0), 0.0, (0.5, 0.5, 1.9))  # beside the headboard: 45 deg from west
    by_the_middle = ((-0.85, 0.2, 0.0), 0.0, (0.5, 0.5, 1.9))
    assert _holds("left_of", by_the_head, BED, {"frame": "world"})  # the default: anywhere beyond the face
    assert not _holds("left_of", by_the_head, BED, {"frame": "world", "cone_deg": 40.0})
    assert _holds("left_of", by_the_middle, BED, {"frame": "world", "cone_deg": 40.0})
    ahead = ((0.45, -1.4, 0.0), 0.0, (0.5, 0.5, 0.9))  # in front of the bed's foot, but off toward a corner
    assert _holds("in_front_of", ahead, BED, {})
    assert not _holds("in_front_of", ahead, BED, {"cone_deg": 15.0})


def test_the_evaluator_reads_the_cone() -> None:
    bounds = Bounds((-3.0, -3.0, 0.0), (3.0, 3.0, 3.0))
    boxes = {"bed": Box("bed", "bed", 0.0, 0.0, 0.5, 1.075, 0.0, 0.0, 1.0),
             "stand": Box("stand", "iv stand", -0.8, 0.8, 0.25, 0.25, 0.0, 0.0, 1.9)}
    assert check_relation("left_of", ["stand", "bed"], {"frame": "world"}, boxes, bounds).holds
    assert not check_relation("left_of", ["stand", "bed"], {"frame": "world", "cone_deg": 40.0}, boxes, bounds).holds


def test_compass_sides_of_a_hospital_bed_are_east_and_west_of_its_middle() -> None:
    prompt = ("The patient's bed stands with its head against the north wall. A drip stand goes on the west side "
              "of the bed, and a monitor east of it.")
    objects, rels = _solved(prompt)
    bed = next(i for i in objects if "bed" in i)
    stand = next(i for i in objects if "stand" in i)
    monitor = next(i for i in objects if "monitor" in i)
    assert any(name == "left_of" and args == (stand, bed) and p.get("cone_deg", 90) < 45 for (name, args), p in
               rels.items())
    assert _off_compass(objects[stand], objects[bed], (-1.0, 0.0)) < 45.0
    assert _off_compass(objects[monitor], objects[bed], (1.0, 0.0)) < 45.0


# -- a thing in a corner keeps room for what stands behind it ---------------------------------------
def test_an_armchair_in_a_corner_keeps_room_for_the_lamp_behind_it() -> None:
    prompt = ("Put an armchair in the south-east corner, turned toward the middle of the room. Behind it stands "
              "a tall floor lamp.")
    objects, rels = _solved(prompt)
    gaps = [p.get("max_gap", 0.05) for (name, args), p in rels.items() if name == "in_corner"]
    assert gaps and gaps[0] >= 0.4  # the lamp's footprint
    chair = objects[next(i for i in objects if "armchair" in i)]
    lamp = objects[next(i for i in objects if "lamp" in i)]
    half = 0.85 / 2 * (abs(math.cos(chair.rotation_euler[2])) + abs(math.sin(chair.rotation_euler[2])))
    x, y = _xy(chair)
    assert 2.0 * half > 0.85  # turned, not square to the walls
    assert x > 0 and y < 0 and math.dist(_xy(lamp), (x, y)) < 1.2
    assert _off_compass(lamp, chair, (1.0, -1.0)) < 45.0  # the lamp is between the armchair and the corner


# -- a thing turned toward something on a named wall faces that wall --------------------------------
def test_facing_the_mirror_on_the_north_wall_is_facing_north_so_behind_is_south() -> None:
    prompt = ("A treadmill faces the big mirror on the north wall. Behind the treadmill there is a weight bench "
              "in the middle of the room.")
    objects, rels = _solved(prompt)
    tread = next(i for i in objects if "treadmill" in i)
    assert rels.get(("facing_direction", (tread,)), {}).get("direction") == "north"
    bench = next(i for i in objects if "bench" in i)
    assert _off_compass(objects[bench], objects[tread], (0.0, -1.0)) < 45.0


# -- a sofa of an L sees a TV on a side wall ---------------------------------------------------------
def test_both_sofas_of_an_l_see_the_tv_on_a_side_wall() -> None:
    prompt = ("Two sofas in an L shape in the south-east corner, a coffee table in front of them. The TV hangs on "
              "the west wall.")
    objects, rels = _solved(prompt)
    tv = objects["tv_1"]
    for sofa in ("sofa_1", "sofa_2"):
        yaw = objects[sofa].rotation_euler[2]
        front = (math.sin(yaw), -math.cos(yaw))
        assert _off_compass(tv, objects[sofa], front) < 60.0, sofa


# -- rows facing a big thing turned in a corner run across the view ---------------------------------
def test_two_rows_facing_a_piano_in_a_corner_stay_two_rows_across_the_view() -> None:
    prompt = ("A grand piano stands in the south-west corner, turned toward the middle of the room. Six chairs in "
              "two rows of three face the piano.")
    objects, rels = _solved(prompt)
    chairs = sorted(i for i in objects if i.startswith("chair"))
    assert len(chairs) == 6
    behind = [p for (name, args), p in rels.items() if name == "behind" and set(args) <= set(chairs)]
    assert len(behind) == 3 and all(p["cone_deg"] <= 10 for p in behind)
    facing = [p for (name, args), p in rels.items() if name == "facing" and args[0] in chairs]
    assert facing and all(p["tolerance_deg"] <= 15 for p in facing)
    piano = _xy(objects["grand_piano_1"])
    cx = sum(_xy(objects[c])[0] for c in chairs) / 6
    cy = sum(_xy(objects[c])[1] for c in chairs) / 6
    ux, uy = piano[0] - cx, piano[1] - cy
    norm = math.hypot(ux, uy)
    depth = sorted((_xy(objects[c])[0] * ux + _xy(objects[c])[1] * uy) / norm for c in chairs)
    assert depth[3] - depth[2] > 0.35 and depth[2] - depth[0] < 0.35 and depth[5] - depth[3] < 0.35  # 3 + 3


# -- reaches scaled by the things and the room ------------------------------------------------------
def test_a_compass_side_with_no_distance_reaches_by_the_things_sizes() -> None:
    near = plan("Put the treadmill against the south wall. To its east stands an exercise bike.", complete=False)
    far = plan("A big barn stands east of the farmhouse.", complete=False)
    close, apart = ([r.params["max_distance"] for r in g.relations if r.params.get("frame") == "world"]
                    for g in (near, far))
    assert close and max(close) <= 1.0  # beside it, not 2 m off
    assert apart and min(apart) >= 2.0  # buildings stand metres apart


def test_opposite_across_the_room_reaches_the_far_wall() -> None:
    prompt = "Sofa against the west wall, facing east. Hang the TV on the east wall opposite it."
    objects, rels = _solved(prompt)
    assert rels[("in_front_of", ("tv_1", "sofa_1"))]["max_distance"] >= 10.0
    tv = objects["tv_1"]
    assert tv.support == "east_wall" and _off_compass(tv, objects["sofa_1"], (1.0, 0.0)) < 30.0


def test_to_the_right_of_a_sofa_is_level_with_it_not_ahead_of_its_corner() -> None:
    sofa = ((0.0, 0.0, 0.0), 0.0, (1.8, 0.9, 0.85))  # facing -Y
    ahead = ((1.2, -0.9, 0.0), 0.0, (0.5, 0.5, 0.55))  # right of it (+X), but 0.9 m ahead of its middle
    assert _holds("right_of", ahead, sofa, {})  # no band unless given
    assert not _holds("right_of", ahead, sofa, {"lateral_margin": 0.3})
    assert _holds("right_of", ((1.2, -0.3, 0.0), 0.0, (0.5, 0.5, 0.55)), sofa, {"lateral_margin": 0.3})
    graph = plan("A sofa faces the TV on the north wall, and to its right a side table.", complete=False)
    sides = [r.params for r in graph.relations if r.relation == "right_of"]
    assert sides and all(p["lateral_margin"] <= 0.4 for p in sides)


# -- things kept level beside a thing: the band only for one thing a side, and wall for all --------
def test_one_thing_a_side_is_kept_level_a_row_along_the_side_is_not() -> None:
    rels = _planned("A desk to the left of the bed and a wardrobe to the right of the bed.")
    assert rels[("left_of", ("desk_1", "bed_1"))]["lateral_margin"] == 0.3
    rels = _planned("A garden path with four lamps on either side.")  # a row runs along the path
    assert not [p for (name, _), p in rels.items() if name in ("left_of", "right_of") and "lateral_margin" in p]


def test_the_room_has_wall_for_a_thing_and_its_level_neighbours() -> None:
    graph = plan("A desk to the left of the bed and a wardrobe to the right of the bed.", complete=False)
    program = code(graph)
    sizes = {o.id: o.dimensions for o in program.objects}
    run, bounds = sum(sizes[i][0] for i in ("desk_1", "bed_1", "wardrobe_1")), program.bounds
    assert bounds.max[0] - bounds.min[0] >= run  # bed, desk and wardrobe side by side at one wall


def test_a_tv_on_a_stand_at_a_wall_turns_with_the_stand() -> None:
    graph = plan("A sofa against the west wall and a TV on a TV stand facing the sofa.", complete=False)
    assert not [r for r in graph.relations if r.relation == "facing_direction" and "tv_1" in graph.relation_args(r.id)]
    graph = plan("A treadmill facing the mirror on the north wall.", complete=False)
    assert [r for r in graph.relations if r.relation == "facing_direction"]


def _planned(prompt: str) -> dict:
    """The plan's relations as (name, args) -> params (no solve)."""
    graph = plan(prompt, complete=False)
    return {(r.relation, tuple(graph.relation_args(r.id))): dict(r.params) for r in graph.relations}
