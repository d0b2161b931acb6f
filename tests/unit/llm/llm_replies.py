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
