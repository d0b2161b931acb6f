"""The live Blender scene as a layout document (pure): measured objects, generated and the
user's own, with what each rests on inferred from the geometry (the user may have moved things
since the solve), and the program's constraints as scored on the live poses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..architecture.geometry import hung_support
from .facts import GENERATED
from .geometry import Box, rotated_box

# An object rests on another when its bottom is this close to the other's top (metres).
SUPPORT_GAP_M = 0.03


@dataclass(frozen=True)
class LiveObject:
    """One mesh object as measured in Blender: origin = bottom centre, yaw, size after scale."""

    id: str
    category: str
    location: tuple[float, float, float]
    yaw: float
    dimensions: tuple[float, float, float]
    asset: str = ""
    locked: bool = False
    source: str = GENERATED
    name: str = ""  # the Blender object's name (to select it again)
    mount: str = "floor"  # floor | wall | ceiling | surface, as built (the user's own: floor)

    @property
    def box(self) -> Box:
        return rotated_box(self.location, self.yaw, self.dimensions)


def infer_supports(objects: Sequence[LiveObject], ground_z: float = 0.0,
                   bounds: Mapping[str, Any] | None = None) -> dict[str, str | None]:
    """id -> what holds the object (layout/4): a hung one's wall (``north_wall``) or ``ceiling``
    (with the room's ``bounds``), else the highest object whose top is within
    :data:`SUPPORT_GAP_M` of its bottom and whose footprint holds its centre, ``ground`` on the
    floor, None when it floats."""
    out: dict[str, str | None] = {}
    for obj in objects:
        box = obj.box
        hung = hung_support(obj.mount, (box.min_x, box.min_y), (box.max_x, box.max_y), obj.yaw, bounds["min"],
                            bounds["max"]) if bounds else None
        if hung is not None:
            out[obj.id] = hung
            continue
        bottom = obj.location[2]
        if abs(bottom - ground_z) <= SUPPORT_GAP_M:
            out[obj.id] = "ground"
            continue
        holders = [o for o in objects if o.id != obj.id and abs(o.box.max_z - bottom) <= SUPPORT_GAP_M
                   and o.box.contains_xy(obj.location[0], obj.location[1])]
        out[obj.id] = max(holders, key=lambda o: (o.box.max_z, o.id)).id if holders else None
    return out


def live_layout(objects: Sequence[LiveObject], *, prompt: str = "", bounds: Mapping[str, Any] | None = None,
                results: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """A ``setdresser.layout/4`` document of the live scene (``results``: the program's
    constraints scored on these poses, as ``ConstraintResult.to_dict()``)."""
    supports = infer_supports(objects, float(bounds["min"][2]) if bounds else 0.0, bounds)
    layout: dict[str, Any] = {"schema": "setdresser.layout/4", "prompt": prompt, "objects": [],
                              "constraints": [dict(r) for r in results]}
    if bounds:
        layout["bounds"] = {"min": list(bounds["min"]), "max": list(bounds["max"])}
    for obj in objects:
        box = obj.box
        layout["objects"].append({
            "id": obj.id, "category": obj.category, "asset": obj.asset, "location": list(obj.location),
            "rotation_euler": [0.0, 0.0, obj.yaw], "dimensions": list(obj.dimensions),
            "bbox_min": [box.min_x, box.min_y, box.min_z], "bbox_max": [box.max_x, box.max_y, box.max_z],
            "support": supports[obj.id], "locked": obj.locked, "source": obj.source,
            **({"mount": obj.mount} if obj.mount != "floor" else {})})  # floor: told by the support
    return layout


def existing_layout(specs: Sequence[Any], prompt: str = "") -> dict[str, Any]:
    """The user's locked objects a generation starts from (``ObjectSpec`` with a pose; those
    without one are left out) as a layout document, for the planner's scene query tool."""
    from .facts import USER

    objects = [LiveObject(id=s.id, category=s.category, location=tuple(s.location),  # type: ignore[arg-type]
                          yaw=float((s.rotation_euler or (0.0, 0.0, 0.0))[2]), dimensions=tuple(s.dimensions),
                          asset=s.asset or "", locked=True, source=USER)
               for s in specs if s.location is not None]
    return live_layout(objects, prompt=prompt)
