"""Fixed inputs shared by the stage tests and the prompt snapshots."""
from __future__ import annotations

from setdresser.blender_addon.core.scene_graph import AssetNode, Edge, RelationNode, SceneGraph
from setdresser.blender_addon.core.stages.assets import AssetRecord
from setdresser.blender_addon.core.stages.base import ImageInput

DESCRIPTION = "a desk against the north wall with a lamp on it and an office chair in front of the desk"
ASSETS = [
    AssetRecord("desk", "a plain oak writing desk with four square legs", 0.75, 1),
    AssetRecord("lamp", "a brass desk lamp with a green glass shade", 0.45, 1),
    AssetRecord("office chair", "a black mesh office chair on five castors", 1.0, 1),
]
GRAPH = SceneGraph(
    assets=[AssetNode("desk_1", "desk", "a plain oak writing desk", 0.75),
            AssetNode("lamp_1", "lamp", "a brass desk lamp", 0.45),
            AssetNode("office_chair_1", "office chair", "a black mesh office chair", 1.0)],
    relations=[RelationNode("r1", "against_wall", {"wall": "north"}, "against the north wall"),
               RelationNode("r2", "on_top_of", {}, "a lamp on it"),
               RelationNode("r3", "in_front_of", {"max_distance": 0.8}, "an office chair in front of the desk")],
    edges=[Edge("r1", "desk_1", 0), Edge("r2", "lamp_1", 0), Edge("r2", "desk_1", 1),
           Edge("r3", "office_chair_1", 0), Edge("r3", "desk_1", 1)],
    prompt=DESCRIPTION)
SCRIPT = '''from setdresser.script import *

bounds(min=(-3, -3, 0), max=(3, 3, 3))
add_object("desk_1", "desk", (1.4, 0.7, 0.75))
add_object("lamp_1", "lamp", (0.2, 0.2, 0.45))
add_object("office_chair_1", "office chair", (0.6, 0.6, 1.0))
relate("against_wall", "desk_1", wall="north")
relate("on_top_of", "lamp_1", "desk_1")
relate("in_front_of", "office_chair_1", "desk_1", max_distance=0.8)
'''
AUDIT = "on_top_of(lamp_1, desk_1): holds\nin_front_of(office_chair_1, desk_1): FAILS (gap 1.4 m > 0.8 m)\nphysics: ok"
IMAGES = [ImageInput(b"\x89PNG fake perspective", "image/png", "perspective view"),
          ImageInput(b"\x89PNG fake top", "image/png", "top-down view with ids")]
