"""Which room type a prompt asks for (issue 14): its archetype, found by name or, for a room no
archetype is called, by the nearest archetype's words.

A room named as a scene ("a kitchen") or at the end of the first object's name ("a sports bar")
gets that archetype (:func:`find_room`). A room of a name no archetype has — "a server room", "a
florist's parlour", "a room for a dentist" — is a *room noun* (``room_heads``: room, parlour,
salon, studio...) with words around it; the archetype whose ``words`` and names share the most of
those words is the nearest (:func:`nearest_room`), else the room noun's own default ("a ... salon":
a hair salon), else none (a bare "room" stays unfurnished: "In a room, a chair next to a table").
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ...assets.families import load_families
from ...assets.phrase import singular
from ...knowledge.archetypes import Archetype, ArchetypeBook
from ...knowledge.objects import load_knowledge
from ..reading.closed_words import word_set, word_tuple
from .capacity import counts_people
from .place_features import feature_room
from .stand_ins import kinds_of
from ..setting.indoor_outdoor import hosting_scene, scene_head
from ..referents.world import Entity, World

CAPACITY_SCALE = (0.6, 3.0)  # a room's area for its capacity (square root of the ratio to its archetype's own)
NAME_WEIGHT = 1  # a word of an archetype's name ("treatment" of "treatment room") ...
WORD_WEIGHT = 2  # ... counts less than one of its words ("dentist" for the exam room)
GENERIC = word_set("generic_rooms")  # "a room": furnished by default only with words
BUILDING = "building"  # the family of an object that is the room itself ("a greenhouse")
PURPOSE = word_tuple("room_purpose_words")  # "a room for a dentist", "a room where kids play"
JOINS = word_set("room_joins")  # "a living room with a dining area"
ARTICLES = word_set("room_articles")
BREAKS = word_set("room_name_breaks")
EATEN = word_set("eaten_goods_families")  # knowledge-base families of what a shop serves, not sells
GOODS_ROOMS = word_set("goods_rooms")  # "a guitar shop": the words before the noun name the goods


def find_room(world: World, book: ArchetypeBook, words: Sequence[str] = ()) -> Archetype | None:
    """The archetype of the first room or scene the text named as a scene ("a kitchen"), else
    of the text's first object when its noun, or the noun's last words, also names a scene ("a
    street with ...": the catalog's road, in a street scene; "a sports bar": a bar), else the
    nearest archetype to a room the text named by a room noun (:func:`nearest_room`). A room name
    that another archetype refines for one of the prompt's ``words`` gives that one ("a bedroom
    for a teenage girl": the teen bedroom)."""
    featured = feature_room(world, book, words)  # "a kettlebell class": a gym; "a kiosk in a mall": the kiosk
    if featured is not None:
        return featured
    named = _named_room(world, book, words)
    if named is None or named[1] in book.room_heads:  # "a podcast studio": its words before the bare noun's room
        nearest, score = _nearest(world, book, words)
        if nearest is not None and (named is None or score > 0):
            return nearest
    return named[0] if named is not None else _scene_in_words(world, book, words)


def _scene_in_words(world: World, book: ArchetypeBook, words: Sequence[str]) -> Archetype | None:
    """The archetype of the scene the text names where no clause read it as one: the owner of a
    place ("by the window of a cottage kitchen", "in the corner of a nursery") or a place's
    modifier ("on the kitchen floor"), the same scene the setting is decided by."""
    if world.vocab is None or not words:
        return None
    placed = frozenset(e.category for e in world.entities.values())
    head = scene_head(list(words), world.vocab.catalog, placed)
    if head is None:
        return None
    end, vocab = head[0] + len(head[2].split()), world.vocab
    after = words[end] if end < len(words) else ""
    thing_word = vocab.is_noun(after) or vocab.is_listed_adjective(head[2])
    if after and after not in vocab.lexicon.location_nouns and thing_word:
        return None  # "the square dining table", "a garden chair": a word about a thing, no scene
    found = book.by_name.get(head[2])
    return book.refined(found, head[2], words) if found is not None else None


def _named_room(world: World, book: ArchetypeBook, words: Sequence[str]) -> tuple[Archetype, str] | None:
    """The archetype a scene or the first object's name (or its last words) names, and that name; the
    scene an occasion is held in first ("a science fair in a school gym": the gym's)."""
    host = hosting_scene(list(words), world.vocab.catalog, frozenset(e.category for e in world.entities.values())) \
        if world.vocab is not None and words else None
    if host is not None and (found := book.by_name.get(host[2])) is not None:
        return book.refined(found, host[2], words), host[2]
    for scene in world.scenes:
        found = book.by_name.get(scene)
        if found is not None:
            return book.refined(found, scene, words), scene
    first = first_object(world)
    if first is not None:
        names = first.category.split()
        for start in range(len(names)):
            found = book.by_name.get(" ".join(names[start:]))
            if found is not None:
                return book.refined(found, " ".join(names[start:]), words), " ".join(names[start:])
    return None


def first_object(world: World) -> Entity | None:
    """The text's first object when its first sentence introduced it, else None."""
    first = min(world.entities.values(), key=lambda e: e.mention, default=None)
    return first if first is not None and first.sentence == 0 else None


def nearest_room(world: World, book: ArchetypeBook, words: Sequence[str]) -> Archetype | None:
    """The archetype nearest to a room the text named by a room noun no archetype is called:
    a scene ("a server room") or the first object ("a florist's parlour"); the one whose words
    and name words share most with the room's words (those before its noun, and after "for" in
    the same sentence), else the noun's default archetype when the room has words of its own (a
    bare "room" stays unfurnished); None when the text names no room noun."""
    return _nearest(world, book, words)[0]


def _nearest(world: World, book: ArchetypeBook, words: Sequence[str]) -> tuple[Archetype | None, int]:
    """:func:`nearest_room` and the score of its words (0: the room noun's default)."""
    head, said = _room_phrase(world, book, words)
    if head is None:
        return None, 0
    near = set(said[:1])  # the word next to the noun says most: "the school *nurse's* office" is the nurse's
    scored = [(_score(arch, set(said), book) + _score(arch, near, book), -index, arch)
              for index, arch in enumerate(book.archetypes) if arch.setting == "indoor"]
    best = max(scored, key=lambda s: s[:2])
    if best[0] > 0:
        return best[2], best[0]
    default = book.room_heads.get(head, "")
    return (book.get(default) if default and (said or head not in GENERIC) else None), 0


def _room_phrase(world: World, book: ArchetypeBook, words: Sequence[str]) -> tuple[str | None, list[str]]:
    """The room noun the text named and the words that say what room it is ("server" of "a
    server room", "dentist" of "a room for a dentist"), those before the noun nearest it first
    ("nurse", "school" of "the school nurse's office"); (None, []) when it named none."""
    first = first_object(world)
    noun = next((s.split()[-1] for s in world.scenes if s.split()[-1] in book.room_heads), None)
    if noun is None and first is not None and first.category.split()[-1] in book.room_heads:
        noun = first.category.split()[-1]
    if noun is None or noun not in words:
        return None, []
    at = list(words).index(noun)
    before = _before(words, at, book)
    if noun in GOODS_ROOMS:  # "a guitar shop" sells guitars: no music room
        before = [w for w in before if w not in goods_words(before[::-1])]
    counted = _counted_people(world, book, words, noun)
    said = list(dict.fromkeys(before + [w for w in _purpose(words, at) if w not in counted]))
    vocab = world.vocab
    return noun, [w for w in said if w not in book.context_words and w not in book.room_heads and w.isalpha()
                  and not vocab.is_listed_adjective(w) and not vocab.looks_adjective(w)
                  and w not in vocab.lexicon.numbers]


def goods_words(modifiers: Sequence[str]) -> set[str]:
    """The words before a shop's noun that name what it sells or shows ("guitar" of "a guitar shop",
    "wedding dress" of "a wedding dress shop", "tv" of "a tv repair shop"): the longest run ending at
    the noun that the knowledge base knows, and each single word it knows; not food or drink (a
    ramen shop is a place to eat)."""
    def sold(phrase: str) -> bool:  # "a ramen shop" serves ramen: a place to eat, its words say so
        facts = load_knowledge().lookup(phrase)
        return facts is not None and facts.family not in EATEN
    known = {w for w in modifiers if sold(w)}
    for start in range(len(modifiers)):
        if sold(" ".join(modifiers[start:])):
            return known | set(modifiers[start:])
    return known


def shop_goods(world: World, book: ArchetypeBook, words: Sequence[str]) -> set[str]:
    """The words naming the wares of a room named by them ("guitar" of "a guitar shop"): they
    select no style (a guitar shop is no music lover's room); empty for any other room."""
    first = first_object(world)
    nouns = [s.split()[-1] for s in world.scenes] + ([first.category.split()[-1]] if first is not None else [])
    noun = next((n for n in nouns if n in GOODS_ROOMS and n in words), None)
    return set() if noun is None else goods_words(_before(words, list(words).index(noun), book)[::-1])


def _counted_people(world: World, book: ArchetypeBook, words: Sequence[str], noun: str) -> set[str]:
    """The people a named room is for, counted ("an office for 4 employees"): how many, not what
    room (a staff room's word); a generic room's people still say it ("a room for 4 kids")."""
    if noun in GENERIC:
        return set()
    numbers = world.vocab.lexicon.numbers
    return {w for i, w in enumerate(words) if counts_people(w, book) and i > 0
            and (words[i - 1] in numbers or words[i - 1].isdigit())}


def _before(words: Sequence[str], at: int, book: ArchetypeBook) -> list[str]:
    """The words of the room noun's phrase before it ("a messy *server* room")."""
    out: list[str] = []
    for word in reversed(words[:at]):
        if word in BREAKS or word in PURPOSE:
            break
        out.append(word)
    return out


def _purpose(words: Sequence[str], at: int) -> list[str]:
    """The words after "for" / "where" / "with" following the room noun, up to a comma."""
    out: list[str] = []
    rest = list(words[at + 1:])
    if not rest or rest[0] not in PURPOSE:
        return out
    for word in rest[1:]:
        if word in BREAKS - {"a", "an", "the", "my", "our", "of"} or word in PURPOSE:
            break
        out.append(word)
    return out


def _score(arch: Archetype, said: set[str], book: ArchetypeBook) -> int:
    """How much the room's words point to the archetype: each word (or its singular) once."""
    names = {w for name in arch.names for w in name.split()} - set(book.room_heads) - set(book.context_words)
    score = 0
    for word in said:
        forms = {word, singular(word)}
        score += WORD_WEIGHT * bool(forms & arch.words) + NAME_WEIGHT * bool(forms & names)
    return score


def forget_units(world: World, book: ArchetypeBook) -> int | None:
    """"A nail salon with three manicure stations": the room's units (``unit_nouns``) the text
    counted and placed nowhere are its capacity, not objects; they are dropped and their number
    returned (None when the text named none)."""
    placed = {a for rel in world.relations for a in rel.args}
    units = [e.id for e in world.entities.values() if e.id not in placed
             and (e.category.split()[-1] in book.unit_nouns or " ".join(e.category.split()[-2:]) in book.unit_nouns)]
    for unit in units:
        world.forget(unit)
    return len(units) or None


def forget_room_itself(world: World, book: ArchetypeBook, arch: Archetype) -> None:
    """Drop the text's first object when it is the room itself (:func:`room_itself`)."""
    itself = room_itself(world, book, arch)
    if itself is not None:
        world.forget(itself)


def room_itself(world: World, book: ArchetypeBook, arch: Archetype) -> str | None:
    """The id of the text's first object when it is the room the archetype furnishes, not a thing
    in it: named by the room's name or a room noun ("a tattoo parlour", "a greenhouse"), placed by
    no relation, and drawn by no family but the building one (a "sports bar" keeps its counter), or
    by one when the text names another thing of its kind ("a hotel lobby bar: one long bar counter ...":
    that counter is the bar's, no second one)."""
    first = first_object(world)
    if first is None or any(first.id in rel.args for rel in world.relations):
        return None
    names = first.category.split()
    tails = {" ".join(names[i:]) for i in range(len(names))}
    if not (tails & set(arch.names) or names[-1] in book.room_heads):
        return None
    family = load_families().for_noun(first.category)
    if family is None or family.name == BUILDING:
        return first.id
    kinds = kinds_of(first.category, world.vocab)  # "A hotel lobby bar: one long bar counter ...": the user's
    return first.id if any(kinds_of(e.category, world.vocab) & kinds for e in world.entities.values()
                           if e.id != first.id) else None


def also_rooms(world: World, book: ArchetypeBook, words: Sequence[str], primary: Archetype) -> list[Archetype]:
    """The other rooms a combined room request names besides ``primary``: a room name the
    lexicon reads as a scene, after "and" / "with" / "plus" / "cum" ("a living room with a dining
    area", "a bedroom and study"), or before "and" another name's last word ("an open-plan living
    and dining area": the living room too); of the primary's setting, never one it is in ("a
    kitchen in a restaurant" is a kitchen)."""
    scenes = world.vocab.lexicon.scene_nouns
    found: list[Archetype] = []
    for start, name in _names_in(book, words):
        if _modifies_next(words, start, name):
            continue  # "and an office chair at the desk": a chair, no office besides the home office
        arch = book.by_name[name]
        if _joined(world, words, start) and name in scenes:
            found.append(arch)
        if start > 1 and words[start - 1] == "and":  # "living and dining area": "living room" too
            first = _with_head(book, words[start - 2], name)
            found += [first] if first is not None else []
    unique = list({a.id: a for a in found}.values())
    return [a for a in unique if a.id != primary.id and a.setting == primary.setting]


def _modifies_next(words: Sequence[str], start: int, name: str) -> bool:
    """Whether the room name at ``start`` is the first word of a thing's name ("an office chair", "a
    kitchen table", "the bathroom mirror"): the knowledge base knows the name with the next word."""
    end = start + len(name.split())
    return end < len(words) and load_knowledge().lookup(f"{name} {words[end]}") is not None


def _joined(world: World, words: Sequence[str], start: int) -> bool:
    """Whether a join word comes before the name at ``start``, past articles and adjectives ("with
    a small home office")."""
    j = start - 1
    while j >= 0 and (words[j] in ARTICLES or world.vocab.is_listed_adjective(words[j])):
        j -= 1
    return j >= 0 and words[j] in JOINS


def _names_in(book: ArchetypeBook, words: Sequence[str]) -> list[tuple[int, str]]:
    """(start, name) of each archetype name in the words, the longest at each place, left to right."""
    out, i = [], 0
    while i < len(words):
        for size in range(min(4, len(words) - i), 0, -1):
            name = " ".join(words[i:i + size])
            if name in book.by_name:
                out.append((i, name))
                i += size - 1
                break
        i += 1
    return out


def _with_head(book: ArchetypeBook, word: str, name: str) -> Archetype | None:
    """The archetype of ``word`` with the last word of ``name`` or a room noun after it."""
    for head in (name.split()[-1], "room", "area"):
        found = book.by_name.get(f"{word} {head}")
        if found is not None:
            return found
    return None


def typical_size(rooms: Sequence[Archetype], capacity: int, seed: int) -> tuple[float, float]:
    """The floor size ([x, y] m, x the longer) of a room of these types: the first's drawn from its
    size range by the seed, its area scaled by the square root of the capacity against its own (within
    :data:`CAPACITY_SCALE`) and grown by the typical area of each other room it combines ("a
    living room with a dining area"). The coder grows it further to fit the furniture."""
    first = rooms[0]
    rng = random.Random(f"{first.id}:size:{seed}")
    x, y = (round(rng.uniform(low, high), 2) for low, high in zip(first.size_min, first.size_max))
    area = x * y * min(CAPACITY_SCALE[1], max(CAPACITY_SCALE[0], math.sqrt(capacity / first.capacity)))
    area += sum(math.prod(_middle(other)) for other in rooms[1:])
    scale = math.sqrt(area / (x * y))
    x, y = sorted((x * scale, y * scale), reverse=True)
    return round(x, 2), round(y, 2)


def _middle(arch: Archetype) -> tuple[float, float]:
    """The middle of an archetype's size range."""
    return ((arch.size_min[0] + arch.size_max[0]) / 2, (arch.size_min[1] + arch.size_max[1]) / 2)
