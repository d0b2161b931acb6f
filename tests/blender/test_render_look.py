"""The Cycles look: a small CPU render of a room and of open ground is well exposed and has
contrast (the sun's shadows, a lit and a shaded wall), not the pale, flat image the first
light set gave; the labelled top view leaves the Cycles colour management as it found it.

Thresholds, measured on these scenes at 128 px (16 samples, denoised): the washed-out set
(sun from behind the camera, Workbench colours as albedo, AgX base look) gave a luminance
spread p5-p95 of 0.09 (room) and 0.08 (ground); the current one gives 0.43 and 0.29, with
the mean at 0.66 and 0.69.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import office  # noqa: E402
from pixels import load_pixels  # noqa: E402

pytestmark = pytest.mark.blender

REC709 = np.array([0.2126, 0.7152, 0.0722], dtype=np.float32)


def luminance(path: Path) -> np.ndarray:
    """Display-referred luminance [H, W] of a PNG, read with Blender's image loader."""
    return load_pixels(path) @ REC709


def build_cycles(outdoor: bool):  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection

    scene = empty_scene()
    configure(scene, "cycles", 128)
    layout = office()
    return scene, build_scene(scene, our_collection(scene, layout.prompt), layout, build_box, outdoor=outdoor)


@pytest.mark.parametrize("outdoor", [False, True], ids=["room", "ground"])
def test_a_small_cycles_render_is_well_exposed_with_contrast(tmp_path: Path, outdoor: bool) -> None:
    from setdresser.blender_addon.bl.render import render_view

    scene, built = build_cycles(outdoor)
    lum = luminance(render_view(scene, built.camera, tmp_path / "cycles.png"))
    p5, p50, p95 = np.percentile(lum, [5, 50, 95])
    assert 0.35 <= float(lum.mean()) <= 0.80, f"mean luminance {lum.mean():.2f}: too dark or too bright"
    assert 0.45 <= p50 <= 0.85, f"median luminance {p50:.2f}"
    assert p95 - p5 >= 0.2, f"luminance spread p5-p95 only {p95 - p5:.2f}: washed out"
    assert float((lum > 0.95).mean()) < 0.02, "blown-out highlights"
    assert float((lum < 0.05).mean()) < 0.02, "crushed shadows"


def test_cycles_colour_management_survives_the_top_view(tmp_path: Path) -> None:
    from setdresser.blender_addon.bl.render import LIT_LOOK, render_top_view

    scene, built = build_cycles(outdoor=False)
    view = scene.view_settings
    assert (view.view_transform, view.look) == ("AgX", LIT_LOOK)
    render_top_view(scene, built.top_camera, built.collection, tmp_path / "top.png")
    assert scene.render.engine == "CYCLES"
    assert (view.view_transform, view.look, view.exposure) == ("AgX", LIT_LOOK, 0.0)


def test_workbench_keeps_the_authored_set_colours() -> None:
    """Workbench shows the set's Workbench colours; Cycles gets the darker albedos."""
    import bpy

    from setdresser.blender_addon.bl import environment as env
    from setdresser.blender_addon.bl.render import configure

    scene, built = build_cycles(outdoor=False)
    configure(scene, "workbench", 128)
    assert (scene.view_settings.view_transform, scene.view_settings.look) == ("Standard", "None")
    floor = bpy.data.objects["SetDresser floor"].data.materials[0]
    assert tuple(floor.diffuse_color) == pytest.approx(env.FLOOR_COLOUR)
    bsdf = next(n for n in floor.node_tree.nodes if n.type == "BSDF_PRINCIPLED")
    assert tuple(bsdf.inputs["Base Color"].default_value) == pytest.approx(env.FLOOR_ALBEDO)
    assert tuple(scene.world.color) == pytest.approx(env.SKY_COLOUR)
