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
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..knowledge.archetypes import Archetype, ArchetypeBook, Item, load_archetypes
from ..knowledge.archetypes.loader import PLACEHOLDER
from ..knowledge.objects import load_knowledge
from .grammar import SentenceReader
from ..assets.phrase import singular
from .lexicon import Vocabulary
from .relations import apply_relation
from .tokens import Tokenizer, words_of
from .world import Group, World

log = logging.getLogger(__name__)
SEAT_ROLES = frozenset({"seat"})
TABLE_ROLES = frozenset({"dining_table", "table_like"})
ARCHETYPE_SOURCE = "archetype {}: "  # RelationNode.source prefix of the relations an archetype adds


@dataclass
class Completion:
    """What room completion did: the archetype, styles, capacity and the words it used."""

    archetype: str | None = None
    styles: list[str] = field(default_factory=list)
    capacity: int | None = None
    added: list[str] = field(default_factory=list)
    used_words: set[str] = field(default_factory=set)


def find_room(world: World, book: ArchetypeBook) -> Archetype | None:
    """The archetype of the first room or scene the text named as a scene ("a kitchen"), else
    of the text's first object when its noun also names a scene ("a street with ...": the
    catalog's road, in a street scene)."""
    for scene in world.scenes:
        found = book.by_name.get(scene)
        if found is not None:
            return found
    first = min(world.entities.values(), key=lambda e: e.mention, default=None)
    return book.by_name.get(first.category) if first is not None and first.sentence == 0 else None


def capacity_of(words: list[str], vocab: Vocabulary, book: ArchetypeBook) -> tuple[int | None, set[str]]:
    """The number of people the text furnishes the room for ("for 8 people", "for twelve
    guests", "seating 20"), and the words that said it."""
    numbers = vocab.lexicon.numbers
    for i, word in enumerate(words[:-1]):
        value_word = words[i + 1]
        value = int(value_word) if value_word.isdigit() else numbers.get(value_word)
        if value is None or word not in ("for", "seating", "seats", "of"):
            continue
        after = words[i + 2] if i + 2 < len(words) else ""
        if word == "of" and after not in book.capacity_nouns:
            continue
        used = {word, value_word} | ({after} if after in book.capacity_nouns else set())
        return int(value), used
    return None, set()


def styles_of(words: list[str], book: ArchetypeBook) -> list[str]:
    """The styles whose words the text holds, in the book's order."""
    present = set(words) | {" ".join(pair) for pair in zip(words, words[1:])}
    return [style.id for style in book.styles if present & set(style.words)]


def named_kinds(world: World, vocab: Vocabulary, unplaced: bool = False) -> set[str]:
    """Keys of the objects the user named (``unplaced``: only those counted, "ten stools along the
    counter", or placed by no relation, "a bar with stools"): categories, catalog categories, head nouns."""
    keys: set[str] = set()
    related = {a for rel in world.relations for a in rel.args}
    for entity in world.entities.values():
        if not (unplaced and entity.id in related and not entity.counted):
            keys |= {entity.category, vocab.canonical(entity.category), entity.category.split()[-1]}
    return keys


def _without_companions(text: str, kinds: set[str]) -> str:
    """An archetype item's sentence without what it brings along ("with six chairs around it",
    "each with two stools") when the user named that kind and placed it nowhere: the user's own
    come instead (seated at the table by the inference rules), not as many again besides."""
    head, *rest = re.split(r",?\s+(?:each\s+)?with\s+", text, maxsplit=1)
    if not rest or not {singular(w) for w in words_of(rest[0])} & kinds:
        return text
    return head.rstrip(" .,") + "."


def replaced(item: Item, named: set[str], vocab: Vocabulary) -> bool:
    """Whether the user named an object of the item's kind (its name, catalog category or head noun)."""
    keys = {item.object, vocab.canonical(item.object), item.object.split()[-1]}
    return bool(keys & named)


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
    as "The floor lamp next to the armchair"); None when the user placed it, named several, or
    the item's sentence does not start with one of it or names more objects."""
    own = [e for e in world.entities.values() if e.category == category]
    if len(own) != 1 or any(own[0].id in rel.args for rel in world.relations):
        return None
    if own[0].roles & {"seat", "lounge"} and world.scene_openings:
        return None  # "a reading nook by a window": its seat stands there (openings.scene_by_opening)
    lead = re.match(rf"(?:a|an) ({re.escape(category)}\b)", text, flags=re.IGNORECASE)
    rest = words_of(text[lead.end():]) if lead else []
    lex = world.vocab.lexicon
    if lead is None or set(rest) & (set(lex.with_words) | set(lex.numbers) | {"a", "an", "some"}):
        return None  # "A dining table ... with six chairs around it": the user's table, not more chairs
    return f"The {lead.group(1)}{text[lead.end():]}"


def _companions(text: str, category: str, named: set[str]) -> str | None:
    """"A dining table in the middle of the room with 4 chairs around it" when the user named the
    table ("a dining room with a table for four"): what the item brings along still comes, with the
    user's object ("The table with 4 chairs around it"), unless the user named that kind too ("a
    table with six chairs"); None when the item brings nothing along."""
    _, said, rest = text.partition(" with ")
    if not said or not rest or {singular(w) for w in words_of(rest)} & named:
        return None
    return f"The {category} with {rest}"


def _renamed(text: str, renames: dict[str, str], vocab: Vocabulary) -> str:
    """An archetype sentence naming a replaced item, or a compound name of it, names the
    user's object instead ("two baskets on each market stall" -> "... on each stall")."""
    for old in sorted(renames, key=len, reverse=True):
        def swap(match: re.Match[str], new: str = renames[old]) -> str:
            compound = match.group(1) is not None and _modifier_noun(match.group(1).strip(), vocab)
            return (match.group(1) if match.group(1) and not compound else "") + new
        text = re.sub(rf"\b([a-z]+ )?{re.escape(old)}(?=s?\b)", swap, text)
    return text


def _modifier_noun(word: str, vocab: Vocabulary) -> bool:
    """Whether a word before a noun makes a compound name with it ("market" stall), not a
    determiner, count, adjective or grammar word ("each" stall, "three" stalls)."""
    lex = vocab.lexicon
    grammar = (lex.determiners.keys() | lex.numbers.keys() | lex.count_phrases.keys() | lex.pronouns.keys()
               | lex.fillers | lex.with_words | lex.and_words | lex.relation_phrases.keys())
    return word not in grammar and not vocab.looks_adjective(word)


def choose_items(arch: Archetype, book: ArchetypeBook, styles: list[str], seed: int) -> list[Item]:
    """The archetype's items for this seed and these styles (style items after the room's own)."""
    rng = random.Random(f"{arch.id}:{seed}")
    by_id = {style.id: style for style in book.styles}
    minimal = any(by_id[s].drop_optional for s in styles)
    items = [i for i in arch.items if not i.optional or (not minimal and rng.random() < 0.6)]
    for style_id in styles:  # a room style's own items are a room's ("a soft rug in the middle of the room")
        shared = by_id[style_id].items if arch.setting == "indoor" else ()
        extra = list(arch.styles.get(style_id, ())) + list(shared)
        present = {i.object for i in items}
        items += [i for i in extra if i.object not in present]
    return items


def fill(text: str, counts: Mapping[str, int | str]) -> str:
    """An item's sentence with its capacity placeholders replaced by numbers."""
    return PLACEHOLDER.sub(lambda m: str(counts[m.group(1)]), text)


def complete(world: World, vocab: Vocabulary, prompt: str, *, seed: int = 0,
             book: ArchetypeBook | None = None, outdoor: bool = False) -> Completion:
    """Add the named room's archetype items to ``world`` (see the module docstring); an indoor room's
    never to a scene the text sets outdoors (``outdoor``: "a cabin by the river" is not furnished
    with a sofa on the grass)."""
    book = book or load_archetypes()
    arch = find_room(world, book)
    if arch is None or (outdoor and arch.setting == "indoor"):
        return Completion()
    words = words_of(prompt)
    capacity, used = capacity_of(words, vocab, book)
    styles = styles_of(words, book)
    counts = arch.counts(capacity or arch.capacity)
    named = named_kinds(world, vocab)
    done = Completion(archetype=arch.id, styles=styles, capacity=counts["n"])
    done.used_words = used | {w for s in styles for w in _style_words(book, s)} | set(book.context_words)
    done.used_words |= {w for name in arch.names for w in name.split()}
    tokenizer = Tokenizer(vocab)
    renames: dict[str, str] = {}
    free_kinds = named_kinds(world, vocab, unplaced=True)  # "a dining room with six chairs": the table's
    for item in choose_items(arch, book, styles, seed):
        if replaced(item, named, vocab):
            renames[item.object] = _replacement(world, item, vocab)
            said = _renamed(fill(item.text, counts), renames, vocab)
            text = _unplaced_named(world, said, renames[item.object]) or _companions(said, renames[item.object], named)
            if text is None:
                continue
        else:
            text = _without_companions(_renamed(fill(item.text, counts), renames, vocab), free_kinds)
        before = len(world.relations)
        world.sentence += 1
        missed = SentenceReader(world, vocab).read(tokenizer.tokenize(text))
        if missed:
            log.warning("archetype %s: the planner did not read %s in %r", arch.id, missed, text)
        for rel in world.relations[before:]:
            rel.source = ARCHETYPE_SOURCE.format(arch.id) + rel.source
        done.added.append(item.object)
    before = len(world.relations)
    done.added += seat_every_desk(world, vocab, tokenizer)
    for rel in world.relations[before:]:
        rel.source = ARCHETYPE_SOURCE.format(arch.id) + rel.source
    log.info("room archetype %s (capacity %d%s): added %s", arch.id, counts["n"],
             f", styles {', '.join(styles)}" if styles else "", ", ".join(done.added) or "nothing")
    return done


def seat_every_desk(world: World, vocab: Vocabulary, tokenizer: Tokenizer) -> list[str]:
    """A desk in a furnished room is sat at: one the text gave no seat ("each desk with a
    chair. The teacher's desk ...") gets the kind of seat the other desks have, or a chair."""
    knowledge = load_knowledge()
    seated: dict[str, str] = {}
    for rel in world.relations:
        for seat, anchor in zip(rel.args[:-1], rel.args[1:]):
            if "seat" in world.entities[seat].roles:
                seated.setdefault(anchor, world.entities[seat].category)
    for seat, host in world.hosts.items():
        if "seat" in world.entities[seat].roles:
            seated.setdefault(host, world.entities[seat].category)
    added, free = [], free_seats(world)
    for desk in [e for e in world.entities.values() if e.id not in seated]:
        facts = knowledge.lookup(desk.category)
        if facts is None or facts.family != "desk":
            continue
        if free:  # "two desks, two office chairs": the text's own chair sits at it, not one more
            apply_relation(world, "at", {}, Group(ids=[free.pop(0)]), [Group(ids=[desk.id])], f"at the {desk.category}")
            continue
        kind = next(iter(seated.values()), "chair")
        world.sentence += 1
        SentenceReader(world, vocab).read(tokenizer.tokenize(f"a {kind} at the {desk.category}."))
        added.append(kind)
    return added


def free_seats(world: World) -> list[str]:
    """The small seats (chairs, stools) the text named but placed nowhere: no relation, no host."""
    related = {a for rel in world.relations for a in rel.args} | set(world.hosts) | set(world.hosts.values())
    return [e.id for e in world.entities.values() if "small_seat" in e.roles and e.id not in related]


def set_table(world: World, vocab: Vocabulary, prompt: str, book: ArchetypeBook | None = None) -> set[str]:
    """"A table for two", "set the table for four": N seats around the latest table and N
    plates on it, each unless the text named that kind already; returns the words used."""
    book = book or load_archetypes()
    words = words_of(prompt)
    tables = [e for e in world.entities.values() if e.roles & TABLE_ROLES]
    capacity, used = capacity_of(words, vocab, book)
    if not tables or capacity is None or "for" not in used:
        return set()
    lay_places(world, vocab, book.place_setting, {"n": max(1, min(capacity, 24))}, named=named_kinds(world, vocab))
    return used | set(book.context_words)


def lay_places(world: World, vocab: Vocabulary, items: Sequence[Item], counts: Mapping[str, int | str], *,
               named: set[str], host: str | None = None, seats: bool = True, source: str = "") -> list[str]:
    """Read each item's sentence (placeholders from ``counts``) into ``world``: the place setting
    of "a table for N" and of an occasion ("a breakfast for two"). An item whose kind is in
    ``named`` (the user named plates) is left out, and so is a seat item when the world has seats
    of any kind already (two stools named: no chairs too) or ``seats`` is False; ``host`` is
    mentioned before each sentence so that "the table" in it is that table. Relations the items
    add get the ``source`` prefix; returns the objects added."""
    tokenizer = Tokenizer(vocab)
    added: list[str] = []
    renames: dict[str, str] = {}
    present = list(world.entities.values())  # the objects before the items come
    for item in items:
        kinds = vocab.roles(item.object) & SEAT_ROLES  # two stools named: no chairs too
        seated = [e for e in present if kinds & e.roles]
        if replaced(item, named, vocab) or seated:
            renames[item.object] = seated[0].category if seated else _replacement(world, item, vocab)
            continue  # "a plate in front of each chair" then means each of the text's stools
        if kinds and not seats:
            continue
        world.sentence += 1
        if host is not None and host in world.entities:
            world.mention(Group(ids=[host]))
        before = len(world.relations)
        text = _renamed(fill(item.text, counts), renames, vocab)
        missed = SentenceReader(world, vocab).read(tokenizer.tokenize(text))
        if missed:
            log.warning("place setting: the planner did not read %s", missed)
        for rel in world.relations[before:]:
            rel.source = source + rel.source
        added.append(item.object)
    return added


def _style_words(book: ArchetypeBook, style_id: str) -> set[str]:
    style = next(s for s in book.styles if s.id == style_id)
    return {w for phrase in style.words for w in phrase.split()}


def accounted(part: str, used: set[str]) -> bool:
    """Whether a not-understood part of the prompt is wholly words room completion used."""
    words = re.findall(r"[a-z0-9]+", part.lower())
    return bool(words) and all(w in used for w in words)


_FOR_N = re.compile(r"\bfor (\d+|[a-z]+)\b", re.IGNORECASE)
_JOINS = frozenset({"and", "&"})
MAX_CONJUNCT_WORDS = 3  # "wine glasses and cloth napkins for six": each conjunct up to three words


def count_for_guests(prompt: str, vocab: Vocabulary) -> str:
    """"Plates for four" reads as "four plates": the things listed right before "for N" ("glasses
    and napkins for six", "cutlery for four") take N as their count when each is a plural object
    noun or a table-top thing (a table "for two" keeps it: that is a place setting)."""
    out, done, book = [], 0, load_archetypes()
    for match in _FOR_N.finditer(prompt):
        number = match.group(1)
        if not (number.isdigit() or number.lower() in vocab.lexicon.numbers):
            continue
        words = prompt[done:match.start()].split(" ")
        starts = _counted_conjuncts(words, vocab)
        if not starts:
            continue
        for start in sorted(starts, reverse=True):
            words.insert(start, number)
        out.append(" ".join(words).rstrip(" "))
        after = re.match(r"\s+([a-z]+)\b", prompt[match.end():], re.IGNORECASE)  # "chairs for ten guests"
        done = match.end() + (after.end() if after and after.group(1).lower() in book.capacity_nouns else 0)
    return "".join(out) + prompt[done:]


def _counted_conjuncts(words: list[str], vocab: Vocabulary) -> list[int]:
    """Where each listed thing before "for N" starts (an index into ``words``), from the last."""
    starts: list[int] = []
    end = len(words) - 1 if words and words[-1] == "" else len(words)  # the space before "for"
    while end > 0:
        last = words[end - 1].lower().rstrip(",")
        if not re.fullmatch(r"[a-z]+", last) or not _countable(last, vocab):
            break
        start = end - 1
        while start > max(0, end - MAX_CONJUNCT_WORDS) and _describes(words[start - 1], vocab):
            start -= 1
        if start > 0 and words[start - 1].lower() in vocab.lexicon.numbers:
            break  # "two glasses for four": counted already
        starts.append(start)
        joined = start > 0 and (words[start - 1].lower() in _JOINS or words[start - 1].endswith(","))
        end = start - 1 if start > 0 and words[start - 1].lower() in _JOINS else start
        if not joined:
            break
    return starts


def _countable(word: str, vocab: Vocabulary) -> bool:
    plural = singular(word) != word and vocab.is_noun(word)
    return plural or (vocab.is_noun(word) and "tabletop" in vocab.roles(word))


def _describes(word: str, vocab: Vocabulary) -> bool:
    """A word inside a listed thing's name: an adjective or a noun ("wine" glasses), no comma."""
    low = word.lower()
    return bool(re.fullmatch(r"[a-z]+", low)) and (vocab.looks_adjective(low) or vocab.is_noun(low)) \
        and low not in vocab.lexicon.determiners
