"""Every example prompt (examples.json and heldout.json), planned and coded offline, solves
with every constraint holding, no collisions, nothing floating and everything in bounds (the
issue's "must show"). Minutes of CPU for all examples together, hence marked slow."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.solver.api import solve

from example_sets import load_examples

pytestmark = pytest.mark.slow
EXAMPLES = load_examples()


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["prompt"][:48] for e in EXAMPLES])
def test_example_solves_with_all_relations_and_physics(example: dict) -> None:
    graph = plan(example["prompt"], complete=False)  # the examples' own objects (completion: test_offline_completion)
    layout = solve(code(graph), seed=0, effort=3.333, prompt=example["prompt"])
    assert layout.checks.valid, layout.checks.to_dict()
    failed = [c.relation + str(c.args) for c in layout.constraints if not c.satisfied]
    assert not failed
    assert {o.id for o in layout.objects} == {a.id for a in graph.assets}
