"""Whole prompts of the public half scored on hand-made scenes: a scene that does what the
text says passes with score 1; each planted defect fails exactly the check that names it."""

from __future__ import annotations

import math
from typing import Any, Callable

import pytest

from setdresser.tests.benchmark.fidelity import prompt_sets
from setdresser.tests.benchmark.fidelity.scene import view
from setdresser.tests.benchmark.fidelity.scoring import score
from setdresser.tests.benchmark.fidelity_cases import CHAIR, NORTH, SOFA, SOUTH
from setdresser.tests.benchmark.layouts import facing_yaw, layout_v2, obj

PROMPTS = {p["id"]: p for p in prompt_sets.load_half("tuned")}
Objs = list[dict[str, Any]]


def result(pid: str, objects: Objs, **room: Any):
    return score(PROMPTS[pid], view(layout_v2(objects, **room)))


def corner_reading() -> Objs:
    """sp01: a red armchair in the NE corner angled to the centre, a floor lamp just behind it."""
    yaw = facing_yaw(2.3, 2.3, 0, 0)
    return [obj("armchair_1", "armchair", 2.3, 2.3, (0.8, 0.8, 0.9), yaw=yaw, color=["red"]),
            obj("floor_lamp_1", "floor lamp", 2.8, 2.8, (0.3, 0.3, 1.6))]


def square_room() -> Objs:
    """ms26: a round table in the exact middle, a stool on each side, a pendant over it."""
    stools = [obj(f"stool_{i}", "stool", x, y, (0.4, 0.4, 0.7), yaw=facing_yaw(x, y, 0, 0))
              for i, (x, y) in enumerate(((0.8, 0), (-0.8, 0), (0, 0.8), (0, -0.8)))]
    return [obj("table_1", "round table", 0, 0, (1.0, 1.0, 0.75)), *stools,
            obj("pendant_1", "pendant lamp", 0, 0, (0.4, 0.4, 0.6), z=2.4)]


def classroom() -> Objs:
    """ms04: a board on the north wall, the teacher's desk, then four rows of three desks, a chair at each."""
    out = [obj("board_1", "blackboard", 0, 3.975, (3.0, 0.05, 1.2), yaw=SOUTH, z=0.9),
           obj("desk_t", "teacher's desk", 0, 2.4, (1.4, 0.6, 0.75), yaw=NORTH),
           obj("chair_t", "chair", 0, 2.95, CHAIR, yaw=SOUTH)]
    for r, y in enumerate((1.0, -0.2, -1.4, -2.6)):
        for c, x in enumerate((-1.6, 0.0, 1.6)):
            out += [obj(f"desk_{r}{c}", "student desk", x, y, (1.0, 0.5, 0.75)),
                    obj(f"chair_{r}{c}", "chair", x, y - 0.55, CHAIR, yaw=NORTH)]
    return out


def living_room() -> Objs:
    """rm01: a cozy living room."""
    return [obj("sofa_1", "sofa", 0, -2.5, SOFA, yaw=NORTH), obj("coffee_table_1", "coffee table", 0, -1.3, (1.0, 0.6, 0.45)),
            obj("tv_1", "tv", 0, 2.96, (1.2, 0.08, 0.7), yaw=SOUTH, z=1.0),
            obj("tv_stand_1", "tv stand", 0, 2.78, (1.4, 0.4, 0.5), yaw=SOUTH),
            obj("armchair_1", "armchair", -2.0, -0.8, CHAIR, yaw=facing_yaw(-2.0, -0.8, 0, 2.9)),
            obj("rug_1", "rug", 0, -1.3, (2.0, 1.4, 0.01)), obj("floor_lamp_1", "floor lamp", 1.4, -2.6, (0.3, 0.3, 1.6))]


GOOD: dict[str, tuple[Callable[[], Objs], dict[str, Any]]] = {
    "sp01": (corner_reading, {}),
    "ms26": (square_room, {"bounds": ((-2.5, -2.5, 0), (2.5, 2.5, 3)), "floor": {"words": ["red"]},
                           "walls": {"color": [0.95, 0.95, 0.95]}}),
    "ms04": (classroom, {"bounds": ((-4, -4, 0), (4, 4, 3))}),
    "rm01": (living_room, {}),
}


def _set(objs: Objs, oid: str, **fields: Any) -> Objs:
    """A copy of the scene with one object moved/changed (the bbox is rebuilt by obj())."""
    out = []
    for o in objs:
        if o["id"] == oid:
            base = {"x": o["location"][0], "y": o["location"][1], "z": o["location"][2], "yaw": o["rotation_euler"][2],
                    "dims": o["dimensions"]}
            base.update(fields)
            extra = {k: v for k, v in o.items() if k in ("color", "material", "asset_fallback")}
            extra.update({k: fields[k] for k in ("color", "asset_fallback") if k in fields})
            o = obj(oid, o["category"], base["x"], base["y"], base["dims"], yaw=base["yaw"], z=base["z"], **extra)
        out.append(o)
    return out


DEFECTS: list[tuple[str, Callable[[Objs], Objs], dict[str, Any], str]] = [
    ("sp01", lambda s: _set(s, "armchair_1", color=["blue"]), {}, "the armchair is red"),
    ("sp01", lambda s: _set(s, "armchair_1", x=0.4, y=0.4), {}, "armchair in the north-east corner"),
    ("sp01", lambda s: _set(s, "armchair_1", yaw=NORTH), {}, "armchair angled toward the centre"),
    ("sp01", lambda s: _set(s, "floor_lamp_1", x=1.5, y=1.5), {}, "lamp just behind the armchair"),
    ("sp01", lambda s: _set(s, "floor_lamp_1", z=0.5), {}, "the lamp stands on the floor"),
    ("sp01", lambda s: _set(s, "armchair_1", asset_fallback="box"), {}, "no labelled grey boxes"),
    ("sp01", lambda s: s + [obj("armchair_2", "armchair", -2, -2, CHAIR)], {}, "one armchair"),
    ("ms26", lambda s: s, {"floor": {"words": ["white"]}}, "red floor"),
    ("ms26", lambda s: s, {"bounds": ((-2, -3, 0), (2, 3, 3))}, "the room is square"),
    ("ms26", lambda s: _set(s, "stool_0", x=-0.4, y=-0.85, yaw=NORTH), {}, "one stool on each side"),
    ("ms26", lambda s: _set(s, "pendant_1", x=1.8, y=1.8), {}, "pendant over the table"),
    ("ms26", lambda s: _set(s, "table_1", x=0.6), {}, "table in the exact middle"),
    ("ms04", lambda s: [o for o in s if o["id"] != "chair_21"], {}, "every desk has a chair"),
    ("ms04", lambda s: _set(s, "board_1", z=0.0), {}, "blackboard on the north wall"),
    ("ms04", lambda s: _set(s, "desk_t", y=1.0, x=3.2), {}, "teacher's desk, then four rows of three"),
    ("ms04", lambda s: [_set([o], o["id"], yaw=SOUTH)[0] if o["id"].startswith("chair_") else o for o in s], {},
     "the pupils face the blackboard"),
    ("rm01", lambda s: _set(s, "sofa_1", yaw=SOUTH), {}, "the sofa faces the TV or fireplace"),
    ("rm01", lambda s: [o for o in s if o["id"] not in ("tv_1", "tv_stand_1")], {}, "a TV or fireplace"),
    ("rm01", lambda s: s[:4], {}, "furnished (six objects or more)"),
    ("rm01", lambda s: _set(s, "coffee_table_1", y=-2.3), {}, "no big overlaps"),
]


@pytest.mark.parametrize("pid", sorted(GOOD))
def test_a_scene_that_does_what_the_text_says_passes(pid: str) -> None:
    build, room = GOOD[pid]
    res = result(pid, build(), **room)
    assert res.passed and res.score == 1.0, [(c.name, c.detail) for c in res.failing()]


@pytest.mark.parametrize("pid, defect, room, check", DEFECTS, ids=[f"{d[0]}:{d[3]}" for d in DEFECTS])
def test_each_planted_defect_fails_its_check(pid: str, defect: Callable[[Objs], Objs], room: dict, check: str) -> None:
    build, good_room = GOOD[pid]
    res = result(pid, defect(build()), **{**good_room, **room})
    failing = {c.name for c in res.failing()}
    assert check in failing, f"{check!r} did not fail; failing: {sorted(failing)}"
    assert not res.passed and res.score < 1.0


def test_an_optional_extra_lowers_the_score_but_not_the_verdict() -> None:
    res = result("rm01", [o for o in living_room() if o["id"] != "rug_1"] + [obj("plant_1", "plant", 2.5, 2.5, (0.4, 0.4, 1))])
    assert res.passed and res.score < 1.0 and [c.name for c in res.failing()] == ["a rug (cozy)"]


def test_no_layout_fails_every_check_with_the_reason() -> None:
    res = score(PROMPTS["sp01"], None, "generate failed (exit 2): found no object")
    assert not res.passed and res.score == 0.0 and all("exit 2" in c.detail for c in res.checks)


def test_angles_use_the_layout_front_convention() -> None:
    """An object at yaw 0 faces -Y (south), at pi/2 faces +X (east)."""
    assert math.isclose(math.sin(math.pi / 2), 1.0)
    res = result("sp01", [*corner_reading()[:1], obj("floor_lamp_1", "floor lamp", 1.7, 1.7, (0.3, 0.3, 1.6))])
    assert "lamp just behind the armchair" in {c.name for c in res.failing()}
