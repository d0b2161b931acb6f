"""Events and occasions named in passing are no objects (issue 14): "We're rehearsing a concert",
"we're putting on a school play" give no grey box; "getting ready for Christmas" is an occasion with
things of its own (a Christmas tree, presents by it), and "christmas" is not a plural."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt, kept", [
    ("We're rehearsing a concert in the school hall. The stage runs along the south wall.", "stage"),
    ("We're putting on a school play. The stage runs along the north wall.", "stage"),
    ("The piano goes in the corner, for the recital.", "piano"),
])
def test_an_event_named_in_passing_is_no_object(prompt: str, kept: str) -> None:
    graph = plan(prompt, complete=False)
    assert [a.category for a in graph.assets] == [kept]


def test_getting_ready_for_christmas_brings_a_tree_with_presents_by_it() -> None:
    graph = plan("a living room getting ready for Christmas", complete=False)
    assert sorted(a.category for a in graph.assets) == ["christmas tree", "present", "present", "present"]
    assert sum(1 for name, args in graph.triples() if name == "proximity" and args[1] == "christmas_tree_1") == 3
