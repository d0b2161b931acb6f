"""Shapes that read as what they are (rooms issue follow-ups), checked with rays cast down on the
built mesh in real Blender: a grand piano is a bent case (not a stretched upright), a treatment
chair reclines from a leg rest to a raised back (not a plain chair), a beanbag is a round blob (not
an armchair), and a radiator at its smallest width is flat on top (it dipped in the middle)."""

from __future__ import annotations

import numpy as np
import pytest

pytestmark = pytest.mark.blender

bpy = pytest.importorskip("bpy")

from mathutils import Vector  # noqa: E402

from setdresser.blender_addon.bl.assets import build_asset  # noqa: E402
from setdresser.blender_addon.core.assets import UNKNOWN_ASSET, load_catalog  # noqa: E402
from setdresser.blender_addon.core.assets.families import load_families  # noqa: E402


@pytest.fixture(scope="module")
def collection() -> bpy.types.Collection:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    col = bpy.data.collections.new("shapes under test")
    bpy.context.scene.collection.children.link(col)
    return col


def _built(collection: bpy.types.Collection, noun: str, dims: tuple[float, float, float] | None = None):
    """The noun built as the pipeline draws it (its catalog model, else its family shape), and its size."""
    match = load_catalog().resolve(noun)
    asset = match.asset if match.asset != UNKNOWN_ASSET else load_families().for_noun(noun).asset
    size = dims or match.dimensions
    obj = build_asset(asset, size, noun, collection, seed=1, noun=noun)
    bpy.context.view_layer.update()
    return obj, size


def _height(obj, x: float, y: float) -> float:
    """Where a ray cast straight down at (x, y) (object frame) meets the object; 0 where it misses."""
    origin = Vector((x, y, 10.0)) - obj.location
    hit, where, *_ = obj.ray_cast(origin, Vector((0, 0, -1)))
    return float(where.z) if hit else 0.0


def _grid(obj, size, n: int = 16) -> np.ndarray:
    """[n, n] heights over the footprint (rows: -Y to +Y, columns: -X to +X)."""
    w, d, _ = size
    return np.array([[_height(obj, w * ((i + 0.5) / n - 0.5), d * ((j + 0.5) / n - 0.5)) for i in range(n)]
                     for j in range(n)])


def test_a_grand_piano_is_a_bent_case_on_legs(collection) -> None:
    obj, (w, d, h) = _built(collection, "grand piano")
    assert d > 1.4 * w  # a grand is longer than it is wide
    body = _grid(obj, (w, d, h)) > 0.5 * h
    covered, left, right = body.mean(), body[:, :8].mean(), body[:, 8:].mean()
    assert 0.6 < covered < 0.9, covered  # not a box: the bentside curves in toward the tail
    assert left > right + 0.1, (left, right)  # the straight spine at -X, the bent side at +X
    assert not body[-1, -3:].any() and body[-2, :3].all()  # the tail: nothing at its +X corner
    assert _height(obj, 0.0, 0.0) == pytest.approx(h, abs=0.01)  # the closed lid things stand on


def test_a_treatment_chair_reclines_from_a_leg_rest_to_a_raised_back(collection) -> None:
    for noun in ("tattoo chair", "dental chair", "dentist chair"):
        obj, (w, d, h) = _built(collection, noun)
        assert d > 1.4 and d > 2 * w, (noun, d)  # long enough to lie back in
        seat, rest, back = _height(obj, 0, 0), _height(obj, 0, -0.42 * d), _height(obj, 0, 0.3 * d)
        assert seat == pytest.approx(0.5 * h, abs=0.03), (noun, seat)
        assert 0.25 * h < rest < seat - 0.05, (noun, rest)  # the leg rest slopes down to the front
        assert back > seat + 0.2 * h, (noun, back)  # the back reclines up behind the seat


def test_a_beanbag_is_a_round_blob_higher_at_the_back(collection) -> None:
    obj, (w, d, h) = _built(collection, "beanbag")
    assert _height(obj, 0, -0.1 * d) == pytest.approx(0.4 / 0.675 * h, abs=0.03)  # the seat it is pressed to
    for sx, sy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        assert _height(obj, sx * 0.47 * w, sy * 0.47 * d) < 0.1 * h  # round: no corners, no arms
    assert _height(obj, 0, 0.3 * d) > 0.9 * h  # the slumped hump at the back


@pytest.mark.parametrize("width", [0.6, 0.66, 1.0, 1.4])
def test_a_radiator_top_is_flat_at_any_width(collection, width: float) -> None:
    obj, (w, d, h) = _built(collection, "radiator", (width, 0.1, 0.6))
    for a, b in ((0.5, 0.5), (0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)):
        assert _height(obj, w * (a - 0.5), d * (b - 0.5)) == pytest.approx(h, abs=0.03), (width, a, b)
