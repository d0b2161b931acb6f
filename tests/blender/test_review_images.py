"""The review images in Blender (issue 15 item 8): the top view covers the whole room with its
walls, doors and windows, every object has its label (drawn only in the top view, hidden in the
viewport), and the second perspective view is written."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import placed  # noqa: E402
from pixels import load_pixels  # noqa: E402

pytestmark = pytest.mark.blender
ROOM = {"kind": "indoor", "height": 2.7, "shape": "rect",
        "openings": [{"id": "door_1", "kind": "door", "wall": "south", "offset": 1.0, "width": 0.9},
                     {"id": "window_1", "kind": "window", "wall": "east", "offset": 0.0, "width": 1.2}]}
BOUNDS = ((-3.0, -2.0, 0.0), (4.0, 3.0, 2.7))


@pytest.fixture(scope="module")
def built():  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection
    from setdresser.blender_addon.core.model import Bounds, Layout, PhysicsChecks

    scene = empty_scene()
    configure(scene, "workbench", 128)
    objects = [placed("bed_1", "bed", (0.0, 1.5, 0.0), 0.0, (1.6, 2.0, 0.6)),
               placed("nightstand_1", "nightstand", (-1.1, 2.6, 0.0), 0.0, (0.45, 0.4, 0.55)),
               placed("lamp_1", "lamp", (-1.1, 2.6, 0.55), 0.0, (0.2, 0.2, 0.4), support="nightstand_1"),
               placed("person_1", "person", (2.0, -1.0, 0.0), 0.0, (0.5, 0.3, 1.7))]
    layout = Layout(objects, [], PhysicsChecks(), Bounds(*BOUNDS), "a person next to a bed", 0)
    layout.room = ROOM  # type: ignore[attr-defined]
    return scene, build_scene(scene, our_collection(scene, layout.prompt), layout, build_box), layout


def to_pixel(camera, x: float, y: float, width: int, height: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Row (from the bottom, as Blender stores pixels) and column of a floor point in the top view."""
    scale = camera.data.ortho_scale  # the wider side: the image width (4:3)
    col = (x - camera.location.x) / scale * width + width / 2
    row = (y - camera.location.y) / (scale * height / width) * height + height / 2
    return int(round(row)), int(round(col))


def test_the_top_view_shows_the_whole_room_its_openings_and_every_label(built, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.render import render_top_view
    from setdresser.blender_addon.bl.top_view import TOP_MIN_WIDTH

    scene, build, layout = built
    cam = build.top_camera
    half_w, half_h = cam.data.ortho_scale / 2, cam.data.ortho_scale * 3 / 8
    (x0, y0, _), (x1, y1, _) = BOUNDS
    # the room and its walls (0.12 m outside the bounds) lie inside the picture
    assert cam.location.x - half_w < x0 - 0.12 and cam.location.x + half_w > x1 + 0.12
    assert cam.location.y - half_h < y0 - 0.12 and cam.location.y + half_h > y1 + 0.12
    pixels = load_pixels(render_top_view(scene, cam, build.collection, tmp_path / "top.png"))
    height, width = pixels.shape[:2]
    assert width == TOP_MIN_WIDTH and scene.render.resolution_x == 128  # a diagram's size, then restored
    grey = pixels.mean(axis=2)
    # all four walls are drawn (dark band), the door orange and the window blue, where they are
    for x, y in ((0.5, y1 + 0.06), (0.5, y0 - 0.06), (x0 - 0.06, 0.5), (x1 + 0.06, -1.5)):
        assert grey[to_pixel(cam, x, y, width, height)] < 0.45, (x, y)
    along = np.linspace(-0.4, 0.4, 9)  # its label may cover the middle of an opening
    door = [pixels[to_pixel(cam, 1.5 + d, y0 - 0.06, width, height)] for d in along]
    window = [pixels[to_pixel(cam, x1 + 0.06, 0.5 + d, width, height)] for d in along]
    assert any(p[0] > p[2] + 0.3 for p in door) and any(p[2] > p[0] + 0.3 for p in window), (door, window)
    labels = {o.data.body for o in build.collection.all_objects
              if o.get("setdresser_role") == "label" and o.type == "FONT"}
    assert {o.id for o in layout.objects} | {"door_1", "window_1", "N"} <= labels
    overlay = [o for o in build.collection.all_objects if o.get("setdresser_role") == "label"]
    assert all(o.hide_render and o.hide_viewport for o in overlay)  # back to hidden after the top view


def test_the_second_view_is_written_and_sees_the_subject(built, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.render import render_view

    scene, build, _ = built
    assert build.second_camera is not None and build.second_camera != build.camera
    first = np.array(build.camera.location)
    second = np.array(build.second_camera.location)
    assert np.linalg.norm(first[:2] - second[:2]) > 1.0  # another side of the room
    pixels = load_pixels(render_view(scene, build.second_camera, tmp_path / "second.png"))
    assert pixels.shape == (96, 128, 3) and pixels.std() > 0.03


def test_a_reviewed_run_writes_the_three_views_and_copies_the_final_ones_it_already_rendered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from setdresser.blender_addon.bl import driver as driver_module
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.scene_setup import empty_scene
    from setdresser.blender_addon.core import pipeline as pl

    sys.path.insert(0, str(Path(__file__).parent))
    from test_generate_pipeline import PROMPT, stages

    rendered: list[str] = []
    real = driver_module.render_view
    monkeypatch.setattr(driver_module, "render_view", lambda scene, cam, path: rendered.append(path.name) or
                        real(scene, cam, path))
    request = pl.GenerateRequest(PROMPT, seed=1, max_iterations=1, resolution=96, review_renders=True)
    driver = driver_module.BlenderDriver(stages(), request, tmp_path, builder=build_box, scene=empty_scene())
    result = pl.drive(pl.run(request), driver.fulfil, lambda event: None)
    assert set(result.renders) == set(pl.REVIEW_VIEWS)
    for name in ("render.png", "review_view2.png", "review_top.png"):
        final, first = tmp_path / name, tmp_path / "iterations" / "01" / name
        assert final.is_file() and final.read_bytes() == first.read_bytes(), name
    assert rendered == ["render.png", "review_view2.png"]  # once, for the round's review; the final ones are copies
    # another engine (the panel reviews with Workbench, renders the final with the user's engine): rendered
    from setdresser.blender_addon.bl.render import configure

    configure(driver.scene, "cycles", 32)
    driver.fulfil(pl.NeedRender(("final",), "final"))
    assert rendered[2:] == ["render.png"]
