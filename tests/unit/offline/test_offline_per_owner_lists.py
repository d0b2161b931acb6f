"""Things said per owner ("two chairs per table", "a chair per desk") are placed at their owners:
a place phrase after the next thing in the list is that thing's alone, not shared with them."""

from __future__ import annotations

from collections import Counter

from setdresser.blender_addon.core.offline import plan


def test_things_said_per_owner_do_not_share_the_next_things_place() -> None:
    graph = plan("five round tables, two chairs per table and a potted plant at each end of the counter")
    kinds = Counter(a.category for a in graph.assets)
    assert kinds["chair"] == 10 and kinds["potted plant"] == 2
    ends = [graph.relation_args(r.id)[0] for r in graph.relations if r.relation == "at_end"]
    assert sorted(ends) == ["potted_plant_1", "potted_plant_2"]


def test_a_corner_after_a_per_owner_list_is_the_last_things() -> None:
    graph = plan("four desks, a chair per desk and a plant in the corner", complete=False)
    corners = [graph.relation_args(r.id) for r in graph.relations if r.relation == "in_corner"]
    assert corners == [("plant_1",)]
