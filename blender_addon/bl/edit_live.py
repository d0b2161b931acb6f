"""Edit the scene in the viewport by instruction (the panel's *Edit* box, issue 17).

The live scene (generated objects and the user's own, measured where they stand now) becomes
a program + layout, ``core/edit`` grounds the instruction and re-solves what changed, and the
result is applied to the Blender objects in place: moved and turned objects get their new
pose (a user's object keeps its origin: the move is applied as a world transform), resized
ones a new scale, removed ones are deleted, added ones built in the generation's collection.
The stored program on the collection and the scene database follow.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import bpy
from mathutils import Matrix, Vector

from ..core.edit.run import EditResult, plan_edit, restyled_graph
from ..core.model import Layout, ObjectSpec, PhysicsChecks, PlacedObject, Program
from ..core.scene_db.live import LiveObject, infer_supports
from ..core.solve_record import Budget
from ..core.stage_set import numpy_solve
from .asset_bridge import catalog_builder
from .build import build_objects
from .panel_session import drop_missing, load_source, store_source
from .scene_live import _placed, live_objects, sync_scene

log = logging.getLogger(__name__)
EDIT_BUDGET = Budget()  # the default counted work: the same edit gives the same scene


def _program_and_layout(scene: bpy.types.Scene, objects: list[LiveObject]) -> tuple[Any, Program, Layout, Any]:
    collection = bpy.data.collections.get(getattr(scene.setdresser, "collection_name", "") or "")
    source = load_source(collection) if collection is not None else None
    prompt, graph, program = source if source is not None else ("", None, Program(objects=[], constraints=[]))
    program = drop_missing(program, {o.id for o in objects})
    known = set(program.object_ids())
    indoor = program.bounds is not None and program.room is not None and program.room.indoor
    supports = infer_supports(objects, program.bounds.ground_z if program.bounds else 0.0,
                              program.bounds.to_dict() if indoor else None)  # type: ignore[union-attr]
    placed = [dataclasses.replace(_placed(o), support=supports.get(o.id)) for o in objects]
    extra = [ObjectSpec(o.id, o.category, o.dimensions, locked=True, location=o.location,
                        rotation_euler=(0.0, 0.0, o.yaw)) for o in objects if o.id not in known]
    program = dataclasses.replace(program, objects=list(program.objects) + extra)
    layout = Layout(objects=placed, constraints=[], checks=PhysicsChecks(), bounds=program.bounds, prompt=prompt)
    return collection, program, layout, graph


def edit_scene(scene: bpy.types.Scene, instruction: str, *, ask: bool = False, seed: int = 0) -> EditResult:
    """Apply ``instruction`` to the live scene; raises BadInput for what cannot be done."""
    objects = live_objects(scene)
    collection, program, layout, graph = _program_and_layout(scene, objects)
    result = plan_edit(program, layout, instruction,
                       lambda p, s: numpy_solve(p, s, EDIT_BUDGET, layout.prompt), seed=seed, ask=ask)
    names = {o.id: o.name for o in objects}
    _apply(result, layout, names, collection or scene.collection, graph, seed)
    if collection is not None and graph is not None:
        new_graph = restyled_graph(graph, result.outcome)
        store_source(collection, layout.prompt, new_graph, result.outcome.program, seed)
    sync_scene(scene)
    return result


def _apply(result: EditResult, before: Layout, names: dict[str, str], collection: bpy.types.Collection,
           graph: Any, seed: int) -> None:
    old = before.by_id()
    for oid in result.outcome.removed:
        _delete(bpy.data.objects.get(names.get(oid, "")))
    rebuild = set(result.outcome.added) | set(result.outcome.colors)
    for placed in result.layout.objects:
        obj = bpy.data.objects.get(names.get(placed.id, ""))
        if placed.id in rebuild or obj is None:
            continue
        _move(obj, old[placed.id], placed)
    if rebuild:
        hints = {a.id: list(a.hints) for a in graph.assets} if graph is not None else {}
        for oid, colour in result.outcome.colors.items():
            hints[oid] = [h for h in hints.get(oid, []) if h != colour] + [colour]
        todo = [p for p in result.layout.objects if p.id in rebuild]
        for p in todo:
            _delete(bpy.data.objects.get(names.get(p.id, "")))
        build_objects(todo, collection, catalog_builder(hints, seed=seed))
    bpy.context.view_layer.update()


def _move(obj: bpy.types.Object, was: PlacedObject, now: PlacedObject) -> None:
    """Carry ``obj`` from its measured pose ``was`` to ``now`` (bottom centre + yaw + size)."""
    if was.location == now.location and was.rotation_euler == now.rotation_euler and \
            was.dimensions == now.dimensions:
        return
    scale = [n / w if w > 1e-9 else 1.0 for n, w in zip(now.dimensions, was.dimensions, strict=True)]
    turn = Matrix.Rotation(now.rotation_euler[2] - was.rotation_euler[2], 4, "Z")
    to_origin = Matrix.Translation(-Vector(was.location))
    local_scale = Matrix.Rotation(was.rotation_euler[2], 4, "Z") @ Matrix.Diagonal((*scale, 1.0)) @ \
        Matrix.Rotation(-was.rotation_euler[2], 4, "Z")
    obj.matrix_world = Matrix.Translation(Vector(now.location)) @ turn @ local_scale @ to_origin @ obj.matrix_world


def _delete(obj: bpy.types.Object | None) -> None:
    if obj is None:
        return
    for child in list(obj.children):
        _delete(child)
    bpy.data.objects.remove(obj, do_unlink=True)
