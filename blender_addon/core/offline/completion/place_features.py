"""A place composed of a head and a modifier (issue 14, rooms no archetype is called): the HEAD of the
place phrase ("club", "class", "workshop", "showroom", "kiosk", "sale") gives its room, the MODIFIER
before it (a trade, a sport, an activity, an occasion, a room's goods) names the featured things
through a data table (``knowledge/archetypes/features.json``), and the room's capacity fills their
counts: "a snooker club with four tables" is a bar whose four tables are snooker tables, "a kettlebell
class for ten" a gym with ten kettlebells, "a bookbinder's workshop" a workshop with stacks of books,
"a bathroom showroom" a showroom of toilets, basins and a bath, "a christening at the village church"
a chapel with a font. A place named by a thing and an occupation word ("a violin maker's workshop",
"a radio repair shop") features that thing. "A phone repair kiosk in a shopping mall" is the kiosk
(a structure head is the room even in another place); any other feature yields to a place the text
names it in ("a kettlebell class in the garden": the garden).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ...knowledge.archetypes import Archetype, ArchetypeBook
from ...knowledge.archetypes.features import Feature, FeatureBook, load_features
from ...knowledge.objects import load_knowledge
from ..coding.coder import is_building
from ..reading.closed_words import word_set
from ..referents.world import World

MAX_START = 6  # a place phrase starts within the text's first words ("Set up a little snooker club")
OCCUPATION = "occupation"  # the id prefix of a feature made from "<thing> <occupation word>"
GOODS_ROOMS = word_set("goods_rooms")  # "a ... shop": its words name its goods
SOLD_KINDS = frozenset({"trade", "goods"})  # features a goods room is named by ("a tailor's shop", "a bathroom shop")
PURPOSE = word_set("room_purpose_words") | {"with", "on"}  # "a christening for ...", "a jumble sale with ..."


@dataclass(frozen=True)
class PlaceMatch:
    """A feature found in the text: its feature, the head noun after it ("" for an event) and where."""

    feature: Feature
    head: str
    start: int
    end: int  # index after the modifier's words (the head's index when there is one)
    thing: str = ""  # the thing of "<thing> <occupation word>"


def find_feature(world: World, book: ArchetypeBook, words: Sequence[str],
                 features: FeatureBook | None = None) -> PlaceMatch | None:
    """The first feature the text's place phrase names (see the module), or None."""
    features = features or load_features()
    heads = features.heads | set(book.room_heads) | {name.split()[-1] for name in book.by_name}
    phrases = features.phrases()
    for start in range(min(MAX_START, len(words))):
        if start and world.vocab is not None and world.vocab.is_noun(words[start - 1]):
            return None  # past the text's first noun: no place phrase starts later
        for said, feature in phrases:
            end = start + len(said)
            if tuple(words[start:end]) != said:
                continue
            head = words[end] if end < len(words) and words[end] in heads else ""
            if _fits(feature, head, end, words, book, world):
                return PlaceMatch(feature, head, start, end)
        found = None if words[start] in book.context_words else _occupation(features, heads, words, start)
        if found is not None:
            return found
    return None


def _fits(feature: Feature, head: str, end: int, words: Sequence[str], book: ArchetypeBook, world: World) -> bool:
    """Whether a feature's words at ``end`` stand before a head it takes, or end the text's first noun
    (an event's); never where they and the head are a room's own name ("an exercise room": a gym)."""
    if head:
        named = " ".join(words[end - len(feature.words[0].split()):end + 1])
        sold = head in GOODS_ROOMS and feature.kind not in SOLD_KINDS  # "a lego shop" sells lego: no club
        return (not feature.heads or head in feature.heads) and named not in book.by_name and not sold
    after = words[end] if end < len(words) else ""
    return feature.event and (not after or after in load_features().setting_prepositions or after in PURPOSE)


def _occupation(features: FeatureBook, heads: Collection[str], words: Sequence[str], start: int) -> PlaceMatch | None:
    """"A violin maker's workshop", "a radio repair shop": the thing the words from ``start`` name
    before an occupation word and a head, as a feature of its own; None when they name none."""
    kb = load_knowledge()
    for at in range(start + 1, min(start + 4, len(words) - 1)):
        if words[at] in features.occupation_words and words[at + 1] in heads:
            thing = " ".join(words[start:at])
            facts = kb.lookup(thing)
            if facts is None or is_building(thing):
                return None
            feature = Feature(id=f"{OCCUPATION}:{thing}", kind="trade", words=(" ".join(words[start:at + 1]),))
            return PlaceMatch(feature, words[at + 1], start, at + 1, thing=thing)
    return None


def feature_room(world: World, book: ArchetypeBook, words: Sequence[str]) -> Archetype | None:
    """The room a featured place is: a structure head's own ("a key cutting kiosk at the station"),
    else the feature's base when its head names no room of its own or it is an event, and the text
    names no other place it is held in; None to let the room's name decide."""
    match = find_feature(world, book, words)
    if match is None:
        return None
    features = load_features()
    if match.head in features.structure_heads:
        own = book.room_heads.get(match.head, "")
        return book.get(own) if own else None
    base = match.feature.base
    head_scene = {match.head, " ".join(words[match.start:match.end + 1])}
    others = [s for s in world.scenes if s not in head_scene and s.split()[-1] != match.head and s in book.by_name]
    if match.thing:
        return None  # "a radio repair shop": the room its words name, with radios
    if match.head and match.head not in features.venue_heads:  # "a picture framer's workshop": a workshop
        own = book.room_heads.get(match.head, "") or base  # "a blacksmith's forge": the smith's workshop
        return book.get(own) if own and not others else None
    if not base:
        return None
    said = [book.by_name[s] for s in world.scenes if s.split()[-1] == match.head and s in book.by_name]
    if others or any(a.setting != book.get(base).setting for a in said):
        return None  # "a trampoline park": the park's setting is said before its feature is read
    return book.get(base)


def stands_anywhere(arch: Archetype, book: ArchetypeBook) -> bool:
    """Whether the room is a structure head's, set up indoors or out ("a key cutting kiosk at the
    train station": the kiosk on the station's ground)."""
    return arch.id in {book.room_heads.get(h, "") for h in load_features().structure_heads}
