"""Walls named together (issue 14, dev set instr8): "along the east and west walls" is one place
naming two walls; what stands or hangs there is shared out over both in turn, never a thing
called "east" (a grey box) with everything at the second wall."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan


def walls_of(prompt: str, category: str) -> tuple[Counter[str], list[str]]:
    """How many things of the category the plan puts at each wall, and every category planned."""
    graph = plan(prompt, complete=False)
    kind = {a.id: a.category for a in graph.assets}
    at = Counter(str(r.params.get("wall")) for r in graph.relations
                 if r.relation in ("on_wall", "against_wall") and kind[graph.relation_args(r.id)[0]] == category)
    return at, sorted(kind.values())


@pytest.mark.parametrize("prompt, category, want", [
    ("Two long tables stand along the east and west walls.", "table", {"east": 1, "west": 1}),
    ("Put four bookcases against the north and south walls.", "bookcase", {"north": 2, "south": 2}),
    ("Hang two paintings on the east wall and the west wall.", "painting", {"east": 1, "west": 1}),
    ("Four chairs against the left and right walls.", "chair", {"west": 2, "east": 2}),
])
def test_things_at_two_walls_named_together_are_shared_over_both(prompt: str, category: str,
                                                                  want: dict[str, int]) -> None:
    at, categories = walls_of(prompt, category)
    assert at == want
    assert set(categories) == {category}, "no thing named after a wall side"


def test_walls_named_apart_keep_their_own_things() -> None:
    assert walls_of("A sofa against the east wall and a desk against the west wall.", "desk")[0] == {"west": 1}
