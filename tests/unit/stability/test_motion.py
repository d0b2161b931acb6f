"""Motion verdicts of the dynamic check (pure: no bpy)."""

from __future__ import annotations

import math

import numpy as np
from setdresser.blender_addon.core.stability.motion import (
    SettleReport,
    SettleSettings,
    motion_of,
)


def _matrix(x: float = 0.0, z: float = 0.0, turn_deg: float = 0.0, scale: float = 1.0) -> np.ndarray:
    a = math.radians(turn_deg)
    m = np.eye(4)
    m[:3, :3] = np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]]) * scale
    m[0, 3], m[2, 3] = x, z
    return m


def test_limits_are_two_centimetres_and_five_degrees() -> None:
    assert not motion_of("a", _matrix(), _matrix(x=0.019)).unstable
    assert motion_of("a", _matrix(), _matrix(x=0.021)).unstable
    assert not motion_of("a", _matrix(), _matrix(turn_deg=4.9)).unstable
    toppled = motion_of("a", _matrix(), _matrix(z=-0.3, turn_deg=90))
    assert toppled.unstable and abs(toppled.turned_deg - 90) < 1e-6 and abs(toppled.moved - 0.3) < 1e-9


def test_scale_is_not_a_turn() -> None:
    assert motion_of("a", _matrix(scale=2.0), _matrix(scale=2.0)).turned_deg < 1e-6


def test_report_lists_the_unstable_and_is_deterministic_data() -> None:
    motions = [motion_of("a", _matrix(), _matrix()), motion_of("b", _matrix(), _matrix(x=0.5))]
    report = SettleReport(motions, ["painting_1"], SettleSettings())
    assert report.unstable == ["b"]
    data = report.to_dict()
    assert data["unstable"] == ["b"] and data["held"] == ["painting_1"] and "seconds" in data
    assert "1 of 2 objects stay put" in report.summary()
