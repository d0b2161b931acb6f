"""Axis rotations and per-asset override files."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.retrieval.axes import AXES, axis_rotation, normalise_points, parse_axis
from setdresser.blender_addon.core.retrieval.overrides import Override, is_override_file, override_for, parse_override

PAIRS = [(f, u) for f, u in itertools.product(AXES, AXES) if abs(np.dot(AXES[f], AXES[u])) < 0.5]


def test_parse_axis_accepts_plain_and_signed_names() -> None:
    assert parse_axis("x", "front") == "+X"
    assert parse_axis(" -z ", "up") == "-Z"
    with pytest.raises(BadInput, match="front"):
        parse_axis("forward", "front")


@pytest.mark.parametrize(("front", "up"), PAIRS)
def test_rotation_takes_front_to_minus_y_and_up_to_plus_z(front: str, up: str) -> None:
    rotation = axis_rotation(front, up)
    assert np.allclose(rotation @ AXES[front], (0, -1, 0))
    assert np.allclose(rotation @ AXES[up], (0, 0, 1))
    assert np.isclose(np.linalg.det(rotation), 1.0)  # a rotation, never a mirror


def test_default_axes_give_identity() -> None:
    assert np.array_equal(axis_rotation("-Y", "+Z"), np.eye(3))


def test_parallel_front_and_up_are_bad_input() -> None:
    with pytest.raises(BadInput, match="perpendicular"):
        axis_rotation("+Z", "-Z")


def test_normalise_points_puts_bottom_centre_at_origin_and_scales() -> None:
    points = np.array([[100.0, 200.0, 50.0], [150.0, 260.0, 130.0]])  # centimetres, off-centre
    moved, offset = normalise_points(points, np.eye(3), 0.01)
    lo, hi = moved.min(axis=0), moved.max(axis=0)
    assert np.allclose(lo, [-0.25, -0.3, 0.0]) and np.allclose(hi, [0.25, 0.3, 0.8])
    assert np.allclose(points * 0.01 + offset, moved)


def test_normalise_points_rejects_empty_input() -> None:
    with pytest.raises(BadInput, match="non-empty"):
        normalise_points(np.zeros((0, 3)), np.eye(3), 1.0)


def test_parse_override_fields_and_errors() -> None:
    override = parse_override({"front": "x", "scale": 0.01, "tags": ["wood", " "], "license": "CC0"}, "o.json")
    assert override == Override(front="+X", scale=0.01, tags=("wood",), license="CC0")
    for bad, field in (({"scale": 0}, "scale"), ({"scale": True}, "scale"), ({"tags": "wood"}, "tags"),
                       ({"colour": "red"}, "unknown"), ({"front": "+Z"}, "perpendicular")):
        with pytest.raises(BadInput, match=field):
            parse_override(bad, "o.json")


def test_sidecar_wins_over_folder_file_field_by_field(tmp_path: Path) -> None:
    model = tmp_path / "chair.glb"
    model.write_bytes(b"x")
    (tmp_path / "overrides.json").write_text(json.dumps({"*": {"license": "CC-BY"},
                                                         "chair.glb": {"front": "+X", "scale": 0.5}}))
    (tmp_path / "chair.glb.setdresser.json").write_text(json.dumps({"scale": 2}))
    assert override_for(model) == Override(front="+X", scale=2.0, license="CC-BY")
    other = tmp_path / "lamp.obj"
    assert override_for(other) == Override(license="CC-BY")


def test_broken_override_file_is_named(tmp_path: Path) -> None:
    model = tmp_path / "chair.glb"
    (tmp_path / "chair.glb.setdresser.json").write_text("{not json")
    with pytest.raises(BadInput, match="chair.glb.setdresser.json"):
        override_for(model)


def test_override_files_are_recognised() -> None:
    assert is_override_file(Path("a/overrides.json")) and is_override_file(Path("a/x.fbx.setdresser.json"))
    assert not is_override_file(Path("a/x.fbx"))
