"""Step-by-step instructions (issue 14, dev set instructions3): a wall named by what stands
across from it, a thing spoken of before it is introduced, "the other side", and the chatter of
someone building a room aloud ("Oh, and ...", "I'd like", "Start with", "Put a rug down")."""

from __future__ import annotations

from planned import planned, walls


def test_the_wall_opposite_a_thing_is_across_from_its_wall_not_the_wall_named_last() -> None:
    graph = planned("There is a sofa against the south wall. Put a coffee table in front of it, "
                     "and a TV stand against the wall opposite the sofa.")
    assert walls(graph)["tv_stand_1"] == "north"
    assert ("proximity", ("tv_stand_1", "sofa_1")) not in graph.triples()


def test_the_wall_behind_a_thing_in_the_middle_is_left_open() -> None:
    graph = planned("Put a desk in the centre. A bookshelf stands against the wall behind the desk.")
    assert walls(graph)["bookshelf_1"] == "any"
    assert ("behind", ("bookshelf_1", "desk_1")) in graph.triples()


def test_a_thing_named_with_the_before_it_is_introduced_is_the_one_introduced_later() -> None:
    graph = planned("A wardrobe goes against the east wall, and a mirror hangs above the dresser. "
                     "Oh, and a dresser on the south wall.")
    assert [a.id for a in graph.assets if a.category == "dresser"] == ["dresser_1"]
    assert walls(graph)["dresser_1"] == "south" and ("above", ("mirror_1", "dresser_1")) in graph.triples()
    assert graph.unparsed == []


def test_the_other_side_is_across_the_anchor_from_the_side_said_last() -> None:
    graph = planned("Put a rug down. Place a sofa on the rug's south side, facing north. "
                     "Then put two armchairs on the other side, facing the sofa.")
    triples = graph.triples()
    assert ("in_front_of", ("sofa_1", "rug_1")) in triples
    assert {("behind", (a, "rug_1")) for a in ("armchair_1", "armchair_2")} <= set(triples)
    assert [a.id for a in graph.assets if a.category == "rug"] == ["rug_1"] and graph.unparsed == []
    graph = planned("Put a table in the middle. A chair goes to its left. Another chair goes on the other side.")
    assert ("right_of", ("chair_2", "table_1")) in graph.triples()


def test_the_chatter_of_building_a_room_aloud_is_filler() -> None:
    graph = planned("Start with a bed. Oh, and a lamp. Okay, now a chair. I'd like a sofa. Begin with a table. "
                     "Set a vase up on the table.")
    assert sorted(a.category for a in graph.assets) == ["bed", "chair", "lamp", "sofa", "table", "vase"]
    assert graph.unparsed == []


def test_a_count_said_of_each_row_is_the_row_length_not_more_objects() -> None:
    graph = planned("Three rows of desks. Each row has five desks.")
    desks = [a.id for a in graph.assets if a.category == "desk"]
    assert len(desks) == 15
    grid = next(r for r in graph.relations if r.relation == "grid")
    assert (grid.params["rows"], grid.params["cols"]) == (3, 5) and set(graph.relation_args(grid.id)) == set(desks)
    graph = planned("Put a teacher's desk near the north wall. Then three rows of desks facing it. "
                     "Each row has four desks.")
    assert len([a for a in graph.assets if a.category == "desk"]) == 12
