"""Three readings of long descriptive scene queries (issue 14, paper11):
- "in two lines of four": lines (or ranks) are rows, as "in two rows of four" is (was nothing);
- "a long table by a tree, 12 chairs, six down each side": seats shared out down the sides with no
  anchor named sit at the latest table, not round the last thing named (were six each side of the tree);
- "locomotives on two floating shelves on the east wall": a place after "on" plural things is theirs,
  as it is after one ("a book on a shelf on the wall"; was: the locomotives hung on the wall)."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def relations(prompt: str) -> list[tuple[str, tuple[str, ...]]]:
    graph = plan(prompt, complete=False)
    args: dict[str, list[tuple[int, str]]] = {}
    for edge in graph.edges:
        args.setdefault(edge.relation, []).append((edge.role, edge.asset))
    return [(r.relation, tuple(a for _, a in sorted(args.get(r.id, [])))) for r in graph.relations]


@pytest.mark.parametrize("prompt", ["eight dancers in two lines of four", "eight dancers standing in two lines"])
def test_lines_are_rows(prompt: str) -> None:
    grids = [args for kind, args in relations(prompt) if kind == "grid"]
    assert len(grids) == 1 and len(grids[0]) == 8


@pytest.mark.parametrize("prompt", ["a long table by a tree, 12 chairs, six down each side",
                                    "a long table under a pergola, 12 chairs, six down each side"])
def test_seats_down_each_side_sit_at_the_table(prompt: str) -> None:
    sides = [args for kind, args in relations(prompt) if args and args[0].startswith("chair_")
             and kind in ("in_front_of", "behind", "left_of", "right_of")]
    assert len(sides) == 12 and all(args[1] == "table_1" for args in sides)


def test_seats_each_side_of_a_fireplace_stay_there() -> None:
    sides = [args for kind, args in relations("a fireplace with a rug, four armchairs, two on each side")
             if kind in ("left_of", "right_of")]
    assert len(sides) == 4 and all(args[1] == "fireplace_1" for args in sides)


@pytest.mark.parametrize("prompt, shelf", [
    ("three plates on two shelves on the east wall", "shelf"),
    ("spare locomotives on two floating shelves on the east wall", "floating_shelf"),
])
def test_a_wall_after_plural_hosts_is_theirs(prompt: str, shelf: str) -> None:
    hung = {args[0] for kind, args in relations(prompt) if kind == "on_wall"}
    assert hung == {f"{shelf}_1", f"{shelf}_2"}


@pytest.mark.parametrize("prompt, thing, host", [
    ("a long table with a samovar in the middle", "samovar_1", "table_1"),
    ("A Hanukkah table by the front window with a silver menorah in the middle", "menorah_1", "hanukkah_table_1"),
])
def test_an_unknown_thing_in_the_middle_of_its_host_is_on_it(prompt: str, thing: str, host: str) -> None:
    found = relations(prompt)
    assert ("on_top_of", (thing, host)) in found and ("centered", (thing,)) not in found


def test_a_place_after_unknown_things_a_host_came_with_is_the_hosts() -> None:
    found = relations("a low table with sweets beside the front door")
    assert ("next_to_door", ("table_1", "door_1")) in found
    assert {args for kind, args in found if kind == "on_top_of"} == {(f"sweet_{i}", "table_1") for i in (1, 2, 3)}


@pytest.mark.parametrize("prompt, things, host", [
    ("A table by the window with a candelabra in the middle, a plate of cookies and a bowl of nuts beside it",
     ("plate_1", "bowl_1"), "table_1"),
])
def test_a_small_carrier_beside_a_table_stands_on_it(prompt: str, things: tuple[str, ...], host: str) -> None:
    """"a plate of cookies ... beside it": what the plate carries does not keep it on the floor by the table."""
    found = relations(prompt)
    assert all(("on_top_of", (thing, host)) in found for thing in things)


def test_a_carrier_beside_a_sofa_stays_on_the_floor() -> None:
    assert not [args for kind, args in relations("a sofa with a plate of cookies beside it")
                if kind == "on_top_of" and args[0] == "plate_1"]
