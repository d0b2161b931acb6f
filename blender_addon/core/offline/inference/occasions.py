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
from collections import Counter
from dataclasses import dataclass

from ...knowledge.occasions import Occasion, OccasionBook, load_occasions
from ...knowledge.archetypes import Item, load_archetypes
from ..completion.capacity import people_plural, seated_for
from ..completion.furnish import TABLE_ROLES, lay_places, named_kinds, replaced
from ..reading.tokens import words_of
from ..reading.lexicon import Vocabulary, load_lexicon
from ..reading.numbers import number_of
from ..referents.merging import merge, rename
from ..referents.world import Entity, World

log = logging.getLogger(__name__)
LAID_ON = ("on_top_of", "overlap", "inside")  # "a breakfast on the counter", "a picnic on a blanket"
OCCASION_SOURCE = "occasion {}: "  # RelationNode.source prefix of the relations an occasion adds
LONG_TABLE_FROM = 7  # people: an occasion's own table for this many is a long one ("a dinner for twelve")


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
    people = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in load_lexicon().word_lists["people_words"])
    return re.compile(rf"\b({alternation})(s?)\s+(?:for|of)\s+([a-z0-9]+)(?:\s+(?:{people}|([a-z]+)))?\b",
                      re.IGNORECASE)


def read_counts(text: str, vocab: Vocabulary, book: OccasionBook | None = None) -> tuple[str, list[tuple[str, int]]]:
    """The text without the "for N (people)" (or "of N") after each occasion's name, and (occasion id, N)
    for each such count in the order of the text ("a dinner for six": ("dinner", 6))."""
    book = book or load_occasions()
    counts: list[tuple[str, int]] = []

    def strip(match: re.Match[str]) -> str:
        word = match.group(3).lower()
        value = number_of(word, vocab.lexicon)
        occasion = book.by_name.get(" ".join(match.group(1).lower().split()))
        if value is None or occasion is None:
            return match.group(0)
        counts.append((occasion.id, max(1, min(int(value), 24))))
        other = match.group(4)  # "a street party for twenty neighbours": people the knowledge base knows
        kept = f" {other}" if other and not people_plural(other.lower()) else ""
        return match.group(1) + match.group(2) + kept

    return _count_pattern(book).sub(strip, text), counts


def for_occasion(text: str, book: OccasionBook | None = None) -> str:
    """"Set the table for a formal dinner", "a blanket for a picnic", "a table set for dinner for
    four" (the bare name too): the occasion a thing is *for*
    is read as held by it ("the table with a formal dinner"), so its things are laid there; "for"
    before anything else (a purpose, a count) is left as it was."""
    book = book or load_occasions()
    names = sorted(book.by_name, key=lambda n: (-len(n), n))
    alternation = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in names)
    said = r"(?:a|an|the|our|my|their|his|her)\s+(?:[a-z]+\s+){0,3}?"  # "for a formal dinner"; bare: "for dinner"
    pattern = re.compile(rf"\bfor(\s+(?:{said})?(?:{alternation})s?)\b", re.IGNORECASE)
    return pattern.sub(lambda m: "with" + m.group(1), text)


def names(book: OccasionBook | None = None) -> frozenset[str]:
    """Every occasion's name: nouns the planner reads (as stand-ins for what they imply)."""
    return frozenset((book or load_occasions()).by_name)


def stated_seats(text: str, vocab: Vocabulary) -> int | None:
    """The seats the text gives the table "for" ("a little round table for two, ready for
    dinner"): an occasion there with no count of its own is for that many, not its usual number."""
    seated = seated_for(words_of(text), vocab, load_archetypes())
    return seated[0] if seated is not None else None


def expand(world: World, vocab: Vocabulary, counts: list[tuple[str, int]],
           book: OccasionBook | None = None, *, seats: int | None = None) -> list[Laid]:
    """Turn every occasion the world holds into the things it implies (module docstring);
    ``seats``: the table's seats the text states (:func:`stated_seats`), the people of an
    occasion the text gives no count of its own."""
    book = book or load_occasions()
    found = [(e, book.of(e.category)) for e in sorted(world.entities.values(), key=lambda e: e.mention)]
    named = named_kinds(world, vocab) - {e.category for e, occ in found if occ is not None}
    pending = list(counts)
    laid: list[Laid] = []
    several = {occ_id for occ_id, n in Counter(occ.id for _, occ in found if occ is not None).items() if n > 1}
    for entity, occasion in found:
        if occasion is None:
            continue
        if occasion.id in several:  # "two barbecues": two grills, not two parties around one (issue 14)
            become(world, vocab, entity, occasion.main)
            continue
        people = next((n for occ_id, n in pending if occ_id == occasion.id), seats or occasion.people)
        if (occasion.id, people) in pending:
            pending.remove((occasion.id, people))
        host = _host(world, vocab, entity, occasion, named)
        host_entity = world.entities[host]
        if host_entity is entity and people >= LONG_TABLE_FROM and host_entity.roles & TABLE_ROLES:
            host_entity.hints, host_entity.description = ("long",), f"long {host_entity.category}"  # seats twelve
        counts_for: dict[str, int | str] = {"n": people, "host": f"the {host_entity.category}"}
        seats = not occasion.lay_on or bool(host_entity.roles & TABLE_ROLES)
        items = occasion.items
        if described(occasion, host_entity, named, vocab):  # the user's own things; places still for those said
            said = any(occ_id == occasion.id for occ_id, _ in counts)  # "a tea party for three: ..."
            items = occasion.per_person if said else ()  # "a party for six kids with a cake": six places
        added = lay_places(world, vocab, items, counts_for, named=named, host=host, seats=seats,
                           source=OCCASION_SOURCE.format(occasion.id))
        laid.append(Laid(occasion.id, people, host, added))
        log.info("occasion %s for %d: on %s, added %s", occasion.id, people, host, ", ".join(added) or "nothing")
    return laid


def _host(world: World, vocab: Vocabulary, entity: Entity, occasion: Occasion, named: set[str]) -> str:
    """The object the occasion's things go on or around: what the text laid it on ("on the
    kitchen counter"), else, when the text says nothing more of the occasion, an object of its
    main kind the user named (a table for a breakfast, a blanket for a picnic), else the
    occasion itself, become its main object."""
    main = Item(object=occasion.main, text="")
    below = next((r.args[1] for r in world.relations if r.relation in LAID_ON and r.args[0] == entity.id), None)
    if below is not None and not occasion.lay_on and not replaced(main, named_kinds_of(world.entities[below], vocab),
                                                                   vocab):
        below = None  # "a picnic on the beach": the blanket lies on the beach; "on a blanket": that blanket
    stated = any(entity.id in rel.args for rel in world.relations)
    kin = [e.id for e in world.entities.values() if e.id != entity.id and (
        e.roles & TABLE_ROLES if occasion.lay_on else replaced(main, named_kinds_of(e, vocab), vocab))]
    held = world.hosts.get(entity.id)  # "the table for a dinner" (read "with"): that table
    held = held or next((k for k, v in world.hosts.items() if v == entity.id and k in kin), None)  # "Christmas
    # with a tree in the corner": the occasion's main thing is that tree
    held = held or next((r.args[1] for r in world.relations if r.relation == "proximity" and r.args[0] == entity.id
                         and r.args[1] in kin), None)  # "a tea party at a long table": that table
    if below is not None or held in kin or (not stated and kin):
        host = below if below is not None else held if held in kin else kin[-1]
        merge(world, entity.id, host)  # "a breakfast on the table by the window": the table by the window
        return host
    return become(world, vocab, entity, occasion.main)


def described(occasion: Occasion, host: Entity, named: set[str], vocab: Vocabulary) -> bool:
    """Whether the user furnished the occasion themselves: named its main object (or the table it
    is laid on) and some of its things too ("A picnic in the park: a blanket on the grass, a
    basket on the blanket"); then nothing is added."""
    main = replaced(Item(object=occasion.main, text=""), named, vocab) or host.category in named
    return main and any(replaced(item, named, vocab) for item in occasion.items)


def named_kinds_of(entity: Entity, vocab: Vocabulary) -> set[str]:
    """The keys an object answers to: its category, its catalog category and its head noun."""
    return {entity.category, vocab.canonical(entity.category), entity.category.split()[-1]}


def become(world: World, vocab: Vocabulary, entity: Entity, category: str) -> str:
    """Make the occasion's object its main object (a new id of that category); returns the id."""
    stem = "_".join(category.split())
    number = world.counters.get(stem, 0) + 1
    world.counters[stem] = number
    new_id = f"{stem}_{number}"
    old_id = entity.id
    # "a little tea party", "a romantic dinner": the words are about the occasion, not the table
    entity.id, entity.category, entity.height, entity.hints, entity.description = new_id, category, None, (), category
    entity.roles = vocab.roles(category)
    world.entities = {(new_id if key == old_id else key): value for key, value in world.entities.items()}
    rename(world, {old_id: new_id})
    return new_id
