"""Instruction sentences (issue 14): "them" for the two objects a thing stands between is never
an object and what it carries ("The TV goes on top of it. Add a coffee table between them." is
between the TV stand and the sofa); desks that face each
other back to back; a seat facing a named wall turned that way."""

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


def test_desks_that_face_each_other_stand_back_to_back() -> None:
    """A desk's front is its user's side: two desks "facing each other" have their users face to
    face, so the desks stand back to back (front to front would leave no room for the chairs)."""
    graph = plan("Two desks face each other in the middle of the room, pushed together.", complete=False)
    triples = set(graph.triples())
    assert {("behind", ("desk_1", "desk_2")), ("behind", ("desk_2", "desk_1"))} <= triples
    assert not {t for t in triples if t[0] == "facing" and set(t[1]) == {"desk_1", "desk_2"}}


def test_armchairs_that_face_each_other_still_face_each_other() -> None:
    graph = plan("Two armchairs face each other.", complete=False)
    assert {("facing", ("armchair_1", "armchair_2")), ("facing", ("armchair_2", "armchair_1"))} <= set(graph.triples())


def test_a_seat_facing_a_named_wall_turns_that_way() -> None:
    graph = plan("Place a sofa in the middle of the room facing the west wall.", complete=False)
    turned = [(graph.relation_args(r.id), r.params) for r in graph.relations if r.relation == "facing_direction"]
    assert turned == [(("sofa_1",), {"direction": "west"})]
    assert graph.unparsed == []
