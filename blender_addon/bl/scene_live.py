"""The live Blender scene as scene-database rows (the panel's *Ask* box, and the sync after a
run or Re-solve): every mesh object measured where it stands now, the generated ones with
their ids and the user's own with ids from their names; the stored program's constraints scored
on the live poses."""

from __future__ import annotations

import re
from typing import Any

import bpy

from ..core.model import PlacedObject
from ..core.scene_db.facts import USER, facts_from_documents
from ..core.scene_db.live import LiveObject, live_layout
from ..core.scene_db.rows import GraphRows, build_rows
from ..core.stage_set import numpy_evaluate
from .build import ASSET_PROP, CATEGORY_PROP, ID_PROP, MOUNT_PROP
from .panel_session import drop_missing, load_source, measure_spec, object_id
from .scene_setup import TAG


def live_objects(scene: bpy.types.Scene) -> list[LiveObject]:
    """Every visible mesh of the scene that is a layout object or the user's own (not our floor,
    walls, labels or helpers), measured."""
    bpy.context.view_layer.update()
    found: list[LiveObject] = []
    taken: set[str] = set()
    for obj in sorted(scene.objects, key=lambda o: o.name):
        role = obj.get(TAG)
        if obj.type != "MESH" or (role is not None and role != "object"):
            continue
        ours = role == "object" and ID_PROP in obj
        oid = str(obj[ID_PROP]) if ours else _fresh(object_id(obj.name), taken)
        taken.add(oid)
        category = str(obj.get(CATEGORY_PROP) or re.sub(r"[._]?\d+$", "", obj.name).lower() or "object")
        spec = measure_spec(obj, oid, category)
        found.append(LiveObject(oid, category, spec.location, spec.rotation_euler[2], spec.dimensions,  # type: ignore[index,arg-type]
                                asset=str(obj.get(ASSET_PROP, "")), locked=bool(obj.get("setdresser_locked")),
                                source="generated" if ours else USER, name=obj.name,
                                mount=str(obj.get(MOUNT_PROP) or "floor") if ours else "floor"))
    return found


def _fresh(oid: str, taken: set[str]) -> str:
    candidate, number = oid, 1
    while candidate in taken:
        number += 1
        candidate = f"{oid}_{number}"
    return candidate


def live_rows(scene: bpy.types.Scene, objects: list[LiveObject] | None = None) -> GraphRows:
    """The scene's rows now: objects, zones, surfaces, NEAR and, when the last generation's
    program is stored on its collection, its constraints scored on the live poses."""
    objects = live_objects(scene) if objects is None else objects
    collection = bpy.data.collections.get(getattr(scene.setdresser, "collection_name", "") or "")
    source = load_source(collection) if collection is not None else None
    if source is None:
        return build_rows(facts_from_documents(live_layout(objects)))
    prompt, graph, program = source
    program = drop_missing(program, {o.id for o in objects})
    placed = [_placed(o) for o in objects if o.id in set(program.object_ids())]
    results, _ = numpy_evaluate(program, placed) if placed else ([], None)
    bounds: Any = program.bounds.to_dict() if program.bounds is not None else None
    layout = live_layout(objects, prompt=prompt, bounds=bounds, results=[r.to_dict() for r in results])
    return build_rows(facts_from_documents(layout, program.to_dict(), graph.to_dict()))


def _placed(obj: LiveObject) -> PlacedObject:
    box = obj.box
    return PlacedObject(id=obj.id, category=obj.category, asset=obj.asset or None, location=obj.location,
                        rotation_euler=(0.0, 0.0, obj.yaw), dimensions=obj.dimensions,
                        bbox_min=(box.min_x, box.min_y, box.min_z), bbox_max=(box.max_x, box.max_y, box.max_z),
                        mount=obj.mount)


# scene name -> its in-memory scene database, rebuilt by every sync (the panel's runs, Re-solve,
# and the edit command of issue 17 call sync_scene after they change the layout)
_stores: dict[str, Any] = {}


def sync_scene(scene: bpy.types.Scene) -> Any:
    """Bring the scene's database up to date with the viewport and return it (a
    ``services.scene_store.SceneStore``); None without the graph extra."""
    from ..core.errors import SetDresserError

    try:
        from ..services.scene_store import SceneStore
    except SetDresserError:
        return None
    rows = live_rows(scene)
    store = _stores.get(scene.name)
    if store is None:
        store = _stores[scene.name] = SceneStore.in_memory(rows)
    else:
        store.replace(rows)
    store.rows = rows  # the label space of the prompts that query it
    return store


def close_stores() -> None:
    """Close every scene database (unregister, file load)."""
    while _stores:
        _stores.popitem()[1].close()
