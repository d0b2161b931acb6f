"""An archetype item's ``also`` names (issue 14, rooms11): a thing of another name that plays the
item's part takes its place, so the room gets one of it, not the user's and the archetype's both
("a mattress store with a sales desk": the desk is the shop's counter; "a ballet studio with a
barre": the barre is the studio's handrail; a courtroom's "judge's bench" is its judge's desk)."""

from __future__ import annotations


import pytest
from planned import kinds

from setdresser.blender_addon.core.knowledge.archetypes import load_archetypes
from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt, own", [
    ("a mattress store with six beds and a sales desk by the door", "sales desk"),
    ("a shop with a checkout desk", "checkout desk"),
    ("a pharmacy with a service desk and shelves", "service desk"),
    ("a bakery with a till desk", "till desk"),
])
def test_a_users_sales_desk_is_the_shops_counter(prompt: str, own: str) -> None:
    found = kinds(prompt)
    assert found[own] == 1 and found["counter"] == 0 and found["cash register"] == 1


def test_the_counters_things_go_on_the_users_desk() -> None:
    graph = plan("a shop with a sales desk")
    ids = {a.category: a.id for a in graph.assets}
    assert ("on_top_of", (ids["cash register"], ids["sales desk"])) in set(graph.triples())


def test_a_barre_is_the_dance_studios_handrail() -> None:
    found = kinds("a ballet studio with a barre along the mirrored wall and a piano in one corner")
    assert found["barre"] == 1 and found["handrail"] == 0 and found["rail"] == 0
    assert load_knowledge().lookup("barre").category == "rail"  # drawn as a rail, not a grey box


def test_a_courtrooms_judges_bench_and_witness_stand_are_its_desk_and_lectern() -> None:
    found = kinds("a small courtroom: the judge's bench at the front, a witness stand beside it and two tables")
    assert found["judge bench"] == 1 and found["witness stand"] == 1
    assert found["desk"] == 0 and found["lectern"] == 0
    assert load_knowledge().lookup("judge's bench").family == "desk"  # no seat bench


def test_a_voting_booth_is_a_partitioned_cubicle_in_a_school_hall() -> None:
    found = kinds("a polling station in a school hall with five voting booths along the east wall")
    assert found["voting booth"] == 5 and found["blackboard"] == 0 and found["teacher desk"] == 0
    assert load_knowledge().lookup("voting booth").category == "room divider"


def test_also_names_are_loaded_normalised() -> None:
    court = load_archetypes().get("courtroom")
    desk = next(i for i in court.items if i.object == "judge's desk")
    assert "judge bench" in desk.also
