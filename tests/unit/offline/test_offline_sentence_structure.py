"""Instructions of several sentences as users write them (issue 14 item 2): objects that come after
a fronted phrase in a later clause are kept ("..., and to its right a side table"), references
reach back across sentences ("Behind them", "the wall", "the corner"), compass sides of an object
are read in the room's frame ("east of the bed", "on its north side"), and reasons ("so everyone
can see it") are never read as placements."""

from __future__ import annotations

from typing import Any

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.relations.directions import COMPASS
from planned import kinds


def relations(prompt: str) -> list[tuple[str, tuple[str, ...], dict[str, Any]]]:
    graph = plan(prompt, complete=False)
    return [(r.relation, tuple(graph.relation_args(r.id)), dict(r.params)) for r in graph.relations]


def triples(prompt: str) -> set[tuple[str, tuple[str, ...]]]:
    return {(name, args) for name, args, _ in relations(prompt)}


def world_side(prompt: str, a: str, b: str) -> set[str]:
    """The compass sides of ``b`` that ``a`` was put on (side relations read with frame world)."""
    by_relation = {relation: direction for direction, relation in COMPASS.items()}
    return {by_relation[name] for name, args, params in relations(prompt)
            if args == (a, b) and params.get("frame") == "world" and name in by_relation}


# -- fronted clauses after "and" keep their objects -----------------------------------------------
def test_a_fronted_side_after_and_keeps_its_new_object_and_what_it_holds() -> None:
    prompt = ("Put a leather armchair by the window. Next to it stands a reading lamp, and to its left "
              "a little side table holds a mug.")
    found = triples(prompt)
    assert kinds(prompt, complete=False)["side table"] == 1 and kinds(prompt, complete=False)["mug"] == 1
    assert ("left_of", ("side_table_1", "armchair_1")) in found  # "its": the armchair, as in "Next to it"
    assert ("on_top_of", ("mug_1", "side_table_1")) in found
    assert plan(prompt, complete=False).unparsed == []


def test_parallel_fronted_sides_share_their_anchor() -> None:
    prompt = "The bed is against the north wall. To the right of the bed is a dresser, and to its left a desk."
    found = triples(prompt)
    assert {("right_of", ("dresser_1", "bed_1")), ("left_of", ("desk_1", "bed_1"))} <= found
    assert ("left_of", ("desk_1", "dresser_1")) not in found


def test_and_then_a_fronted_relation_starts_a_new_clause() -> None:
    prompt = "On the left of the sofa stands a floor lamp and on the right of the sofa a small bookcase."
    found = triples(prompt)
    assert {("left_of", ("floor_lamp_1", "sofa_1")), ("right_of", ("bookcase_1", "sofa_1"))} <= found
    assert ("right_of", ("floor_lamp_1", "sofa_1")) not in found


def test_a_fronted_between_waits_for_its_subject() -> None:
    prompt = "Two armchairs face the fireplace. Between the armchairs is a low table with a candle on it."
    found = triples(prompt)
    assert ("between", ("table_1", "armchair_1", "armchair_2")) in found
    assert ("on_top_of", ("candle_1", "table_1")) in found


# -- references across sentences ------------------------------------------------------------------
def test_them_is_the_two_things_placed_together_not_the_last_single_one() -> None:
    prompt = ("Place a sofa and an armchair in the middle of the room, facing the fireplace on the north wall. "
              "Behind them goes a long bookcase.")
    behind = {args for name, args in triples(prompt) if name == "behind"}
    assert behind and all(args[0] == "bookcase_1" and args[1] in ("sofa_1", "armchair_1") for args in behind)


def test_a_headboard_touching_the_wall_puts_the_bed_against_it() -> None:
    prompt = "Two beds stand against the west wall, each with its headboard touching the wall."
    found = triples(prompt)
    assert {("against_wall", ("bed_1",)), ("against_wall", ("bed_2",))} <= found
    assert not any(name == "proximity" for name, _ in found)
    assert plan(prompt, complete=False).unparsed == []


def test_next_to_a_corner_something_already_stands_in() -> None:
    prompt = ("An armchair sits in the south-west corner. "
              "A tall bookcase runs along the west wall next to the corner.")
    found = triples(prompt)
    assert ("in_corner", ("armchair_1",)) in found and ("in_corner", ("bookcase_1",)) not in found
    assert ("proximity", ("bookcase_1", "armchair_1")) in found
    assert plan(prompt, complete=False).unparsed == []


# -- compass sides of objects -----------------------------------------------------------------------
def test_compass_words_next_to_an_object_name_its_side_in_the_room() -> None:
    prompt = ("Put a bed in the middle of the room. A lamp stands east of the bed and a chair is to the west of it. "
              "A rug lies just south of the bed.")
    assert world_side(prompt, "lamp_1", "bed_1") == {"east"}
    assert world_side(prompt, "chair_1", "bed_1") == {"west"}
    assert world_side(prompt, "rug_1", "bed_1") == {"south"}


def test_on_the_side_of_an_object_and_a_bare_side_after_it() -> None:
    prompt = ("A hospital bed stands with its head against the north wall. On the east side of the bed is a monitor "
              "and on the west side a chair.")
    assert ("against_wall", ("hospital_bed_1",)) in triples(prompt)
    bed = "hospital_bed_1"
    assert world_side(prompt, "monitor_1", bed) == {"east"}
    assert world_side(prompt, "chair_1", bed) == {"west"}
    close = [p for n, a, p in relations(prompt) if a == ("chair_1", bed) and p.get("frame") == "world"]
    assert close and all(p["max_distance"] <= 0.5 for p in close)  # "on the side of": beside it


def test_a_bare_north_side_after_an_object_is_that_objects_side() -> None:
    prompt = "A counter stands in the middle of the shop with a stool behind it on the north side."
    assert world_side(prompt, "stool_1", "counter_1") == {"north"}
    assert ("behind", ("stool_1", "counter_1")) in triples(prompt)
    assert not any(n == "against_wall" and a == ("counter_1",) for n, a in triples(prompt))


def test_the_north_side_of_the_room_is_still_a_wall() -> None:
    found = triples("A piano stands on the north side of the room.")
    assert ("against_wall", ("piano_1",)) in found


# -- shapes, distances and reasons ----------------------------------------------------------------
def test_two_sofas_in_an_l_in_a_corner_take_its_two_walls_and_a_table_in_front_of_both() -> None:
    prompt = ("Put two couches in an L shape in the north-west corner. A coffee table goes in front of them. "
              "Hang the TV on the east wall.")
    found = relations(prompt)
    walls = {args[0]: params["wall"] for name, args, params in found if name == "against_wall"}
    assert walls == {"couch_1": "north", "couch_2": "west"}
    fronts = {args for name, args, _ in found if name == "in_front_of"}
    assert {("coffee_table_1", "couch_1"), ("coffee_table_1", "couch_2")} <= fronts
    # a couch against the north wall faces south: it is not told to face a TV on the east wall
    assert ("facing", ("couch_1", "tv_1"), {}) not in found


def test_side_by_side_is_close_and_the_foot_of_the_bed_is_close() -> None:
    found = relations("Two armchairs stand side by side. A bench sits at the foot of the bed.")
    close = [p["max_distance"] for n, a, p in found if n == "proximity" and a == ("armchair_1", "armchair_2")]
    assert close and close[0] <= 0.5
    foot = [p for n, a, p in found if n == "in_front_of" and a == ("bench_1", "bed_1")]
    assert foot and foot[0]["max_distance"] <= 0.6


def test_a_reason_is_not_read_as_a_placement_and_is_reported() -> None:
    graph = plan("The TV hangs on the south wall so the people on the couch can watch it.", complete=False)
    found = {(r.relation, tuple(graph.relation_args(r.id))) for r in graph.relations}
    assert not any(name == "on_top_of" for name, _ in found)
    assert ("on_wall", ("tv_1",)) in found
    assert any("couch" in part for part in graph.unparsed)


def test_so_that_it_faces_goes_on_about_the_subject() -> None:
    found = triples("Turn the desk so that it faces the door.")
    assert any(name.startswith("facing") and args[0] == "desk_1" for name, args in found)


def test_single_beds_are_sized_as_single_beds() -> None:
    graph = plan("Two single beds stand against the east wall, and a double bed against the west wall.",
                 complete=False)
    from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary

    vocab = Vocabulary()
    widths = {a.id: vocab.match(a.description, a.hints, a.category).dimensions[0] for a in graph.assets}
    assert widths["bed_1"] <= 1.05 and widths["bed_2"] <= 1.05 and widths["bed_3"] >= 1.4


def test_from_the_foot_end_is_in_front_of_the_bed() -> None:
    prompt = "The bed stands with its head against the east wall. A stool faces the bed from the foot end."
    found = relations(prompt)
    front = [p for n, a, p in found if n == "in_front_of" and a == ("stool_1", "bed_1")]
    assert front and front[0]["max_distance"] <= 1.0
    assert ("facing", ("stool_1", "bed_1")) in {(n, a) for n, a, _ in found}
    assert plan(prompt, complete=False).unparsed == []


def test_a_hanging_verb_hangs_its_subject_not_what_comes_with_it() -> None:
    graph = plan("On the west wall hangs a large painting with a potted plant on each side of it.", complete=False)
    mounts = {a.id: a.mount for a in graph.assets}
    assert mounts["painting_1"] == "wall"
    assert mounts["potted_plant_1"] != "wall" and mounts["potted_plant_2"] != "wall"


def test_two_fronted_places_before_the_subject_both_hold() -> None:
    prompt = ("A sofa stands against the north wall. Across from it, against the south wall, stands a low "
              "cabinet with a TV on it.")
    found = triples(prompt)
    assert ("against_wall", ("cabinet_1",)) in found
    assert {("in_front_of", ("cabinet_1", "sofa_1")), ("facing", ("cabinet_1", "sofa_1"))} <= found
    assert ("on_top_of", ("tv_1", "cabinet_1")) in found
    assert plan(prompt, complete=False).unparsed == []


def test_between_a_group_and_one_thing() -> None:
    prompt = ("Three tents stand in a row near the lake. A campfire burns between the tents and the lake, "
              "ringed by stones.")
    found = triples(prompt)
    between = [args for name, args in found if name == "between"]
    assert between and all(args[0] == "campfire_1" and args[2] == "lake_1" and args[1].startswith("tent_")
                           for args in between)
    assert any(name == "around" and args[-1] == "campfire_1" for name, args in found)


def test_possessive_sides_are_sides_of_the_owner() -> None:
    prompt = ("A sofa faces the fireplace. A reading lamp stands to the sofa's right, and a basket sits on the "
              "sofa's left side. A desk is in the middle with a chair on the desk's north side.")
    found = triples(prompt)
    assert {("right_of", ("reading_lamp_1", "sofa_1")), ("left_of", ("basket_1", "sofa_1"))} <= found \
        or {("right_of", ("lamp_1", "sofa_1")), ("left_of", ("basket_1", "sofa_1"))} <= found
    assert world_side(prompt, "chair_1", "desk_1") == {"north"}
    assert not any(name == "against_wall" and args[0] != "fireplace_1" for name, args in found)


def test_the_sofas_form_an_l() -> None:
    prompt = "Put two sofas in the living room. The sofas form an L in the north-east corner."
    found = triples(prompt)
    assert ("perpendicular", ("sofa_1", "sofa_2")) in found
    assert plan(prompt, complete=False).unparsed == []


def test_things_beside_a_hung_sign_stand_at_its_wall() -> None:
    found = relations("On the east wall hangs a framed map with a tall plant on each side of it.")
    walls = {args[0]: params.get("wall") for name, args, params in found if name == "against_wall"}
    assert walls == {"plant_1": "east", "plant_2": "east"}
