"""Family shapes in real Blender (issue 13): every object knowledge-base category that a family
draws builds, with its own noun picking the variant, to its typical size; the noun changes the
shape (a hammer is not a sword), and the family table names only builders that exist."""

from __future__ import annotations

import numpy as np
import pytest

pytestmark = pytest.mark.blender

bpy = pytest.importorskip("bpy")

from setdresser.blender_addon.bl.assets import BUILDERS, build_asset  # noqa: E402
from setdresser.blender_addon.core.assets.coverage import drawn_by  # noqa: E402
from setdresser.blender_addon.core.assets.families import load_families  # noqa: E402
from setdresser.blender_addon.core.knowledge.objects import load_knowledge  # noqa: E402

TOLERANCE = 1e-3
DRAWN = [(facts, drawn_by(facts.category)) for facts in load_knowledge().all_facts()]
FAMILY_DRAWN = [(facts, drawn) for facts, drawn in DRAWN if drawn.kind == "family"]


@pytest.fixture(scope="module", autouse=True)
def empty_file() -> None:
    bpy.ops.wm.read_factory_settings(use_empty=True)


@pytest.fixture()
def collection() -> bpy.types.Collection:
    col = bpy.data.collections.new("families under test")
    bpy.context.scene.collection.children.link(col)
    return col


def _vertices(obj: bpy.types.Object) -> np.ndarray:
    co = np.empty(len(obj.data.vertices) * 3)
    obj.data.vertices.foreach_get("co", co)
    return co.reshape(-1, 3)


def test_every_family_names_a_builder() -> None:
    assert {family.asset for family in load_families().families()} <= set(BUILDERS)


def test_every_family_drawn_category_builds_to_its_typical_size(collection: bpy.types.Collection) -> None:
    assert len(FAMILY_DRAWN) > 150
    for facts, drawn in FAMILY_DRAWN:
        dims = tuple(facts.typical)
        obj = build_asset(drawn.asset, dims, facts.category, collection, seed=2, mount=facts.mount, noun=facts.category)
        verts = _vertices(obj)
        assert len(obj.data.polygons) > 0, facts.category
        w, d, h = dims
        assert verts.min(axis=0) == pytest.approx((-w / 2, -d / 2, 0.0), abs=TOLERANCE), facts.category
        assert verts.max(axis=0) == pytest.approx((w / 2, d / 2, h), abs=TOLERANCE), facts.category
        assert np.isfinite(verts).all(), facts.category


@pytest.mark.parametrize(
    "asset, nouns",
    [
        ("procedural:hand_tool", ("hammer", "scissors", "sword", "fork", "keys")),
        ("procedural:food", ("banana", "sandwich", "pizza", "bread")),
        ("procedural:playground", ("slide", "swing set", "seesaw", "trampoline")),
        ("procedural:structure", ("stairs", "bridge", "well", "arch")),
        ("procedural:craft", ("boat", "airplane", "helicopter", "train")),
        ("procedural:appliance", ("toaster", "treadmill", "vending machine", "microwave", "safe")),
        ("procedural:road_vehicle", ("bus", "truck", "tractor", "car")),
        ("procedural:building", ("lighthouse", "castle", "church", "skyscraper", "gazebo", "house")),
        ("procedural:instrument", ("drum kit", "harp", "trumpet", "tuba", "recorder")),
    ],
)
def test_the_noun_picks_the_shape(asset: str, nouns: tuple[str, ...], collection: bpy.types.Collection) -> None:
    shapes = {
        (len(verts), round(float(np.abs(verts).sum()), 3))
        for verts in (_vertices(build_asset(asset, (0.5, 1.0, 0.5), noun, collection, noun=noun)) for noun in nouns)
    }
    assert len(shapes) == len(nouns)  # each variant is its own mesh, not one shape for all


def test_a_ceiling_fan_hangs_from_its_top_and_a_desk_fan_stands(collection: bpy.types.Collection) -> None:
    ceiling = _vertices(
        build_asset("procedural:fan", (1.2, 1.2, 0.4), "ceiling fan", collection, mount="ceiling", noun="ceiling fan")
    )
    desk = _vertices(build_asset("procedural:fan", (0.3, 0.25, 0.4), "desk fan", collection, noun="desk fan"))
    wide = ceiling[:, 2] < 0.2  # the blades spread wide low down; the top is the narrow mount
    assert np.ptp(ceiling[wide][:, 0]) > 1.0 and np.ptp(ceiling[ceiling[:, 2] > 0.38][:, 0]) < 0.4
    assert np.ptp(desk[desk[:, 2] < 0.02][:, 0]) > 0.15  # a round foot on the table
