"""People in real Blender (issue 13): a figure resting on a seat is built seated, its box exact and
its shins a child object reaching the floor; standing and walking figures have no appendage and
a walking one strides."""

from __future__ import annotations

import numpy as np
import pytest

pytestmark = pytest.mark.blender

bpy = pytest.importorskip("bpy")

from setdresser.blender_addon.bl.assets import build_asset  # noqa: E402

SEATED = (0.45, 0.35, 0.96)  # the knowledge base's "sit" box of a 1.75 m figure


@pytest.fixture()
def collection() -> bpy.types.Collection:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    col = bpy.data.collections.new("figures under test")
    bpy.context.scene.collection.children.link(col)
    return col


def _world(obj: bpy.types.Object) -> np.ndarray:
    co = np.empty(len(obj.data.vertices) * 3)
    obj.data.vertices.foreach_get("co", co)
    bpy.context.view_layer.update()
    matrix = np.array(obj.matrix_world)
    return co.reshape(-1, 3) @ matrix[:3, :3].T + matrix[:3, 3]


def test_a_figure_on_a_seat_sits_with_its_feet_on_the_floor(collection: bpy.types.Collection) -> None:
    person = build_asset("procedural:person", SEATED, "person_1", collection, mount="surface", rest=0.45,
                         noun="person")
    person.location = (1.0, 2.0, 0.45)  # on a chair's seat
    verts = _world(person)
    assert verts.min(axis=0) == pytest.approx((1.0 - SEATED[0] / 2, 2.0 - SEATED[1] / 2, 0.45), abs=1e-3)
    assert verts.max(axis=0)[2] == pytest.approx(0.45 + SEATED[2], abs=1e-3)
    (legs,) = person.children
    assert legs["setdresser_part"] == "appendage" and "setdresser_id" not in legs
    shins = _world(legs)
    assert shins.min(axis=0)[2] == pytest.approx(0.0, abs=0.02)  # the shoes on the floor
    assert shins.max(axis=0)[2] < 0.45 + 0.15  # below the thighs
    assert shins.min(axis=0)[1] < verts.min(axis=0)[1]  # the knees just past the seat's front


def test_standing_and_walking_figures_have_no_appendage(collection: bpy.types.Collection) -> None:
    standing = build_asset("procedural:person", (0.5, 0.3, 1.75), "person_1", collection, noun="person")
    walking = build_asset("procedural:person", (0.5, 0.3, 1.75), "person_2", collection, noun="walking pedestrian")
    assert not standing.children and not walking.children
    feet = [_world(o) for o in (standing, walking)]
    low = [v[v[:, 2] < 0.1] for v in feet]
    assert np.ptp(low[1][:, 1]) > np.ptp(low[0][:, 1]) + 0.04  # the walker's feet apart along the stride
