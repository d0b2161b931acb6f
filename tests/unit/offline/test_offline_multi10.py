"""Multi-sentence instructions (issue 14, dev set multi10): what a pronoun names across clauses.

A subject "it" ("It is flanked by two side tables.") continues the subject of the last main clause
(the topic), not the thing that clause was placed at; "on it" right after a rug or a mat was named is
that rug or mat (a flat thing is otherwise "it" only when nothing else is). A definite name is
never another kind of the same family that the catalog happens to draw with the same model ("a cat
... the dog", "the washing machine and the dryer")."""

from __future__ import annotations

import pytest
from planned import counts, planned, relations


def _targets(prompt: str, subject: str) -> set[str]:
    graph = planned(prompt)
    return {a[-1].rsplit("_", 1)[0] for _, a, _ in relations(graph, stated=True)
            if len(a) > 1 and a[0].rsplit("_", 1)[0] == subject}


@pytest.mark.parametrize("prompt, subject, meant", [
    ("The bar counter runs along the east wall, and a velvet sofa faces it from across the room. "
     "It is flanked by two side tables.", "side_table", "sofa"),
    ("A desk stands under the window, and an office chair faces it. It has a lamp on each side.", "lamp", "office_chair"),
    ("The TV hangs on the north wall and an armchair faces it. It is flanked by two plants.", "plant", "armchair"),
])
def test_a_subject_it_is_the_last_clause_subject(prompt: str, subject: str, meant: str) -> None:
    assert _targets(prompt, subject) == {meant}


@pytest.mark.parametrize("prompt, subject, meant", [
    ("Put a bed against the north wall. It is flanked by two nightstands.", "nightstand", "bed"),
    ("Put a grill against the fence. A picnic table goes in front of it.", "picnic_table", "grill"),
    ("A sofa with a table in front of it. A lamp beside it.", "lamp", "sofa"),
    ("Add a lamp. Put it next to the bed.", "lamp", "bed"),
])
def test_an_it_that_was_already_the_topic_stays(prompt: str, subject: str, meant: str) -> None:
    assert _targets(prompt, subject) == {meant}


def test_it_said_as_a_passive_subject_is_understood() -> None:
    assert planned("Put a bed against the north wall. It is flanked by two nightstands.").unparsed == []


@pytest.mark.parametrize("prompt, subject, meant", [
    ("A low shelf runs along the south wall with toys on it. In the middle of the floor is a play mat, "
     "and a wooden train set sits on it.", "train_set", "play_mat"),
    ("Put a bookcase by the door. A rug lies in the middle, and a teddy bear sits on it.", "teddy_bear", "rug"),
])
def test_on_it_right_after_a_rug_is_the_rug(prompt: str, subject: str, meant: str) -> None:
    assert _targets(prompt, subject) == {meant}


def test_a_rug_named_before_the_table_is_not_on_it() -> None:
    assert _targets("Put a rug under the table and a vase on it.", "vase") == {"table"}


@pytest.mark.parametrize("prompt, kinds", [
    ("A cat sleeps on the sofa. The dog lies on the rug.", {"cat": 1, "dog": 1}),
    ("Three pigs stand in the pen. The farmer stands by the pen with his dog at his feet.", {"pig": 3, "dog": 1}),
    ("The washing machine and the dryer stand side by side against the west wall.", {"washing machine": 1, "dryer": 1}),
    ("Hang a painting on the north wall and put a desk under the poster.", {"painting": 1, "poster": 1}),
])
def test_a_definite_name_of_another_kind_is_a_new_thing(prompt: str, kinds: dict[str, int]) -> None:
    found = counts(planned(prompt))
    assert {k: found[k] for k in kinds} == kinds


@pytest.mark.parametrize("prompt, kinds", [
    ("A couch faces the TV. Put a lamp next to the sofa.", {"couch": 1, "sofa": 0}),
    ("A big sectional faces the TV. Put a rug in front of the sofa.", {"sectional": 1, "sofa": 0}),
    ("A chest of drawers against the wall, with a mirror above the chest.", {"chest of drawers": 1, "chest": 0}),
    ("Put a bedside table by the bed. A lamp stands on the nightstand.", {"bedside table": 1, "nightstand": 0}),
])
def test_a_synonym_shortened_or_family_name_is_the_same_thing(prompt: str, kinds: dict[str, int]) -> None:
    found = counts(planned(prompt))
    assert {k: found[k] for k in kinds} == kinds


def _corners(prompt: str) -> dict[str, str]:
    return {a[0].rsplit("_", 1)[0] + a[0][-2:]: p.get("corner", "")
            for _, a, p in relations(planned(prompt), "in_corner")}


@pytest.mark.parametrize("prompt, want", [
    ("The northwest corner holds a beanbag with a games console next to it.", {"beanbag_1": "nw"}),
    ("The far corner has a tall plant.", {"plant_1": "any"}),
    ("Each corner has a plant.", {"plant_1": "ne", "plant_2": "nw", "plant_3": "se", "plant_4": "sw"}),
])
def test_what_a_corner_holds_stands_in_it(prompt: str, want: dict[str, str]) -> None:
    """A corner as the subject of a holding verb: its things stand in it (was: read, and placed nowhere)."""
    assert _corners(prompt) == want


def test_a_nook_named_corner_does_not_put_its_things_in_a_corner() -> None:
    assert _corners("a cozy reading corner with an armchair, a floor lamp and a few cushions") == {}


@pytest.mark.parametrize("prompt, relation, args", [
    ("A piano fills the northeast corner.", "in_corner", ("piano_1",)),
    ("A wardrobe occupies the corner by the door.", "in_corner", ("wardrobe_1",)),
    ("A big sofa takes up the west wall.", "against_wall", ("sofa_1",)),
    ("A boxing ring fills the middle of the room.", "centered", ("boxing_ring_1",)),
])
def test_verbs_of_filling_a_place_put_the_subject_there(prompt: str, relation: str, args: tuple[str, ...]) -> None:
    """A thing that fills, occupies or takes up a place stands there (the lexicon reads the verbs as "at";
    the plural "fill" is left alone: "Fill the bookcase with books", "toys fill the basket")."""
    graph = planned(prompt)
    assert args in {a for _, a, _ in relations(graph, relation)} and graph.unparsed == []


@pytest.mark.parametrize("prompt, n", [
    ("Six easels stand in two rows of three, all facing the north wall.", 6),
    ("Put two rows of six desks facing the north wall.", 12),
])
def test_rows_facing_a_wall_turn_to_it_and_stay_in_rows(prompt: str, n: int) -> None:
    """A group in rows "facing the north wall" faces north; it is not pushed against that wall (12 desks
    against one wall cannot keep their rows)."""
    graph = planned(prompt)
    assert not relations(graph, "against_wall")
    assert len([a for _, a, p in relations(graph, "facing_direction") if p.get("direction") == "north"]) == n


def test_one_desk_facing_a_wall_still_stands_at_it() -> None:
    assert relations(planned("Put a desk facing the north wall."), "against_wall")


@pytest.mark.parametrize("prompt, subject, relation", [
    ("A desk with two monitors on it faces the east wall.", "desk_1", "against_wall"),
    ("A sofa with two cushions on it faces the fireplace.", "sofa_1", "facing"),
    ("A table with four chairs faces the window.", "table_1", "under_window"),
])
def test_a_relation_verb_after_a_with_list_is_the_hosts(prompt: str, subject: str, relation: str) -> None:
    """"X with Y on it faces Z": X faces Z (a singular relation verb, like "stands", is the host's)."""
    graph = planned(prompt)
    assert subject in {a[0] for _, a, _ in relations(graph, relation)}
    assert not [a for _, a, _ in relations(graph, "facing_direction", "facing", stated=True) if a[0] != subject]


def test_a_relation_verb_of_a_relative_clause_stays_its_own() -> None:
    graph = planned("A desk with a chair that faces the window.")
    assert {a[0] for _, a, _ in relations(graph, "facing_door", "facing")} == {"chair_1"}


@pytest.mark.parametrize("prompt, n", [
    ("A long table runs down the middle of the room with four chairs per side.", 8),
    ("A bed with a nightstand per side.", 2),
])
def test_per_side_is_a_count_for_each_side(prompt: str, n: int) -> None:
    """"four chairs per side" is four on each side (lexicon side_phrases quantifier "per"), as "on each side"."""
    graph = planned(prompt)
    assert len(graph.assets) - 1 == n and "per side" not in " ".join(graph.unparsed)


@pytest.mark.parametrize("prompt", [
    "A round table with four stools around it (one on each side).",
    "A round table in the middle with four stools around it (one per side) and a pendant light above the table.",
])
def test_a_share_in_brackets_restates_the_count(prompt: str) -> None:
    """A bracketed "(one on each side)" shares the four out, as after a comma (was: a second four)."""
    graph = planned(prompt)
    assert counts(graph)["stool"] == 4 and graph.unparsed == []
