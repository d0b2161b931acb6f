"""Issue 11 "must show": example and benchmark programs solved twice, the second time beside
CPU-burning neighbour processes, give byte-identical layout.json. A solve that read the wall clock
anywhere (a deadline cutting the search, a time-based restart) would differ under the load."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from setdresser.blender_addon.core.model import Program, program_from_dict
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.solver import solve
from solver_planted import planted_program
from solver_scenes import ALL_SCENES

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "offline"), str(Path(__file__).resolve().parents[2])]
from example_sets import load_examples  # noqa: E402
from support.cpu_load import cpu_neighbours  # noqa: E402

EFFORT = 0.15  # small: determinism does not depend on how much work is counted
EXAMPLE_STRIDE = 20  # every 20th user-style example (14 of 273), spread over both example files


def _programs() -> list[tuple[str, Program]]:
    out = [(f"scene:{name}", program_from_dict(make())) for name, make in sorted(ALL_SCENES.items())]
    out += [(f"planted:{n}", program_from_dict(planted_program(2, n))) for n in (15, 40)]
    for example in load_examples()[::EXAMPLE_STRIDE]:
        out.append((f"example:{example['prompt'][:40]}", code(plan(example["prompt"]))))
    return out


def _solve_all(programs: list[tuple[str, Program]]) -> dict[str, str]:
    return {name: json.dumps(solve(program, seed=11, effort=EFFORT).to_dict(), sort_keys=True)
            for name, program in programs}


def test_layouts_are_byte_identical_beside_cpu_burning_neighbours() -> None:
    programs = _programs()
    quiet = _solve_all(programs)
    with cpu_neighbours():
        loaded = _solve_all(programs)
    differ = [name for name in quiet if quiet[name] != loaded[name]]
    assert not differ, f"different layouts under load: {differ}"
    assert all('"cut_short": false' in text for text in loaded.values())


def test_plans_and_layouts_do_not_depend_on_the_process_hash_seed() -> None:
    """String hashing is salted per process: any set or dict order that leaked into a decision
    would give another scene in the next process."""
    import os
    import subprocess

    probe = Path(__file__).resolve().parent / "hash_probe.py"
    digests = []
    for salt in ("1", "2"):
        done = subprocess.run([sys.executable, str(probe)], env=dict(os.environ, PYTHONHASHSEED=salt),
                              capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        digests.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert len(digests[0]) >= 10
    assert digests[0] == digests[1]
