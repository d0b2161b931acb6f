"""Counts and distributions end to end (issue 14): ``generate --llm offline --render none`` on
prompts written the way people write them; the solved layout.json has the objects the text
counted, each seat on the side of the table the text put it, and each plate on the table at
its seat."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from generated import generated_layout


def _kinds(layout: dict[str, Any]) -> Counter:
    return Counter(o["id"].rsplit("_", 1)[0] for o in layout["objects"])


def _side(obj: dict[str, Any], table: dict[str, Any]) -> str:
    """Which side of the table the object's centre is on, in the table's frame (front = -Y)."""
    dx, dy = (obj["location"][k] - table["location"][k] for k in (0, 1))
    yaw = table["rotation_euler"][2]
    x = math.cos(yaw) * dx + math.sin(yaw) * dy
    y = -math.sin(yaw) * dx + math.cos(yaw) * dy
    w, d = table["dimensions"][0] / 2, table["dimensions"][1] / 2
    if abs(x) / w >= abs(y) / d:
        return "right" if x > 0 else "left"
    return "back" if y > 0 else "front"


def test_seats_down_each_side_and_at_the_ends_and_a_plate_at_every_seat(tmp_path: Path) -> None:
    layout = generated_layout("A long dining table with three chairs down each side and a chair at each end, "
                       "and a plate in front of every chair.", tmp_path / "scene")
    assert _kinds(layout) == Counter({"dining_table": 1, "chair": 8, "plate": 8})
    by_id = {o["id"]: o for o in layout["objects"]}
    table = by_id["dining_table_1"]
    sides = Counter(_side(o, table) for o in layout["objects"] if o["id"].startswith("chair"))
    long_pair, ends = (("front", "back"), ("left", "right"))
    if table["dimensions"][1] > table["dimensions"][0]:
        long_pair, ends = ends, long_pair
    assert [sides[s] for s in long_pair] == [3, 3] and [sides[s] for s in ends] == [1, 1], sides
    top = table["location"][2] + table["dimensions"][2]
    plates = [o for o in layout["objects"] if o["id"].startswith("plate")]
    assert all(abs(p["location"][2] - top) < 0.05 for p in plates)  # on the table, not the floor


@pytest.mark.parametrize("prompt, expected", [
    ("A two-seater sofa faces the TV and a microphone stands in the corner.",
     {"sofa": 1, "tv": 1, "microphone": 1}),
    ("A picnic table with benches on both sides.", {"picnic_table": 1, "bench": 2}),
])
def test_numbers_inside_words_and_verbs_are_not_counts(prompt: str, expected: dict[str, int],
                                                      tmp_path: Path) -> None:
    kinds = _kinds(generated_layout(prompt, tmp_path / "scene"))
    assert {k: kinds[k] for k in expected} == expected, kinds
