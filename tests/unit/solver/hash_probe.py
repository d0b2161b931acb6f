"""Prints a digest of offline plans and solved layouts; test_solver_under_load runs it in processes
with different PYTHONHASHSEED values (set and dict order must not leak into a scene)."""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "offline")]

from example_sets import load_examples  # noqa: E402
from setdresser.blender_addon.core.model import program_from_dict  # noqa: E402
from setdresser.blender_addon.core.offline import code, plan  # noqa: E402
from setdresser.blender_addon.core.solver import solve  # noqa: E402
from solver_scenes import ALL_SCENES  # noqa: E402


def _digest(*docs: dict) -> str:
    return hashlib.sha1("".join(json.dumps(d, sort_keys=True) for d in docs).encode()).hexdigest()[:12]


def main() -> None:
    out = {}
    for name, make in sorted(ALL_SCENES.items()):
        out[name] = _digest(solve(program_from_dict(make()), seed=3, effort=0.1).to_dict())
    for example in load_examples()[::25]:
        graph = plan(example["prompt"])
        out[example["prompt"][:40]] = _digest(graph.to_dict(), solve(code(graph), seed=3, effort=0.1).to_dict())
    print(json.dumps(out))


if __name__ == "__main__":
    main()
