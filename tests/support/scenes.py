"""The generated scenes of the scene-database tests and the Q&A set (tests/fixtures/scene_qa)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

QA_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "scene_qa"
SCENES_DIR = QA_DIR / "scenes"
SCENE_NAMES = tuple(sorted(p.name for p in SCENES_DIR.iterdir() if p.is_dir()))


def documents(name: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """``(layout, program, scene_graph)`` of a fixture scene."""
    folder = SCENES_DIR / name
    return tuple(json.loads((folder / f).read_text(encoding="utf-8"))  # type: ignore[return-value]
                 for f in ("layout.json", "program.json", "scene_graph.json"))


def v2_dining_room() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The dining room as a ``setdresser.layout/2`` document (contracts v2): an L-shaped room with a
    door and a window, a tv mounted on the north wall, a sideboard with named shelves."""
    layout, program, graph = documents("dining_room")
    layout = json.loads(json.dumps(layout))
    layout["schema"] = "setdresser.layout/2"
    layout["room"] = {"kind": "indoor", "height": 3.0, "shape": "L", "notch": {"corner": "ne", "size": [1.0, 1.0]},
                      "floor": {"material": "wood"}, "walls": {"material": "plaster"},
                      "openings": [{"id": "door_1", "kind": "door", "wall": "south", "offset": -1.2, "width": 0.9,
                                    "height": 2.1, "sill": 0.0, "clearance": 0.9},
                                   {"id": "window_1", "kind": "window", "wall": "west", "offset": 0.0, "width": 1.4,
                                    "height": 1.2, "sill": 0.9}]}
    north = layout["bounds"]["max"][1]
    layout["objects"].append({"id": "tv_1", "category": "tv", "asset": "procedural:tv", "location": [-1.0, north - 0.04, 1.0],
                              "rotation_euler": [0.0, 0.0, 3.14159265], "dimensions": [1.2, 0.08, 0.7],
                              "bbox_min": [-1.6, north - 0.08, 1.0], "bbox_max": [-0.4, north, 1.7],
                              "support": None, "locked": False, "mount": "wall"})
    for obj in layout["objects"]:
        if obj["support"] == "sideboard_1":
            obj["support_surface"] = "shelf_top"
    program = json.loads(json.dumps(program))
    program["schema"] = "setdresser.program/2"
    for obj in program["objects"]:
        if obj["id"] == "sideboard_1":
            obj["surfaces"] = [{"name": "shelf_top", "height": 0.85}, {"name": "shelf_1", "height": 0.3,
                                                                      "min": [-0.5, -0.2], "max": [0.5, 0.2]}]
    program["constraints"].append({"relation": "on_wall", "args": ["tv_1"], "params": {"wall": "north"}, "weight": 1.0})
    program["constraints"].append({"relation": "clear", "args": ["door_1"], "params": {}, "weight": 1.0})
    return layout, program, graph
