"""Buildings seen from outside (issue 14, the paper's queries): a noun that names both a room
type and a building ("a bakery", "a temple", "a bookshop") is the room the scene is inside,
unless the text sets it outdoors: beside another such building ("a bakery next door to a
bookshop") or with open ground or an outdoor scene around it ("an ancient temple deep in the
jungle"). Then the noun is an object, named ``<noun> building`` (drawn as a building; no
archetype furnishes its inside), and the scene is the ground it stands on. A text that names
furniture only a room has ("a bakery on a busy street with a counter and two tables") or goes
*in* the building ("a girl in a cafe on the high street") keeps the room.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...assets.phrase import singular, tokens
from ..coding.coder import is_building
from ..reading.lexicon import Vocabulary, load_lexicon
from .indoor_outdoor import determiners, load_setting_words
from .indoor_scene import is_indoor_scene

MIN_STEM = 3  # a closed compound's first part ("book" + "shop") has at least this many letters


def exterior_buildings(text: str, vocab: Vocabulary) -> frozenset[str]:
    """The room-type nouns of ``text`` that are buildings seen from outside (see the module): all
    of them ("a bakery, a butcher and a tea room along the high street") once one is a building."""
    words = tokens(text)
    found = _room_nouns(words, vocab)
    buildings = {name for _, _, name in found if is_building_noun(name)}
    if not buildings:
        return frozenset()
    taken = {i + k for i, n, _ in found for k in range(n)}
    if _room_furniture(words, taken, vocab):
        return frozenset()
    if len(buildings) < 2 and not _outdoors_named(words, taken, vocab):
        return frozenset()
    return frozenset(name for i, _, name in found if not _entered(words, i, vocab))


def is_building_noun(name: str) -> bool:
    """A noun drawn as a building, or a closed compound ending in one ("bookshop": a shop)."""
    return is_building(name) or any(is_building(name[k:]) for k in range(MIN_STEM, len(name) - MIN_STEM + 1)
                                    if " " not in name[k - 1:k + 1])


def _room_nouns(words: Sequence[str], vocab: Vocabulary) -> list[tuple[int, int, str]]:
    """(index, length, name) of each indoor scene noun of ``words`` that is not the first part of
    a name ("a church bench"); of adjacent ones the last, the head ("a bookstore cafe": the cafe)."""
    i = 0
    out: list[tuple[int, int, str]] = []
    while i < len(words):
        for n in (3, 2, 1):
            name = " ".join(words[i:i + n])
            if (len(words[i:i + n]) == n and is_indoor_scene(vocab.lexicon, name)
                    and " ".join(words[i:i + n + 1]) not in vocab.names):
                if out and out[-1][0] + out[-1][1] == i:
                    out.pop()  # "bookstore cafe": a kind of cafe
                out.append((i, n, name))
                i += n - 1
                break
        i += 1
    return out


def _outdoors_named(words: Sequence[str], taken: set[int], vocab: Vocabulary) -> bool:
    """Whether an outdoor scene noun, a ground noun or a strong outdoor word stands outside the
    buildings' names, and not as the first word of a compound ("a terrace door")."""
    table = load_setting_words()
    outdoor = {tuple(tokens(n)) for n, kind in vocab.lexicon.scene_nouns.items() if kind == "outdoor"}
    phrases = outdoor | set(table.ground) | set(table.strong["outdoor"])
    for i in range(len(words)):
        if words[i] in vocab.lexicon.imperative_nouns and i + 1 < len(words) and words[i + 1] in determiners():
            continue  # "Park a car in the garage": a verb
        for phrase in (p for p in phrases if tuple(words[i:i + len(p)]) == p):
            span = set(range(i, i + len(phrase)))
            after = words[i + len(phrase)] if i + len(phrase) < len(words) else ""
            if not span & taken and not (after and vocab.is_noun(after)):
                return True
    return False


def _room_furniture(words: Sequence[str], taken: set[int], vocab: Vocabulary) -> bool:
    """Whether the text names a thing only a room has (the catalog's indoor-only things: a counter,
    a sofa, a bookshelf), outside the buildings' names."""
    for i in (k for k in range(len(words)) if k not in taken):
        for n in (3, 2, 1):
            name = " ".join([*words[i:i + n - 1], singular(words[min(i + n, len(words)) - 1])])
            entry = vocab.catalog.entry(name) if len(words[i:i + n]) == n else None
            if entry is not None and entry.indoor and not entry.outdoor:
                return True
    return False


def _entered(words: Sequence[str], at: int, vocab: Vocabulary) -> bool:
    """Whether the building at ``at`` is gone into ("in a cafe", "inside the old temple")."""
    k = at - 1
    while k >= 0 and (words[k] in vocab.lexicon.determiners or vocab.looks_adjective(words[k])):
        k -= 1
    return k >= 0 and words[k] in (*load_lexicon().word_lists["inside_words"], "into") and at - k <= 3
