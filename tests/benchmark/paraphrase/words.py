"""Word data the paraphrase transforms read: taken from the reader's own lexicon and object knowledge
base where they say it (number words, relation phrases and their kinds, determiners, finite verbs,
synonyms), so a transform never invents a meaning the product does not already give those words.

Sentences are cut at a full stop, "!" or "?" followed by a capital; words are runs of letters,
digits, apostrophes and hyphens (the text between them is kept as it is).
"""

from __future__ import annotations

import functools
import json
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from setdresser.blender_addon.core.assets.catalog import load_catalog
from setdresser.blender_addon.core.assets.phrase import IRREGULAR_PLURALS, normalise, plural, singular
from setdresser.blender_addon.core.knowledge.archetypes import load_archetypes
from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline.inference.figures import people_only
from setdresser.blender_addon.core.offline.reading.lexicon import Lexicon, load_lexicon

INDEX_PATH = Path(__file__).resolve().parents[3] / "assets_index" / "procedural.json"
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'])")
WORD = re.compile(r"[A-Za-z0-9'\-]+")
# Subject pronouns and words that point back at something said before: a sentence holding one
# depends on the one before it (reordering is skipped).
BACK_REFERENCES = frozenset(
    "it its it's them they their theirs this that these those one ones another other others same both "
    "also then too next there here each either he she his her him".split())
# Room-level things every prompt may call "the ..." without having introduced them.
ROOM_WORDS = frozenset(
    "room wall walls corner corners window windows door doors floor ceiling middle center centre "
    "north south east west left right front back side entrance space area".split())
# Base verbs that start an instruction to place something ("Put a desk ...").
PLACING_VERBS = ("put", "place", "add", "set", "position", "stand", "hang", "mount", "lay", "leave")
# Verbs of position after a subject ("A lamp stands on the desk"); "is"/"are" first.
POSITION_VERBS = ("is", "are", "stands", "stand", "sits", "sit", "lies", "lie", "rests", "rest",
                  "hangs", "hang")


@dataclass(frozen=True)
class Words:
    """The lexicon's word classes the transforms need, lower-case."""

    numbers: dict[str, int]            # "three" -> 3 (one .. twenty)
    determiners: frozenset[str]        # single-word determiners and counts that open a noun phrase
    relation_groups: dict[str, tuple[str, ...]]  # a relation phrase -> the phrases with its exact reading
    prepositions: tuple[str, ...]      # relation phrases that may open a place phrase, longest first
    noun_synonyms: dict[str, str]      # a name -> the name it is swapped for (same category)
    kinds: dict[str, str]              # a relation phrase -> its relation kind
    units: frozenset[str]              # unit words ("m", "metres", "feet")

    def relation_kind(self, phrase: str) -> str:
        """The relation kind the lexicon reads ``phrase`` as ("" when none)."""
        return self.kinds.get(phrase, "")


@functools.lru_cache(maxsize=1)
def words() -> Words:
    """The word data, read once."""
    lex = load_lexicon()
    numbers = {w: n for w, n in lex.numbers.items() if 1 <= n <= 20}
    dets = {d for d in lex.determiners if " " not in d} | set(numbers) | {"some", "several", "few"}
    groups: dict[str, list[str]] = defaultdict(list)
    for phrase, (kind, params) in lex.relation_phrases.items():
        groups[repr((kind, sorted(params.items())))].append(phrase)
    relation_groups = {p: tuple(g) for g in groups.values() for p in g}
    preps = sorted(lex.relation_phrases, key=lambda p: (-len(p.split()), p))
    return Words(numbers=numbers, determiners=frozenset(dets), relation_groups=relation_groups,
                 prepositions=tuple(preps), noun_synonyms=_noun_synonyms(lex),
                 kinds={p: k for p, (k, _) in lex.relation_phrases.items()}, units=frozenset(lex.units))


def _noun_synonyms(lex: Lexicon) -> dict[str, str]:
    """Names mapped to their category's name where two independent sources agree that they name
    it: the object knowledge base and the procedural asset index both list the synonym under that
    category ("couch" -> "sofa", "carpet" -> "rug"; one way only, the other would often name a kind
    of it: "tree" -> "oak"); and the lexicon's mutual aliases both ways ("fridge" <-> "refrigerator").
    Left out (:func:`_plain_synonym`): names that say more than their category or are read as
    something else. Plural forms map to plural forms."""
    index: set[tuple[str, str]] = set()
    for entry in json.loads(INDEX_PATH.read_text(encoding="utf-8"))["entries"]:
        index.update((normalise(entry["category"]), normalise(s)) for s in entry["synonyms"])
    owners: dict[str, set[str]] = defaultdict(set)
    for facts in load_knowledge().all_facts():
        for name in (facts.category, *facts.synonyms):
            owners[normalise(name)].add(facts.category)
    swap: dict[str, str] = {}
    for facts in load_knowledge().all_facts():
        for syn in map(normalise, facts.synonyms):
            if (facts.category, syn) in index and len(owners[syn]) == 1 and _plain_synonym(syn, facts.category, lex):
                swap.setdefault(syn, facts.category)
    for word, others in lex.aliases.items():
        mutual = [other for other in others if word in lex.aliases.get(other, ())]
        if mutual:
            swap.setdefault(word, mutual[0])
    plurals = {one: many for many, one in IRREGULAR_PLURALS.items()}
    swap.update({plurals.get(k, plural(k)): plurals.get(v, plural(v)) for k, v in list(swap.items())
                 if singular(k) == k and singular(v) == v and plural(k) not in swap})
    return swap


def _plain_synonym(syn: str, category: str, lex: Lexicon) -> bool:
    """Whether ``syn`` may stand for ``category`` in any sentence: not a spelling of it, not a
    plural ("people"), not a scene, room, building or setting word ("home", "street", "moon": they
    pick the room or the ground), not a material ("stone", "oak"), not a word the lexicon reads as
    several things ("screen"), not a person's kind ("girl" -> "child": the room's archetype reads
    it), and without a describing or naming word of its own ("long table", "computer desk")."""
    book, catalog = load_archetypes(), load_catalog()
    places = set(lex.scene_nouns) | set(lex.location_nouns) | set(book.by_name) | set(book.room_heads) \
        | set(lex.aliases.get("building", ())) | {w for f in lex.fillers for w in f.split()}
    words_ = syn.split()
    return not (syn.replace(" ", "") == category.replace(" ", "") or singular(syn) != syn
                or {syn, category, *words_} & places or catalog.is_material(syn) or catalog.is_finish(syn)
                or len(lex.aliases.get(syn, ())) > 1 or people_only([category])
                or any(load_knowledge().lookup(w) is not None or catalog.is_adjective(w) or w in lex.adjectives
                       for w in words_[:-1]))


def sentences(text: str) -> list[str]:
    """The text's sentences, each with its end mark."""
    return [s for s in SENTENCE_END.split(text.strip()) if s]


def lower_words(text: str) -> list[str]:
    """The words of ``text``, lower-case."""
    return [w.lower() for w in WORD.findall(text)]


def capital(text: str) -> str:
    """``text`` with its first letter upper-case."""
    return text[:1].upper() + text[1:]


def uncapital(text: str) -> str:
    """``text`` with its first letter lower-case unless the first word is "I" or all capitals."""
    first = text.split(" ", 1)[0]
    if first in ("I", "I'd", "I'm") or (len(first) > 1 and first.isupper()):
        return text
    return text[:1].lower() + text[1:]


def place_phrase_at(words_: list[str], i: int) -> str | None:
    """The relation phrase (longest) that starts at word ``i`` and says where a thing is (not "of",
    "from"; not the "by" of "side by side" or "3 by 3"), if any."""
    for phrase in words().prepositions:
        n = len(phrase.split())
        if " ".join(words_[i:i + n]) == phrase:
            if words().relation_kind(phrase) in ("of", "from"):
                return None
            if i > 0 and phrase == "by" and i + 1 < len(words_) and (
                    words_[i + 1] == words_[i - 1] or words_[i + 1].isdigit() or words_[i + 1] in words().numbers):
                return None
            return phrase
    return None


def names_thing(phrase: str) -> bool:
    """Whether a noun phrase without its determiner ("small round table") names a known thing."""
    return bool(phrase.strip()) and load_knowledge().lookup(phrase) is not None
