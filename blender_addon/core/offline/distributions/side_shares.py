"""How many things a phrase puts on each side (or each end) of one anchor: the share rules of
"on each / either side of", "at each end of", read in one order by :func:`settle`.

Each rule of :data:`SHARE_RULES` reads the ask (the anchor, the phrase's params, whether seats
sit at a table, whether the things take the anchor's ends) and may change the group's count:

1. ``restated``: "chairs on either side of the path, five on each side": the counted share
   restates the uncounted plural of the same sentence; the uncounted ones go.
2. ``end_shares``: "a sofa with cushions, one at each end": two of them, a half at each end.
3. ``side_room``: how many a side the anchor takes when the text does not say (as many seats as a
   table's side holds, one nightstand a side of a bed, all that line a flat thing's side).
4. ``side_shares``: "8 chairs, three on each long side": a bare count over objects named before
   takes that many a side (four sides at a square or round table), the rest left for the next part.
5. ``count_a_side``: a fresh group's count on each side (:func:`.quantities.per_side_count`).

:func:`four_sided` says whether seats take all four sides of a table ("on every side", a square
or round table)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .....skill_library.roles import roles as relation_roles
from ..referents.portions import resize_part
from ..referents.world import Group, World
from .anchor_ends import ends_of_it
from .quantities import per_side_count, shared_a_side
from .seating import side_capacity
from ..reading.lexicon import role_group

SEATED_TABLES = role_group("seated_tables")  # lexicon.json role_groups

FOUR_SIDED = frozenset({"square", "round", "circular"})
AT_A_WALL = frozenset({"against_wall", "under_window", "in_corner"})  # an anchor's back to a wall: no seat behind it
SQUARE = "square"  # a table of four equal sides: "two chairs per side" is two on each of the four
ALL_SIDES = "all_sides"  # side_phrases quantifier param: "on every side" is on all of them


@dataclass(frozen=True)
class SideAsk:
    """What the phrase asks of one anchor: its params, the anchor, whether the things are seats at
    a table (its long sides), whether the phrase named the ends and whether the things take the
    anchor's ends (``on_ends``), and "one side" (``one``) rather than each."""

    world: World
    params: dict[str, Any]
    target: str
    seated: bool
    ends: bool
    on_ends: bool
    one: bool

    @property
    def lining(self) -> bool:
        """Things on each side of a flat thing line it ("houses on both sides of the street")."""
        return "flat" in self.world.entities[self.target].roles


@dataclass
class Sharing:
    """The group being shared out and how many a side the anchor takes (``a_side``, once known)."""

    subject: Group
    a_side: int | None = None


def side_ask(world: World, params: dict[str, Any], subject: Group, target: str, one: bool) -> SideAsk:
    """The ask of "on each side of" / "at each end of" the target for the subject's things: seats
    at a table take its long sides, facing it; things at the ends of an anchor with ends along its
    width take its ends (:func:`.anchor_ends.ends_of_it`)."""
    seated = bool(world.entities[target].roles & SEATED_TABLES) and _seats(world, subject.ids) \
        and not _at_a_wall(world, target)
    ends = bool(params.get("ends"))  # "one at each end": a seat at a table's end faces along it
    on_ends = ends and not seated and ends_of_it(world, target, subject.ids)
    return SideAsk(world, params, target, seated, ends, on_ends, one)


def settle(ask: SideAsk, subject: Group) -> Group:
    """The group as the share rules leave it, each of :data:`SHARE_RULES` in turn."""
    sharing = Sharing(subject)
    for _name, rule in SHARE_RULES:
        rule(ask, sharing)
    return sharing.subject


def _at_a_wall(world: World, target: str) -> bool:
    """Whether the text stood the anchor at a wall (against it, under a window, in a corner): "the desk under
    the window with a chair on each side of it" has no side behind it; its sides are its left and right."""
    return any(r.relation in AT_A_WALL and r.args[:1] == (target,) for r in world.relations)


def _seats(world: World, ids: list[str]) -> bool:
    return all("seat" in world.entities[a].roles for a in ids)


def _restated(ask: SideAsk, sharing: Sharing) -> None:
    """"Chairs on either side of the path, five on each side": a counted share said of the sides of
    an anchor (not its ends) that the same sentence lined with an uncounted plural of its kind says
    how many those are: the uncounted ones (their relations with them) go."""
    subject, world = sharing.subject, ask.world
    if ask.ends or not subject.fresh or subject.np is None or subject.np.count is None or not subject.ids:
        return
    # seats on a table's long sides are in front of / behind it; things on each side of anything else left / right
    sides = relation_roles().front_back if ask.seated else relation_roles().left_right
    new = world.entities[subject.ids[0]]
    earlier = {a for r in world.relations if r.relation in sides and r.args[-1] == ask.target
               for a in r.args[:-1] if a not in subject.ids and a in world.entities}
    said = [a for a in earlier if world.entities[a].category == new.category and not world.entities[a].counted
            and world.entities[a].sentence == new.sentence]
    if not said or len(said) != len([a for a in earlier if world.entities[a].category == new.category]):
        return
    world.relations[:] = [r for r in world.relations if not set(r.args) & set(said)]
    for a in said:
        world.forget(a)


def _end_shares(ask: SideAsk, sharing: Sharing) -> None:
    """"A cushion on each end of the sofa", "planters at either end of the bench": one an end; a
    share over things named before ("a sofa with cushions, one at each end") is two of them."""
    if not ask.on_ends:
        return
    subject = sharing.subject
    per_side_count(ask.world, ask.params, subject, ask.one, a_side=1)
    if subject.share is not None and not ask.one:
        ids = resize_part(ask.world, list(subject.ids), subject.share * 2)
        only_the_shares(ask.world, subject, ids)
        sharing.subject = Group(ids=ids, np=subject.np)


def _side_room(ask: SideAsk, sharing: Sharing) -> None:
    """How many a side when the text does not say: as many seats as the table's side holds, all
    that line a flat thing's side, else one (a nightstand on each side of the bed)."""
    if ask.on_ends:
        return
    subject = sharing.subject
    a_side = side_capacity(ask.world, ask.target, subject.ids[0], ends=ask.ends) if ask.seated else None
    if a_side is None:
        a_side = len(subject.ids) if ask.lining else 1
    sharing.a_side = a_side


def _side_shares(ask: SideAsk, sharing: Sharing) -> None:
    """"8 chairs, three on each long side": a bare count over objects named before takes that many
    a side (four sides for seats at a square or round table) of them, the rest left for the next part."""
    subject = sharing.subject
    if ask.on_ends or ask.one or subject.share is None:
        return
    seated = ask.seated and not ask.ends
    every = every_side(ask.params, subject)
    uncounted = not any(ask.world.entities[i].counted for i in subject.ids)  # "a square table with chairs, one
    # on each side": four of them
    four = seated and (four_sided(ask.world, subject, ask.target, every)
                       or (uncounted and _square(ask.world, ask.target, every)))
    sides = 4 if four else 2
    shared_a_side(ask.world, {"per_side": True}, subject, sides)  # "chairs, three on each side": six uncounted
    part = resize_part(ask.world, list(subject.ids), subject.share * sides)
    only_the_shares(ask.world, subject, part)
    sharing.subject = Group(ids=part, np=subject.np)


def _count_a_side(ask: SideAsk, sharing: Sharing) -> None:
    """A fresh group's count on each side (:func:`.quantities.per_side_count`); seats counted
    "per side" of a square table take its four sides ("two chairs per side": eight)."""
    subject = sharing.subject
    if ask.on_ends:
        return
    if ask.seated and not ask.ends and not ask.one and _counted_square(ask, subject):
        assert subject.np is not None and subject.np.count is not None
        ask.world.grow(subject, 4 * subject.np.count)
        return
    per_side_count(ask.world, ask.params, subject, ask.one, a_side=sharing.a_side)


def _counted_square(ask: SideAsk, subject: Group) -> bool:
    """A fresh counted group of seats "N per side" / "N on each side" of a table said to be square."""
    np, table = subject.np, ask.world.entities[ask.target]
    return (subject.fresh and np is not None and (np.count or 0) >= 2 and bool(ask.params.get("per_side"))
            and SQUARE in set(table.hints) | set(table.category.split()))


SHARE_RULES: tuple[tuple[str, Callable[[SideAsk, Sharing], None]], ...] = (
    ("restated", _restated),
    ("end_shares", _end_shares),
    ("side_room", _side_room),
    ("side_shares", _side_shares),
    ("count_a_side", _count_a_side),
)


def only_the_shares(world: World, subject: Group, part: list[str]) -> None:
    """"A bed with lamps, one on each side": lamps the text did not count are as many as its first
    share a side makes; the others of the plural's default number go (while nothing names them)."""
    if world.parted is None:
        return
    whole, taken = world.parted
    if len(part) >= len(whole) or any(world.entities[i].counted for i in whole) or set(part) != set(taken):
        return
    named = {a for rel in world.relations for a in rel.args}
    for extra in [i for i in whole if i not in part and i not in named]:
        world.forget(extra)
        whole.remove(extra)
        if extra in subject.ids:
            subject.ids.remove(extra)


def every_side(params: dict[str, Any], subject: Group) -> bool:
    """"a chair on every side" of a table: on its four sides whatever its shape ("two chairs on
    every side" stay two a long side)."""
    return bool(params.get(ALL_SIDES)) and (subject.np is None or subject.np.count in (None, 1))


def four_sided(world: World, subject: Group, target: str, every: bool = False) -> bool:
    """Seats "on each side" of a square or round table, or "on every side" of any table, take its
    four sides: four of them, or a fresh single one grown to four ("a chair on each side of the
    square table")."""
    if not _square(world, target, every):
        return False
    if subject.fresh and subject.np is not None and subject.np.count in (None, 1) and len(subject.ids) <= 2:
        world.grow(subject, 4)
    count = subject.np.count if subject.np is not None else None
    return len(subject.ids) == 4 or (count is not None and count >= 2 and len(subject.ids) == 4 * count)


def _square(world: World, target: str, every: bool) -> bool:
    """Whether seats "on each side" of the table take its four sides: a square or round one, or any
    "on every side"."""
    table = world.entities[target]
    return every or bool(FOUR_SIDED & (set(table.hints) | set(table.category.split())))
