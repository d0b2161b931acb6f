"""The text's word before common sense's (the offline coder, solver triage #5): an inferred relation
that can only compete with what the text stated about the same object is left out of the program.

The solver weighs a stated relation at 1.0 and an inferred one at 0.7 (:data:`...weights.INFERRED_WEIGHT`),
so two inferred relations outweigh one stated: "the armchair goes in the north-east corner, turned
toward the middle of the room" with a TV on the east wall lost its corner to the inferred "seats face
the TV" and its viewing distance. Here a thing the text turns (toward something, a compass direction,
the room's centre) keeps that turn: common sense does not turn it toward something else as well.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from ...model import Constraint
from ...weights import STATED_WEIGHT

BACK_TO_WALL = "against_wall"  # a thing's back to a wall
OFF_THE_FLOOR = frozenset({"on_wall", "above", "on_top_of", "inside"})  # hung, hung over or carried: takes no floor
BEHIND_GAP = 0.3  # m between the wall and what stands behind a thing at it
SPACING = "proximity"  # how far apart a pair stands (a seat at its viewing distance from the TV)
TURNING = frozenset({"facing", "facing_direction", "facing_door"})  # say where args[0]'s front points
# what common sense turns a thing toward (a seat to the TV): yields to a stated turn. An inferred compass
# direction is kept: it squares a stated turn to the wall its target stands at ("facing the fireplace on the
# east wall": east, within 20 degrees), it does not compete with it
TOWARD = "facing"


def is_stated(constraint: Constraint) -> bool:
    """Whether the constraint carries the text's word (its weight is a stated relation's)."""
    return constraint.weight >= STATED_WEIGHT


def stated_turns(constraints: Sequence[Constraint]) -> dict[str, set[tuple[str, ...]]]:
    """Per object, the turns the text gave it: (relation, target args, direction) of each stated
    turning constraint whose subject it is."""
    out: dict[str, set[tuple[str, ...]]] = {}
    for con in constraints:
        if con.relation in TURNING and con.args and is_stated(con):
            out.setdefault(con.args[0], set()).add(_turn(con))
    return out


def _turn(con: Constraint) -> tuple[str, ...]:
    return (con.relation, *con.args[1:], str(con.params.get("direction", "")))


def stated_first(constraints: Sequence[Constraint]) -> list[Constraint]:
    """``constraints`` less each inferred ``facing`` of an object the text turns another way
    (a seat the text turns to the fireplace, or toward the room's middle, is not also turned toward
    the TV by common sense), and the inferred spacing of the pair it turned (the TV's viewing distance)."""
    turns = stated_turns(constraints)
    dropped = [con for con in constraints if not is_stated(con) and con.relation == TOWARD and len(con.args) == 2
               and turns.get(con.args[0], set()) - {_turn(con)}]
    pairs = {frozenset(con.args[:2]) for con in dropped if len(con.args) == 2}
    return [con for con in constraints if not any(con is d for d in dropped) and not (
        not is_stated(con) and con.relation == SPACING and frozenset(con.args[:2]) in pairs)]


def room_behind(constraints: Sequence[Constraint], depths: Mapping[str, float], hung: Collection[str] = ()
                ) -> list[Constraint]:
    """``constraints`` with each inferred ``against_wall`` of a thing something stands behind ("the
    reception desk in front of the north wall, an office chair behind it") reaching that far off the
    wall: the thing's depth and :data:`BEHIND_GAP` (``depths``: id -> footprint depth). At the wall the
    chair had to stand in it, and the solver traded the chair for the wall. A stated wall stays as it
    is (the text's word first); what hangs (``hung``, a picture behind the sofa), hangs over or is
    carried takes no floor behind it."""
    on_wall = set(hung) | {con.args[0] for con in constraints if con.relation in OFF_THE_FLOOR and con.args}
    room: dict[str, float] = {}
    for con in constraints:
        if con.relation == "behind" and len(con.args) == 2 and con.args[0] not in on_wall and con.args[0] in depths:
            room[con.args[1]] = max(room.get(con.args[1], 0.0), depths[con.args[0]] + BEHIND_GAP)
    return [replace(con, params={**con.params, "max_gap": round(room[con.args[0]], 3)})
            if con.relation == BACK_TO_WALL and con.args and con.args[0] in room and not is_stated(con)
            and float(con.params.get("max_gap", 0.0)) < room[con.args[0]] else con for con in constraints]


def placed_by_text(seat: str, viewed: str, constraints: Sequence[Constraint], unplacing: frozenset[str]) -> bool:
    """Whether the text places ``seat`` itself (a stated constraint whose subject it is, other than
    ``unplacing`` ones) or turns it toward anything but ``viewed``."""
    turned = any(con.args[:1] == (seat,) and is_stated(con) and con.relation in TURNING
                 and tuple(con.args[1:]) != (viewed,) for con in constraints)
    return turned or any(con.args[:1] == (seat,) and is_stated(con) and con.relation not in unplacing
                         for con in constraints)
