"""The support surfaces of a scene's objects: the named surfaces a v2 program gives, and for
any object something rests on, the surface it rests on (``top`` unless the layout names one)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .facts import ObjectFact, SurfaceSpec
from .geometry import Box, rotated_box


@dataclass(frozen=True)
class SurfaceFact:
    """A surface in the world: id ``object.name``, owner, height above the floor, footprint."""

    id: str
    object: str
    name: str
    z: float
    box: Box


def surfaces_of(objects: Sequence[ObjectFact]) -> dict[tuple[str, str], SurfaceFact]:
    """(object id, surface name) -> surface, in the objects' order then the surfaces' order."""
    by_id = {o.id: o for o in objects}
    used: dict[str, list[str]] = {}
    for obj in objects:
        if obj.support in by_id:
            names = used.setdefault(obj.support, [])
            if (obj.support_surface or "top") not in names:
                names.append(obj.support_surface or "top")
    out: dict[tuple[str, str], SurfaceFact] = {}
    for obj in objects:
        specs = list(obj.surfaces)
        known = {s.name for s in specs}
        specs += [SurfaceSpec(name, obj.dimensions[2]) for name in used.get(obj.id, ()) if name not in known]
        for spec in specs:
            out[(obj.id, spec.name)] = _surface(obj, spec)
    return out


def _surface(obj: ObjectFact, spec: SurfaceSpec) -> SurfaceFact:
    box = rotated_box(obj.location, obj.yaw, obj.dimensions, spec.local_min, spec.local_max)
    z = obj.location[2] + spec.height
    return SurfaceFact(id=f"{obj.id}.{spec.name}", object=obj.id, name=spec.name, z=z,
                       box=Box(box.min_x, box.min_y, z, box.max_x, box.max_y, z))
