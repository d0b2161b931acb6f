"""Issue 15 leftover: the prompt's subjects must be seen in the pictures, not only placed by relations.
``core/visibility.py`` projects each subject's box into each recorded camera and measures the share of it
that no other box hides; a round whose subject no perspective view shows ranks below one that shows it,
report.json says which, and the reviewer is told."""

from __future__ import annotations

import math

import pytest
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fakes import FakeWorld, placed, run_fake  # noqa: E402

from setdresser.blender_addon.core import pipeline as pl  # noqa: E402
from setdresser.blender_addon.core.model import Layout, PhysicsChecks, PlacedObject, Program  # noqa: E402
from setdresser.blender_addon.core.visibility import (Obb, ViewCamera, seen_fraction, subject_visibility,  # noqa: E402
                                                      unseen)

FOV = math.radians(40.0)
SOUTH = ViewCamera("final", (0.0, -8.0, 0.25), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), FOV, FOV)
NORTH = ViewCamera("second", (0.0, 8.0, 0.25), (0.0, -1.0, 0.0), (0.0, 0.0, 1.0), FOV, FOV)
TOP = ViewCamera("top", (0.0, 0.0, 20.0), (0.0, 0.0, -1.0), (0.0, 1.0, 0.0), ortho=(12.0, 12.0))


def box(oid: str, x: float, y: float, size: tuple[float, float, float] = (0.5, 0.5, 0.5), yaw: float = 0.0,
        z: float = 0.0) -> PlacedObject:
    half = max(size[0], size[1]) / 2
    return PlacedObject(oid, oid.split("_")[0], None, (x, y, z), (0.0, 0.0, yaw), size,
                        (x - half, y - half, z), (x + half, y + half, z + size[2]))


def test_a_box_behind_a_bigger_one_is_hidden_from_that_side_only() -> None:
    wardrobe, girl = box("wardrobe_1", 0.0, 0.0, (2.0, 0.6, 2.0)), box("girl_1", 0.0, 1.0, (0.4, 0.3, 1.6))
    seen = subject_visibility([SOUTH, NORTH, TOP], [wardrobe, girl], ["girl_1"])
    assert seen["girl_1"]["final"] == 0.0 and seen["girl_1"]["second"] == 1.0 and seen["girl_1"]["top"] == 1.0
    assert unseen(seen) == []
    assert unseen(subject_visibility([SOUTH], [wardrobe, girl], ["girl_1"])) == ["girl_1"]


def test_out_of_frame_behind_the_camera_or_a_speck_is_not_seen() -> None:
    aside = box("girl_1", 30.0, 0.0, (0.4, 0.3, 1.6))  # far outside the 40 deg frame
    assert seen_fraction(SOUTH, Obb.of(aside), []) == 0.0
    behind = box("girl_1", 0.0, -12.0, (0.4, 0.3, 1.6))
    assert seen_fraction(SOUTH, Obb.of(behind), []) == 0.0
    far = box("girl_1", 0.0, 300.0, (0.4, 0.3, 1.6))  # in frame but a speck: under 3% of the image
    assert seen_fraction(SOUTH, Obb.of(far), []) == 0.0
    near = box("girl_1", 0.0, 0.0, (0.4, 0.3, 1.6))
    assert seen_fraction(SOUTH, Obb.of(near), []) == 1.0


def test_occluders_are_oriented_boxes_and_a_box_around_a_point_does_not_hide_it() -> None:
    # a 3 m panel turned edge-on to the camera: its world AABB would cover the girl, its own box does not
    panel = box("panel_1", 0.0, -2.0, (3.0, 0.05, 2.0), yaw=math.pi / 2)
    girl = box("girl_1", 0.6, 0.0, (0.4, 0.3, 1.6))
    assert seen_fraction(SOUTH, Obb.of(girl), [Obb.of(panel)]) == 1.0
    facing = box("panel_1", 0.0, -2.0, (3.0, 0.05, 2.0))
    assert seen_fraction(SOUTH, Obb.of(girl), [Obb.of(facing)]) == 0.0
    sofa, sitter = box("sofa_1", 0.0, 0.0, (2.0, 0.9, 0.8)), box("woman_1", 0.0, 0.0, (0.5, 0.6, 1.3), z=0.2)
    assert seen_fraction(SOUTH, Obb.of(sitter), [Obb.of(sofa)]) > 0.25  # the sofa holds her lower half
    wall = ((-5.0, -3.1, 0.0), (5.0, -3.0, 2.7))  # a wall standing in this view hides what is behind it
    assert seen_fraction(replace(SOUTH, walls=(wall,)), Obb.of(girl), []) == 0.0


class HidesTheChairFirst(FakeWorld):
    """Round 1 puts the chair right behind the wardrobe as the camera sees it; round 2 beside it. Every
    relation holds in both rounds: only the pictures tell them apart."""

    def solve(self, prog: Program, seed: int) -> Layout:
        self.solved.append((seed, prog))
        self.last_seed = seed
        chair = box("chair_1", 0.0, 1.5) if len(self.solved) == 1 else box("chair_1", 2.5, 0.0)
        # a 2 m tall desk drawn as a solid block (no category the knowledge base gives a sight shape: an
        # open-frame desk hides only with its top slab since issue 15's occluder proxies)
        block = replace(box("desk_1", 0.0, 0.0, (2.0, 0.8, 2.0)), category="block")
        objects = [block, placed("lamp_1", 0.0, "desk_1", 2.0), chair]
        return Layout(objects=objects, constraints=[], checks=PhysicsChecks(), prompt="p", seed=seed)

    def evaluate(self, prog: Program):  # type: ignore[no-untyped-def]
        from setdresser.blender_addon.core.model import ConstraintResult
        return [ConstraintResult(c.relation, c.args, dict(c.params), 1.0, True) for c in prog.constraints], \
            PhysicsChecks()


def _run(cameras: tuple[ViewCamera, ...]) -> tuple[pl.GenerateResult, list[pl.NeedReview]]:
    reviews: list[pl.NeedReview] = []

    def review(need: pl.NeedReview) -> pl.ReviewOutcome:
        reviews.append(need)
        revised = replace(need.program, constraints=[replace(c, weight=c.weight + 0.5)
                                                     for c in need.program.constraints])
        return pl.ReviewOutcome(accepted=False, program=revised, script="revised\n", notes="try again")

    world = HidesTheChairFirst()
    world.cameras = cameras  # type: ignore[attr-defined]
    request = pl.GenerateRequest("a lamp on a desk and a chair in front of the desk", seed=1, max_iterations=2,
                                 always_review=True)
    result, _, _ = run_fake(request, world, review)
    return result, reviews


def test_the_round_whose_pictures_show_the_subjects_wins_and_the_report_and_reviewer_say_why() -> None:
    result, reviews = _run((SOUTH, TOP))
    first, second = result.iterations
    assert first.unseen() == ["chair_1"] and second.unseen() == []
    assert result.best_iteration == 2  # without the check the earlier round wins the tie
    report = first.to_dict()
    assert report["unseen_subjects"] == ["chair_1"] and report["subject_visibility"]["chair_1"]["final"] == 0.0
    assert report["subject_visibility"]["chair_1"]["top"] == 1.0  # the top view does not count
    assert set(report["cameras"]) == {"final", "top"} and report["cameras"]["final"]["fov_deg"] == [40.0, 40.0]
    assert "unseen_subjects" not in second.to_dict() or second.to_dict()["unseen_subjects"] == []
    assert "chair_1 (final 0%, top 100%)" in reviews[0].unseen


def test_without_recorded_cameras_nothing_is_judged_by_pictures() -> None:
    result, reviews = _run(())
    assert result.best_iteration == 1 and all(not r.visibility for r in result.iterations)
    assert "subject_visibility" not in result.iterations[0].to_dict() and reviews[0].unseen == ""


def test_open_frame_furniture_hides_with_its_top_and_seat_not_its_box() -> None:
    """Issue 15: a table's bounding box hid the chair beyond it. Occluders take the object knowledge
    base's sight shape (objects.json sight_shapes): a desk's top slab, a chair's seat and back; things
    without one (a wardrobe) still hide with their whole box."""
    from setdresser.blender_addon.core.knowledge.objects import load_knowledge
    from setdresser.blender_addon.core.visibility import occluders

    desk, chair = box("desk_1", 0.0, 0.0, (1.4, 0.7, 0.75)), box("chair_1", 0.0, 0.7, (0.46, 0.5, 0.9))
    assert seen_fraction(SOUTH, Obb.of(chair), [Obb.of(desk)]) < 0.4  # the box: only the chair's top shows
    (top,) = occluders(desk)  # the top slab: seen between the legs, under the top
    assert top.centre[2] == pytest.approx(0.75 * 0.97) and top.half[2] == pytest.approx(0.75 * 0.03)
    assert subject_visibility([SOUTH], [desk, chair], ["chair_1"])["chair_1"]["final"] > 0.7  # the top hides the rest
    assert load_knowledge().sight_parts("student desk") == load_knowledge().sight_parts("desk") != ()
    wardrobe = box("wardrobe_1", 0.0, 0.0, (1.4, 0.7, 2.0))
    (whole,) = occluders(wardrobe)
    assert whole.centre == pytest.approx(Obb.of(wardrobe).centre) and whole.half == pytest.approx((0.7, 0.35, 1.0))
    assert subject_visibility([SOUTH], [wardrobe, chair], ["chair_1"])["chair_1"]["final"] == 0.0
    # a chair turned to face north (yaw pi): its back is on its south side, its seat at half its height
    turned = box("chair_2", 2.0, 0.0, (0.46, 0.5, 0.9), yaw=math.pi)
    seat, back = occluders(turned)
    assert seat.centre[:2] == pytest.approx((2.0, 0.0)) and 0.4 < seat.centre[2] < 0.45
    assert back.centre[1] == pytest.approx(-(0.925 - 0.5) * 0.5) and back.centre[2] > seat.centre[2]
