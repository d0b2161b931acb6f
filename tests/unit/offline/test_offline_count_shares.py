"""Counts that share out objects named before (dev set tests/benchmark/dev/counts3.json, issue 14):
a total followed by its distribution ("8 chairs, three on each long side and one at each end":
eight, not ten), across sentences ("Put 6 chairs in the room. Two go on each long side ..."),
"one ... the other" of a counted group (two lamps, not three), and plural names of one object
("bunk beds": one bunk bed)."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan
from planned import counts, planned


def sides(graph, table: str) -> Counter:
    """How many objects each side relation puts at the table."""
    return Counter(r.relation for r in graph.relations
                   if r.relation in ("in_front_of", "behind", "left_of", "right_of")
                   and graph.relation_args(r.id)[-1] == table)


@pytest.mark.parametrize("prompt, total, long_side, end", [
    ("A long dining table with 8 chairs, three on each long side and one at each end.", 8, 3, 1),
    ("A long table with ten chairs: four on each long side and one at each end.", 10, 4, 1),
    ("Put 6 chairs in the room. Two go on each long side of the table and one at each end.", 6, 2, 1),
    ("Place a long table. Add 8 chairs. Three go along each side and one at each end.", 8, 3, 1),
])
def test_a_total_is_shared_out_by_its_distribution(prompt: str, total: int, long_side: int, end: int) -> None:
    graph = planned(prompt)
    table = next(a.id for a in graph.assets if "table" in a.category)
    assert counts(graph)["chair"] == total
    at = sides(graph, table)
    assert at["in_front_of"] == at["behind"] == long_side
    assert at["left_of"] == at["right_of"] == end


@pytest.mark.parametrize("prompt, total", [
    ("A table with six chairs, three on each side.", 6),
    ("A long table with four chairs down each side and one at each end.", 10),
])
def test_a_distribution_that_needs_them_all_or_more_still_gets_them(prompt: str, total: int) -> None:
    assert counts(planned(prompt))["chair"] == total


def test_the_other_of_a_counted_pair_is_the_second_one_not_a_new_one() -> None:
    graph = planned("Add two lamps. Put one on the desk and the other on the floor next to the bed.")
    assert counts(graph)["lamp"] == 2
    placed = {graph.relation_args(r.id)[0] for r in graph.relations
              if r.relation in ("on_top_of", "proximity") and not r.source.startswith("inferred")}
    assert placed == {"lamp_1", "lamp_2"}


@pytest.mark.parametrize("prompt, category", [
    ("a kids' bedroom with bunk beds and a toy chest", "bunk bed"),
    ("a music room with drums and a piano", "drum kit"),
    ("a gym with bleachers", "bleachers"),
])
def test_a_plural_name_of_one_object_is_one(prompt: str, category: str) -> None:
    assert counts(planned(prompt))[category] == 1


def test_a_counted_plural_name_of_one_object_keeps_its_count() -> None:
    assert counts(planned("two bunk beds against the wall"))["bunk bed"] == 2


def test_an_archetype_sentence_seats_the_users_table_instead_of_adding_one() -> None:
    found = counts(plan("a small balcony with a bistro table set for two", seed=0))
    tables = sum(n for k, n in found.items() if k.endswith("table"))
    assert tables == 1 and found["chair"] == 2 and found["bar stool"] == 0


def test_an_archetype_phrase_with_a_noun_before_the_head_is_not_the_users_object() -> None:
    from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
    from setdresser.blender_addon.core.offline.completion.user_anchors import onto_users
    from setdresser.blender_addon.core.offline.referents.world import World
    from setdresser.blender_addon.core.offline.reading.phrases import NounPhrase

    world = World(vocab=Vocabulary())
    own = world.create(NounPhrase(text="a dining table", head="dining table", description="dining table"), 1)
    seated = lambda category, vocab: True  # noqa: E731  (people sit at both)
    assert onto_users("A sofa facing a coffee table.", world, own.ids, world.vocab, seated) == \
        "A sofa facing a coffee table."
    assert onto_users("Four chairs around a small round table.", world, own.ids, world.vocab, seated) == \
        "Four chairs around the dining table."
    assert onto_users("A table lamp on a side table.", world, own.ids, world.vocab, seated) == \
        "A table lamp on a side table."
