"""The sea is drawn as the scene's edge, not an oval pond (issue 14, paper queries): the planner
lays it along the far side as wide as the scene, so its water reaches the back corners of its box
and only its front (-Y, toward the land) is a shoreline; a lake stays a rounded pond."""

from __future__ import annotations

import numpy as np
import pytest

bpy = pytest.importorskip("bpy")

from setdresser.blender_addon.bl.assets import build_asset  # noqa: E402
from setdresser.blender_addon.core.assets.coverage import drawn_by  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def empty_file() -> None:
    bpy.ops.wm.read_factory_settings(use_empty=True)


@pytest.fixture()
def collection() -> bpy.types.Collection:
    col = bpy.data.collections.new("ground under test")
    bpy.context.scene.collection.children.link(col)
    return col


def _footprint(noun: str, collection: bpy.types.Collection) -> np.ndarray:
    obj = build_asset(drawn_by(noun).asset, (40.0, 14.0, 0.05), noun, collection, seed=0, noun=noun)
    co = np.empty(len(obj.data.vertices) * 3)
    obj.data.vertices.foreach_get("co", co)
    return co.reshape(-1, 3)[:, :2]


def _reaches(points: np.ndarray, corner: tuple[float, float]) -> bool:
    return bool(np.min(np.hypot(points[:, 0] - corner[0], points[:, 1] - corner[1])) < 0.5)


def test_the_sea_fills_its_back_corners(collection: bpy.types.Collection) -> None:
    sea = _footprint("sea", collection)
    assert _reaches(sea, (-20.0, 7.0)) and _reaches(sea, (20.0, 7.0))
    assert not _reaches(sea, (-20.0, -7.0 + 3.0))  # the front is a shoreline, not a box edge far inland


def test_a_lake_is_rounded(collection: bpy.types.Collection) -> None:
    lake = _footprint("lake", collection)
    assert not _reaches(lake, (-20.0, 7.0)) and not _reaches(lake, (20.0, 7.0))
