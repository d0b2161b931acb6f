"""Instructions of several sentences, as users write them: references back ("it", "the bed",
"each desk", "the second desk"), distributions and orientation across sentences."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan
from planned import kinds, plan_triples


def test_long_table_with_sides_and_ends_across_sentences() -> None:
    prompt = ("Put a long table in the middle. Add four chairs down each side of it and one at each end. "
              "Put a vase on the table.")
    assert kinds(prompt, complete=False) == Counter({"table": 1, "chair": 10, "vase": 1})
    found = plan_triples(prompt)
    sides = Counter(rel for rel, args in found
                    if args[-1] == "table_1" and rel in ("in_front_of", "behind", "left_of", "right_of"))
    assert sides == Counter({"in_front_of": 4, "behind": 4, "left_of": 1, "right_of": 1})
    assert all(("facing", (f"chair_{i}", "table_1")) in found for i in range(1, 11))
    assert ("on_top_of", ("vase_1", "table_1")) in found and ("centered", ("table_1",)) in found
    assert plan(prompt, complete=False).unparsed == []


def test_each_and_ordinals_refer_back() -> None:
    prompt = ("There are three desks in a row. Each desk has a monitor and a chair. "
              "The second desk also has a lamp on it.")
    found = plan_triples(prompt)
    assert ("row", ("desk_1", "desk_2", "desk_3")) in found
    for i in (1, 2, 3):
        assert ("on_top_of", (f"monitor_{i}", f"desk_{i}")) in found
        assert ("in_front_of", (f"chair_{i}", f"desk_{i}")) in found
    assert ("on_top_of", ("lamp_1", "desk_2")) in found


def test_bed_headboard_nightstands_and_lamps() -> None:
    prompt = ("Put a single bed against the north wall with its headboard touching the wall. A nightstand goes on "
              "each side of the bed, and each nightstand has a lamp on it.")
    found = plan_triples(prompt)
    found_kinds = kinds(prompt, complete=False)
    assert found_kinds == Counter({"single bed": 1, "nightstand": 2, "lamp": 2}) or found_kinds["bed"] == 1
    assert ("against_wall", ("bed_1",)) in found or ("against_wall", ("single_bed_1",)) in found
    bed = "bed_1" if ("against_wall", ("bed_1",)) in found else "single_bed_1"
    assert {("left_of", ("nightstand_1", bed)), ("right_of", ("nightstand_2", bed))} <= found
    assert {("on_top_of", ("lamp_1", "nightstand_1")), ("on_top_of", ("lamp_2", "nightstand_2"))} <= found


def test_orientation_and_corner_in_a_reading_corner() -> None:
    prompt = ("Make a reading corner in the north-west corner. An armchair sits in the corner, angled toward the "
              "middle of the room. Behind it stands a tall floor lamp.")
    graph = plan(prompt, complete=False)
    found = {(r.relation, tuple(graph.relation_args(r.id)), r.params.get("direction"), r.params.get("corner"))
             for r in graph.relations}
    assert ("in_corner", ("armchair_1",), None, "nw") in found
    assert ("facing_direction", ("armchair_1",), "center", None) in found
    assert any(rel == "behind" and args == ("floor_lamp_1", "armchair_1") for rel, args, _, _ in found)


def test_sofas_in_an_l_shape_then_a_table_in_front_of_them() -> None:
    prompt = ("Put two sofas in an L shape in the south-east corner. "
              "A coffee table sits in front of them on a round rug.")
    found = plan_triples(prompt)
    assert ("perpendicular", ("sofa_1", "sofa_2")) in found
    found_kinds = kinds(prompt, complete=False)
    assert found_kinds == Counter({"sofa": 2, "coffee table": 1, "round rug": 1}) or found_kinds["rug"] == 1


def test_the_wall_is_the_wall_named_last() -> None:
    graph = plan("Put a bookcase against the east wall. Lean a guitar against the wall next to it.", complete=False)
    walls = {graph.relation_args(r.id)[0]: r.params.get("wall")
             for r in graph.relations if r.relation == "against_wall"}
    assert walls.get("bookcase_1") == "east" and walls.get("guitar_1") == "east"


def test_a_more_specific_definite_noun_is_a_new_object() -> None:
    prompt = ("Four rows of three desks facing the blackboard. "
              "The teacher's desk stands between the blackboard and the first row.")
    assert kinds(prompt, complete=False) == Counter({"desk": 12, "blackboard": 1, "teacher desk": 1})
    assert any(rel == "between" and args[0] == "teacher_desk_1" for rel, args in plan_triples(prompt))


@pytest.mark.parametrize("prompt, what, n", [
    ("Six dining chairs around an oval table, three on each long side.", "dining chair", 6),
    ("A round table in the middle. Four stools are placed around it, one on each side.", "stool", 4),
])
def test_a_count_after_a_placed_group_redistributes_it(prompt: str, what: str, n: int) -> None:
    assert kinds(prompt, complete=False)[what] == n


def test_verbs_and_purposes_are_filler() -> None:
    graph = plan("Organise a desk for studying: a laptop in the middle and a lamp on the left.", complete=False)
    assert Counter(a.category for a in graph.assets) == Counter({"desk": 1, "laptop": 1, "lamp": 1})
    assert graph.unparsed == []


def test_its_keyboard_is_the_piano_and_the_keys_are_its_front() -> None:
    prompt = ("Place a grand piano in the north-west corner with its keyboard facing the room. "
              "Put a piano stool in front of the keys.")
    graph = plan(prompt, complete=False)
    assert sorted(a.id for a in graph.assets) == ["grand_piano_1", "piano_stool_1"]
    found = plan_triples(prompt)
    assert ("facing_direction", ("grand_piano_1",)) in found
    assert ("in_front_of", ("piano_stool_1", "grand_piano_1")) in found


def test_pushed_together_touch() -> None:
    graph = plan("Two desks face each other in the middle of the room, pushed together.", complete=False)
    gaps = [r.params.get("max_distance") for r in graph.relations
            if r.relation == "proximity" and tuple(graph.relation_args(r.id)) == ("desk_1", "desk_2")]
    assert gaps and gaps[0] <= 0.05


@pytest.mark.parametrize("prompt, bare, full", [
    ("A desk with nothing on it next to a table with a lamp and two books on it.", "desk_1", "table_1"),
    ("Put a lamp and a vase on the table. Nothing should be on the desk.", "desk_1", "table_1"),
])
def test_nothing_on_a_surface_is_a_negation(prompt: str, bare: str, full: str) -> None:
    graph = plan(prompt, complete=False)
    negated = [graph.relation_args(r.id) for r in graph.relations if r.relation == "none_of"]
    assert len(negated) == 1 and negated[0][-1] == bare and len(negated[0]) >= 3
    on = {graph.relation_args(r.id)[1] for r in graph.relations if r.relation == "on_top_of"}
    assert on == {full}
    assert "nothing" not in {a.category for a in graph.assets} and graph.unparsed == []
