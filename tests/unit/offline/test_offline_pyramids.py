"""Pyramids (issue 14): the layers the text gives ("four on the bottom row", "three on the
bottom, two in the middle and one on top", "three layers high") set the pyramid's shape and
are not read as one box standing on another; "in a pyramid" shapes a group like "a pyramid
of"; boxes of one layer bridge two below without shrinking or being pushed apart."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.distributions.modifiers import pyramid_layers
from setdresser.blender_addon.core.offline.reading.pyramids import read_layers


def _layers(graph) -> list[int]:  # type: ignore[no-untyped-def]
    """Layer widths bottom first, from the on_top_of chains of the plan."""
    below = {graph.relation_args(r.id)[0]: graph.relation_args(r.id)[1]
             for r in graph.relations if r.relation == "on_top_of"}
    def depth(i: str) -> int:
        return 0 if i not in below else 1 + depth(below[i])
    counts = Counter(depth(a.id) for a in graph.assets)
    return [counts[k] for k in sorted(counts)]


@pytest.mark.parametrize("prompt, layers", [
    ("Build a pyramid out of ten cardboard boxes, four on the bottom row.", [4, 3, 2, 1]),
    ("Stack six crates in a pyramid: three on the bottom, two in the middle and one on top.", [3, 2, 1]),
    ("Arrange ten wooden crates in a pyramid, four along the bottom.", [4, 3, 2, 1]),
    ("Make a pyramid of boxes three layers high, with three boxes on the floor.", [3, 2, 1]),
    ("a pyramid of crates with four of them at the base", [4, 3, 2, 1]),
    ("Pile the boxes into a pyramid, five on the ground layer.", [5, 4, 3, 2, 1]),
])
def test_the_layers_the_text_gives_shape_the_pyramid(prompt: str, layers: list[int]) -> None:
    graph = plan(prompt, complete=False)
    assert len(graph.assets) == sum(layers)
    assert _layers(graph) == layers
    assert not graph.unparsed  # the layer phrases are read, not left over
    assert not any(r.relation in ("stacked", "inside") for r in graph.relations)  # not a tower, no "pyramid" box


def test_layer_phrases_leave_the_text_and_give_the_base() -> None:
    vocab = Vocabulary()
    assert read_layers("a pyramid of boxes, four on the bottom row", vocab) == "a pyramid of 10 boxes"
    assert vocab.pyramid_base == 4
    assert read_layers("three boxes on the floor", vocab) == "three boxes on the floor"  # no pyramid: as it was
    assert vocab.pyramid_base is None


@pytest.mark.parametrize("n, base, layers", [
    (10, None, [4, 3, 2, 1]), (6, None, [3, 2, 1]), (9, 4, [4, 3, 2]), (12, 4, [6, 3, 2, 1]), (3, 2, [2, 1]),
])
def test_pyramid_layers(n: int, base: int | None, layers: list[int]) -> None:
    assert pyramid_layers(n, base) == layers


def test_a_box_bridging_two_keeps_its_size_and_its_supports_stay_together() -> None:
    program = code(plan("A pyramid of six crates.", complete=False))
    sizes = {o.dimensions for o in program.objects}
    assert len(sizes) == 1  # an upper crate on two below is not shrunk to fit one top
    near = [c for c in program.constraints if c.relation == "proximity"]
    assert near and all(float(c.params["max_distance"]) < 0.1 for c in near)  # not pushed apart to hold it
    ids = [o.id for o in program.objects]
    turned = {c.args[0] for c in program.constraints if c.relation == "parallel"}
    assert turned == set(ids[1:])  # all square to one another
