"""Walls said the ways users say them (issue 14, classes "against_wall" / "on_wall", dev set
tests/benchmark/dev/walls2.json): "a wall-mounted TV", "line the back wall with counters",
"the wall facing the entrance", "in the middle of the north wall", "each wall has a poster"."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def _graph(prompt: str):  # type: ignore[no-untyped-def]
    return plan(prompt, complete=False)


def _walls(prompt: str, relations: tuple[str, ...] = ("against_wall", "on_wall")) -> dict[str, str]:
    """object id -> the wall its wall relation names."""
    graph = _graph(prompt)
    args: dict[str, list[str]] = {}
    for edge in graph.edges:
        args.setdefault(edge.relation, []).append(edge.asset)
    return {args[r.id][0]: str(r.params.get("wall")) for r in graph.relations if r.relation in relations}


@pytest.mark.parametrize("prompt, thing", [
    ("a wall-mounted TV opposite the couch", "tv"),
    ("a wall mounted TV across from the sofa", "tv"),
    ("a mounted TV across from the sofa", "tv"),
    ("The TV is wall mounted opposite the sofa", "tv"),
    ("two wall-hung cabinets above the counter", "wall cabinet"),
])
def test_a_wall_mounted_thing_is_that_thing_hung(prompt: str, thing: str) -> None:
    """"wall-mounted" before a noun hangs it; it never splits the phrase into "a wall" and a lost TV."""
    assets = {a.category: a for a in _graph(prompt).assets}
    assert thing in assets, sorted(assets)
    assert assets[thing].mount == "wall"
    assert not any("mounted" in c or "hung" in c for c in assets)


def test_a_wall_hanging_is_still_a_thing_of_its_own() -> None:
    assert "wall hanging" in {a.category for a in _graph("a wall hanging above the bed").assets}
