"""Parts of a group said one after another: "six mugs, four of them white and the rest blue",
"Two of the chairs face the window, the rest face the TV", "four of them are red and two are
blue". The first part ("four of them", "two of the chairs") is taken from the group it names;
each next part ("two", "the rest", "the others") from what no part took yet. The world keeps
the divided group and the parts taken (:attr:`.world.World.parted`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .world import Group, World

if TYPE_CHECKING:
    from ..reading.chunks import Item
    from ..reading.clause import Clause

REST = "rest"  # the pronoun value of "the rest", "the others", "the remaining ones" (lexicon pronouns)


def take_part(world: World, whole: list[str], count: int) -> Group:
    """``count`` objects of ``whole`` that no earlier part of it took (a new division when
    ``whole`` is not the group divided last)."""
    if world.parted is None or world.parted[0] != whole:
        world.parted = (list(whole), [])
    taken = world.parted[1]
    part = [i for i in whole if i not in taken][:count] or list(whole[:count])
    taken += [i for i in part if i not in taken]
    return Group(ids=part)


def rest_of(world: World) -> Group | None:
    """"the rest": the objects of the group divided last that no part took; None when no
    group was divided or every object was taken."""
    if world.parted is None:
        return None
    whole, taken = world.parted
    free = [i for i in whole if i not in taken and i in world.entities]
    if not free:
        return None
    taken += free
    return Group(ids=free)


def taken_part(world: World, host: Group) -> bool:
    """Whether ``host`` is a part taken of a group divided before ("three of them", "half of the
    stalls", "the rest"): what it comes with or stands by is each member's own ("three of them have
    an awning"; "four of them under umbrellas": an umbrella each, not the default plural)."""
    return world.parted is not None and len(host.ids) > 1 and set(host.ids) <= set(world.parted[1]) \
        and host.ids != world.parted[0]


def resize_part(world: World, ids: list[str], want: int) -> list[str]:
    """The part a bare count's distribution takes ("8 chairs, three on each long side": six;
    "and one at each end": the next two): the members of ``ids`` a part already took, topped
    up from what no part took yet (the division of ``ids`` starts when none is under way)."""
    if world.parted is None or not set(ids) <= set(world.parted[0]):
        world.parted = (list(ids), [])
    whole, taken = world.parted
    mine = [i for i in ids if i in taken][:want]
    extra = [i for i in whole if i not in taken][:want - len(mine)]
    taken += extra
    return mine + extra


def next_part(world: World, named: Group | None, count: int | None) -> Group | None:
    """"four of them are white and two are blue": a bare count right after a part of the
    divided group is the next part of it; None when it is not (or more are counted than are left)."""
    if world.parted is None or named is None or not named.ids or count is None:
        return None
    whole, taken = world.parted
    if not set(named.ids) <= set(taken) or len([i for i in whole if i not in taken]) < count:
        return None
    return take_part(world, whole, count)


def starts_part(world: World, state: Clause, item: Item) -> bool:
    """Whether ``item`` begins a part of a divided group ("four of them", "the rest", "two" after
    a part): a clause of its own, never joined to the subject before it."""
    if state.subject is None and state.relation is None:
        return False  # a clause of its own already
    if item.kind == "PRON":
        return item.token is not None and item.token.value == REST
    np = item.np
    if item.kind != "NP" or np is None or np.kind != "ellipsis" or np.more:
        return False
    if np.partitive:  # (but "a campfire in front of one of them": the relation's object, multi15)
        return state.relation is None or bool(state.objects)
    last = state.subject or state.previous
    return world.parted is not None and last is not None and bool(last.ids) and \
        set(last.ids) <= set(world.parted[1])


def share_of_total(world: World, named: Group | None, want: int | None, spread: bool) -> Group | None:
    """"six chairs around it, two on each long side and one at each end": a bare count with its
    place takes its share (``want``) of the total named, the next count the next share, so the
    six stay six. None when the total was itself ``spread`` over sides already ("four chairs down
    each side and one at each end": more) or the share is more than is left."""
    if named is None or not named.ids or not want:
        return None
    if world.parted is not None and set(named.ids) <= set(world.parted[1]) and named.ids != world.parted[0]:
        whole, taken = world.parted  # the next share of the total divided last
    elif not spread:
        whole, taken = list(named.ids), []
    else:
        return None
    if len([i for i in whole if i not in taken]) < want or (not taken and want == len(whole) and spread):
        return None
    if not taken:
        world.parted = (list(whole), [])
    return take_part(world, whole, want)
