"""Issue 11 "must show": example and benchmark programs solved twice, the second time beside
CPU-burning neighbour processes, give byte-identical layout.json. A solve that read the wall clock
anywhere (a deadline cutting the search, a time-based restart) would differ under the load."""

from __future__ import annotations

import json
import multiprocessing
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from setdresser.blender_addon.core.model import Program, program_from_dict
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.solver import solve
from solver_planted import planted_program
from solver_scenes import ALL_SCENES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "offline"))
from example_sets import load_examples  # noqa: E402

EFFORT = 0.15  # small: determinism does not depend on how much work is counted
EXAMPLE_STRIDE = 20  # every 20th user-style example (14 of 273), spread over both example files


def _burn(stop: Any) -> None:
    value = 0
    while not stop.is_set():
        for i in range(200_000):
            value = (value * 31 + i) % 1_000_003


@pytest.fixture
def cpu_neighbours() -> Iterator[None]:
    """Two processes spinning on the CPU (this machine has two cores) for the duration."""
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    burners = [context.Process(target=_burn, args=(stop,), daemon=True) for _ in range(2)]
    for burner in burners:
        burner.start()
    try:
        yield
    finally:
        stop.set()
        for burner in burners:
            burner.join(timeout=10)
            if burner.is_alive():
                burner.kill()


def _programs() -> list[tuple[str, Program]]:
    out = [(f"scene:{name}", program_from_dict(make())) for name, make in sorted(ALL_SCENES.items())]
    out += [(f"planted:{n}", program_from_dict(planted_program(2, n))) for n in (15, 40)]
    for example in load_examples()[::EXAMPLE_STRIDE]:
        out.append((f"example:{example['prompt'][:40]}", code(plan(example["prompt"]))))
    return out


def _solve_all(programs: list[tuple[str, Program]]) -> dict[str, str]:
    return {name: json.dumps(solve(program, seed=11, effort=EFFORT).to_dict(), sort_keys=True)
            for name, program in programs}


def test_layouts_are_byte_identical_beside_cpu_burning_neighbours(request: pytest.FixtureRequest) -> None:
    programs = _programs()
    quiet = _solve_all(programs)
    request.getfixturevalue("cpu_neighbours")
    loaded = _solve_all(programs)
    differ = [name for name in quiet if quiet[name] != loaded[name]]
    assert not differ, f"different layouts under load: {differ}"
    assert all('"cut_short": false' in text for text in loaded.values())
