"""Sizes the text states for an object (issue 14): a length, width or depth ("a shelf 2 m long",
"a 160 cm wide bed", "a desk 1.8 m wide and 80 cm deep", "a rug 3 metres by 2") sizes that
side of the object in the scene graph (asset ``size``) and in the program, the other sides
staying the model's; before, only a height was carried and the rest left "not understood"."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.scene_graph import scene_graph_from_dict
from setdresser.blender_addon.core.stated_size import with_stated


def _footprint(prompt: str, category: str) -> tuple[float, float, float]:
    """(longer side, shorter side, height) of the first ``category`` object of the program."""
    graph = plan(prompt, complete=False)
    assert not graph.unparsed, graph.unparsed
    program = code(graph)
    obj = next(o for o in program.objects if o.category == category)
    w, d, h = obj.dimensions
    return max(w, d), min(w, d), h


@pytest.mark.parametrize("prompt, category, long_side, short_side", [
    ("a shelf 2 m long on the north wall", "wall shelf", 2.0, None),
    ("Put a dining table 240cm long, 100 cm wide in the middle.", "dining table", 2.4, 1.0),
    ("a home office with a desk 1.8m wide and 80cm deep", "desk", 1.8, 0.8),
    ("Lay a rug 3 metres by 2 metres in the centre of the room.", "rug", 3.0, 2.0),
    ("a 3 by 2 m rug by the sofa", "rug", 3.0, 2.0),
    ("a sofa 2.5 metres in length", "sofa", 2.5, None),
])
def test_a_stated_side_sizes_that_side(prompt: str, category: str, long_side: float, short_side: float | None) -> None:
    got_long, got_short, _ = _footprint(prompt, category)
    assert got_long == pytest.approx(long_side)
    if short_side is not None:
        assert got_short == pytest.approx(short_side)


def test_width_of_a_bed_is_across_it_and_its_length_stays() -> None:
    long_side, short_side, _ = _footprint("a 160 cm wide bed with a nightstand on each side", "bed")
    assert short_side == pytest.approx(1.6)
    assert long_side > 1.8  # still a bed's length, not scaled down with the width


def test_height_and_length_together() -> None:
    long_side, _, height = _footprint("a bookcase 2 m tall and 1.5 m wide", "bookcase")
    assert height == pytest.approx(2.0) and long_side == pytest.approx(1.5)


def test_with_stated_keeps_unstated_sides() -> None:
    assert with_stated((1.8, 0.9, 0.75), None) == (1.8, 0.9, 0.75)
    assert with_stated((1.8, 0.9, 0.75), {"length": 2.4, "width": 1.0}) == (2.4, 1.0, 0.75)
    assert with_stated((1.6, 2.1, 1.0), {"length": 2.0}) == (1.6, 2.0, 1.0)  # a bed: long along Y
    assert with_stated((1.0, 0.5, 0.3), {"by": [2.0, 3.0]}) == (3.0, 2.0, 0.3)


def test_scene_graph_round_trips_and_checks_size() -> None:
    graph = plan("a shelf 2 m long", complete=False)
    data = graph.to_dict()
    assert data["assets"][0]["size"] == {"length": 2.0}
    assert scene_graph_from_dict(data).assets[0].size == {"length": 2.0}
    data["assets"][0]["size"] = {"length": -1}
    with pytest.raises(BadInput, match="size"):
        scene_graph_from_dict(data)


def test_distances_are_not_sizes() -> None:
    graph = plan("Put the sofa 2 m from the wall and a lamp 1 m to its left.", complete=False)
    assert all(a.size is None for a in graph.assets)
