"""Small things the knowledge base stands on furniture (a toaster, a sewing machine, a till) play
the tabletop role the lexicon gives a cup or a lamp: a place phrase after "X on the Y" is the
support's, and in "X with Y <by a door or window>" the door or window is X's when Y is small."""

from __future__ import annotations

import pytest
from planned import planned, triples

from setdresser.blender_addon.core.offline.reading.surface_things import surface_roles


@pytest.mark.parametrize("category, roles", [
    ("toaster", {"tabletop"}), ("sewing machine", {"tabletop"}), ("cash register", {"tabletop"}),
    ("typewriter", {"tabletop"}), ("placemat", set()), ("bedspread", set()), ("sword", set()),
    ("sofa", set()), ("unheard of thing", set()),
])
def test_the_knowledge_base_gives_small_surface_things_the_tabletop_role(category: str, roles: set[str]) -> None:
    assert surface_roles(category) == roles


@pytest.mark.parametrize("prompt, placed, small", [
    ("a kettle and a toaster on the counter along the east wall", ("against_wall", ("counter_1",)), "toaster_1"),
    ("two sewing machines on a long table by the window", ("under_window", ("table_1", "window_1")),
     "sewing_machine_1"),
    ("a typewriter and a lamp on a desk in the corner", ("in_corner", ("desk_1",)), "typewriter_1"),
])
def test_a_place_after_small_things_on_a_support_is_the_supports(prompt: str, placed: tuple[str, tuple[str, ...]],
                                                                 small: str) -> None:
    found = triples(planned(prompt))
    assert placed in found
    assert not any(args[:1] == (small,) and rel == placed[0] for rel, args in found)


@pytest.mark.parametrize("prompt, placed, small", [
    ("a counter with a till by the door", ("next_to_door", ("counter_1", "door_1")), "till_1"),
    ("a desk with a lamp by the window", ("under_window", ("desk_1", "window_1")), "lamp_1"),
])
def test_a_door_or_window_after_x_with_a_small_y_is_where_x_stands(prompt: str, placed: tuple[str, tuple[str, ...]],
                                                                   small: str) -> None:
    found = triples(planned(prompt))
    assert placed in found
    assert not any(args[:1] == (small,) and rel == placed[0] for rel, args in found)


def test_a_big_companion_keeps_its_own_door() -> None:
    found = triples(planned("a bed with a rug by the door"))
    assert not any(rel == "next_to_door" and args[0] == "bed_1" for rel, args in found)
