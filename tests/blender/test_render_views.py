"""Rendering: the perspective view and the labelled top view are written and not blank;
labels appear only in the top view; Cycles renders on the CPU. (EEVEE is never used in
tests: it needs a GPU context.)"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import office  # noqa: E402
from pixels import load_pixels  # noqa: E402

pytestmark = pytest.mark.blender


def build(engine: str, resolution: int):  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection

    scene = empty_scene()
    configure(scene, engine, resolution)
    layout = office()
    return scene, build_scene(scene, our_collection(scene, layout.prompt), layout, build_box)


def test_workbench_views_are_written_and_not_blank(tmp_path: Path) -> None:
    from setdresser.blender_addon.bl.render import render_top_view, render_view

    scene, built = build("workbench", 128)
    final = render_view(scene, built.camera, tmp_path / "render.png")
    top = render_top_view(scene, built.top_camera, built.collection, tmp_path / "top.png")
    for path, shape in ((final, (96, 128, 3)), (top, (576, 768, 3))):  # the top view: at least 768 px wide
        pixels = load_pixels(path)
        assert pixels.shape == shape
        assert pixels.std() > 0.03, f"{path.name} is (nearly) blank"
    assert scene.camera == built.camera, "the top view must not leave its camera active"
    labels = [o for o in built.collection.all_objects if o.get("setdresser_role") == "label"]
    ids = {o.data.body for o in labels if o.type == "FONT"} & {"desk_1", "lamp_1", "chair_1", "bookshelf_1"}
    assert len(ids) == 4 and all(o.hide_render for o in labels)


def test_labels_show_in_the_top_view_only(tmp_path: Path) -> None:
    from setdresser.blender_addon.bl.render import render_top_view, render_view

    scene, built = build("workbench", 160)
    with_labels = load_pixels(render_top_view(scene, built.top_camera, built.collection, tmp_path / "a.png"))
    final_with = load_pixels(render_view(scene, built.camera, tmp_path / "c.png"))
    import bpy

    for label in [o for o in built.collection.all_objects if o.get("setdresser_role") == "label"]:
        bpy.data.objects.remove(label)
    without = load_pixels(render_top_view(scene, built.top_camera, built.collection, tmp_path / "b.png"))
    # the ids are black text on white plates: many pixels get clearly darker, many clearly lighter
    change = with_labels.mean(axis=2) - without.mean(axis=2)
    assert int((change < -0.2).sum()) > 200 and int((change > 0.2).sum()) > 200
    # the final render never shows them
    final_without = load_pixels(render_view(scene, built.camera, tmp_path / "d.png"))
    assert float(np.abs(final_with - final_without).max()) < 1e-6


def test_cycles_renders_on_the_cpu(tmp_path: Path) -> None:
    from setdresser.blender_addon.bl.render import CYCLES_SAMPLES, render_view

    scene, built = build("cycles", 64)
    assert scene.render.engine == "CYCLES" and scene.cycles.device == "CPU"
    assert scene.cycles.samples == CYCLES_SAMPLES
    pixels = load_pixels(render_view(scene, built.camera, tmp_path / "cycles.png"))
    assert pixels.std() > 0.02


def test_bad_render_settings_are_bad_input() -> None:
    import bpy

    from setdresser.blender_addon.bl.render import configure, eevee_engine_id
    from setdresser.blender_addon.core.errors import BadInput

    with pytest.raises(BadInput, match="--render"):
        configure(bpy.context.scene, "povray", 128)
    with pytest.raises(BadInput, match="--resolution"):
        configure(bpy.context.scene, "workbench", 4)
    assert eevee_engine_id() in ("BLENDER_EEVEE", "BLENDER_EEVEE_NEXT")
