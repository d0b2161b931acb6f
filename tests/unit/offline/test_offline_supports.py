"""Placements the text implies but does not spell out (the benchmark's "against_wall", "on" and
"near" failure classes): furniture whose back goes to a wall stands against one unless the text
places it; small things set at the seats of a table go on that table; "by"/"beside" is close, and
two small things beside each other are closer still. Prompts written the way people type them."""

from __future__ import annotations

import pytest
from planned import planned, supports, walls

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.referents.world import INFERRED


@pytest.mark.parametrize("prompt, expected", [
    ("my bedroom has a double bed, a big wardrobe and a chest of drawers", {"wardrobe_1", "bed_1"}),
    ("a study with a bookcase, a writing desk and an office chair", {"bookcase_1", "writing_desk_1"}),
    ("an upright piano and a stool", {"upright_piano_1"}),
    ("a hallway with a shoe rack and a coat stand", {"shoe_rack_1"}),
    ("a laundry room with a washing machine and a dryer", {"washing_machine_1", "dryer_1"}),
])
def test_wall_furniture_stands_against_a_wall_when_the_text_leaves_it_open(prompt: str, expected: set) -> None:
    found = walls(planned(prompt), ("against_wall",))
    assert expected <= set(found), found
    graph = plan(prompt, complete=False)
    sources = [r.source for r in graph.relations if r.relation == "against_wall"]
    assert all(s.startswith(INFERRED) for s in sources), sources


@pytest.mark.parametrize("prompt, free", [
    ("put the wardrobe in the middle of the room", "wardrobe_1"),
    ("a bookshelf in the corner", None),  # in_corner, not a second wall relation
    ("three bookcases in a row", "bookcase_1"),
    ("a sofa facing the fireplace", "sofa_1"),
    ("two sofas facing each other", "sofa_2"),
    ("a TV on the wall across from the sofa", "sofa_1"),
    ("a dresser with a mirror above it", "dresser_1"),  # the mirror's wall decides (mounting)
])
def test_what_the_text_places_is_not_pushed_to_a_wall(prompt: str, free: str | None) -> None:
    found = walls(planned(prompt), ("against_wall",))
    if free is not None:
        assert free not in found, found
    else:
        assert found == {}, found


def test_outdoors_nothing_is_pushed_to_a_wall() -> None:
    assert walls(planned("a vending machine and a bench in the park"), ("against_wall",)) == {}


def test_a_named_wall_carries_over_to_the_thing_next_to_it() -> None:
    found = walls(planned("The TV stand is against the east wall, with a tall bookcase next to it."), ("against_wall",))
    assert found == {"tv_stand_1": "east", "bookcase_1": "east"}


def test_plates_set_at_the_chairs_go_on_their_table() -> None:
    prompt = ("A long table in the middle with three chairs down each side. Put a plate in front of "
              "every chair and a wine glass next to each plate.")
    on = supports(planned(prompt))
    plates = [k for k in on if k.startswith("plate_")]
    glasses = [k for k in on if k.startswith("wine_glass_")]
    assert len(plates) == 6 and len(glasses) == 6
    assert {on[k] for k in plates + glasses} == {"table_1"}


def test_a_bowl_by_the_armchair_is_not_put_on_a_table_it_was_not_set_at() -> None:
    on = supports(planned("a table with two chairs, and a bowl next to the armchair"))
    assert "bowl_1" not in on


def _reach(prompt: str, a: str, b: str) -> float:
    graph = plan(prompt, complete=False)
    rel = next(r for r in graph.relations if r.relation == "proximity" and graph.relation_args(r.id) == (a, b))
    return float(rel.params["max_distance"])


def test_by_is_beside_and_small_things_beside_each_other_are_close() -> None:
    assert _reach("a floor lamp by the armchair", "floor_lamp_1", "armchair_1") <= 0.5
    assert _reach("a glass beside the plate on the table", "glass_1", "plate_1") <= 0.15
    assert _reach("a bench near the tree", "bench_1", "tree_1") == 0.8  # "near" keeps its reach (what people call near)


def test_in_the_middle_of_the_table_is_on_it_over_its_centre() -> None:
    graph = plan("Set the table for dinner and put a bowl of fruit in the middle of the table.", complete=False)
    triples = graph.triples()
    assert ("on_top_of", ("bowl_1", "table_1")) in triples
    axes = {r.params["axis"] for r in graph.relations if r.relation == "alignment"
            and set(graph.relation_args(r.id)) == {"bowl_1", "table_1"}}
    assert axes == {"x", "y"}
