"""Occasions and buildings end to end (issue 14, occasions helper): ``generate --llm offline
--render none`` on prompts written the way people write them; the solved layout.json has what
the occasion implies, on the table or blanket that stands for it, and a saloon named after a
relation is a building outdoors with the cowboy before its front."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any
from generated import generated_layout


def _on_top(thing: dict[str, Any], host: dict[str, Any]) -> bool:
    """Whether the thing rests on the host's top inside its footprint (axis-aligned boxes)."""
    top = host["bbox_max"][2]
    inside = all(host["bbox_min"][k] - 0.02 <= thing["location"][k] <= host["bbox_max"][k] + 0.02 for k in (0, 1))
    return inside and abs(thing["bbox_min"][2] - top) < 0.05


def test_a_tea_party_for_four_sets_one_table_for_four(tmp_path: Path) -> None:
    layout = generated_layout("We're having a little tea party for four in the living room", tmp_path / "scene",
                       "--no-complete")
    objects = layout["objects"]
    kinds = Counter(o["category"] for o in objects)
    assert kinds["table"] == 1 and kinds["chair"] == 4 and kinds["cup"] == 4 and kinds["teapot"] == 1, kinds
    table = next(o for o in objects if o["category"] == "table")
    for thing in (o for o in objects if o["category"] in ("cup", "plate", "teapot", "cake", "milk jug")):
        assert _on_top(thing, table), thing["id"]
    for chair in (o for o in objects if o["category"] == "chair"):
        gap = math.dist(chair["location"][:2], table["location"][:2])
        assert gap < max(table["dimensions"][:2]) / 2 + 0.6, chair["id"]  # at the table, not across the room
    assert min(table["dimensions"][:2]) >= 0.7  # "a little tea party": a table for four all the same


def test_a_cowboy_in_front_of_a_saloon_and_a_picnic_by_the_lake(tmp_path: Path) -> None:
    layout = generated_layout("A cowboy waits in front of a saloon. A picnic by the lake.", tmp_path / "scene")
    by_kind = {o["category"]: o for o in layout["objects"]}
    by_kind = {("saloon" if kind == "saloon building" else kind): o for kind, o in by_kind.items()}
    assert {"cowboy", "saloon", "picnic blanket", "lake", "picnic basket"} <= set(by_kind), sorted(by_kind)
    assert layout["room"]["kind"] == "outdoor"
    saloon, cowboy = by_kind["saloon"], by_kind["cowboy"]
    yaw = saloon["rotation_euler"][2]
    front = (math.sin(yaw), -math.cos(yaw))  # the building's local -Y, turned by its yaw
    away = [cowboy["location"][k] - saloon["location"][k] for k in (0, 1)]
    assert away[0] * front[0] + away[1] * front[1] > saloon["dimensions"][1] / 2 - 0.05  # before its front
    blanket = by_kind["picnic blanket"]
    basket = by_kind["picnic basket"]
    assert all(blanket["bbox_min"][k] - 0.05 <= basket["location"][k] <= blanket["bbox_max"][k] + 0.05
               for k in (0, 1))
