"""A room named by the thing it is about (issue 14, room requests): "a toy shop", "a record shop",
"a candle shop" sell toys, records, candles; "a sewing room" has a sewing machine, "a card room"
cards. The words before the room noun name a thing the knowledge base knows, or an activity
that begins the name of one ("sewing": a sewing machine). A room whose archetype keeps wares (an
item marked ``goods``: a shop's boxes on its shelves) sells that thing in their place (in a row on
the floor when too big for the shelves: bicycles); any other room gets one of it, on the
archetype's table when it stands on furniture. Nothing is added outdoors, for a word of the
archetype's own names ("a dining room", "a music room"), a living being ("a kids' room"), a
building or a landform (the place the room is in or at: "a hotel bathroom", "a mountain hut"), or a
thing the room already has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import re

from ...assets.phrase import plural, singular
from ...knowledge.archetypes import Archetype, ArchetypeBook, Item
from ...knowledge.objects import load_knowledge
from ..reading.lexicon import Vocabulary
from ..setting.indoor_outdoor import load_setting_words
from ..coding.coder import is_building
from ..referents.world import World
from .room_type import BREAKS, PURPOSE

ACTIVITY = "ing"  # the ending of a word naming what is done in the room ("sewing", "boxing")
SHELF_SIZE = 0.6  # m: the largest side of a thing that still goes on a shelf
SUPPORTS = frozenset({"table", "desk"})  # knowledge-base families a featured small thing stands on
LANDFORMS = "nature"  # the knowledge base's family of mountains, lakes, seas: where a room is ("a lake house")
ROOM_SIZED = 3.0  # m: a building this big is the place a room is in ("a hotel bathroom"), never a thing in it
FLOOR_GOODS = "Three boxes in a row."  # wares too big for the shelves (a bike shop's bicycles), named as the goods


def with_featured(world: World, vocab: Vocabulary, book: ArchetypeBook, arch: Archetype, words: Sequence[str],
                  items: list[Item]) -> list[Item]:
    """``items`` with the room's featured thing (see the module): the goods item about it, else
    one more item placing one of it; ``items`` unchanged when the room names none."""
    thing = featured_thing(world, vocab, book, arch, words, items)
    if thing is None:
        return items
    goods = next((i for i in items if i.goods), None)
    if goods is not None:
        text = _sold(goods.text if _small(thing) else FLOOR_GOODS, goods.object, thing)  # bicycles stand on the floor
        return [replace(i, object=thing, text=text) if i is goods else i for i in items]
    kb = load_knowledge()
    support = next((i.object for i in items if (f := kb.lookup(i.object)) is not None and f.family in SUPPORTS),
                   None)
    if _small(thing):
        if support is None:
            return items
        return [*items, Item(object=thing, text=f"A {thing} on the {support}.", zone="featured")]
    return [*items, Item(object=thing, text=f"A {thing} in the room.", zone="featured")]


def _small(thing: str) -> bool:
    """Whether ``thing`` goes on furniture or shelves (the knowledge base stands it on a surface, or it
    is at most ``SHELF_SIZE`` big: a candle, a toy car), not on the floor (a bicycle, a floor lamp)."""
    facts = load_knowledge().lookup(thing)
    return facts is not None and (facts.mount == "surface" or max(facts.typical) <= SHELF_SIZE)


def _sold(text: str, goods: str, thing: str) -> str:
    """The goods item's sentence about ``thing`` ("Two boxes on each shelving unit." -> "Two toys
    on each shelving unit."): each word naming the goods, singular or plural, names the thing."""
    def swap(match: re.Match[str]) -> str:
        word = match.group(0)
        if singular(word) != goods:
            return word
        return thing if word == goods or thing.endswith("s") else plural(thing)
    return re.sub(r"[a-z]+", swap, text)


def featured_thing(world: World, vocab: Vocabulary, book: ArchetypeBook, arch: Archetype, words: Sequence[str],
                   items: Sequence[Item] = ()) -> str | None:
    """The thing the room is named by (see the module), or None."""
    kb = load_knowledge()
    if arch.setting != "indoor":
        return None  # "a castle courtyard", "a night market": a scene, not a room named by its thing
    own = {w for name in arch.names for w in name.split()}
    modifiers = _modifiers(world, book, words, vocab)
    for start in range(len(modifiers)):
        phrase = modifiers[start:]
        if set(phrase) & own:
            continue
        thing = _thing_named(vocab, " ".join(phrase))
        facts = kb.lookup(thing) if thing is not None else None
        if facts is None or facts.family in load_setting_words().neutral_families:
            continue
        if thing is not None and (is_building(thing) or facts.family == LANDFORMS) and max(facts.typical) >= ROOM_SIZED:
            return None  # "a hotel bathroom", "a mountain hut": the place the room is in or at, not a thing in it
        present = {f.category for n in [*(e.category for e in world.entities.values()), *(i.object for i in items)]
                   if (f := kb.lookup(n)) is not None}
        return None if facts.category in present else thing
    return None


def _modifiers(world: World, book: ArchetypeBook, words: Sequence[str], vocab: Vocabulary) -> list[str]:
    """The words before the room noun in its phrase ("vintage record" of "a little vintage record
    shop"), less context words, adjectives and numbers; [] when the text names no room noun."""
    nouns = set(book.room_heads) | {s.split()[-1] for s in world.scenes}
    at = next((i for i, w in enumerate(words) if w in nouns), None)
    if at is None:
        return []
    out: list[str] = []
    for word in reversed(words[:at]):
        if word in BREAKS or word in PURPOSE or word in vocab.lexicon.numbers:
            break
        if word in book.context_words or vocab.is_listed_adjective(word):
            break
        out.append(word)
    return out[::-1]


def _thing_named(vocab: Vocabulary, phrase: str) -> str | None:
    """The thing ``phrase`` names, or the one whose name it begins ("sewing": "sewing machine"; of
    several the one the knowledge base files under that very name, then the shortest)."""
    kb = load_knowledge()
    if vocab.is_noun(phrase):  # "a shoe shop": shoes
        return next((form for form in (phrase, f"{phrase}s") if kb.lookup(form) is not None), None)
    if not phrase.endswith(ACTIVITY):  # "a sewing room": what it is done with; "a night market": no night light
        return None
    longer = [n for n in vocab.names if n.startswith(f"{phrase} ") and len(n.split()) == len(phrase.split()) + 1
              and kb.lookup(n) is not None]
    longer.sort(key=lambda n: (kb.lookup(n).category != n, len(n), n))  # type: ignore[union-attr]
    return longer[0] if longer else None
