"""Every relation checker of the evaluator on constructed layouts whose answer is known:
one where the relation holds and one where it fails (CONTRACTS §5 tolerances)."""

from __future__ import annotations

import math

import pytest

from setdresser.blender_addon.core.evaluation.checks import check_relation, known_relations
from setdresser.blender_addon.core.evaluation.geometry import boxes_of
from setdresser.blender_addon.core.model import Bounds, layout_from_dict
from setdresser.tests.benchmark.layouts import facing_yaw, layout, obj

BOUNDS = Bounds((-3.0, -3.0, 0.0), (3.0, 3.0, 3.0))
DESK = obj("desk_1", "desk", 0.0, 0.0, (1.4, 0.7, 0.75))
CUBE = (0.4, 0.4, 0.4)


def check(relation: str, args: tuple[str, ...], objects: list[dict], **params):
    boxes = boxes_of(layout_from_dict(layout(objects)).objects)
    return check_relation(relation, args, params, boxes, BOUNDS)


def ring(n: int, radius: float, facing: bool = True, jitter: float = 0.0) -> list[dict]:
    items = []
    for i in range(n):
        angle = 2 * math.pi * i / n + (jitter if i == 0 else 0.0)
        x, y = radius * math.cos(angle), radius * math.sin(angle)
        items.append(obj(f"chair_{i + 1}", "chair", x, y, (0.4, 0.4, 0.9),
                         yaw=facing_yaw(x, y, 0, 0) if facing else 0.0))
    return items


CASES = {
    # relation: (args, holding objects, failing objects, params)
    "on_top_of": (("lamp_1", "desk_1"), [DESK, obj("lamp_1", "lamp", 0.3, 0.1, (0.3, 0.3, 0.5), z=0.75)],
                  [DESK, obj("lamp_1", "lamp", 0.3, 0.1, (0.3, 0.3, 0.5), z=0.85)], {}),
    "stacked": (("a", "b", "c"), [obj("a", "box", 0, 0, CUBE), obj("b", "box", 0.05, 0, CUBE, z=0.4),
                                  obj("c", "box", 0, 0.05, CUBE, z=0.8)],
                [obj("a", "box", 0, 0, CUBE), obj("b", "box", 0.05, 0, CUBE, z=0.4), obj("c", "box", 1, 0, CUBE)], {}),
    "under": (("cat_1", "desk_1"), [DESK, obj("cat_1", "cat", 0.1, 0.0, (0.3, 0.2, 0.3))],
              [DESK, obj("cat_1", "cat", 1.5, 0.0, (0.3, 0.2, 0.3))], {}),
    "above": (("clock_1", "desk_1"), [DESK, obj("clock_1", "clock", 0.0, 0.0, (0.3, 0.1, 0.3), z=1.5)],
              [DESK, obj("clock_1", "clock", 0.0, 0.0, (0.3, 0.1, 0.3), z=0.5)], {"min_gap": 0.2}),
    "inside": (("ball_1", "box_1"), [obj("box_1", "box", 0, 0, (0.6, 0.6, 0.6)), obj("ball_1", "ball", 0.1, 0, CUBE)],
               [obj("box_1", "box", 0, 0, (0.6, 0.6, 0.6)), obj("ball_1", "ball", 0.3, 0, CUBE)], {}),
    "proximity": (("a", "b"), [obj("a", "box", 0, 0, CUBE), obj("b", "box", 0.9, 0, CUBE)],
                  [obj("a", "box", 0, 0, CUBE), obj("b", "box", 1.6, 0, CUBE)], {"max_distance": 1.0}),
    "far_from": (("a", "b"), [obj("a", "box", -2, 0, CUBE), obj("b", "box", 1, 0, CUBE)],
                 [obj("a", "box", 0, 0, CUBE), obj("b", "box", 1.5, 0, CUBE)], {}),
    "facing": (("chair_1", "desk_1"), [DESK, obj("chair_1", "chair", 0.3, -1.0, CUBE, yaw=math.pi)],
               [DESK, obj("chair_1", "chair", 0.3, -1.0, CUBE, yaw=0.0)], {}),
    "in_front_of": (("chair_1", "desk_1"), [DESK, obj("chair_1", "chair", 0.2, -0.8, CUBE)],
                    [DESK, obj("chair_1", "chair", 0.2, 0.8, CUBE)], {}),
    "behind": (("shelf_1", "desk_1"), [DESK, obj("shelf_1", "bookshelf", 0.0, 1.0, CUBE)],
               [DESK, obj("shelf_1", "bookshelf", 0.0, -1.0, CUBE)], {}),
    "left_of": (("lamp_1", "desk_1"), [DESK, obj("lamp_1", "lamp", -1.2, 0.0, CUBE)],
                [DESK, obj("lamp_1", "lamp", 1.2, 0.0, CUBE)], {}),
    "right_of": (("lamp_1", "desk_1"), [DESK, obj("lamp_1", "lamp", 1.2, 0.0, CUBE)],
                 [DESK, obj("lamp_1", "lamp", -1.2, 0.0, CUBE)], {}),
    "between": (("t", "a", "b"), [obj("a", "box", -2, 0, CUBE), obj("b", "box", 2, 0, CUBE), obj("t", "box", 0, 0.2, CUBE)],
                [obj("a", "box", -2, 0, CUBE), obj("b", "box", 2, 0, CUBE), obj("t", "box", 2.5, 0, CUBE)], {}),
    "alignment": (("a", "b", "c"), [obj("a", "box", 0, 0, CUBE), obj("b", "box", 0.02, 1, CUBE), obj("c", "box", 0, 2, CUBE)],
                  [obj("a", "box", 0, 0, CUBE), obj("b", "box", 0.2, 1, CUBE), obj("c", "box", 0, 2, CUBE)],
                  {"axis": "x"}),
    "parallel": (("a", "b"), [obj("a", "sofa", 0, 0, CUBE, yaw=0.1), obj("b", "bench", 0, 2, CUBE, yaw=0.1 + math.pi)],
                 [obj("a", "sofa", 0, 0, CUBE), obj("b", "bench", 0, 2, CUBE, yaw=0.5)], {}),
    "perpendicular": (("a", "b"), [obj("a", "desk", 0, 0, CUBE), obj("b", "shelf", 2, 0, CUBE, yaw=math.pi / 2)],
                      [obj("a", "desk", 0, 0, CUBE), obj("b", "shelf", 2, 0, CUBE, yaw=0.3)], {}),
    "symmetric": (("a", "b", "f"), [obj("f", "fireplace", 0, 2, CUBE), obj("a", "armchair", -1, 0, CUBE, yaw=0.4),
                                    obj("b", "armchair", 1, 0, CUBE, yaw=-0.4)],
                  [obj("f", "fireplace", 0, 2, CUBE), obj("a", "armchair", -1, 0, CUBE, yaw=0.4),
                   obj("b", "armchair", 1, 0.5, CUBE, yaw=-0.4)], {}),
    "row": (tuple(f"c{i}" for i in range(4)), [obj(f"c{i}", "chair", i * 0.8, 0.0, CUBE) for i in range(4)],
            [obj(f"c{i}", "chair", i * 0.8 + (0.3 if i == 2 else 0), 0.0, CUBE) for i in range(4)], {}),
    "grid": (tuple(f"b{i}" for i in range(6)),
             [obj(f"b{i}", "box", (i % 3) * 0.8, (i // 3) * 0.8, CUBE) for i in range(6)],
             [obj(f"b{i}", "box", (i % 3) * 0.8 + (0.4 if i == 4 else 0), (i // 3) * 0.8, CUBE) for i in range(6)],
             {"rows": 2, "cols": 3}),
    "around": (("chair_1", "chair_2", "chair_3", "chair_4", "t"), ring(4, 1.2) + [obj("t", "table", 0, 0, CUBE)],
               ring(4, 1.2, jitter=0.8) + [obj("t", "table", 0, 0, CUBE)], {}),
    "hierarchy": (("a", "b", "c"), [obj("a", "box", 0, 0, (0.6,) * 3), obj("b", "box", 1, 0, (0.5,) * 3),
                                    obj("c", "box", 2, 0, (0.4,) * 3)],
                  [obj("a", "box", 0, 0, (0.6,) * 3), obj("b", "box", 1, 0, (0.7,) * 3), obj("c", "box", 2, 0, (0.4,) * 3)],
                  {"key": "volume"}),
    "scaling": (("a", "b"), [obj("a", "cabinet", 0, 0, (0.5, 0.5, 1.6)), obj("b", "cabinet", 1, 0, (0.5, 0.5, 0.8))],
                [obj("a", "cabinet", 0, 0, (0.5, 0.5, 1.2)), obj("b", "cabinet", 1, 0, (0.5, 0.5, 0.8))], {"ratio": 2.0}),
    "overlap": (("t", "r"), [obj("r", "rug", 0, 0, (2, 1.5, 0.01)), obj("t", "table", 0.2, 0, (1, 0.6, 0.45))],
                [obj("r", "rug", 0, 0, (2, 1.5, 0.01)), obj("t", "table", 1.4, 0, (1, 0.6, 0.45))], {}),
    "against_wall": (("bed_1",), [obj("bed_1", "bed", 0, 2.0, (1.6, 2.0, 0.5))],
                     [obj("bed_1", "bed", 0, 1.5, (1.6, 2.0, 0.5))], {"wall": "north"}),
    "in_corner": (("p",), [obj("p", "plant", 2.78, -2.78, CUBE)], [obj("p", "plant", 2.78, 0.0, CUBE)], {"corner": "se"}),
    "centered": (("t",), [obj("t", "table", 0.3, -0.2, CUBE)], [obj("t", "table", 1.5, 0.0, CUBE)], {}),
}


def test_every_relation_of_the_vocabulary_is_tested_here() -> None:
    assert set(CASES) == set(known_relations())
    assert len(CASES) == 26


@pytest.mark.parametrize("relation", sorted(CASES))
def test_relation_holds_on_the_layout_built_for_it(relation: str) -> None:
    args, holding, _, params = CASES[relation]
    result = check(relation, args, holding, **params)
    assert result.holds, result.reason
    assert result.score == 1.0
    assert f"(ID: {args[0]})" in result.reason


@pytest.mark.parametrize("relation", sorted(CASES))
def test_relation_fails_on_the_broken_layout(relation: str) -> None:
    args, _, failing, params = CASES[relation]
    result = check(relation, args, failing, **params)
    assert not result.holds, result.reason
    assert 0.0 <= result.score < 1.0


def test_against_wall_needs_the_front_turned_into_the_room() -> None:
    back_to_room = obj("bed_1", "bed", 0, 2.0, (1.6, 2.0, 0.5), yaw=math.pi)
    assert not check("against_wall", ("bed_1",), [back_to_room], wall="north").holds


def test_rotated_anchor_changes_what_in_front_means() -> None:
    turned_desk = obj("desk_1", "desk", 0.0, 0.0, (1.4, 0.7, 0.75), yaw=math.pi / 2)  # front = +X
    chair = obj("chair_1", "chair", 1.0, 0.0, CUBE)
    assert check("in_front_of", ("chair_1", "desk_1"), [turned_desk, chair]).holds
    assert not check("in_front_of", ("chair_1", "desk_1"), [turned_desk, chair], frame="world").holds


def test_unknown_relation_and_unknown_id_are_reported_not_raised() -> None:
    unknown = check("custom:cosy", ("desk_1",), [DESK])
    assert not unknown.checked and "no independent checker" in unknown.reason
    missing = check("on_top_of", ("lamp_9", "desk_1"), [DESK])
    assert missing.checked and not missing.holds and "(ID: lamp_9)" in missing.reason
    wrong_arity = check("between", ("desk_1",), [DESK])
    assert not wrong_arity.checked


def test_room_relations_without_bounds_fail_with_a_reason() -> None:
    boxes = boxes_of(layout_from_dict(layout([DESK], bounds=None)).objects)
    result = check_relation("against_wall", ("desk_1",), {}, boxes, None)
    assert not result.holds and "no bounds" in result.reason


def test_row_spacing_reads_as_centre_distance_or_free_gap() -> None:
    chairs = [obj(f"c{i}", "chair", i * 0.8, 0.0, CUBE) for i in range(4)]
    ids = tuple(f"c{i}" for i in range(4))
    assert check("row", ids, chairs, spacing=0.8).holds  # centre to centre
    assert check("row", ids, chairs, spacing=0.4).holds  # free gap between 0.4 m cubes
    assert not check("row", ids, chairs, spacing=1.5).holds


def test_against_wall_allows_the_facing_tolerance_of_thirty_degrees() -> None:
    def turned(degrees: float) -> dict:
        half = 0.2 * (math.sin(math.radians(degrees)) + math.cos(math.radians(degrees)))  # turned 0.4 m cube
        return obj("bed_1", "bed", 0, 3.0 - half - 0.02, CUBE, yaw=math.radians(degrees))

    assert check("against_wall", ("bed_1",), [turned(25)], wall="north").holds
    assert not check("against_wall", ("bed_1",), [turned(40)], wall="north").holds
