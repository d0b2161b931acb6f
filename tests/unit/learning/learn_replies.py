"""Canned replies for the outer-loop tests: two chairs side by side, a reviewer that rewrites
``parallel`` (the same way in every scene), and learner answers good and bad."""
from __future__ import annotations

import json

ASSETS = {"assets": [{"name": "chair", "description": "a wooden chair", "height": 0.9, "count": 2}]}
GRAPH = {"assets": [{"id": "chair_1", "category": "chair", "description": "a wooden chair", "height": 0.9},
                    {"id": "chair_2", "category": "chair", "description": "a wooden chair", "height": 0.9}],
         "relations": [{"id": "r1", "relation": "parallel", "args": ["chair_1", "chair_2"], "params": {},
                        "source": "two chairs side by side"},
                       {"id": "r2", "relation": "proximity", "args": ["chair_1", "chair_2"],
                        "params": {"max_distance": 1.0}, "source": "side by side"}]}
SCRIPT = """from setdresser.script import *

bounds(min=(-2, -2, 0), max=(2, 2, 2.5))
add_object("chair_1", "chair", (0.45, 0.45, 0.9))
add_object("chair_2", "chair", (0.45, 0.45, 0.9))
relate("parallel", "chair_1", "chair_2")
relate("proximity", "chair_1", "chair_2", max_distance=1.0)
"""
# A smooth parallel score: 1 inside the tolerance, a Gaussian falloff beyond (mod 180 degrees).
PARALLEL_FUNCTION = '''@custom_relation("parallel")
def parallel(poses, idx, params):
    d = poses.yaw[:, idx[0]] - poses.yaw[:, idx[1]]
    err = np.abs(np.arctan2(np.sin(2 * d), np.cos(2 * d))) / 2
    tol = np.deg2rad(params.get("tolerance_deg", 10.0))
    return np.exp(-((np.maximum(err - tol, 0.0) / 0.3) ** 2))
'''
REVISED = SCRIPT.replace('relate("parallel", "chair_1", "chair_2")\n', "") + "\n" + PARALLEL_FUNCTION + \
    '\nrelate("custom:parallel", "chair_1", "chair_2", tolerance_deg=10.0)\n'
REVIEW = {"accepted": False, "revised_script": REVISED,
          "issues": [{"relation": "parallel", "ids": ["chair_1", "chair_2"],
                      "problem": "the chairs are turned apart and the score gives no slope",
                      "fix": "score parallel with a smooth falloff beyond the tolerance"}]}
ACCEPT = {"accepted": True, "issues": [], "revised_script": None}
CODE_REPLY = f"```python\n{SCRIPT}```"


def learned(source: str = PARALLEL_FUNCTION, relation: str = "parallel") -> dict:
    """A learner reply."""
    return {"relation": relation, "source": source, "rationale": "both scenes smoothed the falloff"}


# Out of range: the property tests reject it.
OUT_OF_RANGE = PARALLEL_FUNCTION.replace("return np.exp", "return 2.0 * np.exp")
# Tied to the world frame (absolute yaw): breaks frame-free invariance.
WORLD_TIED = PARALLEL_FUNCTION.replace("return np.exp(", "return np.abs(np.cos(poses.yaw[:, idx[0]])) * np.exp(")


def as_json(value: dict) -> str:
    return json.dumps(value)
