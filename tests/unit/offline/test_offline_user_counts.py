"""The user's counts survive completion (issue 14, counts15): a family of things the user named with
an exact count ("a desk lamp", "one lamp", "four shelves", "two display cabinets", "seats for
sixteen") holds what the user said, whatever source added the rest (a room's archetype items and their
companions, occasions); completion adds things of other families only. A table's seats stay when the
user's seat stands elsewhere ("a chair by the window"); a general noun ("seats") counts them too. A plural with
no number ("shelves") is no exact count; a thing at a person (a guitarist's guitar) and copies of
the user's own ("a lamp on each nightstand") are the user's."""

from __future__ import annotations

from collections import Counter

import pytest

from planned import kinds
from setdresser.blender_addon.core.offline.completion.user_counts import count_noun, load_count_rules


def _family(got: Counter[str], noun: str) -> int:
    """How many things of the plan a reader counts under ``noun`` (or, for a general noun, the
    knowledge-base family it names: every seat)."""
    from setdresser.blender_addon.core.knowledge.objects import load_knowledge
    general = load_count_rules().general.get(noun)
    kb = load_knowledge()

    def counts_as(name: str) -> bool:
        facts = kb.lookup(name)
        return count_noun(name) == noun or (general is not None and facts is not None and facts.family == general)
    return sum(n for name, n in got.items() if counts_as(name))


@pytest.mark.parametrize("prompt, noun, n", [
    ("a library corner with a desk lamp and a pile of books on the table", "lamp", 1),
    ("a shop with four shelves", "shelf", 4),
    ("a library with seats for twenty", "seat", 20),
    ("a cafe with seats for sixteen", "seat", 16),
    ("a museum room with two display cabinets", "cabinet", 2),
    ("a living room decorated for Christmas with a tree in the corner", "tree", 1),
    ("a kids playroom with a low shelf full of toys", "shelf", 1),
])
def test_a_family_the_user_counted_holds_what_the_user_said(prompt: str, noun: str, n: int) -> None:
    assert _family(kinds(prompt), noun) == n


def test_count_nouns_come_from_the_knowledge_base() -> None:
    assert count_noun("desk lamp") == count_noun("floor lamp") == "lamp"
    assert count_noun("display case") == count_noun("filing cabinet") == "cabinet"
    assert count_noun("bookcase") == count_noun("shelving unit") == "bookcase"
    assert count_noun("christmas tree") == count_noun("oak tree") == "tree"
    assert count_noun("coffee table") != count_noun("table")  # a kind of its own
    assert count_noun("plate") is None and count_noun("book") is None  # small things: not held to a count


@pytest.mark.parametrize("prompt, noun, n", [
    ("a bedroom with a lamp on each nightstand", "lamp", 2),  # copies of the user's lamp
    ("a guitarist playing next to a guitar on a stand", "guitar", 1),
    ("a kitchen with a table and four chairs", "chair", 4),
])
def test_the_users_own_things_stay(prompt: str, noun: str, n: int) -> None:
    assert _family(kinds(prompt), noun) == n


def test_a_table_keeps_its_seats_when_the_users_seat_stands_elsewhere() -> None:
    got = kinds("a classroom with 20 chairs and a whiteboard")  # the teacher's desk keeps its chair
    assert got["chair"] == 21 and got["teacher desk"] == 1
    assert kinds("a dining room with a high chair for the baby")["chair"] >= 4  # the table's, and the high chair


def test_other_families_still_come() -> None:
    got = kinds("a classroom with 20 chairs and a whiteboard")
    assert got["desk"] >= 12 and got["teacher desk"] == 1  # desks are another family
    shop = kinds("a shop with four shelves")
    assert shop["counter"] == 1 and shop["box"] >= 4  # the goods stand on the user's shelves


@pytest.mark.parametrize("prompt, n", [
    ("a village hall with places for thirty", 30),
    ("a chapel with sitting places for 12", 12),
])
def test_places_for_n_are_n_seats(prompt: str, n: int) -> None:
    got = kinds(prompt)
    assert _family(got, "seat") == n and got["place"] == 0  # was a 'place' object besides the hall's chairs


def test_a_thing_at_each_of_a_presumed_set_has_no_count_of_its_own() -> None:
    got = kinds("a classroom with a chair at each desk")  # each desk, the teacher's too: the room says how many
    assert got["chair"] == got["desk"] + got["teacher desk"]


@pytest.mark.parametrize("prompt, seat, n", [
    ("a barbecue party for ten people with tables and chairs", "chair", 10),
    ("a birthday party for eight kids with chairs and balloons", "chair", 8),
])
def test_a_gathering_for_n_with_seats_has_n_seats(prompt: str, seat: str, n: int) -> None:
    assert kinds(prompt)[seat] == n  # was the default plural: three
