"""Grounding as a CSP (issue 17): view-independent and view-dependent references, with
distractors, negation, counting, comparators and min/max applied last."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.edit.ground import ground
from setdresser.blender_addon.core.edit.parse import parse_reference
from setdresser.blender_addon.core.edit.scene import scene_from_layout
from setdresser.blender_addon.core.errors import BadInput

from .scenes import bedroom

FRONT = scene_from_layout(bedroom(), azimuth_deg=0.0)    # camera due south, looking north
BEHIND = scene_from_layout(bedroom(), azimuth_deg=180.0)  # camera due north: left and right swap


def ids(text: str, scene=FRONT) -> tuple[str, ...]:
    return ground(scene, parse_reference(text, scene)).ids


@pytest.mark.parametrize("text, expected", [
    ("the lamp on the nightstand", ("table_lamp_1",)),
    ("the nightstand with no lamp on it", ("nightstand_2",)),
    ("the nightstand without a lamp", ("nightstand_2",)),
    ("the nightstand with a lamp on it", ("nightstand_1",)),
    ("the nightstand that has a book on it", ("nightstand_2",)),
    ("the lamp that is not on a nightstand", ("floor_lamp_1",)),
    ("the desk with nothing on it", ()),
    ("the largest chair", ("chair_3",)),
    ("the smallest thing", ("mug_1",)),
    ("the chair closest to the desk", ("chair_1",)),
    ("the chair farthest from the desk", ("chair_3",)),
    ("the chair farther from the desk than the bed", ("chair_3",)),
    ("the chair closer to the desk than the bed", ("chair_1", "chair_2")),
    ("the chair bigger than the other chairs", ("chair_3",)),
    ("the mug on the desk", ("mug_1",)),
    ("the chair between the other two chairs", ("chair_2",)),
    ("the lamp next to the bed", ("table_lamp_1",)),
])
def test_view_independent(text: str, expected: tuple[str, ...]) -> None:
    got = ids(text)
    assert set(got) == set(expected), (text, got)


@pytest.mark.parametrize("text, front, behind", [
    ("the left nightstand", "nightstand_1", "nightstand_2"),
    ("the right nightstand", "nightstand_2", "nightstand_1"),
    ("the second chair from the left", "chair_2", "chair_2"),
    ("the first chair from the right", "chair_3", "chair_1"),
    ("the leftmost chair", "chair_1", "chair_3"),
    ("the last chair from the left", "chair_3", "chair_1"),
    ("the middle chair", "chair_2", "chair_2"),
    ("the chair to the left of the middle chair", "chair_1", "chair_3"),
])
def test_view_dependent_follows_the_camera(text: str, front: str, behind: str) -> None:
    assert ids(text, FRONT) == (front,)
    assert ids(text, BEHIND) == (behind,)


def test_ambiguous_reference_lists_every_candidate() -> None:
    g = ground(FRONT, parse_reference("the nightstand", FRONT))
    assert g.status == "ambiguous" and set(g.ids) == {"nightstand_1", "nightstand_2"}


def test_plural_means_all() -> None:
    g = ground(FRONT, parse_reference("all the chairs", FRONT))
    assert g.status == "all" and len(g.ids) == 3


def test_counting_exact_number() -> None:
    assert ids("the nightstand with one book on it") == ("nightstand_2",)
    assert ids("the nightstand with two books on it") == ()


def test_all_different_between_variables() -> None:
    # a chair is never its own anchor: "between the chairs" needs two other chairs
    assert ids("the chair between the chairs") == ("chair_2",)
    assert ids("the chair closest to the largest chair") == ("chair_2",)  # not chair_3 itself


def test_unreadable_reference_is_bad_input() -> None:
    with pytest.raises(BadInput):
        parse_reference("the chair bigger the desk", FRONT)
