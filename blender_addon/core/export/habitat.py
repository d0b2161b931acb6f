"""A Habitat-Sim style scene: the room as a stage, each layout object as its own asset placed by
an object instance (``scene.scene_instance.json``, Habitat's Y up, -Z front frame).

Files (written by ``bl/export.py``)::

    habitat/scene.scene_instance.json   stage + one object instance per layout object
    habitat/stage.glb                   floor and walls, in place
    habitat/stage.stage_config.json
    habitat/objects/<id>.glb            one object in its own frame (origin bottom-centre)
    habitat/objects/<id>.object_config.json

An instance's ``translation`` and ``rotation`` (quaternion w, x, y, z) are the layout pose seen
through the Z-up to Y-up change of axes (layout (x, y, z) is (x, z, -y)).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

HABITAT_DIR = "habitat"
SCENE_FILE = "scene.scene_instance.json"
STAGE_NAME = "stage"
OBJECTS_DIR = "objects"
# Z up (Blender, layout.json) -> Y up (glTF, Habitat): (x, y, z) -> (x, z, -y)
Z_TO_Y_UP = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, -1.0, 0.0]])
FRAME = {"up": [0.0, 1.0, 0.0], "front": [0.0, 0.0, -1.0]}


def rotation_matrix(euler_xyz: Sequence[float]) -> np.ndarray:
    """Blender's XYZ Euler rotation as a 3x3 matrix (applied X, then Y, then Z)."""
    rx, ry, rz = euler_xyz
    cx, sx, cy, sy, cz, sz = math.cos(rx), math.sin(rx), math.cos(ry), math.sin(ry), math.cos(rz), math.sin(rz)
    x = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    y = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    z = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    return z @ y @ x


def quaternion_wxyz(matrix: np.ndarray) -> list[float]:
    """A rotation matrix as a unit quaternion ``[w, x, y, z]`` with ``w >= 0``."""
    m = matrix
    trace = m[0, 0] + m[1, 1] + m[2, 2]
    if trace > 0:
        s = 2.0 * math.sqrt(1.0 + trace)
        q = [0.25 * s, (m[2, 1] - m[1, 2]) / s, (m[0, 2] - m[2, 0]) / s, (m[1, 0] - m[0, 1]) / s]
    else:
        i = int(np.argmax([m[0, 0], m[1, 1], m[2, 2]]))
        j, k = (i + 1) % 3, (i + 2) % 3
        s = 2.0 * math.sqrt(1.0 + m[i, i] - m[j, j] - m[k, k])
        q = [0.0, 0.0, 0.0, 0.0]
        q[0] = (m[k, j] - m[j, k]) / s
        q[1 + i], q[1 + j], q[1 + k] = 0.25 * s, (m[j, i] + m[i, j]) / s, (m[k, i] + m[i, k]) / s
    sign = -1.0 if q[0] < 0 else 1.0
    return [round(sign * v, 6) for v in q]


def instance_pose(location: Sequence[float], euler_xyz: Sequence[float]) -> tuple[list[float], list[float]]:
    """(translation, rotation wxyz) in Habitat's Y-up frame for a layout pose."""
    translation = Z_TO_Y_UP @ np.asarray(location, dtype=float)
    rotation = Z_TO_Y_UP @ rotation_matrix(euler_xyz) @ Z_TO_Y_UP.T
    return [round(float(v), 6) for v in translation], quaternion_wxyz(rotation)


def scene_instance(objects: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The scene instance document for layout objects (``id``, ``location``, ``rotation_euler``)."""
    instances = []
    for obj in objects:
        translation, rotation = instance_pose(obj["location"], obj["rotation_euler"])
        instances.append({"template_name": f"{OBJECTS_DIR}/{obj['id']}", "translation": translation,
                          "rotation": rotation, "motion_type": "STATIC", "translation_origin": "asset_local"})
    return {"stage_instance": {"template_name": STAGE_NAME}, "default_lighting": "",
            "object_instances": instances}


def asset_config(render_asset: str) -> dict[str, Any]:
    """A stage or object config naming its glb (units metres, Y up, -Z front)."""
    return {"render_asset": render_asset, **FRAME, "units_to_meters": 1.0}
