"""What a person or animal comes with is at hand, and where the text puts "X with Y" is X's
place when X is a figure (issue 14, paper13): "a woman with an umbrella waiting beside the
timetable sign" -- she waits there, the umbrella with her; "three fishermen with their rods" --
each rod by its fisherman, not somewhere in the scene."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def relations(prompt: str) -> set[tuple[str, tuple[str, ...]]]:
    graph = plan(prompt, complete=False)
    return {(r.relation, tuple(e.asset for e in graph.edges if e.relation == r.id)) for r in graph.relations}


@pytest.mark.parametrize("prompt, figure, thing, landmark", [
    ("A woman with an umbrella waiting beside the timetable sign", "woman_1", "umbrella_1", "timetable_sign_1"),
    ("A busker with a guitar by the fountain", "busker_1", "guitar_1", "fountain_1"),
    ("A girl with a kite near the old oak tree", "girl_1", "kite_1", "tree_1"),
])
def test_the_place_after_a_figures_with_phrase_is_the_figures(prompt: str, figure: str, thing: str,
                                                              landmark: str) -> None:
    found = relations(prompt)
    assert ("proximity", (figure, landmark)) in found
    assert ("proximity", (thing, figure)) in found and ("proximity", (thing, landmark)) not in found


def test_each_figure_keeps_its_own_things_at_hand() -> None:
    found = relations("three fishermen spaced along the pier with their rods")
    for n in (1, 2, 3):
        assert ("proximity", (f"rod_{n}", f"fisherman_{n}")) in found


def test_a_pet_walks_at_its_owners_side_but_no_crowd_or_herd_does() -> None:
    assert ("proximity", ("dog_1", "man_1")) in relations("A man with a dog by the fountain")
    herd = relations("A shepherd with forty sheep on a hill")
    assert not any(rel == "proximity" and args[-1] == "shepherd_1" for rel, args in herd)
    pupils = relations("A teacher with six pupils by the whiteboard")
    assert not any(rel == "proximity" and args[-1] == "teacher_1" for rel, args in pupils)


@pytest.mark.parametrize("prompt, kept", [
    ("A man with a dog at his feet", ("proximity", ("dog_1", "man_1"))),  # placed by the text: as said
    ("A desk with a lamp by the window", ("under_window", ("desk_1", "window_1"))),  # no figure: as before
    ("A table with a vase on it", ("on_top_of", ("vase_1", "table_1"))),
])
def test_what_the_text_places_stays_as_said(prompt: str, kept: tuple[str, tuple[str, ...]]) -> None:
    assert kept in relations(prompt)


@pytest.mark.parametrize("prompt, kept, absent", [
    ("a bartender wiping down a long cocktail bar with three stools lined up in front of it",
     ("in_front_of", ("stool_1", "cocktail_bar_1")), ("in_front_of", ("bartender_1", "cocktail_bar_1"))),
    ("a shopkeeper with a mirror and two chairs at a little table", ("proximity", ("chair_1", "table_1")),
     ("proximity", ("shopkeeper_1", "table_1"))),
])
def test_furniture_a_figure_comes_with_is_no_thing_at_hand(prompt: str, kept: tuple[str, tuple[str, ...]],
                                                           absent: tuple[str, tuple[str, ...]]) -> None:
    found = relations(prompt)
    assert kept in found and absent not in found
