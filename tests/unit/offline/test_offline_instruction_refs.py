"""References back across instruction sentences (issue 14): "them" for the two objects a
thing stands between is never an object and what it carries ("The TV goes on top of it. Add
a coffee table between them." is between the TV stand and the sofa)."""

from __future__ import annotations

from setdresser.blender_addon.core.offline import plan


def test_between_them_skips_what_rests_on_the_other() -> None:
    graph = plan("Put a sofa against the south wall. Opposite the sofa, place a TV stand against the north wall. "
                 "The TV goes on top of it. Add a coffee table between them.", complete=False)
    between = [args for name, args in graph.triples() if name == "between"]
    assert between == [("coffee_table_1", "sofa_1", "tv_stand_1")]


def test_between_them_still_takes_the_last_two_when_nothing_rests_on_them() -> None:
    graph = plan("Put a sofa by the west wall. Put an armchair by the east wall. Add a rug between them.",
                 complete=False)
    between = [args for name, args in graph.triples() if name == "between"]
    assert between == [("rug_1", "sofa_1", "armchair_1")]


def test_them_keeps_a_seated_person_and_the_one_beside_him() -> None:
    graph = plan("A man sits on a bench in the park. His dog lies next to him, and a bicycle stands not far "
                 "from them.", complete=False)
    near = [args for name, args in graph.triples() if name == "proximity" and args[0] == "bicycle_1"]
    assert ("bicycle_1", "man_1") in near and ("bicycle_1", "bench_1") not in near
