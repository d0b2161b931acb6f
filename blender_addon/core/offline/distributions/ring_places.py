"""Where a ring of things stands (issue 14, instr9): "By the window on the south wall, put two
armchairs around a small round table", "Put four stools around a table in the middle": the place
said of the ring's members is the ring's own, so its anchor (the table) stands there and the
members round it. Read one by one, each member was sent to the place (two armchairs both under one
window), pulling the ring apart. :func:`ring_takes_place` moves a place every member of an
``around`` ring shares, said by the text, onto the anchor when the text gave the anchor none.
"""

from __future__ import annotations

from ..referents.world import PlannedRelation, World

ROOM_PLACES = frozenset({"under_window", "near_opening", "next_to_door", "against_wall", "centered", "in_corner"})


def ring_takes_place(world: World) -> None:
    """Move the shared stated place of each ``around`` ring's members onto its unplaced anchor."""
    for ring in [r for r in world.relations if r.relation == "around" and not r.inferred and len(r.args) > 2]:
        members, anchor = set(ring.args[:-1]), ring.args[-1]
        if any(r.args == (anchor,) and r.relation in ROOM_PLACES for r in world.relations):
            continue  # "a table in the corner with chairs around it": its own place
        said = [r for r in world.relations if len(r.args) == 1 and r.args[0] in members
                and r.relation in ROOM_PLACES and not r.inferred]
        if {r.args[0] for r in said} != members or len({_place(r) for r in said}) != 1:
            continue
        said[0].args = (anchor,)
        world.relations[:] = [r for r in world.relations if r not in said[1:]]


def _place(rel: PlannedRelation) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """A place relation without its subject: the relation, its source and its parameters."""
    return rel.relation, rel.source, tuple(sorted((k, str(v)) for k, v in rel.params.items()))
