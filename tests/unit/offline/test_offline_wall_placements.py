"""Placements the text states hold in the built scene (walls14): what the reader reads right must
not be lost between the program and the layout.

- Under a window: a thing taller than the default sill (a cot, a bar-height table, an upright piano)
  still stands under the window the text names; the coder raises that window's sill over it (the
  window is the program's own). Before, the reader turned it into "at the window's wall, within
  0.8 m of it", which the layout met beside the window, not under it. What stands under a window
  stands at its wall (under_window's max_distance 0.1, not 0.3 m out). A wardrobe is too tall for
  any window over it: it stands by the window.
- Under a pole: "a bench under the lamppost" is at the lamppost's foot, beside its pole; read as
  under(bench, lamppost) the solver stood the bench through the pole (the pair is exempt from
  collisions). A tree's box is its crown: under it stays under; a mat may lie beneath anything.
"""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.architecture.room import DEFAULT_OPENING
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.solver.api import solve


def _relations(graph, name: str) -> list:
    return [r for r in graph.relations if r.relation == name]


@pytest.mark.parametrize("prompt, thing", [
    ("Nursery. The window is on the north wall and the cot sits under it.", "cot_1"),
    ("An upright piano under the window on the east wall.", "upright_piano_1"),
])
def test_a_thing_taller_than_the_sill_stands_under_the_window(prompt: str, thing: str) -> None:
    graph = plan(prompt, complete=False)
    under = [r for r in _relations(graph, "under_window") if graph.relation_args(r.id)[0] == thing]
    assert under and ("proximity", (thing, "window_1")) not in set(graph.triples()), graph.triples()
    assert under[0].params["max_distance"] <= 0.1
    program = code(graph)
    height = next(o for o in program.objects if o.id == thing).dimensions[2]
    window = program.room.opening("window_1")
    assert height > DEFAULT_OPENING["window"][2]
    assert window.sill >= height and window.sill + window.height <= program.room.height
    layout = solve(program, seed=0, effort=1.0, prompt="")
    held = {c.relation: c.satisfied for c in layout.constraints if c.args[0] == thing}
    assert held.get("under_window") is True, held


def test_a_low_thing_keeps_the_default_sill_and_a_wardrobe_stands_by_the_window() -> None:
    program = code(plan("A desk under the window on the north wall.", complete=False))
    assert program.room.opening("window_1").sill == DEFAULT_OPENING["window"][2]
    graph = plan("A wardrobe under the window on the north wall.", complete=False)
    assert not _relations(graph, "under_window") and ("proximity", ("wardrobe_1", "window_1")) in set(graph.triples())
    assert code(graph).room.opening("window_1").sill == DEFAULT_OPENING["window"][2]


@pytest.mark.parametrize("prompt, pair", [
    ("A wooden bench under the lamppost.", ("bench_1", "lamppost_1")),
    ("Three lampposts in a row with a bench beneath each one.", ("bench_2", "lamppost_2")),
    ("A dog asleep under the floor lamp.", ("dog_1", "floor_lamp_1")),
])
def test_under_a_pole_is_beside_it(prompt: str, pair: tuple[str, str]) -> None:
    graph = plan(prompt, complete=False)
    triples = set(graph.triples())
    assert ("proximity", pair) in triples and ("under", pair) not in triples, triples


@pytest.mark.parametrize("prompt, pair", [
    ("A bench under an old oak tree.", ("bench_1", "tree_1")),
    ("A doormat under the coat stand.", ("doormat_1", "coat_stand_1")),
])
def test_under_a_crown_or_a_flat_thing_stays_under(prompt: str, pair: tuple[str, str]) -> None:
    triples = set(plan(prompt, complete=False).triples())
    assert ("under", pair) in triples, triples


def test_a_bench_under_a_lamppost_stands_clear_of_the_pole() -> None:
    program = code(plan("A bench under the lamppost in the park.", complete=False))
    layout = solve(program, seed=0, effort=1.0, prompt="")
    assert all(c.satisfied for c in layout.constraints), [c.relation for c in layout.constraints if not c.satisfied]
    bench, pole = (next(o for o in layout.objects if o.id == i) for i in ("bench_1", "lamppost_1"))
    apart = [max(lo_b - hi_a, lo_a - hi_b) for lo_a, hi_a, lo_b, hi_b in
             zip(bench.bbox_min[:2], bench.bbox_max[:2], pole.bbox_min[:2], pole.bbox_max[:2])]
    assert max(apart) >= -0.05, apart  # their footprints do not interpenetrate (the scorer's 5 cm)


def _corners(prompt: str) -> dict[str, str]:
    graph = plan(prompt, complete=False)
    return {graph.relation_args(r.id)[0]: r.params["corner"] for r in _relations(graph, "in_corner")}


@pytest.mark.parametrize("prompt, expected", [
    ("Put a china cabinet in each of the two southern corners.", {"china_cabinet_1": "se", "china_cabinet_2": "sw"}),
    ("An armchair in each of the two eastern corners.", {"armchair_1": "ne", "armchair_2": "se"}),
    ("A floor lamp in both west corners.", {"floor_lamp_1": "nw", "floor_lamp_2": "sw"}),
    ("A reading lamp in a south corner.", {"reading_lamp_1": "se"}),
    ("A fern in each corner.", {"fern_1": "ne", "fern_2": "nw", "fern_3": "se", "fern_4": "sw"}),
])
def test_corners_of_a_named_wall(prompt: str, expected: dict[str, str]) -> None:
    """"the two southern corners" are the south wall's two (the room's first two corners before)."""
    assert _corners(prompt) == expected


def test_each_of_the_other_corners_leaves_the_taken_one() -> None:
    """"a plant in each of the other corners" after a desk in one: three plants, none in the desk's
    corner (before: four, the fourth claiming the desk's corner too)."""
    assert _corners("A desk in the north-west corner and a plant in each of the other corners.") == {
        "desk_1": "nw", "plant_1": "ne", "plant_2": "se", "plant_3": "sw"}


@pytest.mark.parametrize("prompt, wall", [
    ("A writing desk under the south window.", "south"),
    ("Put the desk under the east window and a bed against the north wall.", "east"),
    ("The sofa faces the western window.", "west"),
])
def test_a_window_named_by_its_compass_side_is_on_that_wall(prompt: str, wall: str) -> None:
    """"the south window" is the window on the south wall (before: the compass word was lost and the
    window went to the north wall)."""
    graph = plan(prompt, complete=False)
    assert [o["wall"] for o in graph.room["openings"]] == [wall]



def test_nothing_of_the_archetype_stands_behind_what_the_user_stood_at_a_wall() -> None:
    """A bar's back shelf "behind the bar counter" when the user put the counter along the north wall:
    there is no floor behind it (before: the solver turned the user's counter 30 degrees off its wall
    to fit the shelf, and the stools lined up in front of it missed it)."""
    graph = plan("A pub with the bar counter along the north wall and five bar stools in front of it.",
                 complete=True, seed=0)
    counter = next(a.id for a in graph.assets if a.category == "bar counter")
    assert ("against_wall", (counter,)) in set(graph.triples())
    assert not [t for t in graph.triples() if t[0] == "behind" and t[1][-1] == counter]
    layout = solve(code(graph), seed=0, effort=1.0, prompt="")
    turned = next(o for o in layout.objects if o.id == counter).rotation_euler[2]
    assert abs(turned) < 0.05, turned  # square to its wall, back to it


def test_the_archetype_keeps_behind_when_the_user_left_the_anchor_free() -> None:
    graph = plan("A pub with a bar counter.", complete=True, seed=0)
    counter = next(a.id for a in graph.assets if a.category == "bar counter")
    assert [t for t in graph.triples() if t[0] == "behind" and t[1][-1] == counter]


@pytest.mark.parametrize("prompt, sides", [
    ("Put the desk under the window on the north wall with a chair on each side of it.", {"left_of", "right_of"}),
    ("The table stands against the east wall with a stool on either side.", {"left_of", "right_of"}),
    ("A desk in the middle of the room with a chair on each side.", {"in_front_of", "behind"}),
])
def test_seats_either_side_of_a_table_at_a_wall_are_left_and_right(prompt: str, sides: set[str]) -> None:
    """A table or desk the text stood at a wall has no side behind it: a seat "on each side" is at its
    left and its right (before: in front and behind, and the solver turned the desk off its window)."""
    triples = plan(prompt, complete=False).triples()
    assert {t[0] for t in triples if t[0] in ("in_front_of", "behind", "left_of", "right_of")} == sides


def test_a_thing_next_to_what_stands_under_a_window_stands_at_that_wall() -> None:
    """"The crib goes under the window; a changing table stands next to the crib": the changing table
    (its back to a wall) stands at the window's wall, as next to a thing against a wall it would."""
    graph = plan("Set up a nursery. The window is on the east wall, and the crib goes right under it. "
                 "A changing table stands next to the crib.", complete=False)
    walls = {graph.relation_args(r.id)[0]: r.params.get("wall") for r in _relations(graph, "against_wall")}
    assert walls.get("changing_table_1") == "east", walls


def test_a_hung_or_seated_archetype_thing_keeps_its_place_behind() -> None:
    """A stage curtain hangs behind the stage the user put at the front; a seat stays at its desk."""
    graph = plan("a small concert hall for 40: a stage at the front with a grand piano on it, and the seats in "
                 "five rows of eight facing the stage", complete=True, seed=0)
    assert [t for t in graph.triples() if t[0] == "behind" and t[1][0].startswith("curtain")]


def test_presents_under_a_tall_tree_stay_under_its_crown() -> None:
    """A tall tree's box may be as thin as a pole's ratio; its box is its crown: under it stays under."""
    triples = set(plan("A living room with a tall decorated tree in the corner and a pile of presents under it.",
                       complete=False).triples())
    assert any(t[0] == "under" and t[1][1] == "tree_1" for t in triples), triples
