"""Room completion: a prompt that names a room or scene type gets its archetype's objects.

After the user's own sentences are read, :func:`complete` looks for the room type the text
named as a scene ("a cozy living room", "Set up a classroom."), the capacity it gave ("for 8
people") and its style words ("cozy", "who likes music"), and reads the archetype's item
sentences (``core/knowledge/archetypes``) into the same world. An item whose object the user
named is left out (the user's object replaces it; the archetype's later sentences refer to
the user's object by name); a seed picks which optional items a room gets; a "minimal"
style drops them all. The words the completion used are returned so the planner does not
report them as not understood.
"""

from __future__ import annotations

import logging
import math
import random
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from ...knowledge.archetypes import Archetype, ArchetypeBook, Item, load_archetypes
from ...knowledge.archetypes.loader import PLACEHOLDER
from ...knowledge.objects import load_knowledge
from ..reading.grammar import SentenceReader
from ...assets.phrase import singular
from ..reading.lexicon import Vocabulary, role_group
from ..reading.numbers import number_of
from .room_seats import seat_every_desk, seat_named_tables, seated_at_others
from .capacity import capacity_of, seated_for
from .place_items import forget_setting, settle_feature, stands_anywhere, with_place_features
from .presumed_items import adopt_presumed, presumed_alone
from .ruled_out import ruled_out, without_ruled_out
from ..coding.coder import is_building
from .renaming import renamed
from .stand_ins import (counted_seats, kinds_of, living_family, said_about, sat_at, special_seats, stand_ins,
                        without_companions, without_contents, without_named_companions)
from .room_type import also_rooms, find_room, forget_room_itself, forget_units, shop_goods, typical_size
from ..reading.tokens import Tokenizer, words_of
from .user_anchors import onto_users
from ..referents.world import Group, World

log = logging.getLogger(__name__)
SEAT_ROLES = frozenset({"seat"})
TABLE_ROLES = role_group("meal_tables")
ARCHETYPE_SOURCE = "archetype {}: "  # RelationNode.source prefix of the relations an archetype adds


@dataclass
class Completion:
    """What room completion did: the archetype, styles, capacity and the words it used."""

    archetype: str | None = None
    styles: list[str] = field(default_factory=list)
    capacity: int | None = None
    added: list[str] = field(default_factory=list)
    used_words: set[str] = field(default_factory=set)


def styles_of(words: list[str], book: ArchetypeBook, named: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The styles whose words the text holds, in the book's order; a word the text made an
    object of (``named``: "a living room with a piano") selects none, one it did not ("for a
    girl who plays guitar") does."""
    present = (set(words) | {" ".join(pair) for pair in zip(words, words[1:])}) - named
    present -= {singular(w) for w in named} | {w + "s" for w in named}
    return [style.id for style in book.styles if present & set(style.words)]


def named_kinds(world: World, vocab: Vocabulary, unplaced: bool = False, skip: Collection[str] = ()) -> set[str]:
    """Keys of the objects the user named (``unplaced``: only those counted, "ten stools along the
    counter", or placed by no relation, "a bar with stools"; never those in ``skip``): categories,
    catalog categories, head nouns."""
    keys: set[str] = set()
    related = {a for rel in world.relations for a in rel.args}
    for entity in world.entities.values():
        if entity.id not in skip and not (unplaced and entity.id in related and not entity.counted):
            keys |= kinds_of(entity.category, vocab) | living_family(entity.category)
    return keys


def replaced(item: Item, named: set[str], vocab: Vocabulary) -> bool:
    """Whether the user named an object of the item's kind (its name, catalog category or head noun)."""
    return bool(kinds_of(item.object, vocab) & named)


def _lining_buildings(world: World, own: Collection[str], item: Item) -> list[str]:
    """"A slum street lined with shacks": the user's buildings, when the text names several of a
    kind, are the scene's buildings (its houses); [] for an item that is no building."""
    if not is_building(item.object):
        return []
    kinds = [world.entities[i].category for i in sorted(own) if is_building(world.entities[i].category)]
    return [k for k in kinds if kinds.count(k) >= 2]


def _replacement(world: World, item: Item, vocab: Vocabulary) -> str:
    """The category of the user's object that replaces an archetype item (the stalls the text
    lined up for the market's "market stall")."""
    keys = {item.object, vocab.canonical(item.object), item.object.split()[-1]}
    for entity in world.entities.values():
        if keys & {entity.category, vocab.canonical(entity.category), entity.category.split()[-1]}:
            return entity.category
    return item.object


def _unplaced_named(world: World, text: str, category: str) -> str | None:
    """"A reading nook with an armchair and a floor lamp": the user's one floor lamp that the text
    does not place takes the archetype item's place ("A floor lamp next to the armchair" is read
    as "The floor lamp next to the armchair"; the user's two bedside tables take "A nightstand
    on each side of the bed" as both); None when the user placed it, named several for a
    sentence that places one, or the item's sentence does not start with one of it or names
    more objects."""
    own = [e for e in world.entities.values() if e.category == category]
    if not own or any(_places(rel.relation, rel.args, e.id) for e in own for rel in world.relations) \
            or any(e.id in world.hosts or e.id in world.hosts.values() for e in own):
        return None
    if len(own) > 1 and "each" not in words_of(text):
        return None
    if own[0].roles & {"seat", "lounge"} and world.scene_openings:
        return None  # "a reading nook by a window": its seat stands there (openings.scene_by_opening)
    lead = re.match(rf"(?:a|an) ({re.escape(category)}\b)", text, flags=re.IGNORECASE)
    rest = words_of(text[lead.end():]) if lead else []
    lex = world.vocab.lexicon
    if lead is None or set(rest) & (set(lex.with_words) | set(lex.numbers) | {"a", "an", "some"}):
        return None  # "A dining table ... with six chairs around it": the user's table, not more chairs
    return f"The {lead.group(1)}{'s' if len(own) > 1 else ''}{text[lead.end():]}"  # "two bedside tables": both


def _places(relation: str, args: tuple[str, ...], entity: str) -> bool:
    """Whether a relation places the entity: any that names it, except one that stands something
    on it ("a lamp on each" bedside table leaves the tables free to go by the bed)."""
    return entity in args and not (relation == "on_top_of" and args[0] != entity)


def _companions(text: str, category: str, named: set[str], vocab: Vocabulary, several: int = 1) -> str | None:
    """"A dining table in the middle of the room with 4 chairs around it" when the user named the
    table ("a dining room with a table for four"): what the item brings along still comes, with the
    user's object ("The table with 4 chairs around it"), unless the user named that kind too ("a
    table with six chairs", or seats of another kind: "a table and four stools"); None when the
    item brings nothing along or the user named ``several`` of it ("reading tables for 12": the
    seats are shared among them, room_seats.seat_named_tables) or the user's object is a desk standing in
    for a generic room's table (one seat at it: room_seats.seat_every_desk)."""
    _, said, rest = text.partition(" with ")
    brought = {singular(w) for w in words_of(rest)}
    sat = any("seat" in vocab.roles(w) for w in brought)
    seats = sat and any("seat" in vocab.roles(k) for k in named)
    desk = sat and (facts := load_knowledge().lookup(category)) is not None and facts.family == "desk"  # one seat
    if several > 1 or not said or not rest or brought & named or seats or desk:
        return None
    return f"The {category} with {rest}"


def choose_items(arch: Archetype, book: ArchetypeBook, styles: list[str], seed: int, small: bool = False,
                 people: int = 1) -> list[Item]:
    """The archetype's items for this seed and these styles (style items after the room's own); none of the
    optional ones for a minimal style or a ``small`` room (stated smaller than the archetype's least size),
    none whose ``max_people`` is below the room's ``people`` (an office for three: no visitors' chairs), none
    whose ``min_people`` is above it (the twelve easels of an art class for twelve, not of a painter's studio)."""
    rng = random.Random(f"{arch.id}:{seed}")
    by_id = {style.id: style for style in book.styles}
    minimal = small or any(by_id[s].drop_optional for s in styles)
    full = not minimal and any(by_id[s].keep_optional for s in styles)  # "a cluttered kitchen": all of them
    items = [i for i in arch.items if not i.optional or (not minimal and (full or rng.random() < 0.6))]
    items = [i for i in items if (i.max_people is None or people <= i.max_people)
             and (i.min_people is None or people >= i.min_people)]
    for style_id in styles:  # a room style's own items are a room's ("a soft rug in the middle of the room")
        shared = by_id[style_id].items if arch.setting == "indoor" else ()
        extra = list(arch.styles.get(style_id, ())) + list(shared)
        present = {i.object for i in items}
        items += [i for i in extra if i.object not in present]
    return items


def dressed(text: str, item: Item, book: ArchetypeBook, styles: list[str], vocab: Vocabulary) -> str:
    """An item's sentence with the material word of a style that dresses its object ("A kitchen
    table ..." in a rustic kitchen: "A wooden kitchen table ..."), after its first word (the
    article or count); unchanged when no style does or the sentence starts otherwise."""
    lex = vocab.lexicon
    first, _, rest = text.partition(" ")
    if not rest or not (first.lower() in lex.determiners or number_of(first, lex) is not None):
        return text
    for style in (s for s in book.styles if s.id in styles and s.material):
        if item.object.split()[-1] in style.material_objects:
            return f"{'A' if first in ('A', 'An') else first} {style.material} {rest}"
    return text


def fill(text: str, counts: Mapping[str, int | str]) -> str:
    """An item's sentence with its capacity placeholders replaced by numbers."""
    return PLACEHOLDER.sub(lambda m: str(counts[m.group(1)]), text)


def complete(world: World, vocab: Vocabulary, prompt: str, *, seed: int = 0,
             book: ArchetypeBook | None = None, outdoor: bool = False) -> Completion:
    """Add the named room's archetype items to ``world`` (see the module docstring); an indoor room's
    never to a scene the text sets outdoors (``outdoor``: "a cabin by the river" is not furnished
    with a sofa on the grass)."""
    book = book or load_archetypes()
    words = words_of(prompt)
    placed = forget_setting(world, words)  # "a kiosk in a shopping mall": the mall is where it stands
    arch = find_room(world, book, words)
    if arch is None or (outdoor and arch.setting == "indoor" and not stands_anywhere(arch, book)):
        return Completion()
    forget_room_itself(world, book, arch)  # "a tattoo parlour", "a greenhouse": the room, not a thing in it
    placed |= settle_feature(world, book, words)  # "a snooker club with four tables": snooker tables
    units = forget_units(world, book)  # "three manicure stations": a capacity of three
    capacity, used = capacity_of(words, vocab, book)
    capacity = capacity or units
    named = named_kinds(world, vocab)
    own = tuple(world.entities)  # the user's objects before the archetype's, in text order (a set's order varies)
    styles = styles_of(words, book, named | shop_goods(world, book, words))  # "a guitar shop": no music style
    counts = arch.counts(capacity or arch.capacity)
    done = Completion(archetype=arch.id, styles=styles, capacity=counts["n"])
    done.used_words = _used_words(arch, book, styles, used) | placed
    tokenizer = Tokenizer(vocab)
    small = world.room_size is not None and math.prod(world.room_size) < math.prod(arch.size_min)  # "a 4 x 3 m balcony"
    chosen = choose_items(arch, book, styles, seed, small, counts["n"])
    chosen = with_place_features(world, vocab, book, arch, words, chosen)  # "a toy shop": toys; "a snooker club"
    chosen = without_ruled_out(chosen, ruled := ruled_out(prompt, vocab), vocab)  # "no other instruments"
    done.added += _add_items(world, vocab, tokenizer, arch, chosen, (book, styles, counts, own, named))
    others = also_rooms(world, book, words, arch)
    if arch.setting == "indoor":
        world.typical_size = typical_size([arch, *others], counts["n"], seed)
    for other in others:  # "a living room with a dining area": its table too
        besides = without_ruled_out(_besides(other, chosen), ruled, vocab)
        done.added += _add_items(world, vocab, tokenizer, other, besides,
                                 (book, styles, other.counts(capacity or other.capacity), own, named))
        done.used_words |= {w for name in other.names for w in name.split()}
    before = len(world.relations)
    done.added += seat_named_tables(world, vocab, tokenizer, own, counts["n"], said=bool(used))
    done.added += seat_every_desk(world, vocab, tokenizer, own)
    _mark_archetype(world, before, arch.id)
    log.info("room archetype %s (capacity %d%s): added %s", arch.id, counts["n"],
             f", styles {', '.join(styles)}" if styles else "", ", ".join(done.added) or "nothing")
    return done


def _besides(other: Archetype, chosen: list[Item]) -> list[Item]:
    """The items another room of a combined request adds besides the first room's ``chosen``
    ones: its own (not optional) items of objects the first room has none of (one sofa)."""
    present = {i.object for i in chosen}
    return [i for i in other.items if not i.optional and i.object not in present]


def _add_items(world: World, vocab: Vocabulary, tokenizer: Tokenizer, arch: Archetype, items: list[Item],
               context: tuple[ArchetypeBook, list[str], dict[str, int], tuple[str, ...], set[str]]) -> list[str]:
    """Read the archetype's chosen items into the world (``context``: the book, the styles, the
    capacity counts, the user's object ids and kinds): an item the user's own object stands in for
    is read about that object, or left out; returns the objects added."""
    book, styles, counts, own, named = context
    added: list[str] = []
    renames: dict[str, str] = {}
    free_kinds = named_kinds(world, vocab, unplaced=True, skip=special_seats(world, own))  # six chairs: the table's
    gone: set[str] = set()  # items of another kind the user's several things took the place of
    seated = seated_out(world, vocab, items, counts)  # "twelve seats": no archetype benches besides
    for item in items:
        if item.object in {note.kind for note in world.openings} or _about(item.text, gone) \
                or item.object in seated or said_about(item.text, seated):
            continue  # "a hallway with a front door": the user's door is the room's
        counted = [i for i in own if i not in presumed_alone(world)]  # a presumed one is counted by the item
        users = stand_ins(world, counted, item, vocab, fill(item.text, counts), renames.values())
        users = users or _lining_buildings(world, own, item)
        if users:
            renames[item.object] = users[0]
            said = renamed(fill(item.text, counts), renames, vocab)
            text = _unplaced_named(world, said, users[0]) \
                or _companions(said, users[0], named, vocab, users.count(users[0]))
            if text is None:
                gone |= {item.object} if users.count(users[0]) > 1 and _other_kind(item.object, users[0]) else set()
                continue
        else:
            said = without_companions(renamed(fill(item.text, counts), renames, vocab), free_kinds)
            said = without_named_companions(said, world, own, vocab)  # "with a floor lamp": the user's lamp
            said = without_contents(said, item, named)  # "a basket of toys": not more toys
            said = onto_users(said, world, own, vocab, sat_at)  # "around a small round table": the user's
            text = dressed(said, item, book, styles, vocab)
        _read_as_archetype(world, vocab, tokenizer, arch.id, text)
        added.append(item.object)
    return added


def seated_out(world: World, vocab: Vocabulary, items: list[Item], counts: Mapping[str, int | str]) -> set[str]:
    """The archetype's loose seats the user's counted seats take the place of (:func:`.counted_seats`),
    none of them a kind the user's own things stand in for."""
    own = [i for i in world.entities if i not in presumed_alone(world)]
    return {item.object for item in items if counted_seats(world, own, item, fill(item.text, counts))
            and not stand_ins(world, own, item, vocab, fill(item.text, counts))}


def _other_kind(name: str, category: str) -> bool:
    """Whether the knowledge base knows the two as different things (a teacher's desk, a desk)."""
    facts = [load_knowledge().lookup(n) for n in (name, category)]
    return facts[0] is None or facts[1] is None or facts[0].category != facts[1].category


def _about(text: str, gone: set[str]) -> bool:
    """Whether an item's sentence places its thing at an item that is not there ("A chair
    behind the teacher's desk" when the user's twelve desks took the teacher's desk's place)."""
    return any(re.search(rf"\bthe {re.escape(name)}\b", text, flags=re.IGNORECASE) for name in gone)


def _used_words(arch: Archetype, book: ArchetypeBook, styles: list[str], used: set[str]) -> set[str]:
    """The words the archetype accounts for: its capacity's, its styles', its context words
    and names, and the capacity nouns."""
    words = used | {w for s in styles for w in _style_words(book, s)} | set(book.context_words)
    return words | {w for name in arch.names for w in name.split()} | book.capacity_nouns


def _read_as_archetype(world: World, vocab: Vocabulary, tokenizer: Tokenizer, arch_id: str, text: str) -> None:
    """Read one of the archetype's item sentences into the world as a sentence of its own; a
    thing the user's text only presumed ("a lamp on each nightstand") is the first it makes."""
    before, things = len(world.relations), set(world.entities)
    world.sentence += 1
    missed = SentenceReader(world, vocab).read(tokenizer.tokenize(text))
    if missed:
        log.warning("archetype %s: the planner did not read %s in %r", arch_id, missed, text)
    _mark_archetype(world, before, arch_id)
    adopt_presumed(world, vocab, things)  # after the marking: what the text put at it stays the text's


def _mark_archetype(world: World, before: int, arch_id: str) -> None:
    """Mark the relations made since ``before`` as the archetype's."""
    for rel in world.relations[before:]:
        rel.source = ARCHETYPE_SOURCE.format(arch_id) + rel.source


def set_table(world: World, vocab: Vocabulary, prompt: str, book: ArchetypeBook | None = None) -> set[str]:
    """"A table for two", "set the table for four": N seats around the latest table and N
    plates on it, each unless the text named that kind already; returns the words used."""
    book = book or load_archetypes()
    words = words_of(prompt)
    tables = [e for e in world.entities.values() if e.roles & TABLE_ROLES]
    seated = seated_for(words, vocab, book)
    if not tables or seated is None:
        return set()
    capacity, used = seated
    named = named_kinds(world, vocab, skip=presumed_alone(world))  # "a glass at every seat": seats to come
    lay_places(world, vocab, book.place_setting, {"n": max(1, min(capacity, 24))}, named=named,
               elsewhere=seated_at_others(world, {max(tables, key=lambda e: e.mention).id}))  # a counter's stools
    return used | set(book.context_words)


def lay_places(world: World, vocab: Vocabulary, items: Sequence[Item], counts: Mapping[str, int | str], *,
               named: set[str], host: str | None = None, seats: bool = True, source: str = "",
               elsewhere: Collection[str] = ()) -> list[str]:
    """Read each item's sentence (placeholders from ``counts``) into ``world``: the place setting
    of "a table for N" and of an occasion ("a breakfast for two"). An item whose kind is in
    ``named`` (the user named plates) is left out, and so is a seat item when the world has seats
    of any kind already (two stools named: no chairs too) or ``seats`` is False; ``host`` is
    mentioned before each sentence so that "the table" in it is that table; seats ``elsewhere``
    (at other furniture) are not its seats, nor a seat the text only presumed ("a glass at every
    seat": the first of the items' seats, what it holds at each of them). Relations the items add
    get the ``source`` prefix; returns the objects added."""
    tokenizer = Tokenizer(vocab)
    added: list[str] = []
    renames: dict[str, str] = {}
    presumed = set(presumed_alone(world))  # "a glass at every seat": seats the items bring, not ones of the text's
    present = [e for e in world.entities.values() if e.id not in elsewhere and e.id not in presumed]
    for item in items:
        kinds = vocab.roles(item.object) & SEAT_ROLES  # two stools named: no chairs too
        seated = [e for e in present if kinds & e.roles]
        if replaced(item, named, vocab) or seated:
            renames[item.object] = seated[0].category if seated else _replacement(world, item, vocab)
            continue  # "a plate in front of each chair" then means each of the text's stools
        if kinds and not seats:
            continue
        own = [world.entities[i].category for i in presumed if kinds & world.entities[i].roles]
        if own:  # "a glass at every seat": the seats are of that name, the presumed one the first
            renames[item.object] = own[0]
        _read_item(world, vocab, tokenizer, renamed(fill(item.text, counts), renames, vocab), host, source)
        added.append(item.object)
    return added


def _read_item(world: World, vocab: Vocabulary, tokenizer: Tokenizer, text: str, host: str | None,
               source: str) -> None:
    """Read one place-setting sentence (after mentioning ``host``), its relations marked with
    ``source``; a thing the text only presumed is the first of the kind the sentence makes."""
    world.sentence += 1
    if host is not None and host in world.entities:
        world.mention(Group(ids=[host]))
    before, things = len(world.relations), set(world.entities)
    missed = SentenceReader(world, vocab).read(tokenizer.tokenize(text))
    if missed:
        log.warning("place setting: the planner did not read %s", missed)
    for rel in world.relations[before:]:
        rel.source = source + rel.source
    adopt_presumed(world, vocab, things)  # the presumed seat is the first chair, its glass at every one


def _style_words(book: ArchetypeBook, style_id: str) -> set[str]:
    style = next(s for s in book.styles if s.id == style_id)
    return {w for phrase in style.words for w in phrase.split()}


def accounted(part: str, used: set[str]) -> bool:
    """Whether a not-understood part of the prompt is wholly words room completion used."""
    words = re.findall(r"[a-z0-9]+", part.lower())
    return bool(words) and all(w in used for w in words)


