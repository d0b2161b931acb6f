"""Which of the user's objects stands in for a room archetype's item, and what an item's
sentence brings along that the user's objects already are (issue 14: the archetype's items
never add to what the user counted).

A thing answers to its name, catalog category, head noun, knowledge-base category and the
general noun a reader counts it under (``counted_as`` in the knowledge base: a whiteboard is a
"board", a dollhouse a "toy"); the user's object stands in for an item that answers to one of
the same keys and is sat at alike. The user's several tables people sit at also take the place
of an item that is a group of other things people sit at ("an exam hall with nine tables in
three rows": the classroom's rows of desks).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection

from ...assets.phrase import singular
from ...knowledge.archetypes import Item
from ...knowledge.objects import load_knowledge
from ..reading.lexicon import Vocabulary
from ..reading.numbers import number_of
from ..setting.indoor_outdoor import load_setting_words
from ..reading.tokens import words_of
from ..referents.world import Entity, World

EXACTLY = "exactly"  # the count mode of "just one chair", "only two stools" (lexicon count_modes)
SEAT_FAMILY = "seat"  # the knowledge-base family of chairs, stools, benches and armchairs (not sofas)
SAT_AT_ROLES = frozenset({"table_like", "workplace", "dining_table"})  # things people sit at
WORKPLACE_ROLES = SAT_AT_ROLES | {"tabletop"}  # and what stands on them (a monitor, a microphone)


def kinds_of(name: str, vocab: Vocabulary) -> set[str]:
    """The keys a thing answers to: its name, catalog category, head noun, knowledge-base category
    and that category's head noun (a user's "cot" is the nursery's "crib", a "settee" the living
    room's "sofa", a "sconce" a wall lamp, so a lamp; issue 14) and the general noun a reader
    counts it under (a whiteboard is a "board", a dollhouse a "toy")."""
    facts = load_knowledge().lookup(name)
    known = (facts.category, facts.category.split()[-1], facts.counted_as or facts.category) if facts else ()
    return {name, vocab.canonical(name), name.split()[-1], *known}


def living_family(category: str) -> set[str]:
    """The family of a living being ("a witch": person), which stands in for the archetype's
    generic one ("a person near the path"); nothing for a thing (a desk is no archetype's table)."""
    facts = load_knowledge().lookup(category)
    return {facts.family} if facts is not None and facts.family in load_setting_words().neutral_families else set()


def without_companions(text: str, kinds: set[str]) -> str:
    """An archetype item's sentence without what it brings along ("with six chairs around it",
    "each with two stools") when the user named that kind and placed it nowhere: the user's own
    come instead (seated at the table by the inference rules), not as many again besides."""
    head, *rest = re.split(r",?\s+(?:each\s+)?with\s+", text, maxsplit=1)
    if not rest or not {singular(w) for w in words_of(rest[0])} & kinds:
        return text
    return head.rstrip(" .,") + "."


def without_named_companions(text: str, world: World, own: Collection[str], vocab: Vocabulary) -> str:
    """An archetype item's sentence without the thing it brings along ("An armchair in the corner
    with a floor lamp next to it", "A workbench with a toolbox on it") when the user named a thing
    of that kind (``own``: their objects), placed or not: the user's lamp is the room's lamp, not
    one of several (a seat stays: a table's chairs are for its people, :mod:`.room_seats`)."""
    head, *rest = re.split(r",?\s+(?:each\s+)?with\s+", text, maxsplit=1)
    thing = _brought(rest[0], vocab) if rest else None
    if thing is None or "seat" in vocab.roles(thing):
        return text
    users = [world.entities[i] for i in own if i in world.entities and "seat" not in world.entities[i].roles]
    if not any(_kin(thing) & _kin(e.category) for e in users):
        return text
    return head.rstrip(" .,") + "."


def _kin(name: str) -> set[str]:
    """A thing's name, head noun, knowledge-base category and general noun (not the catalog's stand-in
    shape: boxes on a shelf are no toolbox)."""
    facts = load_knowledge().lookup(name)
    return {name, name.split()[-1], *((facts.category, facts.counted_as or facts.category) if facts else ())}


def _brought(rest: str, vocab: Vocabulary) -> str | None:
    """The name of the thing a "with" phrase brings ("a floor lamp next to it": "floor lamp",
    "boxes on it": "box"), after its article or number; None when it names none the catalog knows."""
    words = words_of(rest)
    while words and (words[0] in vocab.lexicon.determiners or number_of(words[0], vocab.lexicon) is not None):
        words = words[1:]
    for size in (3, 2, 1):
        name = " ".join([*words[:size - 1], singular(words[size - 1])]) if len(words) >= size else ""
        if name and name in vocab.names:
            return name
    return None


def sat_at(category: str, vocab: Vocabulary) -> bool:
    """Whether people sit at the thing (its knowledge names a seat among its companions); never a
    living being (a person's chair is the seat they sit on: "a girl" stands in for a park's "person")."""
    if "animate" in vocab.roles(category):
        return False
    facts = load_knowledge().lookup(category)
    return facts is not None and any("seat" in vocab.roles(c) for c in facts.companions)


def stands_in(category: str, item: Item, vocab: Vocabulary, counted: bool = False, single: bool = False) -> bool:
    """Whether the user's object of this category replaces the archetype item: the same name,
    catalog category or head noun (or a name the item lists as ``also`` taking its place: a shop's
    counter is the user's "sales desk"), and, for a table, sat at alike (a pool table is no stand-in for
    the round tables people sit at in a bar, cafe tables none for a shop's display table). Any
    other thing of the item's kind is the item ("a grand piano" is the music room's piano, "a
    mixing desk" the studio's, "a standing desk" the office's: the knowledge base need not know
    who sits at them). Tables the user counted ("a bakery with three round tables") are all the
    tables of the room, whoever sits at them: the user's count is the count (``counted``: the
    text gave an exact number, not "a few cafe tables"), and so is the ``single`` table the user named
    that a reader counts as the item's ("a tailor's shop with a sewing machine on a table": no display
    table besides; :func:`same_count_noun`)."""
    own = kinds_of(category, vocab) | living_family(category)
    if set(item.also) & own:
        return True
    if not kinds_of(item.object, vocab) & own:
        return False
    if counted or not _a_table(item.object) or (single and same_count_noun(category, item.object)):
        return True  # one "patio table", one "glass-screened desk": the room's table, its reception desk
    return sat_at(category, vocab) == sat_at(item.object, vocab)


def same_count_noun(name: str, other: str) -> bool:
    """Whether a reader counts the two under one general noun (the knowledge base's ``counted_as``,
    else its category): a patio table, a display table and a cafe table are all "tables", a
    reception desk and a writing desk "desks"; a coffee table or a pool table is a kind of its own."""
    facts = [load_knowledge().lookup(n) for n in (name, other)]
    if facts[0] is None or facts[1] is None:
        return False
    return (facts[0].counted_as or facts[0].category) == (facts[1].counted_as or facts[1].category)


def _a_table(name: str) -> bool:
    """Whether the knowledge base files the thing under tables (or does not know it)."""
    facts = load_knowledge().lookup(name)
    return facts is None or facts.family == "table"


def stand_ins(world: World, own: Collection[str], item: Item, vocab: Vocabulary, said: str = "",
              taken: Collection[str] = ()) -> list[str]:
    """The categories of the user's objects that stand in for the item (``said``: its sentence,
    placeholders filled): those of its own name first ("the teacher's desk faces rows of desks":
    the teacher's desk for the archetype's), then in the text's order; else the user's several
    things people sit at for an item that is a group of such things (:func:`takes_the_group`);
    else a seat of another kind for a lounge seat (:func:`lone_seat`), one not ``taken`` (standing
    in for an earlier item already: the desk chair that is the office's chair is no armchair)."""
    alone = Counter(world.entities[i].category for i in own)
    found = [e for e in (world.entities[i] for i in own)
             if stands_in(e.category, item, vocab, e.exact, alone[e.category] == 1)
             and not _one_of_a_kind(world, own, e.category, item, said)]
    if not found:
        found = [world.entities[i] for i in own if takes_the_group(world, own, world.entities[i].category, item, said)]
    if not found:
        found = [world.entities[i] for i in own
                 if world.entities[i].category not in taken and lone_seat(world, own, world.entities[i], item)]
    same = {item.object, vocab.canonical(item.object)}
    found.sort(key=lambda e: (not {e.category, vocab.canonical(e.category)} & same, e.mention, e.id))
    return [e.category for e in found]


def special_seats(world: World, own: Collection[str]) -> set[str]:
    """The user's seats that are a one-off kind of their head noun's seat (the knowledge base files
    them apart from it: a rocking chair, a high chair, a piano stool), one of that kind: they are
    not the seats a table brings ("a round table for four and her rocking chair by the window",
    "a dining room for five with a high chair for the baby": the table's chairs still come)."""
    kb, out = load_knowledge(), set()
    for i in own:
        entity = world.entities[i]
        if "seat" not in entity.roles or "animate" in entity.roles or entity.counted:
            continue
        facts = kb.lookup(entity.description) or kb.lookup(entity.category)  # "a high chair": its words say it
        plain = kb.lookup(entity.category.split()[-1])
        alone = sum(world.entities[j].category == entity.category for j in own) == 1
        if alone and facts is not None and plain is not None and facts.category != plain.category:
            out.add(i)
    return out


def lone_seat(world: World, own: Collection[str], entity: Entity, item: Item) -> bool:
    """Whether the user's seat of another kind takes the place of the archetype's lounge seat (its
    armchair): "a nursery with a nurse's chair in the corner", "a reading nook with a rocking
    chair" have that seat and no armchair besides. Not a sofa (a seat of its own family), nor in a
    room where the user named a thing people sit at (a desk's chair is no armchair)."""
    vocab, kb = world.vocab, load_knowledge()
    facts = [kb.lookup(entity.category), kb.lookup(item.object)]
    if any(f is None or f.family != SEAT_FAMILY for f in facts) or "lounge" not in vocab.roles(item.object):
        return False
    if "seat" not in entity.roles or "animate" in entity.roles:
        return False
    return not any(world.entities[i].roles & SAT_AT_ROLES for i in own)


def counted_seats(world: World, own: Collection[str], item: Item, said: str) -> bool:
    """Whether the seats the user counted ("twelve seats", "ten chairs along the walls": two or more
    chairs, stools, benches or armchairs said with a number, not seated at a table or desk) take
    the place of an archetype's loose seat ("Two benches against the west wall" of the airport, the
    home office's corner armchair): the user's count is the room's seating (issue 14: the archetype
    never adds to a family the user counted). A seat the item's sentence sets at a thing people sit
    at ("an office chair behind the reception desk", "bar stools at the counter") still comes, and
    a table's counted chairs leave the room's lounge seats; sofas are a family of their own. Seats said
    with "just", "only" or "exactly" are all the room's seats even at a desk ("a home office with a desk
    and just one chair": no armchair besides)."""
    if not _seat_family(item.object):
        return False
    vocab = world.vocab
    words = words_of(said)
    if any(vocab.roles(" ".join(words[i:i + n])) & WORKPLACE_ROLES for n in (1, 2) for i in range(len(words))):
        return False  # "An office chair behind the reception desk", "a gaming chair in front of the monitor"
    seats = [i for i in own if world.entities[i].counted and world.entities[i].exact
             and _seat_family(world.entities[i].category) and "animate" not in world.entities[i].roles]
    if any((world.entities[i].count or ("", 0))[0] == EXACTLY for i in seats):
        return True  # "just one chair", "only two stools": the room's seats, wherever they stand
    return len([i for i in seats if not _sat_at_something(world, own, i)]) >= 2


def _seat_family(name: str) -> bool:
    facts = load_knowledge().lookup(name)
    return (facts is not None and facts.family == SEAT_FAMILY) or (facts is None and name.split()[-1] == "seat")


def _sat_at_something(world: World, own: Collection[str], seat: str) -> bool:
    """Whether the seat is for a thing people sit at: a relation sets it there (chairs around a
    table), or it is placed nowhere in a text that names such a thing ("a little table and four
    small chairs": the table's)."""
    related = [r for r in world.relations if seat in r.args]
    if not related:
        return any(world.entities[i].roles & SAT_AT_ROLES for i in own)
    return any(world.entities[a].roles & SAT_AT_ROLES for r in related for a in r.args if a != seat
               and a in world.entities)


def said_about(text: str, names: Collection[str]) -> bool:
    """Whether an item's sentence places its thing at one of the items left out ("A trash can next
    to the benches", "a plant near the bench" of a "garden bench"), said one or more."""
    heads = {n for name in names for n in (name, name.split()[-1])}
    return any(re.search(rf"\bthe {re.escape(n)}(?:e?s)?\b", text, flags=re.IGNORECASE) for n in heads)


def _one_of_a_kind(world: World, own: Collection[str], category: str, item: Item, said: str) -> bool:
    """Whether the user's one thing is a kind of the item's thing, not the item's group ("a
    classroom with a teacher's desk": a desk, but not the rows of desks the pupils sit at)."""
    facts = [load_knowledge().lookup(n) for n in (category, item.object)]
    kind_of = item.object in {category.split()[-1], *(f.category.split()[-1] for f in facts[:1] if f)}
    other = facts[0] is None or facts[1] is None or facts[0].category != facts[1].category
    one = sum(world.entities[i].category == category for i in own) < 2
    return kind_of and other and one and _group(said, world.vocab)


def _group(said: str, vocab: Vocabulary) -> bool:
    """Whether an item's sentence starts with a number of two or more ("3 rows of 4 desks")."""
    first = words_of(said)[:1]
    return bool(first) and (number_of(first[0], vocab.lexicon) or 0) >= 2


def takes_the_group(world: World, own: Collection[str], category: str, item: Item, said: str) -> bool:
    """Whether the user's things of this category, several of them, take the place of an item
    that is a group of other things people sit at ("an exam hall with nine tables in three
    rows": not the classroom's "3 rows of 4 desks" besides); a single item ("a kitchen table")
    keeps its place."""
    several = sum(world.entities[i].category == category for i in own) >= 2
    vocab = world.vocab
    return several and _group(said, vocab) and sat_at(category, vocab) and sat_at(item.object, vocab)


def without_contents(text: str, item: Item, kinds: set[str]) -> str:
    """An item's sentence without the contents it brings of a kind the user named ("A basket of
    toys next to the bookshelf" when the user named toys: "A basket next to the bookshelf"): the
    archetype's container, not more of what the user counted; unchanged when the item is that
    kind itself ("a stack of books")."""
    own = singular(item.object.split()[-1])

    def drop(match: re.Match[str]) -> str:
        words = [singular(w) for w in words_of(match.group(1))]
        for size in (2, 1):
            name = " ".join(words[:size])
            if len(words) >= size and (name in kinds or words[size - 1] in kinds and size == 1) and own not in words:
                return "" if size == len(words) else " " + " ".join(match.group(1).split()[size:])
        return match.group(0)
    return re.sub(r"\s+of\s+((?:[a-z-]+)(?:\s+[a-z-]+)?)(?=\s|[.,]|$)", drop, text, count=1)
