"""One place per seat: "set the table for four", "a formal dinner for six" put as many plates
on the table as there are seats at it, and each plate is someone's, at that person's seat; and
what someone at a table works on lies on that table ("elves building toys at long tables").

The knowledge base's place setting says which things go at each seat (its item "A plate in
front of each chair."); when a table carries exactly one such thing per seat and the text put
none of them by a seat, the n-th goes in front of the n-th seat (within the reach a plate "in
front of each chair" gets), so that no two share a seat and none is left without one.
"""

from __future__ import annotations

from functools import lru_cache

from ...knowledge.archetypes import load_archetypes
from ..inference.inferring import BESIDE
from ..inference.supports import PLACE_REACH, SEATED, TABLES
from ..reading.lexicon import load_lexicon
from ..referents.world import INFERRED, World



@lru_cache(maxsize=1)
def per_seat_kinds() -> frozenset[str]:
    """The objects the place setting puts at each seat (its items placed "in front of each chair")."""
    return frozenset(item.object for item in load_archetypes().place_setting
                     if any(w in item.text.lower() for w in load_lexicon().word_lists["seat_words"]))


def seats_at(world: World, table: str) -> list[str]:
    """The seats placed at ``table`` (beside it or around it), in the order they were named."""
    seats: list[str] = []
    for rel in world.relations:
        if rel.relation not in SEATED or rel.args[-1] != table:
            continue
        seats += [a for a in rel.args[:-1] if "seat" in world.entities[a].roles and a not in seats]
    return seats


def one_place_per_seat(world: World) -> None:
    """Bind each per-seat thing on a table (a plate) to a seat of its own at that table."""
    kinds = per_seat_kinds()
    for table in [e.id for e in world.entities.values() if e.roles & TABLES]:
        seats = seats_at(world, table)
        if len(seats) < 2:
            continue
        carried = [r.args[0] for r in world.relations if r.relation == "on_top_of" and r.args[1] == table]
        for kind in kinds:
            things = [t for t in carried if world.entities[t].category.split()[-1] == kind]
            if len(things) != len(seats) or any(_by_a_seat(world, t) for t in things):
                continue
            for thing, seat in zip(things, seats):
                world.relate("in_front_of", [thing, seat], {"max_distance": PLACE_REACH},
                             INFERRED + f"each seat has its own {kind}", inferred=True)


def _by_a_seat(world: World, thing: str) -> bool:
    return any(r.relation in BESIDE and r.args[0] == thing and len(r.args) == 2
               and "seat" in world.entities[r.args[1]].roles for r in world.relations)


def at_hand_on_the_table(world: World) -> None:
    """"Elves building toys at long tables": a table-top thing that no phrase stands anywhere,
    only near someone who is at a table, lies on that table (each on the table of its own worker)."""
    supported = world.supports()
    for thing in [e.id for e in world.entities.values() if "tabletop" in e.roles and e.mount is None]:
        if thing in supported:
            continue
        placing = [r for r in world.relations if thing in r.args and r.relation not in ("facing", "parallel")]
        workers = [a for r in placing for a in r.args if a != thing and "animate" in world.entities[a].roles]
        if not placing or any(r.relation != "proximity" for r in placing) or not workers:
            continue
        table = next((t for t in _tables_at(world, workers[0])), None)
        if table is not None:
            world.relate("on_top_of", [thing, table], {}, INFERRED + "what someone at a table works on lies on it",
                         inferred=True)


def _tables_at(world: World, someone: str) -> list[str]:
    return [r.args[1] for r in world.relations if len(r.args) == 2 and r.args[0] == someone
            and r.relation in SEATED and world.entities[r.args[1]].roles & (TABLES | {"surface"})]
