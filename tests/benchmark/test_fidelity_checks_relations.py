"""Fidelity checks between objects and about groups: for each kind a hand-made layout that
says what the check says passes, and a copy with one planted defect of that kind fails;
then the quantifiers."""

from __future__ import annotations

import math
from typing import Any

import pytest

from setdresser.tests.benchmark.fidelity_cases import (BED, CHAIR, DESK, EAST, LAMP, NORTH, SOFA, SOUTH, TABLE, WEST,
                                                       judge)
from setdresser.tests.benchmark.layouts import facing_yaw, obj

SMALL = (0.3, 0.3, 0.4)
NIGHT = (0.5, 0.45, 0.55)
BOOKCASE = (0.9, 0.35, 1.8)


def ring(category: str, n: int, radius: float, centre=(0.0, 0.0), inward: bool = True, arc: float = 360.0,
         start: float = 0.0) -> list[dict[str, Any]]:
    """n objects on a circle (or an arc of ``arc`` degrees), facing the centre (or away)."""
    step = arc / (n if arc >= 360 else n - 1)
    out = []
    for i in range(n):
        a = math.radians(start + i * step)
        x, y = centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)
        yaw = facing_yaw(x, y, *centre) + (0 if inward else math.pi)
        out.append(obj(f"{category}_{i}", category, x, y, CHAIR, yaw=yaw))
    return out


def stack(sizes: list[float], category: str = "crate") -> list[dict[str, Any]]:
    out, z = [], 0.0
    for i, s in enumerate(sizes):
        out.append(obj(f"{category}_{i}", category, 0, 0, (s, s, s), z=z))
        z += s
    return out


def pyramid(layers: list[int], size: float = 0.5) -> list[dict[str, Any]]:
    out = []
    for level, n in enumerate(layers):
        for i in range(n):
            x = (i - (n - 1) / 2) * size
            out.append(obj(f"box_{level}_{i}", "box", x, 0, (size, size, size), z=level * size))
    return out


TABLE_ONE = obj("t", "table", 0, 0, TABLE)
DESK_ONE = obj("d", "desk", 0, 0, DESK)                 # faces south: its front is -Y
BED_N = obj("b", "bed", 0, 1.95, BED)                    # headboard north, foot south
ARM = obj("a", "armchair", 0, 0, CHAIR)                 # faces south

CASES: list[tuple[str, dict[str, Any], list, list]] = [
    ("on the top", {"kind": "on", "what": "lamp", "target": "desk"},
     [DESK_ONE, obj("l", "lamp", 0.4, 0, SMALL, z=0.75)], [DESK_ONE, obj("l", "lamp", 1.2, 0, SMALL)]),
    ("on a top below a raised back, resting on it", {"kind": "on", "what": "kettle", "target": "stove"},
     [obj("s", "stove", 0, 0, (0.6, 0.6, 0.9)), obj("k", "kettle", 0, 0, SMALL, z=0.82, support="s")],
     [obj("s", "stove", 0, 0, (0.6, 0.6, 0.9)), obj("k", "kettle", 0, 0, SMALL, z=0.82)]),
    ("on a sofa is on its seat", {"kind": "on", "what": "cat", "target": "sofa"},
     [obj("s", "sofa", 0, 0, SOFA), obj("c", "cat", 0.5, 0, (0.4, 0.2, 0.3), z=0.45)],
     [obj("s", "sofa", 0, 0, SOFA), obj("c", "cat", 0.5, 0, (0.4, 0.2, 0.3), z=0.2)]),
    ("on the seat, not the backrest", {"kind": "on", "what": "cushion", "target": "sofa", "surface": "seat"},
     [obj("s", "sofa", 0, 0, SOFA), obj("c", "cushion", 0.5, 0, (0.4, 0.15, 0.4), z=0.45)],
     [obj("s", "sofa", 0, 0, SOFA), obj("c", "cushion", 0.5, 0, (0.4, 0.15, 0.4), z=0.85)]),
    ("on the named shelf (v2)", {"kind": "on", "what": "book", "target": "bookshelf", "surface": "shelf_2"},
     [obj("s", "bookshelf", 0, 2.8, BOOKCASE), obj("k", "book", 0, 2.8, (0.2, 0.15, 0.25), z=0.45, support="s",
                                                  support_surface="shelf_2")],
     [obj("s", "bookshelf", 0, 2.8, BOOKCASE), obj("k", "book", 0, 2.8, (0.2, 0.15, 0.25), z=0.05, support="s",
                                                  support_surface="shelf_1")]),
    ("on the second shelf (v1 heights)", {"kind": "on", "what": "book", "target": "bookshelf", "surface": "shelf_2"},
     [obj("s", "bookshelf", 0, 2.8, BOOKCASE), obj("k", "book", 0, 2.8, (0.2, 0.15, 0.25), z=0.45, support="s")],
     [obj("s", "bookshelf", 0, 2.8, BOOKCASE), obj("k", "book", 0, 2.8, (0.2, 0.15, 0.25), z=1.8, support="s")]),
    ("near", {"kind": "near", "what": "dog", "target": "sofa", "max": 0.5},
     [obj("s", "sofa", 0, 0, SOFA), obj("d", "dog", 1.3, 0, (0.3, 0.7, 0.5))],
     [obj("s", "sofa", 0, 0, SOFA), obj("d", "dog", 2.5, 0, (0.3, 0.7, 0.5))]),
    ("far", {"kind": "far", "what": "tent", "target": "campfire", "min": 2.0},
     [obj("f", "campfire", 0, 0, (0.8, 0.8, 0.4)), obj("t", "tent", 4, 0, (2, 2, 1.3))],
     [obj("f", "campfire", 0, 0, (0.8, 0.8, 0.4)), obj("t", "tent", 1.5, 0, (2, 2, 1.3))]),
    ("in front, in the target's frame", {"kind": "in_front", "what": "chair", "target": "desk", "max": 0.6},
     [DESK_ONE, obj("c", "chair", 0, -0.8, CHAIR, yaw=NORTH)], [DESK_ONE, obj("c", "chair", 0, 0.8, CHAIR)]),
    ("behind", {"kind": "behind", "what": "lamp", "target": "armchair", "max": 0.6},
     [ARM, obj("l", "floor lamp", 0, 0.5, LAMP)], [ARM, obj("l", "floor lamp", 0, -0.6, LAMP)]),
    ("left, as seen facing the target", {"kind": "left_of", "what": "side_table", "target": "armchair", "max": 0.5},
     [ARM, obj("s", "side table", -0.7, 0, SMALL)], [ARM, obj("s", "side table", 0.7, 0, SMALL)]),
    ("right, as seen facing the target", {"kind": "right_of", "what": "side_table", "target": "armchair"},
     [ARM, obj("s", "side table", 0.7, 0, SMALL)], [ARM, obj("s", "side table", -0.7, 0, SMALL)]),
    ("beside", {"kind": "beside", "what": "lamp", "target": "desk", "max": 0.5},
     [DESK_ONE, obj("l", "lamp", 1.1, 0, LAMP)], [DESK_ONE, obj("l", "lamp", 0, -1.2, LAMP)]),
    ("on either side", {"kind": "flank", "what": "nightstand", "target": "bed", "max": 0.4},
     [BED_N, obj("n1", "nightstand", -1.1, 2.7, NIGHT), obj("n2", "nightstand", 1.1, 2.7, NIGHT)],
     [BED_N, obj("n1", "nightstand", -1.1, 2.7, NIGHT), obj("n2", "nightstand", -1.7, 2.7, NIGHT)]),
    ("between", {"kind": "between", "what": "coffee_table", "target": "armchair"},
     [obj("a1", "armchair", -1.5, 0, CHAIR), obj("a2", "armchair", 1.5, 0, CHAIR), obj("c", "coffee table", 0, 0, SMALL)],
     [obj("a1", "armchair", -1.5, 0, CHAIR), obj("a2", "armchair", 1.5, 0, CHAIR), obj("c", "coffee table", 0, 2, SMALL)]),
    ("opposite", {"kind": "opposite", "what": "tv", "target": "bed"},
     [BED_N, obj("t", "tv", 0, -2.96, (1.2, 0.08, 0.7), yaw=NORTH, z=1.0)],
     [BED_N, obj("t", "tv", 2.96, 1.95, (1.2, 0.08, 0.7), yaw=WEST, z=1.0)]),
    ("under", {"kind": "under", "what": "cat", "target": "table"},
     [TABLE_ONE, obj("c", "cat", 0.1, 0, (0.25, 0.5, 0.3))], [TABLE_ONE, obj("c", "cat", 1.2, 0, (0.25, 0.5, 0.3))]),
    ("above", {"kind": "above", "what": "painting", "target": "sofa"},
     [obj("s", "sofa", 0, 2.5, SOFA), obj("p", "painting", 0, 2.97, (0.9, 0.05, 0.6), z=1.3)],
     [obj("s", "sofa", 0, 2.5, SOFA), obj("p", "painting", 2.2, 2.97, (0.9, 0.05, 0.6), z=1.3)]),
    ("facing", {"kind": "facing", "what": "chair", "target": "desk"},
     [DESK_ONE, obj("c", "chair", 0, -0.8, CHAIR, yaw=NORTH)], [DESK_ONE, obj("c", "chair", 0, -0.8, CHAIR)]),
    ("same facing", {"kind": "same_facing", "what": "laptop", "target": "lantern"},
     [obj("l", "laptop", 0, 0, SMALL, yaw=EAST), obj("f", "flashlight", 1, 0, SMALL, yaw=EAST)],
     [obj("l", "laptop", 0, 0, SMALL, yaw=EAST), obj("f", "flashlight", 1, 0, SMALL, yaw=WEST)]),
    ("parallel", {"kind": "parallel", "what": "car", "target": "car", "quant": "all"},
     [obj("c1", "car", 0, 0, (1.8, 4.4, 1.5)), obj("c2", "car", 2.5, 0, (1.8, 4.4, 1.5), yaw=math.pi)],
     [obj("c1", "car", 0, 0, (1.8, 4.4, 1.5)), obj("c2", "car", 2.5, 0, (1.8, 4.4, 1.5), yaw=0.6)]),
    ("taller", {"kind": "taller", "what": "cabinet", "target": "dresser"},
     [obj("c", "cabinet", 0, 0, (0.8, 0.4, 1.8)), obj("d", "dresser", 1, 0, (0.8, 0.4, 0.9))],
     [obj("c", "cabinet", 0, 0, (0.8, 0.4, 0.8)), obj("d", "dresser", 1, 0, (0.8, 0.4, 0.9))]),
    ("nothing on it", {"kind": "nothing_on", "target": "desk"},
     [DESK_ONE], [DESK_ONE, obj("l", "laptop", 0, 0, (0.35, 0.25, 0.03), z=0.75)]),
    ("distance", {"kind": "distance", "what": "vase", "target": "table", "max": 0.3},
     [TABLE_ONE, obj("v", "vase", 0.1, 0, SMALL, z=0.75)], [TABLE_ONE, obj("v", "vase", 0.5, 0, SMALL, z=0.75)]),
    ("over", {"kind": "over", "what": "coffee_table", "target": "rug"},
     [obj("r", "rug", 0, 0, (2, 1.4, 0.01)), obj("c", "coffee table", 0, 0, (1, 0.6, 0.45), z=0.01)],
     [obj("r", "rug", 0, 0, (2, 1.4, 0.01)), obj("c", "coffee table", 2, 0, (1, 0.6, 0.45))]),
    ("inside", {"kind": "inside", "what": "food", "target": "bowl"},
     [obj("b", "bowl", 0, 0, (0.3, 0.3, 0.12)), obj("f", "apple", 0.02, 0, (0.08, 0.08, 0.08), z=0.02)],
     [obj("b", "bowl", 0, 0, (0.3, 0.3, 0.12)), obj("f", "apple", 0.5, 0, (0.08, 0.08, 0.08))]),
    ("to the compass side of", {"kind": "direction_of", "what": "fridge", "target": "stove", "dir": "east"},
     [obj("s", "stove", 0, 2.7, (0.6, 0.6, 0.9)), obj("f", "fridge", 1.5, 2.7, (0.7, 0.7, 1.8))],
     [obj("s", "stove", 0, 2.7, (0.6, 0.6, 0.9)), obj("f", "fridge", -1.5, 2.7, (0.7, 0.7, 1.8))]),
    ("on the left half", {"kind": "on_side", "what": "lamp", "target": "desk", "side": "left"},
     [DESK_ONE, obj("l", "lamp", -0.6, 0, SMALL, z=0.75)], [DESK_ONE, obj("l", "lamp", 0.6, 0, SMALL, z=0.75)]),
    ("at an end", {"kind": "at_end", "what": "lamp", "target": "bench"},
     [obj("b", "bench", 0, 0, (1.6, 0.4, 0.45)), obj("l", "lamp", 1.0, 0.1, SMALL)],
     [obj("b", "bench", 0, 0, (1.6, 0.4, 0.45)), obj("l", "lamp", 0.1, -0.6, SMALL)]),
    ("at each end", {"kind": "at_end", "what": "cushion", "target": "sofa", "both": True},
     [obj("s", "sofa", 0, 0, SOFA, yaw=NORTH), obj("c1", "cushion", -0.8, 0, SMALL, z=0.45),
      obj("c2", "cushion", 0.8, 0, SMALL, z=0.45)],
     [obj("s", "sofa", 0, 0, SOFA, yaw=NORTH), obj("c1", "cushion", -0.8, 0, SMALL, z=0.45),
      obj("c2", "cushion", -0.4, 0, SMALL, z=0.45)]),
    ("around", {"kind": "around", "what": "chair", "target": "table", "n": 4},
     [TABLE_ONE] + ring("chair", 4, 0.85),
     [TABLE_ONE] + [obj(f"c{i}", "chair", x, -0.7, CHAIR, yaw=NORTH) for i, x in enumerate((-0.9, -0.3, 0.3, 0.9))]),
    ("three on each side", {"kind": "per_side", "what": "chair", "target": "table", "n": 3, "long": True},
     [obj("t", "table", 0, 0, (2.4, 0.9, 0.75))] + [obj(f"c{i}{s}", "chair", x, s * 0.75, CHAIR, yaw=SOUTH if s > 0 else NORTH)
                                                     for i, x in enumerate((-0.8, 0, 0.8)) for s in (1, -1)],
     [obj("t", "table", 0, 0, (2.4, 0.9, 0.75))] + [obj(f"c{i}", "chair", x, 0.75, CHAIR)
                                                     for i, x in enumerate((-1.05, -0.35, 0.35, 1.05))]
     + [obj(f"d{i}", "chair", x, -0.75, CHAIR, yaw=NORTH) for i, x in enumerate((-0.5, 0.5))]),
    ("a row along a wall", {"kind": "row", "what": "chair", "wall": "west", "even": True},
     [obj(f"c{i}", "chair", -2.7, -2 + i * 0.8, CHAIR, yaw=EAST) for i in range(6)],
     [obj(f"c{i}", "chair", -2.7 + (i % 2) * 0.9, -2 + i * 0.8, CHAIR, yaw=EAST) for i in range(6)]),
    ("rows facing a stage", {"kind": "rows", "what": "chair", "rows": 2, "per_row": 4, "target": "stage"},
     [obj("s", "stage", 0, 2.4, (3, 1.2, 0.4))] + [obj(f"c{r}{i}", "chair", -1.5 + i, -r, CHAIR, yaw=NORTH)
                                                   for r in range(2) for i in range(4)],
     [obj("s", "stage", 0, 2.4, (3, 1.2, 0.4))] + [obj(f"c{r}{i}", "chair", -r * 1.2, -2 + i * 0.8, CHAIR, yaw=NORTH)
                                                   for r in range(2) for i in range(4)]),
    ("a grid", {"kind": "grid", "what": "table", "rows": 2, "cols": 2},
     [obj(f"t{i}{j}", "table", i * 2.0, j * 2.0, (0.8, 0.8, 0.75)) for i in range(2) for j in range(2)],
     [obj(f"t{i}", "table", -1.5 + i * 1.0, 0, (0.8, 0.8, 0.75)) for i in range(4)]),
    ("a circle facing in", {"kind": "circle", "what": "chair", "inward": True},
     ring("chair", 8, 1.5), ring("chair", 8, 1.5, inward=False)),
    ("a semicircle", {"kind": "semicircle", "what": "chair"},
     ring("chair", 6, 1.8, arc=180, start=-90), ring("chair", 6, 1.8)),
    ("an L shape", {"kind": "l_shape", "what": "sofa"},
     [obj("s1", "sofa", 0, 0, SOFA), obj("s2", "sofa", 1.45, 1.0, SOFA, yaw=WEST)],
     [obj("s1", "sofa", 0, 0, SOFA), obj("s2", "sofa", 0, 1.45, SOFA, yaw=WEST)]),
    ("a pyramid", {"kind": "pyramid", "what": "box", "layers": [3, 2, 1]}, pyramid([3, 2, 1]), pyramid([1, 1, 1, 1, 1, 1])),
    ("a stack, largest at the bottom", {"kind": "stack", "what": "crate", "n": 3, "order": "largest_bottom"},
     stack([0.8, 0.6, 0.4]), stack([0.4, 0.6, 0.8])),
    ("a stack, not a row", {"kind": "stack", "what": "crate", "n": 3},
     stack([0.5, 0.5, 0.5]), [obj(f"c{i}", "crate", i * 0.6, 0, (0.5, 0.5, 0.5)) for i in range(3)]),
    ("sizes vary", {"kind": "varied", "what": "planet"},
     [obj("p1", "planet", 0, 0, (1, 1, 1)), obj("p2", "planet", 3, 0, (2, 2, 2))],
     [obj("p1", "planet", 0, 0, (1, 1, 1)), obj("p2", "planet", 3, 0, (1, 1, 1))]),
]


@pytest.mark.parametrize("name, spec, good, bad", CASES, ids=[c[0] for c in CASES])
def test_the_good_layout_passes(name: str, spec: dict, good: list, bad: list) -> None:
    ok, detail = judge(spec, good)
    assert ok, f"{name}: {detail}"


@pytest.mark.parametrize("name, spec, good, bad", CASES, ids=[c[0] for c in CASES])
def test_the_planted_defect_fails(name: str, spec: dict, good: list, bad: list) -> None:
    ok, detail = judge(spec, bad)
    assert not ok, f"{name}: the defect passed ({detail})"


def test_quantifiers() -> None:
    desk_chairs = [DESK_ONE, obj("c1", "chair", 0, -0.8, CHAIR, yaw=NORTH), obj("c2", "chair", 2, -0.8, CHAIR)]
    spec = {"kind": "facing", "what": "chair", "target": "desk"}
    assert judge(spec, desk_chairs)[0]
    assert not judge({**spec, "quant": "all"}, desk_chairs)[0]
    four = desk_chairs + [obj("c3", "chair", -0.5, -0.9, CHAIR, yaw=NORTH), obj("c4", "chair", 0.5, -0.9, CHAIR, yaw=NORTH)]
    assert judge({**spec, "quant": "most"}, four)[0]
    assert not judge({**spec, "quant": "most"}, four[:3] + [obj("c5", "chair", 2, 1, CHAIR)])[0]
    stands = [BED_N, obj("n1", "nightstand", -1.1, 2.7, NIGHT), obj("n2", "nightstand", 1.1, 2.7, NIGHT)]
    lamps = {"kind": "on", "what": "lamp", "target": "nightstand", "quant": "each_target"}
    one_lamp = stands + [obj("l1", "lamp", -1.1, 2.7, SMALL, z=0.55)]
    assert judge({**lamps, "quant": "any"}, one_lamp)[0]
    assert not judge(lamps, one_lamp)[0]
    assert judge(lamps, one_lamp + [obj("l2", "lamp", 1.1, 2.7, SMALL, z=0.55)])[0]


def test_a_relation_with_a_missing_object_fails_and_says_which() -> None:
    ok, detail = judge({"kind": "on", "what": "lamp", "target": "desk"}, [DESK_ONE])
    assert not ok and detail == "no lamp"


def test_one_each_wants_a_subject_of_its_own_for_every_target() -> None:
    desks = [obj("d1", "desk", -0.55, 0, (1.0, 0.6, 0.75)), obj("d2", "desk", 0.55, 0, (1.0, 0.6, 0.75))]
    spec = {"kind": "near", "what": "chair", "target": "desk", "max": 0.5, "quant": "one_each"}
    shared = desks + [obj("c", "chair", 0, -0.6, CHAIR, yaw=NORTH)]
    assert judge({**spec, "quant": "each_target"}, shared)[0]
    ok, detail = judge(spec, shared)
    assert not ok and "1 of 2" in detail
    assert judge(spec, shared + [obj("c2", "chair", 0.6, -0.7, CHAIR, yaw=NORTH)])[0]
