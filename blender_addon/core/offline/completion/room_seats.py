"""Seats in a furnished room (room completion, :mod:`.furnish`): every desk is sat at, and
the tables the user named get the seats their knowledge names as companions."""

from __future__ import annotations

import math
from collections.abc import Collection

from ...knowledge.objects import load_knowledge
from ..reading.grammar import SentenceReader
from ..reading.guests import TABLE_ROLES
from ..reading.lexicon import Vocabulary
from ..relations.anchor_phrases import apply_relation
from ..reading.tokens import Tokenizer
from ..referents.world import Group, World
from .stand_ins import special_seats

AT_TABLE_ROLES = frozenset({"dining_table", "table_like"})  # tables and desks a seat is drawn up to (not a podium)


def _seated(world: World) -> dict[str, str]:
    """What has a seat at it (a relation from a seat to it, or a seat standing on it) -> the seat's category."""
    seated: dict[str, str] = {}
    for rel in world.relations:
        for seat, anchor in zip(rel.args[:-1], rel.args[1:]):
            if "seat" in world.entities[seat].roles:
                seated.setdefault(anchor, world.entities[seat].category)
    for seat, host in world.hosts.items():
        if "seat" in world.entities[seat].roles:
            seated.setdefault(host, world.entities[seat].category)
    return seated


def seat_every_desk(world: World, vocab: Vocabulary, tokenizer: Tokenizer, own: Collection[str] = ()) -> list[str]:
    """A desk in a furnished room is sat at: one the text gave no seat ("each desk with a
    chair. The teacher's desk ...") gets the kind of seat the other desks have, or a chair (not
    the stools of a lab's benches), unless the user (``own``: their objects) counted the seats of
    that kind: "a row of five chairs facing the podium" are the room's chairs, none more at the
    studio's mixing desk or the teacher's desk (a stated count of a family is the count). A
    desk-like thing standing on another ("a mixing console on the table") is sat at through its host."""
    knowledge = load_knowledge()
    seated = _seated(world)
    added, free = [], free_seats(world)
    counted = counted_seat_kinds(world, own)
    carried = set(world.hosts) | {rel.args[0] for rel in world.relations if rel.relation == "on_top_of"}
    for desk in [e for e in world.entities.values() if e.id not in seated and e.id not in carried]:
        facts = knowledge.lookup(desk.category)
        if facts is None or facts.family != "desk":
            continue
        if free:  # "two desks, two office chairs": the text's own chair sits at it, not one more
            apply_relation(world, "at", {}, Group(ids=[free.pop(0)]), [Group(ids=[desk.id])], f"at the {desk.category}")
            continue
        kind = next((seat for at, seat in seated.items() if _a_desk(world, at)), "chair")  # not a lab bench's stool
        if kind.split()[-1] in counted:
            continue
        world.sentence += 1
        SentenceReader(world, vocab).read(tokenizer.tokenize(f"a {kind} at the {desk.category}."))
        added.append(kind)
    return added


def counted_seat_kinds(world: World, own: Collection[str]) -> set[str]:
    """The head nouns of the seats the user counted ("five plastic chairs facing the podium", "one
    stool"): seats of those kinds are all the room has; not those the text set at a table ("a dining
    table with two chairs", "four tables, each with four chairs": the tables' seats, a desk's besides)."""
    at_tables = {a for rel in world.relations for a in rel.args if any(
        world.entities[b].roles & AT_TABLE_ROLES for b in rel.args if b != a and b in world.entities)}
    at_tables |= {s for s, host in world.hosts.items() if host in world.entities
                  and world.entities[host].roles & AT_TABLE_ROLES}
    return {world.entities[i].category.split()[-1] for i in own if i in world.entities and i not in at_tables
            and world.entities[i].exact and "seat" in world.entities[i].roles
            and "animate" not in world.entities[i].roles}


def _a_desk(world: World, entity_id: str) -> bool:
    """Whether the knowledge base files the entity under desks (a teacher's desk takes their seat)."""
    facts = load_knowledge().lookup(world.entities[entity_id].category)
    return facts is not None and facts.family == "desk"


def seat_named_tables(world: World, vocab: Vocabulary, tokenizer: Tokenizer, own: Collection[str],
                      people: int, said: bool = False) -> list[str]:
    """A table the user named in a furnished room is sat at ("a bakery with a few cafe tables",
    "a kitchen with a dining table for 8"; the archetype's own table sentence, with its chairs,
    gave way to it): each of the user's tables with no seat at it gets the seat its knowledge
    names as a companion, the room's ``people`` shared among them, two at least at each. Not
    when the text named seats itself ("a table and four stools"), nor a lounge seat (a coffee
    table's sofa) where the room already has one ("a living room with a coffee table": its sofa); when
    the text ``said`` the people, seats it put at other furniture are not the tables' ("three stools
    at the breakfast bar, and a table for four": four chairs at the table)."""
    knowledge = load_knowledge()
    tables_named = {i for i in own if (f := knowledge.lookup(world.entities[i].category)) and f.family == "table"
                    and any("seat" in vocab.roles(c) for c in f.companions)}  # not a counter its stools are at
    at_others = seated_at_others(world, tables_named) if said else set()  # "stools at the bar, a table for four"
    special = special_seats(world, own)  # "her rocking chair by the window": no seat of the table's
    if any("seat" in world.entities[i].roles and i not in at_others and i not in special for i in own):
        return []
    seated = _seated(world)
    lounging = any("lounge" in e.roles for e in world.entities.values())
    tables = []
    for entity in [world.entities[i] for i in sorted(own, key=lambda i: world.entities[i].mention)]:
        facts = knowledge.lookup(entity.category)
        if entity.id in seated or facts is None or facts.family != "table":
            continue
        seat = next((c for c in facts.companions if "seat" in vocab.roles(c)), None)
        if seat is not None and not (lounging and "lounge" in vocab.roles(seat)):
            tables.append((entity, seat))
    added: list[str] = []
    for entity, seat in tables:
        each = max(2, math.ceil(people / len(tables)))
        world.sentence += 1
        world.mention(Group(ids=[entity.id]))
        SentenceReader(world, vocab).read(tokenizer.tokenize(f"{each} {seat}s around the {entity.category}."))
        added += [seat] * each
    return added


def free_seats(world: World) -> list[str]:
    """The small seats (chairs, stools) the text named but placed nowhere: no relation, no host."""
    related = {a for rel in world.relations for a in rel.args} | set(world.hosts) | set(world.hosts.values())
    return [e.id for e in world.entities.values() if "small_seat" in e.roles and e.id not in related]


def seated_at_others(world: World, tables: Collection[str]) -> set[str]:
    """The seats the text put at a piece of table-like furniture other than ``tables`` (a stated
    relation or a with-host: "eight stools along the counter", "a desk with a chair")."""
    other = {i for i, e in world.entities.items() if e.roles & TABLE_ROLES and i not in tables}
    held = [(r.args[0], r.args[1]) for r in world.relations if not r.inferred and len(r.args) == 2]
    return {a for a, b in [*held, *world.hosts.items()] if b in other and a in world.entities
            and "seat" in world.entities[a].roles}
