"""The items of a place composed of a head and a modifier (:mod:`.place_features`): the base room's
items less those the feature replaces, with its featured things (or three of the thing of "a violin
maker's workshop"), and the user's plain nouns in the featured sense ("a snooker club with four
tables": snooker tables).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...assets.phrase import plural
from ...knowledge.archetypes import Archetype, ArchetypeBook, Item
from ...knowledge.objects import load_knowledge
from ..reading.lexicon import Vocabulary
from ..referents.world import World
from .featured import FLOOR_GOODS, _small, _sold, with_featured
from .place_features import MAX_START, find_feature, stands_anywhere
from ...knowledge.archetypes.features import load_features

__all__ = ["forget_setting", "settle_feature", "stands_anywhere", "with_place_features"]
SUPPORT_FAMILIES = frozenset({"table", "desk"})  # what a featured small thing stands on
SUPPORT_OBJECTS = ("counter", "workbench")
SETTING_WORDS = 5  # words after "in" / "outside" that may name a structure's setting ("a big old shopping mall")


def with_place_features(world: World, vocab: Vocabulary, book: ArchetypeBook, arch: Archetype,
                        words: Sequence[str], items: list[Item]) -> list[Item]:
    """``items`` less those the place's feature replaces, with its featured things; then the room's
    thing it is named by (:func:`.featured.with_featured`)."""
    match = find_feature(world, book, words)
    if match is not None and match.thing:
        items = _with_thing(items, match.thing)
    elif match is not None:
        kept = [i for i in items if i.object not in match.feature.drop]
        have = {i.object for i in kept}  # "a blacksmith's": the workshop's hammer is the smith's
        items = kept + [i for i in match.feature.items if i.object not in have or "{" in i.text or " each " in i.text]
    return items if match is not None else with_featured(world, vocab, book, arch, words, items)


def _with_thing(items: list[Item], thing: str) -> list[Item]:
    """The room's items with three of ``thing`` (a room of wares sells it in their place; two on the
    floor when it is too big for a table; on the room's first table, desk or counter otherwise)."""
    goods = next((i for i in items if i.goods), None)
    if goods is not None:
        text = _sold(goods.text if _small(thing) else FLOOR_GOODS, goods.object, thing)
        return [replace(i, object=thing, text=text) if i is goods else i for i in items]
    if not _small(thing):
        return [*items, Item(object=thing, text=f"Two {plural(thing)} in the middle of the room.", zone="featured")]
    kb = load_knowledge()
    support = next((i.object for i in items if i.object in SUPPORT_OBJECTS
                    or ((f := kb.lookup(i.object)) is not None and f.family in SUPPORT_FAMILIES)), None)
    where = f"on the {support}" if support is not None else "in the middle of the room"
    return [*items, Item(object=thing, text=f"Three {plural(thing)} {where}.", zone="featured")]



def settle_feature(world: World, book: ArchetypeBook, words: Sequence[str]) -> set[str]:
    """Before the room's items are read: the user's plain nouns take the featured sense ("a snooker
    club with four tables": snooker tables) and the place phrase read as an object of no relation ("a
    plant sale", "a tailgate party", "a kiosk") is dropped: it is the place, not a thing in it.
    Returns the words the place phrase used."""
    match = find_feature(world, book, words)
    if match is None:
        return set()
    for entity in list(world.entities.values()):
        sense = match.feature.senses.get(entity.category)
        if sense is not None:
            entity.category, entity.description = sense, entity.description.replace(entity.category, sense)
            entity.roles = world.vocab.roles(sense) if world.vocab is not None else entity.roles
    placed = {a for rel in world.relations for a in rel.args}
    phrase = " ".join(words[match.start:match.end + (1 if match.head else 0)])
    for entity in list(world.entities.values()):
        itself = phrase.endswith(entity.category) or entity.category.endswith(phrase) \
            or (bool(match.head) and entity.category.split()[0] == match.head)
        if entity.id not in placed and entity.sentence == 0 and itself:
            world.forget(entity.id)
    return set(words[match.start:match.end + 1])


def forget_setting(world: World, words: Sequence[str]) -> set[str]:
    """"A phone repair kiosk in a shopping mall", "a hot dog stand outside the football stadium": the
    place after a structure's head (a kiosk, a stall, a stand) and a setting preposition is where it
    stands, no object, when the knowledge base knows no such thing (it would be a labelled box);
    returns the words of the setting it read (those of a scene it names too: "at the train station")."""
    features, kb = load_features(), load_knowledge()
    at = next((i for i, w in enumerate(words[:MAX_START + 3]) if w in features.structure_heads), None)
    if at is None or at + 1 >= len(words) or words[at + 1] not in features.setting_prepositions:
        return set()
    rest, used = " ".join(words[at + 2:at + 2 + SETTING_WORDS]), set()
    for entity in list(world.entities.values()):
        if entity.sentence == 0 and f" {entity.category}" in f" {rest}" and kb.lookup(entity.category) is None:
            world.relations[:] = [r for r in world.relations if entity.id not in r.args]
            world.forget(entity.id)
            used |= set(entity.category.split())
    return used | {w for scene in world.scenes if f" {scene}" in f" {rest}" for w in scene.split()}
