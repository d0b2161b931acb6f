"""Handing retrieval results to the constraint program, and the stage wrapper for generate.

For every object the coder planned, :func:`choose_assets` asks the retriever; a chosen user
asset replaces the object's ``asset`` with ``user:<id>`` and its ``dimensions`` with the
asset's normalised aspect scaled to the planned height (SceneCraft's height dictionary:
the planner says how tall a thing is, the model says its proportions). The room bounds
grow when the new footprints need more floor. Locked objects (the user's own, already in
the scene) are left alone.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Sequence

from ..assets.catalog import Catalog, load_catalog
from ..model import Bounds, ObjectSpec, Program
from ..pipeline import ProgramDraft
from ..scene_graph import SceneGraph
from ..script_api import render_script
from ..stage_set import StageSet
from .select import METHOD_PROCEDURAL, AssetChoice, AssetQuery, Retriever

Vec3 = tuple[float, float, float]


def queries_for(program: Program, graph: SceneGraph | None, catalog: Catalog | None = None) -> list[AssetQuery]:
    """One query per unlocked object: noun, the planner's description and hints, the catalog's
    synonyms of the noun, and the planned dimensions."""
    catalog = catalog if catalog is not None else load_catalog()
    nodes = {a.id: a for a in graph.assets} if graph is not None else {}
    queries = []
    for spec in program.objects:
        if spec.locked:
            continue
        node = nodes.get(spec.id)
        entry = catalog.entry(spec.category) or catalog.entry(catalog.resolve(spec.category).asset)
        synonyms = tuple(s for s in ((entry.category,) + entry.synonyms if entry else ()) if s != spec.category)
        queries.append(AssetQuery(object_id=spec.id, category=spec.category,
                                  description=node.description if node else "",
                                  hints=tuple(node.hints) if node else (), synonyms=synonyms,
                                  dimensions=spec.dimensions))
    return queries


def choose_assets(program: Program, graph: SceneGraph | None, retrievers: Sequence[Retriever],
                  catalog: Catalog | None = None) -> list[AssetChoice]:
    """The choice for every unlocked object (the best over all indexes; identical queries
    are asked once)."""
    cache: dict[tuple[str, str, tuple[str, ...], Vec3], AssetChoice] = {}
    choices = []
    for query in queries_for(program, graph, catalog):
        key = (query.category, query.description, query.hints, query.dimensions)
        if key not in cache:
            cache[key] = _best_of(query, retrievers)
        choices.append(dataclasses.replace(cache[key], object_id=query.object_id))
    return choices


def _best_of(query: AssetQuery, retrievers: Sequence[Retriever]) -> AssetChoice:
    found = [r.choose(query) for r in retrievers]
    chosen = [c for c in found if c.record is not None]
    if chosen:  # the chosen candidate's own total (the top one may have failed the noun check)
        return max(chosen, key=lambda c: next(x.total for x in c.candidates if x.record_id == c.record.id))  # type: ignore[union-attr]
    if found:
        return found[0]
    return AssetChoice(query.object_id, query.text(), METHOD_PROCEDURAL, None, (), "no asset index given")


def planned_dimensions(asset: Vec3, height: float) -> Vec3:
    """The asset's normalised proportions at the planned height (metres)."""
    factor = height / asset[2]
    return (round(asset[0] * factor, 4), round(asset[1] * factor, 4), round(height, 4))


def apply_choices(program: Program, choices: Sequence[AssetChoice]) -> Program:
    """A copy of ``program`` using the chosen user assets (sizes from the assets' aspect)."""
    by_id = {c.object_id: c for c in choices if c.record is not None}
    objects: list[ObjectSpec] = []
    for spec in program.objects:
        choice = by_id.get(spec.id)
        if choice is None or choice.record is None or spec.locked:
            objects.append(spec)
            continue
        dims = planned_dimensions(choice.record.dimensions, spec.dimensions[2])
        objects.append(dataclasses.replace(spec, dimensions=dims, asset=choice.record.asset))
    bounds = grown_bounds(program.bounds, program.objects, objects)
    return dataclasses.replace(program, objects=objects, bounds=bounds)


def grown_bounds(bounds: Bounds | None, before: Sequence[ObjectSpec], after: Sequence[ObjectSpec]) -> Bounds | None:
    """Bounds scaled in x/y by sqrt(footprint after / before) when that is > 1, and raised so
    the tallest object fits; never shrunk (the coder's sizing stays a lower bound)."""
    if bounds is None:
        return None
    area = lambda objs: sum(o.dimensions[0] * o.dimensions[1] for o in objs)  # noqa: E731
    grow = math.sqrt(area(after) / area(before)) if area(before) > 0 else 1.0
    lo, hi = list(bounds.min), list(bounds.max)
    if grow > 1.0:
        for axis in (0, 1):
            centre, half = (lo[axis] + hi[axis]) / 2, (hi[axis] - lo[axis]) / 2 * grow
            lo[axis], hi[axis] = round(centre - half, 3), round(centre + half, 3)
    hi[2] = max(hi[2], lo[2] + max((o.dimensions[2] for o in after), default=0.0) + 0.5)
    return Bounds(tuple(lo), tuple(hi))  # type: ignore[arg-type]


def with_user_assets(stages: StageSet, retrievers: Sequence[Retriever], choices_out: list[AssetChoice],
                     graphs_out: list[SceneGraph] | None = None) -> StageSet:
    """``stages`` whose coder step also picks user assets: the program gets their sizes and
    ``user:<id>`` assets, ``program.py`` is re-rendered to match, the choices are appended to
    ``choices_out`` (for report.json) and the graph to ``graphs_out`` (the builder's hints)."""

    def code(graph: SceneGraph) -> ProgramDraft:
        draft = stages.code(graph)
        choices = choose_assets(draft.program, graph, retrievers)
        choices_out[:] = choices
        if graphs_out is not None:
            graphs_out[:] = [graph]
        if all(c.record is None for c in choices):
            return draft
        program = apply_choices(draft.program, choices)
        used = sum(c.record is not None for c in choices)
        script = render_script(program, comment=f"Sizes of {used} object(s) follow the user's assets.")
        return ProgramDraft(program=program, script=script, warnings=list(draft.warnings))

    return dataclasses.replace(stages, name=f"{stages.name}+user-assets", code=code)
