"""A new relation is one module: dropped into builtin/ and recorded in the manifest, the
registry loads its SPEC, score, check and PLACEMENT, and the solver uses its moves."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np

from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver import solve
from setdresser.skill_library import registry as reg
from setdresser.skill_library.base import Placement

PLUGIN = '''"""near_north_wall(a): a's back within 5 cm of the north wall (a plugin written for this test)."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import moves
from ..base import Placement, Poses, RelationSpec
from ..terms import Term, from_terms, no_bounds

SPEC = RelationSpec(name="near_north_wall", min_args=1, max_args=1, params=(), arg_names=("a",),
                    frame_free=False, description="a stands with its back to the north wall.")
PLACEMENT = Placement(moves=moves.against_wall, boundary="wall")


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    if poses.bounds_max is None:
        return [no_bounds(poses)]
    back = poses.pos[:, idx[0], 1] + 0.5 * poses.size[:, idx[0], 1]
    turned = np.abs(np.sin(poses.yaw[:, idx[0]]))
    return [Term(poses.bounds_max[1] - back - 0.05, 0.5), Term(turned - 0.05, 0.5)]


score, check = from_terms(_terms, score_doc="[B] closeness to the north wall.", check_doc="[B] back at the wall.")
'''


def test_a_new_module_is_a_new_relation_the_solver_places(tmp_path: Path, monkeypatch) -> None:
    root = tmp_path / "library"
    shutil.copytree(reg.ROOT / "builtin", root / "builtin", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "learned").mkdir()
    shutil.copy(reg.ROOT / "manifest.json", root / "manifest.json")
    (root / "builtin" / "near_north_wall.py").write_text(PLUGIN, encoding="utf-8")
    reg.update_manifest(root)
    relation = reg.load_relations(root)["near_north_wall"]
    assert relation.placement.boundary == "wall" and relation.placement.moves is not None
    assert reg.load_relations(root)["facing"].placement == reg.default_registry().get("facing").placement
    data = {"schema": "setdresser.program/1", "bounds": {"min": [-2, -2, 0], "max": [2, 2, 3]},
            "objects": [{"id": "sofa_1", "category": "sofa", "dimensions": [2.0, 0.9, 0.8]}],
            "constraints": [{"relation": "near_north_wall", "args": ["sofa_1"], "params": {}}]}
    layout = solve(program_from_dict(data), seed=0, effort=0.1, extra_relations={"near_north_wall": relation})
    assert layout.constraints[0].satisfied, layout.constraints[0]
    assert np.isclose(layout.objects[0].location[1] + 0.45, 2.0, atol=0.05)


def test_a_relation_without_placement_gets_the_default() -> None:
    assert reg.default_registry().get("count_of").placement == Placement()
    assert reg.default_registry().get("in_corner").placement.boundary_param == "corner"
