"""The labelled top-down review view in Blender: the plan of ``core/top_view.py`` drawn as
flat objects above the scene (room outline with its doors and windows, a 1 m grid on the
floor, metre numbers, a north arrow, id labels on white plates with leader lines) and an
orthographic camera over it.

Everything drawn here has the role ``label``: hidden in every render but the top view
(:func:`.camera.show_labels`) and in the viewport (a user opening scene.blend sees the scene).
"""

from __future__ import annotations

from typing import Sequence

import bpy

from ..core.model import Layout
from ..core.top_view import Item, TopViewPlan, plan_top_view
from .boxes import solid_material
from .room_plan import SIDES, RoomSpec, wall_boxes
from .scene_setup import new_object

TOP_MIN_WIDTH = 768  # px: the top view is a diagram of small text, never smaller than this
TOP_PX_PROP = "setdresser_top_px"  # on the top camera: the image width its plan was made for
ROLE = "label"
INK = (0.0, 0.0, 0.0, 1.0)
PAPER = (1.0, 1.0, 1.0, 1.0)
LEADER = (0.12, 0.12, 0.12, 1.0)
GRID = (0.45, 0.45, 0.45, 1.0)
WALL_BAND = (0.07, 0.07, 0.08, 1.0)
OPENING_COLOURS = {"door": (0.85, 0.45, 0.1, 1.0), "window": (0.25, 0.6, 0.95, 1.0)}
ARROW = (0.6, 0.0, 0.0, 1.0)
LINE_PX = 1.6  # grid and leader line width in pixels


def top_view_size(resolution_x: int) -> tuple[int, int]:
    """The top view's image size: the run's width, at least :data:`TOP_MIN_WIDTH`, 4:3."""
    width = max(int(resolution_x), TOP_MIN_WIDTH)
    return width, round(width * 3 / 4)


def opening_items(spec: RoomSpec | None, layout: Layout) -> list[tuple[Item, str]]:
    """Each door and window as a labelled item (its footprint in the wall) and its kind."""
    if spec is None or layout.bounds is None or not spec.openings:
        return []
    kinds = {o.id: o.kind for o in spec.openings}
    spans: dict[str, list[float]] = {}
    for box in wall_boxes(spec, layout.bounds.min, layout.bounds.max, SIDES, None):
        if box.owner in kinds:
            lo = spans.setdefault(box.owner, [box.lo[0], box.lo[1], box.hi[0], box.hi[1]])
            lo[:] = [min(lo[0], box.lo[0]), min(lo[1], box.lo[1]), max(lo[2], box.hi[0]), max(lo[3], box.hi[1])]
    return [(Item(oid, tuple(rect)), kinds[oid]) for oid, rect in spans.items()]  # type: ignore[arg-type]


def build_top_view(scene: bpy.types.Scene, collection: bpy.types.Collection, layout: Layout,
                   spec: RoomSpec | None, indoor: bool) -> bpy.types.Object:
    """Draw the top view of ``layout`` into ``collection`` and return its camera."""
    width, height = top_view_size(scene.render.resolution_x)
    openings = opening_items(spec, layout)
    items = [Item(o.id, (o.bbox_min[0], o.bbox_min[1], o.bbox_max[0], o.bbox_max[1])) for o in layout.objects]
    items += [item for item, _ in openings]
    texts = _measured_texts([i.id for i in items], collection)
    bounds = layout.bounds
    room = (bounds.min[0], bounds.min[1], bounds.max[0], bounds.max[1]) if bounds is not None and indoor else None
    plan = plan_top_view(items, room, width, height, {t: o.dimensions[0] for t, o in texts.items()})
    ground = bounds.ground_z if bounds is not None else min((o.bbox_min[2] for o in layout.objects), default=0.0)
    tallest = max([o.bbox_max[2] for o in layout.objects] + [ground + (spec.height if spec else 2.7)])
    z = tallest + 0.5
    line = LINE_PX * plan.ortho_scale / width
    _draw_room(plan, openings, collection, z)
    _draw_grid(plan, collection, ground + 0.003, z + 0.04, line)
    _draw_labels(plan, texts, collection, z + 0.02, line)
    _draw_north(plan, collection, z + 0.04)
    for obj in list(collection.all_objects):  # a copy: hiding rebuilds the cache under the iterator
        if obj.get("setdresser_role") == ROLE:
            obj.hide_render, obj.hide_viewport = True, True
    return _camera(plan, collection, z + 10.0, width)


def _measured_texts(texts: Sequence[str], collection: bpy.types.Collection) -> dict[str, bpy.types.Object]:
    """One text object per id at size 1 (measured: ``dimensions[0]`` is its width per unit height)."""
    material = solid_material("SetDresser label", INK)
    out = {}
    for text in texts:
        curve = bpy.data.curves.new(f"label {text}", type="FONT")
        curve.body, curve.size = text, 1.0
        curve.align_x, curve.align_y = "CENTER", "CENTER"
        curve.materials.append(material)
        out[text] = new_object(f"SetDresser label {text}", curve, ROLE, collection)
    bpy.context.view_layer.update()
    return out


def _text(body: str, size: float, location: Sequence[float], collection: bpy.types.Collection) -> bpy.types.Object:
    curve = bpy.data.curves.new(f"top view {body}", type="FONT")
    curve.body, curve.size = body, size
    curve.align_x, curve.align_y = "CENTER", "CENTER"
    curve.materials.append(solid_material("SetDresser label", INK))
    obj = new_object(f"SetDresser top view {body}", curve, ROLE, collection)
    obj.location = tuple(location)
    return obj


def _flat(name: str, quads: Sequence[Sequence[tuple[float, float]]], z: float, colour: tuple[float, ...],
          collection: bpy.types.Collection) -> bpy.types.Object | None:
    """One flat mesh of quads (4 XY corners each, counter-clockwise) at height ``z``."""
    if not quads:
        return None
    verts = [(x, y, z) for quad in quads for x, y in quad]
    faces = [tuple(range(4 * k, 4 * k + 4)) for k in range(len(quads))]
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata(verts, [], faces)
    mesh.materials.append(solid_material(f"SetDresser {name}", colour))  # type: ignore[arg-type]
    obj = new_object(name, mesh, ROLE, collection)
    obj.display.show_shadows = False
    return obj


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _segment(a: Sequence[float], b: Sequence[float], width: float) -> list[tuple[float, float]]:
    """A quad of ``width`` along the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    return [(a[0] + nx, a[1] + ny), (a[0] - nx, a[1] - ny), (b[0] - nx, b[1] - ny), (b[0] + nx, b[1] + ny)]


def _draw_room(plan: TopViewPlan, openings: Sequence[tuple[Item, str]], collection: bpy.types.Collection,
               z: float) -> None:
    """The room's walls as a dark band outside its floor, its doors and windows in colour."""
    if plan.room is None:
        return
    x0, y0, x1, y1 = plan.room
    t = 0.12
    bands = [_rect(x0 - t, y1, x1 + t, y1 + t), _rect(x0 - t, y0 - t, x1 + t, y0),
             _rect(x0 - t, y0, x0, y1), _rect(x1, y0, x1 + t, y1)]
    _flat("SetDresser top view walls", bands, z, WALL_BAND, collection)
    for kind, colour in OPENING_COLOURS.items():
        _flat(f"SetDresser top view {kind}s", [_rect(*i.footprint) for i, k in openings if k == kind],
              z + 0.005, colour, collection)


def _draw_grid(plan: TopViewPlan, collection: bpy.types.Collection, z: float, z_text: float, line: float) -> None:
    """The metre lines on the floor (under the objects) and their numbers in the margin."""
    xs, ys = plan.grid
    gx0, gy0, gx1, gy1 = plan.grid_area
    quads = [_segment((x, gy0), (x, gy1), line) for x in xs] + [_segment((gx0, y), (gx1, y), line) for y in ys]
    _flat("SetDresser top view grid", quads, z, GRID, collection)
    for body, x, y in plan.ticks:
        _text(body, plan.text_height * 0.8, (x, y, z_text), collection)


def _draw_labels(plan: TopViewPlan, texts: dict[str, bpy.types.Object], collection: bpy.types.Collection,
                 z: float, line: float) -> None:
    """Each id on a white plate, with a leader line and a dot at its object when moved away."""
    plates, leaders = [], []
    for spot in plan.labels:
        plates.append(_rect(*spot.rect()))
        if spot.leader:
            leaders.append(_segment(spot.leader_from, spot.anchor, line))
            ax, ay, d = spot.anchor[0], spot.anchor[1], line * 1.8
            leaders.append(_rect(ax - d, ay - d, ax + d, ay + d))
        obj = texts[spot.text]
        obj.data.size = plan.text_height
        obj.location = (spot.centre[0], spot.centre[1] - plan.text_height * 0.05, z + 0.02)
    _flat("SetDresser top view leaders", leaders, z, LEADER, collection)
    _flat("SetDresser top view plates", plates, z + 0.01, PAPER, collection)


def _draw_north(plan: TopViewPlan, collection: bpy.types.Collection, z: float) -> None:
    """An arrow pointing north (image up) with an N under it."""
    x, y, length = plan.north
    s = plan.text_height
    tip = y + length / 2
    head = [(x, tip), (x - 0.45 * s, tip - 0.8 * s), (x, tip - 0.8 * s), (x + 0.45 * s, tip - 0.8 * s)]
    shaft = _segment((x, y - length / 2 + 0.9 * s), (x, y + length / 2 - 0.6 * s), 0.18 * s)
    _flat("SetDresser top view north", [head, shaft], z, ARROW, collection)
    _text("N", s, (x, y - length / 2 + 0.4 * s, z), collection)


def _camera(plan: TopViewPlan, collection: bpy.types.Collection, z: float, width: int) -> bpy.types.Object:
    data = bpy.data.cameras.new("SetDresser top view")
    data.type = "ORTHO"
    data.ortho_scale = plan.ortho_scale
    data.clip_end = z + 50.0
    cam = new_object("SetDresser top view", data, "camera", collection)
    cam.location = (plan.centre[0], plan.centre[1], z)
    cam.rotation_euler = (0.0, 0.0, 0.0)  # looking down -Z, image up = +Y = north
    cam[TOP_PX_PROP] = width
    return cam
