"""Canned model replies for the LLM tests (one per stage, as a well-behaved model would answer)."""
from __future__ import annotations

ASSETS = {"assets": [{"name": "desk", "description": "an oak desk", "height": 0.75, "count": 1},
                     {"name": "lamp", "description": "a brass lamp", "height": 0.45, "count": 1}]}
GRAPH = {"assets": [{"id": "desk_1", "category": "desk", "description": "an oak desk", "height": 0.75},
                    {"id": "lamp_1", "category": "lamp", "description": "a brass lamp", "height": 0.45}],
         "relations": [{"id": "r1", "relation": "on_top_of", "args": ["lamp_1", "desk_1"], "params": {},
                        "source": "a lamp on a desk"},
                       {"id": "r2", "relation": "against_wall", "args": ["desk_1"], "params": {"wall": "north"},
                        "source": "common sense"}]}
SCRIPT = """from setdresser.script import *

bounds(min=(-2, -2, 0), max=(2, 2, 2.5))
add_object("desk_1", "desk", (1.2, 0.6, 0.75))
add_object("lamp_1", "lamp", (0.2, 0.2, 0.45))
relate("against_wall", "desk_1", wall="north")
relate("on_top_of", "lamp_1", "desk_1")
"""
CODE_REPLY = f"Here is the script:\n```python\n{SCRIPT}```"
REVIEW = {"accepted": False, "revised_script": SCRIPT.replace('wall="north"', 'wall="north", weight=2.0'),
          "issues": [{"relation": "against_wall", "ids": ["desk_1"], "problem": "the desk floats off the wall",
                      "fix": "raise the weight"}]}
ACCEPT = {"accepted": True, "issues": [], "revised_script": None}

# A planner that lists a window, a door and a painted wall as objects, and a coder that declares
# them with add_object (issue 13 follow-up: architecture named as an object).
ARCH_ASSETS = {"assets": [{"name": n, "description": d, "height": h, "count": 1} for n, d, h in (
    ("desk", "an oak desk", 0.75), ("sofa", "a grey sofa", 0.8), ("window", "a tall window", 1.4),
    ("door", "a wooden door", 2.1), ("wall", "a wall painted red", 2.7))]}
ARCH_GRAPH = {"assets": [{"id": f"{n}_1", "category": n} for n in ("desk", "sofa", "window", "door")]
              + [{"id": "wall_1", "category": "wall", "description": "the back wall, painted a deep red"}],
              "relations": [{"id": "r1", "relation": "under_window", "args": ["desk_1", "window_1"], "params": {},
                             "source": "a desk under the window"},
                            {"id": "r2", "relation": "facing", "args": ["sofa_1", "door_1"], "params": {},
                             "source": "a sofa facing the door"},
                            {"id": "r3", "relation": "against_wall", "args": ["wall_1"], "params": {"wall": "north"},
                             "source": "the red wall"}]}
ARCH_SCRIPT = """from setdresser.script import *

bounds(min=(-2.5, -2, 0), max=(2.5, 2, 2.7))
add_object("desk_1", "desk", (1.2, 0.6, 0.75))
add_object("sofa_1", "sofa", (2.0, 0.9, 0.8))
add_object("window_1", "window", (1.0, 0.1, 1.4))
add_object("door_1", "door", (0.9, 0.1, 2.1))
add_object("wall_1", "wall", (5.0, 0.12, 2.7))
relate("against_wall", "wall_1", wall="north")
relate("in_front_of", "window_1", "wall_1", max_distance=0.05)
relate("under_window", "desk_1", "window_1")
relate("facing", "sofa_1", "door_1")
"""
