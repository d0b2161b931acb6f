"""Small hand-made layouts for the grounding and edit tests (poses chosen so each relation is
unambiguous to a person looking at the top view)."""

from __future__ import annotations

from setdresser.blender_addon.core.model import Bounds, Layout, PhysicsChecks, PlacedObject


def obj(oid: str, category: str, x: float, y: float, size: tuple[float, float, float], *, z: float = 0.0,
        yaw: float = 0.0, support: str | None = "ground") -> PlacedObject:
    """A placed box centred at (x, y) standing at height z (sizes are x, y, z extents at yaw 0 or 180)."""
    w, d, h = size
    if abs(round(yaw / 1.5707963) % 2) == 1:
        w, d = d, w
    return PlacedObject(id=oid, category=category, asset=None, location=(x, y, z), rotation_euler=(0.0, 0.0, yaw),
                        dimensions=size, bbox_min=(x - w / 2, y - d / 2, z), bbox_max=(x + w / 2, y + d / 2, z + h),
                        support=support)


def bedroom() -> Layout:
    """Bed against the north wall, a nightstand each side (a lamp only on the west one, a book on
    the east one), a desk at the west wall with a mug, three chairs in a row along the south."""
    objects = [
        obj("bed_1", "bed", 0.0, 1.0, (1.6, 2.0, 0.6)),
        obj("nightstand_1", "nightstand", -1.2, 1.7, (0.5, 0.4, 0.55)),
        obj("nightstand_2", "nightstand", 1.2, 1.7, (0.5, 0.4, 0.55)),
        obj("table_lamp_1", "table lamp", -1.2, 1.7, (0.25, 0.25, 0.45), z=0.55, support="nightstand_1"),
        obj("book_1", "book", 1.2, 1.7, (0.2, 0.15, 0.04), z=0.55, support="nightstand_2"),
        obj("desk_1", "desk", -1.9, -0.5, (1.2, 0.6, 0.75), yaw=1.5707963),
        obj("mug_1", "mug", -1.9, -0.4, (0.1, 0.1, 0.1), z=0.75, support="desk_1"),
        obj("chair_1", "chair", -1.0, -1.6, (0.5, 0.5, 0.9)),
        obj("chair_2", "chair", 0.0, -1.6, (0.5, 0.5, 0.9)),
        obj("chair_3", "chair", 1.0, -1.6, (0.7, 0.7, 1.0)),
        obj("floor_lamp_1", "floor lamp", 2.2, -1.2, (0.4, 0.4, 1.6)),
    ]
    return Layout(objects=objects, constraints=[], checks=PhysicsChecks(),
                  bounds=Bounds((-2.5, -2.5, 0.0), (2.5, 2.5, 3.0)), prompt="bedroom")
