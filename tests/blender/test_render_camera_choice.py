"""The main camera looks from the side that shows the objects' fronts; the room's cut-away
walls and the sun turn with it, so no wall stands between the camera and the objects."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import placed, segment_hits_box  # noqa: E402

from setdresser.blender_addon.core.model import Bounds, Layout, PhysicsChecks  # noqa: E402

pytestmark = pytest.mark.blender

ROOM = Bounds((-3.0, -3.0, 0.0), (3.0, 3.0, 3.0))


def facing_layout(yaw: float) -> Layout:
    """A sofa and an armchair turned the same way, in a room."""
    objects = [placed("sofa_1", "sofa", (0.0, 0.0, 0.0), yaw, (2.0, 0.9, 0.85)),
               placed("armchair_1", "armchair", (1.6, 1.6, 0.0), yaw, (0.9, 0.9, 0.9))]
    return Layout(objects=objects, constraints=[], checks=PhysicsChecks(), bounds=ROOM, prompt="a sofa", seed=0)


def build(layout: Layout):  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection

    scene = empty_scene()
    configure(scene, "workbench", 96)
    return scene, build_scene(scene, our_collection(scene, layout.prompt), layout, build_box)


@pytest.mark.parametrize("yaw_deg", [0.0, 90.0, 180.0, -90.0])
def test_camera_sees_the_fronts_and_no_wall_blocks_it(yaw_deg: float) -> None:
    from setdresser.blender_addon.bl.build import world_box

    yaw = math.radians(yaw_deg)
    scene, built = build(facing_layout(yaw))
    camera = built.camera.matrix_world.translation
    front = (math.sin(yaw), -math.cos(yaw))
    to_camera = (camera.x, camera.y)
    cosine = (front[0] * to_camera[0] + front[1] * to_camera[1]) / math.hypot(*to_camera)
    assert cosine > math.cos(math.radians(50)), f"camera at {tuple(camera)} sees the sofa's side or back"
    walls = [o for o in built.collection.all_objects if o.get("setdresser_role") == "wall"]
    assert len(walls) == 2
    sides = {w.name.split()[-1] for w in walls}
    assert len(sides & {"north", "south"}) == 1 and len(sides & {"east", "west"}) == 1, sides
    for wall in walls:
        lo, hi = world_box(wall)[:2]
        assert hi.y <= ROOM.min[1] + 1e-6 or lo.y >= ROOM.max[1] - 1e-6 \
            or hi.x <= ROOM.min[0] + 1e-6 or lo.x >= ROOM.max[0] - 1e-6
        for obj in built.objects.values():
            for corner in world_box(obj)[2]:
                assert not segment_hits_box(camera, corner, lo, hi), f"{wall.name} hides {obj.name}"


def _sun_and_camera_azimuth(yaw: float) -> tuple[float, float]:
    """The key sun's Z rotation and the camera's azimuth (0 = south, toward east) for the layout."""
    _, built = build(facing_layout(yaw))
    sun = next(o for o in built.collection.all_objects if o.name.startswith("SetDresser sun"))
    location = built.camera.location
    return float(sun.rotation_euler[2]), math.atan2(location.x, -location.y)


def test_the_sun_turns_with_the_camera() -> None:
    south_sun, south_camera = _sun_and_camera_azimuth(0.0)
    north_sun, north_camera = _sun_and_camera_azimuth(math.pi)
    assert math.cos(north_camera) < 0 < math.cos(south_camera)  # the camera did turn
    delta = (north_sun - south_sun - (north_camera - south_camera) + math.pi) % (2 * math.pi) - math.pi
    # the camera's position is shifted by the framing, so its azimuth differs from the candidate's
    assert abs(delta) < math.radians(10)
