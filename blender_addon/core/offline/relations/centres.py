""""A vase in the middle of the table", "a candle in the centre of the table": the thing stands on
the table with its centre over the table's centre: two ``alignment`` relations of their box
centres, along the world's x and y axes (the relation's own tolerance, 5 cm), and squared with it:
``parallel`` (a laptop in the middle of the desk faces the way the desk does, a runner runs along the
table; on a round vase the turn does not show)."""

from __future__ import annotations

from collections.abc import Callable

from ..referents.world import Group, World


def centre_on(world: World, subject: Group, surface: Group, source: str, relate: Callable[..., bool]) -> bool:
    """Put the subject on the surface (``relate``: :func:`.relations.apply_relation`) and centre one
    thing (a stack: its bottom) over it. Several things "in the middle of the table" share it:
    they are only put on it."""
    if not relate(world, "on", {}, subject, [surface], source):
        return False
    if len(surface.ids) != 1 or not subject.ids or (len(subject.ids) > 1 and not subject.stacked):
        return True
    pair = [subject.ids[0], surface.ids[0]]
    for axis, args in (("x", pair), ("y", pair[::-1])):  # alignment is symmetric; one pair per relation
        world.relate("alignment", args, {"axis": axis, "anchor": "center"}, source)
    world.relate("parallel", pair, {}, source)  # centred on it is squared with it (a laptop, a runner)
    return True


def centre_of_ring(world: World, subject: Group, members: list[str], source: str) -> bool:
    """"Seven candles in a ring on the coffee table, with a bowl in the middle of them": the ring
    goes round the subject (its centre), which stands where the ring's members stand (on their
    one support when they share one)."""
    if not world.centre_ring(subject.ids, source, members):
        return False
    held = {world.supports().get(m) or "" for m in members}
    support = held.pop() if len(held) == 1 else ""
    for a in subject.ids if support else ():
        world.relate("on_top_of", [a, support], {}, source)
    return True
