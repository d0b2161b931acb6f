"""Every benchmark scorer on a layout built by hand to satisfy its prompt (score 1) and on
broken copies of it (an object missing; an object moved away): scores fall below 1."""

from __future__ import annotations

import copy
import math

import pytest

from setdresser.blender_addon.core.evaluation.checks import known_relations
from setdresser.tests.benchmark.layouts import facing_yaw, layout, obj
from setdresser.tests.benchmark.prompts import CASES, case

PI, HALF = math.pi, math.pi / 2
ROOM = ((-3, -3, 0), (3, 3, 3))
CHAIR, STOOL = (0.45, 0.5, 0.9), (0.4, 0.4, 0.75)
DESK = (1.4, 0.7, 0.75)


def ring(prefix: str, category: str, n: int, cx: float, cy: float, radius: float, dims, start: float = 0.0):
    items = []
    for i in range(n):
        angle = start + 2 * PI * i / n
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        items.append(obj(f"{prefix}_{i + 1}", category, x, y, dims, yaw=facing_yaw(x, y, cx, cy)))
    return items


def grid(prefix: str, category: str, xs, ys, dims, yaw: float = 0.0):
    return [obj(f"{prefix}_{i + 1}", category, x, y, dims, yaw=yaw)
            for i, (y, x) in enumerate((y, x) for y in ys for x in xs)]


def stack(prefix: str, category: str, x: float, y: float, sizes):
    items, z = [], 0.0
    for i, size in enumerate(sizes):
        items.append(obj(f"{prefix}_{i + 1}", category, x, y, (size, size, size), z=z))
        z += size
    return items


def steps(start: float, step: float, n: int) -> list[float]:
    return [start + step * i for i in range(n)]


BUILDERS = {
    "i01": lambda: layout([obj("desk_1", "desk", 0, 0, DESK), obj("lamp_1", "lamp", 0.3, 0, (0.3, 0.3, 0.5), z=0.75),
                           obj("chair_1", "chair", 0, -0.8, CHAIR, yaw=PI)]),
    "i02": lambda: layout([obj("bed_1", "bed", 0, 1.95, (1.6, 2.0, 0.5)),
                           obj("nightstand_1", "nightstand", -1.1, 2.7, (0.5, 0.5, 0.55)),
                           obj("nightstand_2", "nightstand", 1.1, 2.7, (0.5, 0.5, 0.55)),
                           obj("lamp_1", "lamp", -1.1, 2.7, (0.3, 0.3, 0.5), z=0.55),
                           obj("lamp_2", "lamp", 1.1, 2.7, (0.3, 0.3, 0.5), z=0.55)]),
    "i03": lambda: layout([obj("sofa_1", "sofa", -2.53, 0, (2.0, 0.9, 0.8), yaw=HALF),
                           obj("coffee_table_1", "coffee table", -1.5, 0, (1.0, 0.6, 0.45)),
                           obj("tv_stand_1", "tv stand", 1.5, 0, (1.2, 0.4, 0.5), yaw=-HALF),
                           obj("tv_1", "tv", 1.5, 0, (1.0, 0.1, 0.6), yaw=-HALF, z=0.5),
                           obj("floor_lamp_1", "floor lamp", -2.5, 1.3, (0.4, 0.4, 1.6))]),
    "i04": lambda: layout([obj("desk_1", "desk", 0, 2.63, DESK), obj("office_chair_1", "office chair", 0, 1.9, CHAIR, PI),
                           obj("monitor_1", "monitor", 0, 2.75, (0.6, 0.2, 0.4), z=0.75),
                           obj("keyboard_1", "keyboard", 0, 2.45, (0.45, 0.15, 0.03), z=0.75),
                           obj("bookshelf_1", "bookshelf", 2.58, 2.83, (0.8, 0.3, 1.8))]),
    "i05": lambda: layout([obj("whiteboard_1", "whiteboard", 0, 2.93, (2, 0.1, 1.2)),
                           obj("teacher_desk_1", "teacher desk", 0, 1.8, DESK, yaw=PI)]
                          + grid("student_desk", "student desk", steps(-1.8, 1.2, 4), [0, -1, -2], (0.6, 0.4, 0.75), PI)),
    "i06": lambda: layout([obj("dining_table_1", "dining table", 0, 0, (2.0, 1.0, 0.75)),
                           obj("vase_1", "vase", 0, 0, (0.2, 0.2, 0.3), z=0.75)]
                          + ring("chair", "chair", 8, 0, 0, 1.4, CHAIR)),
    "i07": lambda: layout([obj("counter_1", "counter", 2.68, 0, (2.4, 0.6, 0.9), yaw=-HALF),
                           obj("fridge_1", "fridge", 2.6, 1.7, (0.7, 0.7, 1.8)),
                           obj("bowl_1", "bowl", 2.68, 0, (0.25, 0.25, 0.1), z=0.9)]
                          + [obj(f"stool_{i + 1}", "stool", 1.9, y, STOOL, yaw=HALF) for i, y in enumerate([-0.7, 0, 0.7])]),
    "i08": lambda: layout([obj("desk_1", "desk", 0, 0, DESK), obj("laptop_1", "laptop", 0, 0, (0.35, 0.25, 0.02), z=0.75),
                           obj("office_chair_1", "office chair", 0, -0.8, CHAIR, yaw=PI),
                           obj("bookshelf_1", "bookshelf", 0, 1.0, (1.0, 0.3, 1.8))]),
    "i09": lambda: layout([obj("table_1", "table", 0, 0, (2.4, 1.0, 0.75)), obj("tv_1", "tv", 0, 2.93, (1.2, 0.1, 0.7))]
                          + ring("chair", "chair", 10, 0, 0, 1.6, CHAIR)),
    "i10": lambda: layout([obj(f"bookshelf_{i + 1}", "bookshelf", -2.83, y, (1.0, 0.3, 1.8), yaw=HALF)
                           for i, y in enumerate([-1.2, 0, 1.2])]
                          + [obj("table_1", "table", -0.5, 0, (0.8, 0.8, 0.75)), obj("table_2", "table", 1.5, 0, (0.8, 0.8, 0.75)),
                             obj("lamp_1", "lamp", -0.5, 0, (0.3, 0.3, 0.5), z=0.75),
                             obj("lamp_2", "lamp", 1.5, 0, (0.3, 0.3, 0.5), z=0.75)]
                          + ring("chair_a", "chair", 4, -0.5, 0, 0.7, (0.4, 0.4, 0.9))
                          + ring("chair_b", "chair", 4, 1.5, 0, 0.7, (0.4, 0.4, 0.9))),
    "i11": lambda: layout([obj(f"chair_{i + 1}", "chair", -2.73, y, CHAIR, yaw=HALF) for i, y in enumerate(steps(-1.5, 0.6, 6))]
                          + [obj("coffee_table_1", "coffee table", -1.6, 0, (1.0, 0.6, 0.45)),
                             obj("clock_1", "clock", -1.6, 0, (0.3, 0.1, 0.3), z=1.8)]),
    "i12": lambda: layout([obj("bathtub_1", "bathtub", 2.58, 0, (0.8, 1.7, 0.6)), obj("sink_1", "sink", 0, 2.73, (0.6, 0.5, 0.9)),
                           obj("mirror_1", "mirror", 0, 2.73, (0.6, 0.05, 0.8), z=1.3)]),
    "i13": lambda: layout([obj("crib_1", "crib", 0, 2.33, (0.7, 1.3, 1.0)), obj("rug_1", "rug", 0, 0, (2, 1.5, 0.01)),
                           obj("teddy_bear_1", "teddy bear", 0.2, 0, (0.3, 0.25, 0.4), z=0.01)]),
    "i14": lambda: layout(grid("round_table", "round table", [-1.8, -0.2, 1.4], [-1, 1], (0.7, 0.7, 0.75))
                          + [obj(f"chair_{i + 1}", "chair", x + dx, y, (0.4, 0.4, 0.9), yaw=HALF if dx < 0 else -HALF)
                             for i, (x, y, dx) in enumerate((x, y, dx) for y in (-1, 1) for x in (-1.8, -0.2, 1.4)
                                                            for dx in (-0.6, 0.6))]
                          + [obj("counter_1", "counter", 2.68, 0, (2.4, 0.6, 0.9), yaw=-HALF)]),
    "i15": lambda: layout([obj("stage_1", "stage", 0, 3.98, (4, 2, 0.6)), obj("podium_1", "podium", 0, 3.98, (0.5, 0.5, 1.1), z=0.6),
                           obj("floor_lamp_1", "floor lamp", -2.4, 3.98, (0.4, 0.4, 1.6)),
                           obj("floor_lamp_2", "floor lamp", 2.4, 3.98, (0.4, 0.4, 1.6))]
                          + grid("theater_seat", "theater seat", steps(-2.1, 0.6, 8), steps(-3.5, 0.6, 6), (0.5, 0.5, 0.9), PI)
                          + [obj(f"potted_plant_{i + 1}", "potted plant", sx * 4.78, sy * 4.78, (0.4, 0.4, 1.0))
                             for i, (sx, sy) in enumerate([(1, 1), (1, -1), (-1, 1), (-1, -1)])],
                          bounds=((-5, -5, 0), (5, 5, 4))),
    "i16": lambda: layout([obj("fireplace_1", "fireplace", 0, 2.8, (1.6, 0.4, 1.1)), obj("rug_1", "rug", 0, 1.5, (2, 1.4, 0.01)),
                           obj("armchair_1", "armchair", -1.2, 1.2, (0.8, 0.8, 0.9), yaw=0.6),
                           obj("armchair_2", "armchair", 1.2, 1.2, (0.8, 0.8, 0.9), yaw=-0.6)]),
    "i17": lambda: layout([obj("desk_1", "desk", 0, 2.63, DESK), obj("lamp_1", "lamp", 0.4, 2.63, (0.3, 0.3, 0.5), z=0.75),
                           obj("bookshelf_1", "bookshelf", 1.25, 2.48, (1.0, 0.3, 1.8), yaw=HALF)]),
    "i18": lambda: layout([obj("sofa_1", "sofa", 0, -1.2, (2, 0.9, 0.8)), obj("bench_1", "bench", 0, 1.2, (1.5, 0.4, 0.45), yaw=PI),
                           obj("coffee_table_1", "coffee table", 0, 0, (1.0, 0.6, 0.45))]),
    "i19": lambda: layout([obj("bookshelf_1", "bookshelf", -2.83, 0, (1, 0.3, 1.8), yaw=HALF),
                           obj("vase_1", "vase", -2.83, 0, (0.2, 0.2, 0.3), z=1.8), obj("box_1", "box", -2.0, 0.9, (0.5, 0.5, 0.5)),
                           obj("ball_1", "ball", -2.0, 0.9, (0.2, 0.2, 0.2), z=0.02)]),
    "i20": lambda: layout([obj("wardrobe_1", "wardrobe", -2.38, -2.68, (1.2, 0.6, 2.0), yaw=PI),
                           obj("dresser_1", "dresser", 0.5, -2.73, (1.2, 0.5, 0.8), yaw=PI),
                           obj("mirror_1", "mirror", 0.5, -2.73, (0.6, 0.05, 0.7), z=0.8),
                           obj("bed_1", "bed", 0.5, 0.5, (1.6, 2.0, 0.5))]),
    "i21": lambda: layout([obj(f"potted_plant_{i + 1}", "potted plant", sx * 2.78, sy * 2.78, (0.4, 0.4, 0.8))
                           for i, (sx, sy) in enumerate([(1, 1), (1, -1), (-1, 1), (-1, -1)])]),
    "i22": lambda: layout([obj("sofa_1", "sofa", 0, 2.5, (2, 0.9, 0.8)), obj("floor_lamp_1", "floor lamp", -1.3, 2.5, (0.4, 0.4, 1.6)),
                           obj("floor_lamp_2", "floor lamp", 1.3, 2.5, (0.4, 0.4, 1.6)),
                           obj("painting_1", "painting", 0, 2.5, (1, 0.05, 0.7), z=1.4)]),
    "i23": lambda: layout([obj("armchair_1", "armchair", -1, 0, (0.8, 0.8, 0.9), yaw=HALF),
                           obj("armchair_2", "armchair", 1, 0, (0.8, 0.8, 0.9), yaw=-HALF),
                           obj("round_table_1", "round table", 0, 0, (0.6, 0.6, 0.6))]),
    "i24": lambda: layout([obj("rug_1", "rug", 0, 0, (2.4, 1.8, 0.01)), obj("coffee_table_1", "coffee table", 0, 0, (1, 0.6, 0.45)),
                           obj("armchair_1", "armchair", -1.5, 0, (0.8, 0.8, 0.9), yaw=HALF),
                           obj("armchair_2", "armchair", 1.5, 0, (0.8, 0.8, 0.9), yaw=-HALF)]),
    "i25": lambda: layout([obj("round_table_1", "round table", 0, 0, (1, 1, 0.75)), obj("cat_1", "cat", 0.1, 0, (0.4, 0.2, 0.3))]
                          + ring("stool", "stool", 4, 0, 0, 0.8, STOOL)),
    "i26": lambda: layout([obj("cabinet_1", "cabinet", -1, 0, (0.6, 0.5, 0.8)), obj("cabinet_2", "cabinet", 1, 0, (0.6, 0.5, 1.6)),
                           obj("vase_1", "vase", -1, 0, (0.2, 0.2, 0.3), z=0.8)]),
    "i27": lambda: layout([obj(f"barrel_{i + 1}", "barrel", x, -2.68, (0.6, 0.6, 0.9)) for i, x in enumerate(steps(-1.5, 1, 4))]),
    "i28": lambda: layout(stack("crate", "crate", 2.68, 2.68, [0.6, 0.5, 0.4, 0.3, 0.2])),
    "i29": lambda: layout([obj("coffee_table_1", "coffee table", 0, 0, (1, 0.6, 0.45)),
                           obj("book_1", "book", 0, 0, (0.3, 0.22, 0.05), z=0.45),
                           obj("book_2", "book", 0, 0, (0.25, 0.18, 0.05), z=0.5),
                           obj("book_3", "book", 0, 0, (0.2, 0.15, 0.04), z=0.55)]),
    "i30": lambda: layout([obj("shelf_1", "shelf", 0, 2.8, (1.5, 0.35, 1.0))]
                          + [obj(f"vase_{i + 1}", "vase", x, 2.8, (0.15, 0.15, h), z=1.0)
                             for i, (x, h) in enumerate([(-0.5, 0.2), (0, 0.3), (0.5, 0.4)])]),
    "i31": lambda: layout(grid("box", "box", steps(-2.8, 0.8, 8), steps(-2.0, 0.8, 5), (0.5, 0.5, 0.5))
                          + [obj(f"barrel_{i + 1}", "barrel", 5.68, y, (0.6, 0.6, 0.9)) for i, y in enumerate(steps(-5.5, 1, 12))]
                          + stack("crate", "crate", -5.68, 5.68, [0.6, 0.5, 0.4, 0.3]), bounds=((-6, -6, 0), (6, 6, 4))),
    "o01": lambda: layout([obj("campfire_1", "campfire", 0, 0, (1, 1, 0.4)), obj("tent_1", "tent", 0, 2.4, (2, 2, 1.5)),
                           obj("tent_2", "tent", 0, -2.4, (2, 2, 1.5), yaw=PI)]
                          + ring("log", "log", 4, 0, 0, 1.5, (1.0, 0.3, 0.3), start=PI / 4)
                          + [obj("lantern_1", "lantern", 1.5 * math.cos(PI / 4), 1.5 * math.sin(PI / 4), (0.2, 0.2, 0.3), z=0.3)],
                          bounds=((-5, -5, 0), (5, 5, 4))),
    "o02": lambda: layout([obj(f"house_{i + 1}", "house", x, 6.4, (3, 3, 3)) for i, x in enumerate([-5.4, -1.8, 1.8, 5.4])]
                          + [obj(f"street_lamp_{i + 1}", "street lamp", x, 4.0, (0.3, 0.3, 3))
                             for i, x in enumerate([-5.4, -1.8, 1.8, 5.4])], bounds=((-8, -8, 0), (8, 8, 6))),
    "o03": lambda: layout([obj("tree_1", "tree", 3, 3, (1.5, 1.5, 4)), obj("bench_1", "bench", 3, 3.2, (1.5, 0.5, 0.8)),
                           obj("fountain_1", "fountain", 0, 0, (2, 2, 1.5))]
                          + ring("bush", "bush", 3, 0, 0, 2.0, (0.8, 0.8, 0.8)), bounds=((-5, -5, 0), (5, 5, 5))),
    "o04": lambda: layout([obj("tent_1", "tent", -2, 0, (2, 2, 1.5)), obj("campfire_1", "campfire", 2.5, 0, (1, 1, 0.4)),
                           obj("tree_1", "tree", -2, 2.5, (1, 1, 4))], bounds=((-5, -5, 0), (5, 5, 5))),
    "o05": lambda: layout([obj("picnic_table_1", "picnic table", 0, 0, (1.8, 0.8, 0.75)), obj("tree_1", "tree", 0, 0.3, (1, 1, 4)),
                           obj("basket_1", "basket", 0.3, 0, (0.4, 0.3, 0.3), z=0.75),
                           obj("bench_1", "bench", -1.3, 0, (0.4, 1.6, 0.45)), obj("bench_2", "bench", 1.3, 0, (0.4, 1.6, 0.45))],
                          bounds=((-5, -5, 0), (5, 5, 5))),
    "o06": lambda: layout([obj("car_1", "car", 0, -0.5, (4.2, 1.8, 1.4)), obj("road_1", "road", 0, 0, (10, 3, 0.02)),
                           obj("mailbox_1", "mailbox", 0, 1.0, (0.3, 0.3, 1.1)), obj("house_1", "house", 0, 4.0, (4, 2, 3))],
                          bounds=((-6, -6, 0), (6, 6, 6))),
    "o07": lambda: layout(grid("car", "car", steps(-6, 3, 5), steps(-4.5, 3, 4), (1.8, 2.6, 1.4))
                          + [obj(f"street_lamp_{i + 1}", "street lamp", sx * 7.8, sy * 7.8, (0.3, 0.3, 4))
                             for i, (sx, sy) in enumerate([(1, 1), (1, -1), (-1, 1), (-1, -1)])], bounds=((-8, -8, 0), (8, 8, 5))),
    "o08": lambda: layout([obj("fountain_1", "fountain", 0, 0, (2, 2, 1.5))]
                          + ring("park_bench", "park bench", 4, 0, 0, 2.5, (1.5, 0.5, 0.8))
                          + [obj(f"trash_can_{i + 1}", "trash can", 2.5 * math.cos(a) - 1.1 * math.sin(a),
                                 2.5 * math.sin(a) + 1.1 * math.cos(a), (0.4, 0.4, 0.8))
                             for i, a in enumerate([0, HALF, PI, 3 * HALF])]
                          + [obj(f"tree_{i + 1}", "tree", x, 7.4, (1, 1, 4)) for i, x in enumerate([-4.5, -1.5, 1.5, 4.5])],
                          bounds=((-8, -8, 0), (8, 8, 6))),
    "o09": lambda: layout([obj("picnic_table_1", "picnic table", 0, 0, (1.8, 0.8, 0.75)), obj("grill_1", "grill", 1.4, 1.0, (0.6, 0.5, 1.0)),
                           obj("tree_1", "tree", 1.4, 3.0, (1, 1, 4))] + ring("chair", "chair", 4, 0, 0, 1.0, (0.4, 0.4, 0.9)),
                          bounds=((-5, -5, 0), (5, 5, 5))),
    "o10": lambda: layout([obj("fountain_1", "fountain", 0, 0, (2, 2, 1.5))] + ring("bench", "bench", 8, 0, 0, 3.0, (1.5, 0.5, 0.8))
                          + [obj(f"tree_{i + 1}", "tree", 4.5 * math.cos(2 * PI * i / 8), 4.5 * math.sin(2 * PI * i / 8), (1, 1, 4))
                             for i in range(8)], bounds=((-8, -8, 0), (8, 8, 6))),
    "o11": lambda: layout([obj("fence_1", "fence", 0, 5.85, (10, 0.1, 1.2)), obj("tree_1", "tree", 0, -3, (1, 1, 4))]
                          + [obj(f"barrel_{i + 1}", "barrel", x, 4.5, (0.6, 0.6, 0.9)) for i, x in enumerate(steps(-2, 1, 5))],
                          bounds=((-6, -6, 0), (6, 6, 4))),
    "o12": lambda: layout([obj("tent_1", "tent", 0, 0, (2, 2, 1.5)), obj("tree_1", "tree", -2.5, 0, (1, 1, 4)),
                           obj("tree_2", "tree", 2.5, 0, (1, 1, 4)), obj("campfire_1", "campfire", 0, -2.2, (1, 1, 0.4)),
                           obj("log_1", "log", 1.2, -2.2, (1, 0.3, 0.3))], bounds=((-6, -6, 0), (6, 6, 6))),
    "o13": lambda: layout([obj("road_1", "road", 0, 0, (20, 4, 0.02)), obj("car_1", "car", 2, 0, (4.2, 1.8, 1.4), z=0.02)]
                          + [obj(f"house_{i + 1}", "house", x, 8.4, (2.6, 3, 3)) for i, x in enumerate(steps(-7.5, 3, 6))]
                          + [obj(f"street_lamp_{i + 1}", "street lamp", x, 6.0, (0.3, 0.3, 3)) for i, x in enumerate(steps(-7.5, 3, 6))]
                          + [obj(f"tree_{i + 1}", "tree", x, -9.4, (1, 1, 4)) for i, x in enumerate(steps(-7.5, 3, 6))],
                          bounds=((-10, -10, 0), (10, 10, 6))),
    "a01": lambda: layout([obj("sphere_1", "sphere", 0, 0, (0.5, 0.5, 0.5)), obj("cube_1", "cube", -1, 0, (0.5, 0.5, 0.5)),
                           obj("cone_1", "cone", 1, 0, (0.5, 0.5, 0.5))]),
    "a02": lambda: layout([obj(f"chair_{i + 1}", "chair", x, 0, CHAIR) for i, x in enumerate(steps(-2, 0.8, 6))]),
    "a03": lambda: layout(grid("box", "box", steps(-1.2, 0.8, 4), steps(-0.8, 0.8, 3), (0.5, 0.5, 0.5))),
    "a04": lambda: layout([obj("table_1", "table", -1.5, 0, (0.8, 0.8, 0.75)), obj("table_2", "table", 1.5, 0, (0.8, 0.8, 0.75))]
                          + ring("chair_a", "chair", 4, -1.5, 0, 0.8, (0.4, 0.4, 0.9))
                          + ring("chair_b", "chair", 4, 1.5, 0, 0.8, (0.4, 0.4, 0.9))),
    "a05": lambda: layout([obj("tv_1", "tv", 0, 2, (1.2, 0.1, 0.7)), obj("couch_1", "couch", 0, -1, (2, 0.9, 0.8), yaw=PI),
                           obj("speaker_1", "speaker", -1.0, 2, (0.3, 0.3, 1.0)), obj("speaker_2", "speaker", 1.0, 2, (0.3, 0.3, 1.0))]),
}


def test_the_benchmark_is_big_and_varied_enough() -> None:
    assert len(CASES) >= 40
    assert len({c.id for c in CASES}) == len(CASES)
    assert {c.setting for c in CASES} == {"indoor", "outdoor"}
    assert min(c.objects for c in CASES) == 3 and max(c.objects for c in CASES) >= 50
    assert {r for c in CASES for r in c.relations} == set(known_relations())
    assert set(BUILDERS) == {c.id for c in CASES}


@pytest.mark.parametrize("case_id", [c.id for c in CASES])
def test_scorer_gives_one_to_a_layout_that_satisfies_the_prompt(case_id: str) -> None:
    built = BUILDERS[case_id]()
    card = case(case_id).card(built)
    assert card.failing() == [] and card.score() == 1.0
    assert len(built["objects"]) == case(case_id).objects


@pytest.mark.parametrize("case_id", [c.id for c in CASES])
def test_scorer_drops_below_one_when_an_object_is_missing(case_id: str) -> None:
    built = BUILDERS[case_id]()
    built["objects"].pop()
    card = case(case_id).card(built)
    assert card.failing() and 0.0 <= card.score() < 1.0


@pytest.mark.parametrize("case_id", [c.id for c in CASES])
def test_scorer_drops_below_one_when_an_object_is_moved_away(case_id: str) -> None:
    built = BUILDERS[case_id]()
    moved = copy.deepcopy(built)
    first = moved["objects"][0]
    for key in ("location", "bbox_min", "bbox_max"):
        first[key][0] += 2.5
        first[key][1] += 2.5
        first[key][2] += 0.5  # lifted too: on-top and on-floor requirements break as well
    card = case(case_id).card(moved)
    assert card.failing(), f"moving {first['id']} broke nothing"
    assert card.score() < 1.0


def test_picnic_benches_may_stand_at_the_ends_or_along_the_long_sides() -> None:
    along = BUILDERS["o05"]()
    along["objects"][3:] = [obj("bench_1", "bench", 0, -0.8, (1.6, 0.4, 0.45)), obj("bench_2", "bench", 0, 0.8, (1.6, 0.4, 0.45))]
    assert case("o05").score(along) == 1.0
    same_side = BUILDERS["o05"]()
    same_side["objects"][3:] = [obj("bench_1", "bench", -0.4, -0.8, (0.8, 0.4, 0.45)),
                                obj("bench_2", "bench", 0.4, -0.8, (0.8, 0.4, 0.45))]
    assert case("o05").score(same_side) < 1.0
