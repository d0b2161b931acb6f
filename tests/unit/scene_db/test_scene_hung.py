"""The scene database names the wall a hung thing hangs on, and the ceiling (layout/4): "what hangs
on the north wall?" is a Cypher query, for a layout/4 and for the same scene written as layout/3."""
from __future__ import annotations

import copy

import pytest

pytest.importorskip("ladybug")

from setdresser.blender_addon.core.model import program_from_dict  # noqa: E402
from setdresser.blender_addon.core.scene_db.facts import facts_from_documents  # noqa: E402
from setdresser.blender_addon.core.scene_db.rows import build_rows  # noqa: E402
from setdresser.blender_addon.core.solver.api import solve  # noqa: E402
from setdresser.blender_addon.services.scene_store import SceneStore  # noqa: E402

PROGRAM = {
    "schema": "setdresser.program/2", "bounds": {"min": [-2.0, -1.5, 0.0], "max": [2.0, 1.5, 2.6]},
    "room": {"kind": "indoor", "height": 2.6},
    "objects": [{"id": "painting_1", "category": "painting", "dimensions": [0.8, 0.04, 0.6]},
                {"id": "clock_1", "category": "clock", "dimensions": [0.35, 0.05, 0.35]},
                {"id": "mirror_1", "category": "mirror", "dimensions": [0.5, 0.04, 0.9]},
                {"id": "pendant_1", "category": "pendant lamp", "dimensions": [0.4, 0.4, 0.5], "mount": "ceiling"},
                {"id": "sofa_1", "category": "sofa", "dimensions": [2.0, 0.9, 0.85]}],
    "constraints": [{"relation": "on_wall", "args": ["painting_1"], "params": {"wall": "north"}},
                    {"relation": "on_wall", "args": ["clock_1"], "params": {"wall": "north"}},
                    {"relation": "on_wall", "args": ["mirror_1"], "params": {"wall": "east"}},
                    {"relation": "against_wall", "args": ["sofa_1"], "params": {"wall": "north"}}]}
ON_NORTH = "MATCH (o:Object)-[:MOUNTED_ON]->(w:Wall {side: 'north'}) RETURN o.id ORDER BY o.id"


@pytest.fixture(scope="module")
def layout() -> dict:
    return solve(program_from_dict(PROGRAM), seed=0, effort=0.667).to_dict()


def _store(layout: dict) -> SceneStore:
    return SceneStore.in_memory(build_rows(facts_from_documents(layout, PROGRAM)))


@pytest.mark.parametrize("schema", ["setdresser.layout/4", "setdresser.layout/3"])
def test_what_hangs_on_the_north_wall_and_from_the_ceiling(layout: dict, schema: str) -> None:
    doc = copy.deepcopy(layout)
    if schema != doc["schema"]:  # the same scene as a /3 file wrote it: "ground" under hung things
        doc["schema"] = schema
        for obj in doc["objects"]:
            obj["support"] = "ground" if obj["mount"] in ("wall", "ceiling") else obj["support"]
    store = _store(doc)
    try:
        assert [r[0] for r in store.run(ON_NORTH).rows] == ["clock_1", "painting_1"]  # the sofa stands
        supports = dict(store.run("MATCH (o:Object) RETURN o.id, o.support").rows)
        assert supports == {"painting_1": "north_wall", "clock_1": "north_wall", "mirror_1": "east_wall",
                            "pendant_1": "ceiling", "sofa_1": "ground"}
        walls = store.run("MATCH (o:Object {id: 'mirror_1'}), (w:Wall) WHERE w.id = o.support RETURN w.side").rows
        assert [tuple(r) for r in walls] == [("east",)]
        hung = store.run("MATCH (o:Object) WHERE o.support = 'ceiling' RETURN o.id").rows
        assert [r[0] for r in hung] == ["pendant_1"]
    finally:
        store.close()
