"""Noun phrases: "two small wooden nightstands" -> count 2, hints (small, wooden), category
"nightstand"; "the back left corner" -> a place in the room, corner "nw".

A noun phrase is a run of determiner/count/collective/size tokens and words. Its head is
the last word that names something (the catalog's names, the lexicon's extra nouns, scene
and location nouns); adjectives before it become hints, other words before it make a
compound name ("gaming chair"). English compounds end in their head, so plain words after
a known name make a longer name ("a drum kit", "a bird bath"); other words after the head
were not understood: they are kept as ``leftover`` so the planner can report them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...assets.phrase import singular
from .lexicon import Vocabulary, compound_scene
from ..setting.indoor_outdoor import EXTERIOR_SUFFIX
from .closed_words import word_set
from .tokens import Token

NP_KINDS = frozenset({"WORD", "NOUN", "DET", "COUNT", "ORD", "COLLECT", "SIZE"})
OTHER_SHAPED = "_other"  # "both long walls": "long" and "long_other", the one across (room_coder.shaped_walls)
SIDE_WALLS = ("west", "east")  # "the two side walls": the walls beside the view (the camera looks north)
ALTERNATE = word_set("alternate_determiners")  # "every other table": every second one of them
VAGUE_COUNTS = word_set("vague_counts")  # "a few", "several": no exact number
EACH_OF_TWO = frozenset({"each", "every"})  # "each long wall": of a pair of walls, both


@dataclass
class NounPhrase:
    """One parsed noun phrase.

    ``kind`` is "asset" (an object to place), "nonobject" (a direction, shape or purpose:
    reported, never placed), "part" (a part standing for its object: "its headboard"),
    "scene" ("a bedroom"), "location" (a wall,
    corner, the middle, the floor, a window, a door) or "ellipsis" (a bare count standing
    for objects named before: "three on each side"); ``count`` is None when not said.
    """

    text: str
    head: str
    kind: str = "asset"
    count: int | None = None
    plural: bool = False
    determiner: str = ""
    ordinal: int | None = None
    collective: str = ""
    collective_params: dict[str, Any] = field(default_factory=dict)
    hints: tuple[str, ...] = ()
    description: str = ""
    height: float | None = None
    size: dict[str, Any] = field(default_factory=dict)  # stated sides: {"length": 2.0} (core/stated_size.py)
    location: str | None = None
    side: str | None = None
    leftover: list[str] = field(default_factory=list)
    count_mode: str | None = None  # "exactly" / "at_least": "exactly two chairs at the desk"
    many: bool = False  # an uncounted plural word said so: "a flock of sheep", "a group of deer"
    per_each: bool = False  # "with two monitors each": the count is for each of the host's objects
    alternate: bool = False  # "every other table": every second one of the tables the phrase refers to
    vague: bool = False  # "a few tables", "several": a count that is no exact number
    per_host: NounPhrase | None = None  # "two chairs per table": the objects each have that many
    contents: NounPhrase | None = None  # "a plate of cookies": what the holder holds, objects of their own
    partitive: bool = False  # "three of them": a part of the objects named before
    more: bool = False  # "two more (chairs)": new ones, besides those named
    mount: str | None = None  # "a wall-mounted TV": "wall", it hangs
    shares: int | None = None  # "two on each long side" (of six named): how many of them the count takes
    walls: tuple[str, ...] = ()  # "the east and west walls" (.joined_walls): the walls a wall phrase names

    @property
    def definite(self) -> bool:
        """Whether the phrase refers back to objects ("the desk", "each lamp", "both beds")."""
        return self.determiner in ("definite", "each", "all", "both", "one")

    @property
    def added_ordinal(self) -> bool:
        """"Add a third armchair", "a second chair": an ordinal after "a" counts a new object on."""
        return self.determiner == "indefinite" and (self.ordinal or 0) > 1


def starts_new_phrase(token: Token) -> bool:
    """Whether ``token`` opens a noun phrase (so a run of words before it is complete)."""
    return token.kind in ("DET", "COUNT", "COLLECT", "ORD")


def parse_noun_phrase(tokens: list[Token], vocab: Vocabulary, *, verb_may_follow: bool = False) -> NounPhrase | None:
    """Parse a run of noun-phrase tokens; None when it names nothing (no head noun, no article).
    ``verb_may_follow``: another noun phrase comes right after, so a word after the head is
    more likely a verb ("the lamp illuminates the desk") than the end of a compound."""
    np = NounPhrase(text=" ".join(t.text for t in tokens), head="")
    content = _take_quantities(np, tokens)
    breaks = vocab.lexicon.phrase_breaks | set(vocab.lexicon.scene_prepositions)
    cut = next((k for k, t in enumerate(content) if (k or np.count is not None) and t.kind == "WORD"
                and t.text in breaks), len(content))  # "a breakfast for", "a table outside", "one for"
    cut = _contact_clause(content[:cut], vocab) if np.determiner or np.count is not None else cut
    content, broken = content[:cut], [t.text for t in content[cut:]]
    if not content and np.count is not None and not np.determiner and not np.collective:
        np.kind, np.leftover = "ellipsis", broken  # "six chairs, three on each side": the count stands for them
        return np
    if _described_count(np, content, vocab, colours_only=True):
        return np  # "two red and one green": a colour, not a village green
    head_at = _head_index(content, vocab)
    if head_at is None:
        if not content or not (np.determiner or np.count or np.collective or _bare_plural(content[-1].text, vocab)):
            return None
        if _described_count(np, content, vocab):
            return np  # "four of them white and two blue": the next two of them, blue
        last = content[-1].text
        if vocab.is_listed_adjective(last) and last not in vocab.lexicon.part_nouns \
                and singular(last) not in vocab.lexicon.adjective_nouns:
            return None  # "a little" before a verb: an adjective names no object (reported, never a box);
            # but "a remote", "an iron": a known thing's name that is also an adjective ends the phrase
        head_at = len(content) - 1  # an unknown noun after an article ("a zorb") or plural ("presents")
    elif not verb_may_follow and _compound_tail(content[head_at + 1:], vocab) and not _opening(content[head_at], vocab):
        head_at = len(content) - 1  # "a bench press": the known "bench" only modifies the head
    np.leftover = [t.text for t in content[head_at + 1:]] + broken
    _fill_head(np, content[:head_at], content[head_at], vocab)
    return np


def _take_quantities(np: NounPhrase, tokens: list[Token]) -> list[Token]:
    """Set the phrase's determiner, count, ordinal, collective and height from its tokens;
    returns the other (content) tokens."""
    content: list[Token] = []
    for token in tokens:
        if token.kind == "DET" and token.value == "count_mode":
            np.count_mode = str(token.params["mode"])  # "exactly two chairs"
        elif token.kind == "DET":
            np.determiner = np.determiner if np.determiner and token.value == "indefinite" else str(token.value)
            np.alternate = np.alternate or token.text in ALTERNATE  # "every other table"
        elif token.kind == "COUNT":
            if token.value:
                _add_count(np, int(token.value))
            np.many = np.many or not token.value  # "a herd of", "a group of": several, however many
            np.vague = np.vague or token.text in VAGUE_COUNTS
            np.more = np.more or bool(token.params.get("more"))
        elif token.kind == "ORD":
            np.ordinal = int(token.value)
        elif token.kind == "COLLECT":
            np.collective, np.collective_params = str(token.value), dict(token.params)
        elif token.kind == "SIZE":
            if token.params.get("dimension") == "height":
                np.height = float(token.value)
            else:  # "a shelf 2 m long", "a rug 3 by 2 metres": that side (core/stated_size.py)
                np.size[str(token.params.get("dimension"))] = token.params.get("sides") or float(token.value)
        else:
            content.append(token)
    return content


def _compound_tail(tail: list[Token], vocab: Vocabulary) -> bool:
    """Whether the words after a known name finish a compound noun: plain words, no adjectives, no
    particles or place adverbs ("fresh bread out of the oven", "her shoes backstage"), and of two or
    more the last one a thing's shape draws ("a bike repair stand"; "a surfboard stuck upright": what
    the surfboard does, no name)."""
    from ...assets.families import load_families  # (the reader asks the shapes; no cycle at import)

    never = vocab.lexicon.verb_words["particles"] | vocab.lexicon.verb_words["place_adverbs"]
    if len(tail) > 1 and load_families().of(singular(tail[-1].text)) is None:
        return False
    return bool(tail) and all(t.kind == "WORD" and t.text.isalpha() and len(t.text) > 2
                              and not vocab.looks_adjective(t.text) and not t.text.endswith("ly")
                              and t.text not in never for t in tail)


def _opening(token: Token, vocab: Vocabulary) -> bool:
    """Whether the word names a door or window: words after it never make it an object ("the door free")."""
    return vocab.lexicon.location_nouns.get(singular(token.text)) in ("door", "window")


def _bare_plural(word: str, vocab: Vocabulary) -> bool:
    return len(word) > 3 and singular(word) != word and not vocab.looks_adjective(word)


def _bare_invariant(np: NounPhrase, word: str, invariant: frozenset[str]) -> bool:
    """"coral and fish", "sheep grazing": a noun whose plural is its singular, with no article
    or count, is several (a bare singular of a countable noun is not English)."""
    return word in invariant and not np.determiner and np.count is None and not np.collective


def _add_count(np: NounPhrase, value: int) -> None:
    if np.collective == "grid" and np.collective_params.get("rows") and not np.collective_params.get("cols"):
        np.collective_params["cols"] = value  # "three rows of five chairs"
    elif np.count is None:
        np.count = value


def _head_index(content: list[Token], vocab: Vocabulary) -> int | None:
    for i in range(len(content) - 1, -1, -1):
        token = content[i]
        if token.kind == "NOUN" or vocab.is_noun(token.text):
            return i
    return None


def _contact_clause(content: list[Token], vocab: Vocabulary) -> int:
    """Where a contact relative clause opened by a negation word begins ("a piano nobody plays", "an
    oven nobody cleans": the thing, and "nobody ..." reported); the whole run when there is none.
    Only after an article or a count (not "make sure nothing ..."); a negation with only describing
    words before it is the phrase's head ("absolutely nothing")."""
    negations = vocab.lexicon.negations
    return next((k for k, t in enumerate(content) if t.text in negations
                 and any(_names_before(w, vocab) for w in content[:k])), len(content))


def _names_before(token: Token, vocab: Vocabulary) -> bool:
    """Whether a word before a negation names the thing (a noun, known or not), not how little
    there is ("absolutely nothing")."""
    return token.kind == "NOUN" or (token.text.isalpha() and not vocab.looks_adjective(token.text)
                                    and not token.text.endswith("ly"))


def _fill_head(np: NounPhrase, modifiers: list[Token], head: Token, vocab: Vocabulary) -> None:
    lex = vocab.lexicon
    words = head.text.split()
    at = 0 if head.kind == "NOUN" and "of" in words[1:-1] else len(words) - 1  # "chests of drawers": the first
    last = singular(words[at])
    np.plural = ((last != words[at] or np.determiner in ("all", "both") or (np.count or 1) > 1 or np.many
                  or _bare_invariant(np, words[-1], lex.invariant_plurals)) and np.determiner != "one")
    name = " ".join(words[:at] + [last] + words[at + 1:])
    mod_words = [t.text for t in modifiers]
    unit = _unit_plural(np, mod_words, head.text, lex.unit_plurals)
    if unit is not None:  # "bunk beds", "drums": one bunk bed, one drum kit
        np.plural, name, mod_words = False, lex.unit_plurals[unit], mod_words[:len(mod_words) + 1 - len(unit.split())]
    if name in vocab.exterior or head.text in vocab.exterior:  # "a temple deep in the jungle": its building
        _fill_object(np, name + EXTERIOR_SUFFIX, mod_words, vocab)
    elif not _names_no_object(np, name, words, head, modifiers, vocab):
        _fill_object(np, name, mod_words, vocab)


def _described_count(np: NounPhrase, content: list[Token], vocab: Vocabulary, colours_only: bool = False) -> bool:
    """"two blue", "four white": a bare count with only colour, material or other adjective words
    (``colours_only``: colour and material words, read before any noun sense of them) stands for
    that many of the objects named before, described so (an ellipsis with hints)."""
    words = [t.text for t in content]
    if np.count is None or np.determiner or np.collective or not words or any(t.kind == "NOUN" for t in content):
        return False  # a known name is a noun, whatever colour or material words it holds ("two ice cream carts")
    finish, tones = vocab.catalog.finish, vocab.lexicon.colour_tones
    if not all(finish([w]) is not None or w in tones or (not colours_only and vocab.is_listed_adjective(w))
               for w in words):
        return False
    np.kind, np.hints = "ellipsis", tuple(words)
    return True


def _unit_plural(np: NounPhrase, mod_words: list[str], head: str, units: dict[str, str]) -> str | None:
    """The plural name of one object ("bunk beds", "drums") an uncounted phrase ends with, or None."""
    if not np.plural or np.count is not None or np.determiner in ("all", "both") or np.many:
        return None
    said = " ".join([*mod_words, head])
    return next((u for u in units if said == u or said.endswith(" " + u)), None)


def _names_no_object(np: NounPhrase, name: str, words: list[str], head: Token, modifiers: list[Token],
                     vocab: Vocabulary) -> bool:
    """Fill a head that names no object (a location, zone, scene, nothing, a non-object or a
    part of one); False for an object's head."""
    lex = vocab.lexicon
    mod_words = [t.text for t in modifiers]
    if name in lex.location_nouns or (words[-1] in lex.location_nouns and not _standing_thing(name, vocab)):
        np.kind, np.location = "location", lex.location_nouns.get(name, lex.location_nouns.get(words[-1]))
        other = ["other"] if np.determiner == "other" else []  # "the other side wall": across from the last
        relative = _relative_wall(mod_words + name.split() + other, np.location, lex)
        side = _side(mod_words, np.location, vocab)
        pair = np.plural or np.determiner in EACH_OF_TWO  # "each long wall": both of them
        np.side = relative or (None if pair and "side" in mod_words else side)  # "both side walls": spread
        np.walls = _walls(mod_words, np.location, lex, pair) or _opposite_pair(mod_words + words, np)
        np.side = None if np.walls else np.side  # "the east and west walls": both, no one side
        np.head = name
        np.hints = tuple(w for w in mod_words if vocab.looks_adjective(w) and w not in lex.wall_sides)
        return True
    if (name in lex.zone_nouns and np.determiner == "definite") or singular(name) in lex.free_space_nouns:
        np.kind, np.head = "zone", name  # "the area in front of the door": the door's zone, never an object
        return True
    occasion = name in vocab.occasions  # "a picnic by the lake": the occasion's things, by the lake
    if not occasion and (name in lex.scene_nouns or head.text in lex.scene_nouns
                         or (not vocab.match(name).known and compound_scene(head.text, lex.scene_nouns))):
        np.kind, np.head = "scene", name
        return True
    if name in lex.negations:
        np.kind, np.head = "nothing", name  # "nothing on the desk": a none_of, no object
        return True
    if np.determiner == "no":  # "no chair in front of the door": a negation over chairs, no object
        np.kind, np.head = "nothing", " ".join([t.text for t in modifiers if not vocab.looks_adjective(t.text)]
                                                + [name])
        return True
    if not vocab.match(name).known and not occasion and (name in lex.not_objects or words[-1] in lex.not_objects
                                        or " ".join(mod_words[-1:] + [name]) in lex.not_objects):
        np.kind, np.head = "nonobject", name  # "the other direction", "an L shape": never an object
        return True
    possessive = np.text.split()[:1] in (["its"], ["their"])
    if name in lex.part_nouns and (possessive or not vocab.match(name).known):
        np.kind, np.head = "part", name  # "its headboard": the bed itself
        return True
    return False


def _standing_thing(name: str, vocab: Vocabulary) -> bool:
    """Whether a name of two or more words ending in a place word is a thing that stands in the scene
    ("a climbing wall", "a stone wall" in a garden, issue 14): a known name, not a patch of ground."""
    from ...knowledge.objects import load_knowledge  # (offline reads the knowledge base; no cycle at import)

    if len(name.split()) < 2 or name not in vocab.names:
        return False
    facts = load_knowledge().lookup(name)
    return facts is None or not facts.flat


def _fill_object(np: NounPhrase, name: str, mod_words: list[str], vocab: Vocabulary) -> None:
    """Fill an object's head: its count for a pair, its mount, hints, compound head and description."""
    lex = vocab.lexicon
    if np.plural and np.count is None and not np.determiner and set(mod_words) & lex.pair_adjectives:
        np.count = 2  # "twin beds", "twin sinks"
    if set(mod_words) & lex.mount_adjectives:  # "a wall-mounted TV": hung, and named a TV
        np.mount, mod_words = "wall", [w for w in mod_words if w not in lex.mount_adjectives]
    hints = [lex.number_compounds.get(w, vocab.adjective_base(w)) for w in mod_words  # "two_seater": compact
             if vocab.looks_adjective(w)]  # "the larger one": large
    compound = [w for w in mod_words if not vocab.looks_adjective(w)]
    np.hints = tuple(dict.fromkeys(hints))
    np.head = " ".join(compound + [name])
    np.description = " ".join(mod_words + [name])


def _side(words: list[str], location: str | None, vocab: Vocabulary) -> str | None:
    lex = vocab.lexicon
    joined = " ".join(words)
    if location == "corner":
        for name, corner in sorted(lex.corner_names.items(), key=lambda kv: -len(kv[0])):
            if name in joined.split() or f" {name} " in f" {joined} ":
                return corner
        return None
    if location in ("wall", "side"):
        for word in words:
            if word in lex.wall_sides:
                return lex.wall_sides[word]
    if location == "wall":  # "the long wall": a side once the room's size is known
        return next((lex.wall_shapes[w] for w in words if w in lex.wall_shapes), None)
    if location in ("door", "window"):  # "the east window": its wall ("the front door" is a kind of door)
        return next((lex.wall_sides[w] for w in words if w in lex.wall_sides and w.startswith(lex.wall_sides[w])),
                    None)
    return None


def _walls(words: list[str], location: str | None, lex: Any, plural: bool) -> tuple[str, ...]:
    """The walls of a phrase naming two or more: "the east and west walls" (:mod:`.joined_walls`),
    "both long walls" (the long wall and the one across, ``long_other``: room_coder.shaped_walls),
    "the two side walls" (west and east, beside the view)."""
    if location != "wall":
        return ()
    sides = tuple(dict.fromkeys(lex.wall_sides[w] for w in words if w in lex.wall_sides))
    if len(sides) > 1:
        return sides
    shape = next((lex.wall_shapes[w] for w in words if w in lex.wall_shapes), None)
    if plural and shape is not None and not sides:
        return shape, f"{shape}{OTHER_SHAPED}"
    return SIDE_WALLS if plural and words[-1:] == ["side"] else ()


def _opposite_pair(words: list[str], np: NounPhrase) -> tuple[str, ...]:
    """"Against opposite walls": two walls across from each other (the long pair), not the walls
    in turn nor the one across from a wall named before."""
    pair = np.plural and np.location == "wall" and "opposite" in words
    return ("long", f"long{OTHER_SHAPED}") if pair else ()


def _relative_wall(words: list[str], location: str | None, lex: Any) -> str | None:
    """"the opposite wall", "the same wall": a wall named by the one the text spoke of before
    ("opposite" / "same", resolved by :func:`.clause.place_side`); None for any other wall. A
    corner likewise ("the opposite corner", "the far corner"), unless it is named ("the far left corner")."""
    if location == "corner" and not any(f" {name} " in f" {' '.join(words)} " for name in lex.corner_names):
        return next((lex.relative_corners[w] for w in words if w in lex.relative_corners), None)
    if location != "wall":
        return None
    return next((lex.relative_walls[w] for w in words if w in lex.relative_walls), None)
