"""Occasions and activities become the things they imply (``core/knowledge/occasions``).

"A breakfast for two on the table", "a tea party for four", "a picnic by the lake": the
occasion is read like an object (so every relation the text gives it is kept), then
:func:`expand` turns it into its main object (the table, the picnic blanket) or, when the
text lays it on something ("on the kitchen counter") or a table was named already, into
that object's load, and lays the per-person things ("for four": four cups, four chairs
around the table, by the planner's set-the-table logic, :func:`.completion.lay_places`) and
the shared ones. :func:`read_counts` takes "for N (people)" after an occasion's name out of
the text first, so it is the occasion's number of people and no stray count.
"""

from __future__ import annotations

import functools
import logging
import re
from dataclasses import dataclass

from ..knowledge.occasions import Occasion, OccasionBook, load_occasions
from .completion import TABLE_ROLES, lay_places, named_kinds
from .lexicon import Vocabulary
from .world import Entity, World

log = logging.getLogger(__name__)
OCCASION_SOURCE = "occasion {}: "  # RelationNode.source prefix of the relations an occasion adds
PEOPLE_WORDS = ("people", "persons", "person", "guests", "guest", "friends", "kids", "children", "adults",
                "of us", "diners", "students", "players")


@dataclass
class Laid:
    """One occasion the planner expanded: which, for how many, on or as which object."""

    occasion: str
    people: int
    host: str
    added: list[str]


@functools.lru_cache(maxsize=4)
def _count_pattern(book: OccasionBook) -> re.Pattern[str]:
    names = sorted(book.by_name, key=lambda n: (-len(n), n))
    alternation = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in names)
    people = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in PEOPLE_WORDS)
    return re.compile(rf"\b({alternation})(s?)\s+for\s+([a-z0-9]+)(?:\s+(?:{people}))?\b", re.IGNORECASE)


def read_counts(text: str, vocab: Vocabulary, book: OccasionBook | None = None) -> tuple[str, list[tuple[str, int]]]:
    """The text without the "for N (people)" after each occasion's name, and (occasion id, N)
    for each such count in the order of the text ("a dinner for six": ("dinner", 6))."""
    book = book or load_occasions()
    counts: list[tuple[str, int]] = []

    def strip(match: re.Match[str]) -> str:
        word = match.group(3).lower()
        value = int(word) if word.isdigit() else vocab.lexicon.numbers.get(word)
        occasion = book.by_name.get(" ".join(match.group(1).lower().split()))
        if value is None or occasion is None:
            return match.group(0)
        counts.append((occasion.id, max(1, min(int(value), 24))))
        return match.group(1) + match.group(2)

    return _count_pattern(book).sub(strip, text), counts


def names(book: OccasionBook | None = None) -> frozenset[str]:
    """Every occasion's name: nouns the planner reads (as stand-ins for what they imply)."""
    return frozenset((book or load_occasions()).by_name)


def expand(world: World, vocab: Vocabulary, counts: list[tuple[str, int]],
           book: OccasionBook | None = None) -> list[Laid]:
    """Turn every occasion the world holds into the things it implies (module docstring)."""
    book = book or load_occasions()
    found = [(e, book.of(e.category)) for e in sorted(world.entities.values(), key=lambda e: e.mention)]
    named = named_kinds(world, vocab) - {e.category for e, occ in found if occ is not None}
    pending = list(counts)
    laid: list[Laid] = []
    for entity, occasion in found:
        if occasion is None:
            continue
        people = next((n for occ_id, n in pending if occ_id == occasion.id), occasion.people)
        if (occasion.id, people) in pending:
            pending.remove((occasion.id, people))
        host = _host(world, vocab, entity, occasion)
        host_entity = world.entities[host]
        counts_for: dict[str, int | str] = {"n": people, "host": f"the {host_entity.category}"}
        seats = not occasion.lay_on or bool(host_entity.roles & TABLE_ROLES)
        added = lay_places(world, vocab, occasion.items, counts_for, named=named, host=host, seats=seats,
                           source=OCCASION_SOURCE.format(occasion.id))
        laid.append(Laid(occasion.id, people, host, added))
        log.info("occasion %s for %d: on %s, added %s", occasion.id, people, host, ", ".join(added) or "nothing")
    return laid


def _host(world: World, vocab: Vocabulary, entity: Entity, occasion: Occasion) -> str:
    """The object the occasion's things go on or around: what the text laid it on ("on the
    kitchen counter"), else a table named already when the text says nothing more of the
    occasion, else the occasion itself, become its main object."""
    if occasion.lay_on:
        below = world.supports().get(entity.id)
        stated = any(entity.id in rel.args for rel in world.relations)
        tables = [e.id for e in world.entities.values() if e.roles & TABLE_ROLES and e.id != entity.id]
        if below is not None or (not stated and tables):
            discard(world, entity.id)
            return below if below is not None else tables[-1]
    return become(world, vocab, entity, occasion.main)


def become(world: World, vocab: Vocabulary, entity: Entity, category: str) -> str:
    """Make the occasion's object its main object (a new id of that category); returns the id."""
    stem = "_".join(category.split())
    number = world.counters.get(stem, 0) + 1
    world.counters[stem] = number
    new_id = f"{stem}_{number}"
    old_id = entity.id
    entity.id, entity.category, entity.height = new_id, category, None
    entity.description = " ".join([*entity.hints, category])
    entity.roles = vocab.roles(category)
    world.entities = {(new_id if key == old_id else key): value for key, value in world.entities.items()}
    _rename(world, {old_id: new_id})
    return new_id


def discard(world: World, entity_id: str) -> None:
    """Remove an object and every relation, host link and reference that names it."""
    world.entities.pop(entity_id, None)
    world.relations = [r for r in world.relations if entity_id not in r.args]
    world.kept_clear = [r for r in world.kept_clear if entity_id not in r.args]
    world.hosts = {k: v for k, v in world.hosts.items() if entity_id not in (k, v)}
    world.negations = [n for n in world.negations if n[1] != entity_id]
    for group in world.history:
        group.ids[:] = [i for i in group.ids if i != entity_id]


def _rename(world: World, renamed: dict[str, str]) -> None:
    def swap(ids: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(renamed.get(i, i) for i in ids)

    for rel in world.relations + world.kept_clear:
        rel.args = swap(rel.args)
    world.hosts = {renamed.get(k, k): renamed.get(v, v) for k, v in world.hosts.items()}
    world.negations = [(kind, renamed.get(i, i), other) for kind, i, other in world.negations]
    for group in world.history:
        group.ids[:] = list(swap(tuple(group.ids)))
