"""Issue 14, relations written the way people write them (dev set relations3): a stated
distance is about that far, not "anywhere closer" ("roughly two metres away", "about a metre
in front of it", "a few metres from the bed"); a back-side part "to" a wall stands against it
("with its back to the east wall", "their backs to the north wall")."""

from __future__ import annotations

import pytest
from planned import planned, relations


@pytest.mark.parametrize("prompt, least, most", [
    ("Two armchairs turned toward the fireplace, roughly two meters away from it.", 1.4, 2.0),
    ("a stool about 50 cm from the counter", 0.35, 0.5),
    ("Put a desk a few metres from the bed.", 1.5, 5.1),
    ("a bin a couple of metres away from the bench", 1.0, 3.4),
    ("a tent several metres from the campfire", 2.0, 6.8),
])
def test_a_stated_distance_is_a_band(prompt: str, least: float, most: float) -> None:
    graph = planned(prompt)
    found = relations(graph, "proximity")
    assert found and all(p == {"min_distance": least, "max_distance": most, "stated": True} or
                         (p.get("min_distance"), p.get("max_distance")) == (least, most) for _, _, p in found), found
    assert not graph.unparsed
    assert len(graph.assets) == 2 + ("Two armchairs" in prompt)  # the anchor ("the bed") is placed too


def test_within_stays_a_ceiling() -> None:
    found = relations(planned("a lamp within 2 m of the sofa"), "proximity")
    assert [p.get("min_distance") for _, _, p in found] == [None] and found[0][2]["max_distance"] == 2.0


@pytest.mark.parametrize("prompt, side", [
    ("Mount a blackboard on the north wall and put the teacher's desk about a metre in front of it.", "in_front_of"),
    ("a floor lamp 1 m behind the armchair", "behind"),
    ("a bin half a metre to the left of the desk", "left_of"),
])
def test_a_measured_side_keeps_a_floor(prompt: str, side: str) -> None:
    """"about a metre in front of the board": in front, within the measure, and not pushed against it."""
    graph = planned(prompt)
    (_, args, params), = relations(graph, side)
    floors = [p["min_distance"] for _, a, p in relations(graph, "far_from") if a == args]
    assert floors and 0.6 * params["max_distance"] <= floors[0] < params["max_distance"], graph.relations


@pytest.mark.parametrize("prompt, wall, n", [
    ("A sofa with its back to the east wall, a coffee table in front of it.", "east", 1),
    ("Two benches with their backs to the north wall.", "north", 2),
    ("a bed with the headboard to the west wall", "west", 1),
])
def test_a_back_to_a_wall_stands_against_it(prompt: str, wall: str, n: int) -> None:
    graph = planned(prompt)
    found_walls = [p.get("wall") for _, _, p in relations(graph, "against_wall")]
    assert found_walls == [wall] * n, graph.relations
    assert not [u for u in graph.unparsed if "wall" in u]


@pytest.mark.parametrize("prompt, wall", [
    ("Put a piano at the far end of the room, with its bench in front of it.", "north"),
    ("The door is on the north wall. Put a piano at the far end of the room.", "south"),
    ("a bookcase at the back of the room", "north"),
])
def test_the_far_end_of_the_room_is_a_wall(prompt: str, wall: str) -> None:
    """"at the far end of the room": against the wall across from the door, else the back wall."""
    graph = planned(prompt)
    first = graph.assets[0].id
    assert [p.get("wall") for _, a, p in relations(graph, "against_wall") if a == (first,)] == [wall]
    assert not graph.unparsed


@pytest.mark.parametrize("prompt", ["A ring of eight stools around a round bar table.",
                                    "six logs arranged in a circle around the campfire"])
def test_seats_in_a_ring_face_its_centre(prompt: str) -> None:
    (_, _, params), = relations(planned(prompt), "around")
    assert params.get("facing") is True
