"""Arrangements of groups said as a whole (issue 14, groups13): a phrase said of a group already
arranged places the arrangement, not each member on its own; seats "per side" of a square table
take its four sides; corners named by the one before ("the opposite corner", "the far corner")
and "the other corners" (the ones still free)."""

from __future__ import annotations

from planned import planned, relations


def _args(prompt: str, name: str) -> list[tuple[str, ...]]:
    return [args for _, args, _ in relations(planned(prompt), name)]


def test_rows_in_front_of_an_anchor_keep_their_lattice_no_row_of_all() -> None:
    graph = planned("Put twelve music stands in two rows of six in front of the podium, all facing it.")
    grids = relations(graph, "grid")
    assert len(grids) == 1 and grids[0][2] == {"rows": 2, "cols": 6}
    assert not relations(graph, "row"), relations(graph, "row")
    fronts = [args for _, args, _ in relations(graph, "in_front_of")]
    assert fronts == [(grids[0][1][2], "podium_1")]  # the middle of the first row
    assert not [a for _, a, _ in relations(graph, "proximity") if a[-1] == "podium_1"]


def test_rows_along_a_wall_put_their_first_row_against_it() -> None:
    for prompt, wall, cols in (("Three rows of four crates run along the east wall.", "east", 4),
                               ("Two rows of five desks line the west wall.", "west", 5)):
        graph = planned(prompt)
        (_, members, params), = relations(graph, "grid")
        walled = [(args, p["wall"]) for _, args, p in relations(graph, "against_wall")]
        assert walled == [((m,), wall) for m in members[:cols]], (prompt, walled)
        assert not relations(graph, "row")


def test_a_thing_in_the_middle_of_a_ring_is_its_centre_on_the_ring_s_support() -> None:
    graph = planned("Seven candles in a ring on the coffee table, with a bowl in the middle of them.")
    around = relations(graph, "around")
    assert len(around) == 1 and around[0][1][-1] == "bowl_1" and len(around[0][1]) == 8
    assert not relations(graph, "circular")
    ons = {args for _, args, _ in relations(graph, "on_top_of")}
    assert ("bowl_1", "coffee_table_1") in ons and not any(a[0] == "bowl_1" and a[1].startswith("candle") for a in ons)
    graph = planned("Arrange six stools in a circle with a drum in the middle of them.")
    assert [a[-1] for _, a, _ in relations(graph, "around")] == ["drum_1"]


def test_a_ring_facing_the_middle_faces_its_own_centre() -> None:
    for prompt in ("Put ten stools in a ring, all facing the middle.", "Arrange eight chairs in a circle facing the centre.",
                   "Set six chairs in a semicircle around the fire, facing inwards."):
        graph = planned(prompt)
        rings = relations(graph, "circular", "around")
        assert len(rings) == 1 and rings[0][2].get("facing") is True, (prompt, rings)
        assert not relations(graph, "facing_direction"), prompt
    graph = planned("Put a sofa in the middle of the room facing the centre.")  # no ring: the room's centre
    assert [p for _, _, p in relations(graph, "facing_direction")] == [{"direction": "center"}]


def test_seats_per_side_of_a_square_table_take_its_four_sides() -> None:
    for prompt in ("a square card table with two chairs per side", "Put two chairs on each side of the square table."):
        graph = planned(prompt)
        table = next(a.id for a in graph.assets if "table" in a.category)
        sides = {name: [a[0] for _, a, _ in relations(graph, name) if a[-1] == table]
                 for name in ("in_front_of", "behind", "left_of", "right_of")}
        assert all(len(ids) == 2 for ids in sides.values()), (prompt, sides)
        assert sum(1 for a in graph.assets if a.category.endswith("chair")) == 8
    graph = planned("a long table with three chairs per side")  # a long table: its two long sides
    assert sum(1 for a in graph.assets if a.category.endswith("chair")) == 6
    graph = planned("a square table with a chair on each side")
    assert sum(1 for a in graph.assets if a.category.endswith("chair")) == 4


def test_the_opposite_and_far_corner_are_across_from_the_corner_named_before() -> None:
    corners = lambda prompt: {a[0]: p["corner"] for _, a, p in relations(planned(prompt), "in_corner")}  # noqa: E731
    assert corners("Put a desk in the north-west corner. A cabinet goes in the opposite corner.") == {
        "desk_1": "nw", "cabinet_1": "se"}
    assert corners("An armchair in the south-east corner and a lamp in the far corner.") == {
        "armchair_1": "se", "lamp_1": "nw"}
    assert corners("A lamp in the far left corner.") == {"lamp_1": "nw"}
    assert corners("Put the piano in the far corner.") == {"piano_1": "any"}


def test_the_other_corners_are_the_ones_still_free() -> None:
    graph = planned("A writing desk in the north-west corner and a filing cabinet in the opposite corner, "
                    "with a potted plant in each of the other two corners.")
    placed = {a[0]: p["corner"] for _, a, p in relations(graph, "in_corner")}
    assert placed == {"writing_desk_1": "nw", "filing_cabinet_1": "se", "potted_plant_1": "ne", "potted_plant_2": "sw"}
    assert not graph.unparsed


def test_things_along_a_named_surface_stand_on_it_in_a_row() -> None:
    graph = planned("Push the sofa against the west wall with three cushions along its seat.")
    ons = [(a, p) for _, a, p in relations(graph, "on_top_of")]
    assert ons == [((f"cushion_{k}", "sofa_1"), {"surface": "seat"}) for k in (1, 2, 3)]
    assert [a for _, a, _ in relations(graph, "row")] == [("cushion_1", "cushion_2", "cushion_3")]
    assert not relations(graph, "proximity")
