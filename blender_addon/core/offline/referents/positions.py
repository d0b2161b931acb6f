"""One of several things picked by where it stands: "Park three cars side by side. A motorbike stands
next to the westernmost car." (one of the three cars, the one west of the others, never a fourth car
called "westernmost car"), "a trolley in front of the middle car" (the car between the other two),
"a cooler next to the left tent", "the far bench".

The words are closed_words.json's ``member_positions``: each names ``middle`` or a compass side
(left, right, far and near as seen from the south wall, the usual view; reading/viewer.py). The word
may stand as a describing word ("the middle car") or open a compound the reader made ("the
westernmost car", "the north tent"); either way, when two or more things of the rest of the name were
named and no thing has the whole name, the phrase means one of them: the middle one of their order
(a row's order when they stand in one), else the first (west, north) or last (east, south) one, and
that one is kept on its side of the others (a side relation in the room's frame, ``frame: world``) or
between the two ends. In a row (which keeps its order) the pick is all: a side relation more only made
the row's even spacing harder to find, so a side pick trusts the order it is laid in. A side the things'
shared wall makes meaningless ("the east shelf" of shelves along the east wall) only picks; "the left
nightstand" of nightstands already put left and right of a bed is the one put on the left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..reading.closed_words import word_map
from ..reading.phrases import NounPhrase
from .described_ones import matching_ids
from .records import Group

if TYPE_CHECKING:
    from .world import World

POSITIONS = word_map("member_positions")
MIDDLE = "middle"
FIRST_SIDES = frozenset({"west", "north"})  # the sides whose one is the first of the order
AXIS = {"west": "x", "east": "x", "north": "y", "south": "y"}
WALL_AXIS = {"east": "x", "west": "x", "north": "y", "south": "y"}  # the axis across a wall's face
OWN_SIDES = {"west": "left_of", "east": "right_of"}  # "the left nightstand": put left of its bed
SIDE_REACH = 30.0  # m: "the west car" is west of the others however far the row runs
SOURCE = "the {word} {head}: one of those named, on its side of the others"


def positional_member(world: World, np: NounPhrase, avoid: set[str]) -> Group | None:
    """The one object "the middle car" / "the westernmost tent" means, its side kept; None when the
    phrase names no position among several things of a kind named before."""
    if np.determiner != "definite" or np.plural or np.ordinal is not None or np.count is not None:
        return None
    found = _position_and_head(world, np)
    if found is None:
        return None
    word, head = found
    members = [i for i in matching_ids(world, head) if i not in avoid]
    if len(members) < 2:
        return None
    side = POSITIONS[word]
    order, in_row = _order(world, members)
    own = _own_side(world, members, side)
    if own is not None:
        return Group(ids=[own], np=np)
    chosen = order[len(order) // 2] if side == MIDDLE else order[0] if side in FIRST_SIDES else order[-1]
    if not in_row:  # a row keeps its order, laid out west to east (south to north): its ends are its sides
        _keep_side(world, chosen, [i for i in order if i != chosen], side, SOURCE.format(word=word, head=head))
    return Group(ids=[chosen], np=np)


def _position_and_head(world: World, np: NounPhrase) -> tuple[str, str] | None:
    """(the position word, the name of the things it picks among), from a describing word ("the
    middle car") or a compound's first word ("the westernmost car"); None when there is none or a
    thing has the whole name ("the end table" when an end table was named)."""
    words = np.head.split()
    if len(words) >= 2 and words[0] in POSITIONS and not any(e.category == np.head for e in world.entities.values()):
        return words[0], " ".join(words[1:])
    said = [h for h in np.hints if h in POSITIONS]
    return (said[0], np.head) if len(said) == 1 else None


def _order(world: World, members: list[str]) -> tuple[list[str], bool]:
    """The members in the order of the row they stand in (and True), else in the order they were named."""
    for rel in reversed(world.relations):
        if rel.relation == "row" and set(members) <= set(rel.args):
            return [i for i in rel.args if i in members], True
    return members, False


def _own_side(world: World, members: list[str], side: str) -> str | None:
    """The member already put on that hand of another thing ("the left nightstand": the one left of
    the bed), when the members stand on the hands of one."""
    relation = OWN_SIDES.get(side)
    sided = [r for r in world.relations if r.relation in OWN_SIDES.values() and r.args[0] in members
             and r.args[-1] not in members and r.params.get("frame") != "world"]
    if relation is None or not sided:
        return None
    return next((r.args[0] for r in sided if r.relation == relation), None)


def _keep_side(world: World, chosen: str, others: list[str], side: str, source: str) -> None:
    """Keep the chosen member between the ends of the others (the middle one) or on its compass
    side of each of them, unless they all stand against one wall across whose face the side runs."""
    if not others:
        return
    if side == MIDDLE:
        if len(others) >= 2:
            world.relate("between", [chosen, others[0], others[-1]], {}, source, inferred=True)
        return
    walls = {r.params.get("wall") for r in world.relations if r.relation == "against_wall"
             and r.args[0] in (chosen, *others)}
    if len(walls) == 1 and WALL_AXIS.get(str(next(iter(walls)))) == AXIS[side]:
        return
    from ..relations.directions import COMPASS  # (the side relations; no cycle at import)
    for other in others:
        world.relate(COMPASS[side], [chosen, other], {"max_distance": SIDE_REACH, "frame": "world"}, source,
                     inferred=True)
