"""The user's counts survive completion (issue 14, counts15).

Once every source has added its things (a room's archetype and the companions its items bring,
place features, occasions, role gear, activities), a family of things the user named with an
exact count holds exactly what the user said: "a library corner with a desk lamp" has one lamp
(not two table lamps on the archetype's table besides), "a shop with four shelves" four shelves
(not five shelving units more), "a cafe with seats for sixteen" sixteen seats (no bar stools
besides). Completion adds things of other families only.

A family is what a reader counts together (``user_counts.json``, :func:`count_noun`): a thing's
knowledge-base ``counted_as`` noun, else its category, for the families counted so; a general
noun the user says ("seats") names a whole knowledge-base family. A plural said without a number
("chairs", "a few lamps") is no exact count and leaves its family as it is. The user's things are
those the text introduced (and their copies: "a lamp on each nightstand"), not the ones it only
presumed; a thing at a person (the guitar a guitarist plays) is theirs and stays.
"""

from __future__ import annotations

import functools
import logging
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, replace
from pathlib import Path

from ...datafiles import read_document
from ...knowledge.objects import load_knowledge
from ..referents.records import Entity, PlannedRelation
from ..referents.world import World
from .stand_ins import SAT_AT_ROLES

log = logging.getLogger(__name__)
USER_COUNTS_PATH = Path(__file__).with_name("user_counts.json")
USER_COUNTS_SCHEMA = "setdresser.user_counts/1"
ANIMATE = "animate"
SEAT = "seat"


@dataclass(frozen=True)
class CountRules:
    """Which things are counted as the user said, and how a left-out thing's relations go."""

    families: frozenset[str]
    categories: frozenset[str]
    general: dict[str, str]
    members: frozenset[str]
    supports: frozenset[str]


@functools.lru_cache(maxsize=1)
def load_count_rules() -> CountRules:
    """The bundled rules (``user_counts.json``, cached); a bad file names what is wrong."""
    data = read_document(USER_COUNTS_PATH, USER_COUNTS_SCHEMA)
    return CountRules(families=frozenset(data["families"]), categories=frozenset(data["categories"]),
                      general={str(k): str(v) for k, v in data["general"].items()},
                      members=frozenset(data["member_relations"]), supports=frozenset(data["support_relations"]))


@functools.lru_cache(maxsize=1)
def _counted_nouns() -> frozenset[str]:
    """Every noun a counted thing of the knowledge base is counted under ("shelf": a bookcase's)."""
    kb = load_knowledge()
    facts = [kb.lookup(c) for c in kb.categories()]
    return frozenset(f.counted_as or f.category for f in facts if f is not None and _counted(f.family, f.category))


def _counted(family: str, category: str) -> bool:
    rules = load_count_rules()
    return family in rules.families or category in rules.categories


def count_noun(category: str) -> str | None:
    """The noun a reader counts a thing of this category under ("desk lamp": "lamp", "display
    case": "cabinet", "shelf": "shelf"), or None for a thing whose number no reader holds the
    completion to (a plate, a book, a person)."""
    facts = load_knowledge().lookup(category)
    if facts is None:
        known = category in _counted_nouns() or category in load_count_rules().general
        return category if known else None
    return (facts.counted_as or facts.category) if _counted(facts.family, facts.category) else None


def _kb_family(category: str) -> str | None:
    facts = load_knowledge().lookup(category)
    return facts.family if facts is not None else None


def per_presumed(world: World) -> set[str]:
    """The things the text set at each of a set it only presumed ("a chair at each desk" before any
    desk): their number is the set's, which the room decides, not one the user said; marked
    ``loose`` (their copies at the set's others too) and returned with the presumed ones."""
    presumed = set(world.presumed)
    for rel in world.relations:
        if presumed & set(rel.args):
            for i in set(rel.args) - presumed:
                if i in world.entities:
                    world.entities[i].loose = True
    return presumed | set(world.presumed_one or ())


def users_things(world: World, last_sentence: int, presumed: Collection[str]) -> list[Entity]:
    """The things the user's text introduced (read in its sentences, up to ``last_sentence``),
    copies of them included, not those it only presumed nor living beings."""
    return [e for e in world.entities.values()
            if e.sentence <= last_sentence and e.id not in presumed and ANIMATE not in e.roles]


def exact_families(users: list[Entity]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The count nouns (and the general families: "seats") the user said exactly, each with the
    user's things of it in the text's order: a plural without a number ("chairs") counts none."""
    said: dict[str, list[Entity]] = defaultdict(list)
    for entity in sorted(users, key=lambda e: e.mention):
        noun = count_noun(entity.category)
        if noun is not None:
            said[noun].append(entity)
    exact = {noun: [t.id for t in things] for noun, things in said.items() if not any(t.loose for t in things)}
    general = load_count_rules().general
    return exact, {general[n]: ids for n, ids in exact.items() if n in general}


def keep_user_counts(world: World, last_sentence: int, presumed: Collection[str] = ()) -> list[str]:
    """Leave out every thing another source added to a family the user counted exactly (see the
    module docstring); returns the ids left out."""
    users = users_things(world, last_sentence, presumed)
    exact, general = exact_families(users)
    if not exact:
        return []
    mine, people = {e.id for e in users}, _at_people(world)
    held = _tables_seats(world, mine)  # "a dining room with a chair by the window": the table keeps its chairs
    rep: dict[str, str] = {}
    turn: dict[str, int] = defaultdict(int)
    for entity in world.entities.values():
        if entity.id in mine or entity.id in people or ANIMATE in entity.roles:
            continue
        noun, family = count_noun(_name(entity)), _kb_family(_name(entity))
        owners = general.get(family or "") or ([] if entity.id in held else exact.get(noun or ""))
        if owners:  # the user's things of the family in turn: what stood on the left-out ones goes onto theirs
            rep[entity.id] = owners[turn[owners[0]] % len(owners)]
            turn[owners[0]] += 1
    if not rep:
        return []
    gone = _with_loads(world, set(rep), mine, rep)
    _relink(world, gone, rep)
    for i in sorted(gone):
        world.forget(i)
    log.info("the user's counts: left out %s", ", ".join(sorted(gone)))
    return sorted(gone)


def _name(entity: Entity) -> str:
    """What the thing is by its words when the knowledge base knows them ("high chair", read as a
    chair), else its category."""
    return entity.description if load_knowledge().lookup(entity.description) is not None else entity.category


def _tables_seats(world: World, mine: set[str]) -> set[str]:
    """Seats another source set at a thing people sit at where none of the user's seats is (the
    dining table's chairs when the user's chair stands by the window, the manager's desk chair):
    the table's, not more of the user's; a general noun ("seats for sixteen") still counts them."""
    sat_at = {i for i, e in world.entities.items() if e.roles & SAT_AT_ROLES and ANIMATE not in e.roles}
    at: dict[str, set[str]] = defaultdict(set)
    for rel in world.relations:
        for seat in rel.args:
            if seat in world.entities and SEAT in world.entities[seat].roles:
                at[seat] |= set(rel.args) & sat_at - {seat}
    taken = {t for seat, tables in at.items() if seat in mine for t in tables}
    return {seat for seat, tables in at.items() if seat not in mine and tables and not tables & taken}


def _at_people(world: World) -> set[str]:
    """Things a relation sets at a person or animal (the guitar a guitarist plays): theirs."""
    animate = {i for i, e in world.entities.items() if ANIMATE in e.roles}
    return {a for rel in world.relations if set(rel.args) & animate for a in rel.args} - animate


def _with_loads(world: World, gone: set[str], mine: set[str], rep: dict[str, str]) -> set[str]:
    """The left-out things with what another source stood on or in them when the user's thing that
    takes their place holds nothing (the bulbs of a left-out lamp); the boxes of a shop's left-out
    shelving unit go onto the user's shelf instead (:func:`_relink`). Never the user's own things."""
    supports, kb = load_count_rules().supports, load_knowledge()

    def holds(i: str) -> bool:
        facts = kb.lookup(world.entities[i].category) if i in world.entities else None
        return facts is None or facts.supports_things
    grown = True
    while grown:
        loads = {r.args[0] for r in world.relations if r.relation in supports and len(r.args) == 2
                 and r.args[1] in gone and r.args[0] not in mine and not (r.args[1] in rep and holds(rep[r.args[1]]))}
        grown = bool(loads - gone)
        gone |= loads
    return gone


def _relink(world: World, gone: set[str], rep: dict[str, str]) -> None:
    """Each relation without the left-out things: an arrangement loses its members, one that placed
    a left-out thing goes, one anchored at it is anchored at the user's thing of its family."""
    kept: list[PlannedRelation] = []
    for rel in world.relations:
        new = _relinked(rel, gone, rep) if set(rel.args) & gone else rel
        if new is not None:
            kept.append(new)
    world.relations[:] = kept
    world.kept_clear[:] = [replace(r, args=tuple(a for a in r.args if a not in gone)) for r in world.kept_clear]


def _relinked(rel: PlannedRelation, gone: set[str], rep: dict[str, str]) -> PlannedRelation | None:
    """One relation naming left-out things, rewritten (None: it goes)."""
    args = rel.args
    if rel.relation in load_count_rules().members:
        left = tuple(a for a in args if a not in gone)
        return replace(rel, args=left) if len(left) >= 2 else None
    if rel.relation == "around":  # members..., centre
        members = tuple(a for a in args[:-1] if a not in gone)
        centre = rep.get(args[-1]) if args[-1] in gone else args[-1]
        return replace(rel, args=(*members, centre)) if members and centre and centre not in members else None
    if args[0] in gone:
        return None
    moved = tuple(rep.get(a, a) if a in gone else a for a in args)
    if any(a in gone and a not in rep for a in args) or len(set(moved)) < len(moved):
        return None
    return replace(rel, args=moved)
