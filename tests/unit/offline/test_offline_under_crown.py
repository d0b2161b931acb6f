"""Under a crown on a trunk or pole is written with the trunk to keep clear (relation under v5, param
``trunk``, from the knowledge base's ``trunk`` fact; vertical15): "a hammock under the maple", "loungers under
a parasol", "a table under each umbrella", "presents under the tree". What stands under a table or a desk has
no trunk to keep clear of."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import code, plan


def _under(prompt: str) -> list[tuple[tuple[str, ...], dict]]:
    program = code(plan(prompt, complete=False))
    return [(tuple(c.args), dict(c.params)) for c in program.constraints if c.relation == "under"]


@pytest.mark.parametrize("noun", ["oak tree", "willow", "palm tree", "parasol", "patio umbrella", "christmas tree"])
def test_the_knowledge_base_knows_which_crowns_stand_on_a_trunk(noun: str) -> None:
    facts = load_knowledge().lookup(noun)
    assert facts is not None and facts.trunk is not None and facts.trunk >= 0.25


@pytest.mark.parametrize("prompt, subjects", [
    ("a wooden bench under a big oak tree in the park", 1),
    ("two sun loungers under a striped parasol on the beach", 2),
    ("a hammock strung under the palm tree", 1),
])
def test_under_a_tree_or_a_parasol_keeps_clear_of_its_trunk(prompt: str, subjects: int) -> None:
    found = _under(prompt)
    assert len(found) == subjects
    assert all(params.get("trunk", 0) >= 0.25 for _, params in found)  # old main: no trunk (no such param)


def test_under_a_table_has_no_trunk() -> None:
    found = _under("a dining table with a basket under it")
    assert found and all("trunk" not in params for _, params in found)
