"""Indoors or outdoors: which the prompt's scene is, and why (issue 13: rooms that are rooms).

Read in this order, the first that speaks decides:

1. a *strong* setting word anywhere ("an outdoor cafe", "an indoor garden", "dinner under the
   stars");
2. the scene the text names first, read as the head of its noun phrase: the longest scene name
   at each word, and of a run of scene names the last ("a cafe terrace": the terrace, outdoors;
   "a forest cabin": the cabin, indoors; "a campsite by a lake": the campsite); a *weak* setting
   word before it decides instead ("a bench outside the cafe": outdoors);
3. nouns of the open ground ("two tents by a lake", "trees along the road"), not as the first
   word of an object's name ("a beach ball");
4. most objects belong outdoors only (:func:`object_leaning`: people and animals stand anywhere
   and are not counted: "an old man feeding pigeons from a park bench" is outdoors by its bench);
5. else a room.

The words are data (``setting.json``); :func:`decide_setting` is pure and deterministic.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...assets.catalog import Catalog
from ...assets.phrase import normalise, singular, tokens
from ...datafiles import read_document, read_only_cache
from ...knowledge.archetypes import load_archetypes
from ...knowledge.objects import load_knowledge
from ..reading.lexicon import compound_scene, load_lexicon
from ..reading.roomsize import room_shape_at

SETTING_PATH = Path(__file__).with_name("setting.json")
SETTING_SCHEMA = "setdresser.setting_words/1"
KINDS = ("indoor", "outdoor")
# a room-type noun seen from outside ("a bakery building": core/offline/setting/exterior.py)
EXTERIOR_SUFFIX = " building"


def determiners() -> frozenset[str]:
    """The words before a noun: the lexicon's articles, demonstratives and possessives."""
    lists = load_lexicon().word_lists
    return frozenset((*lists["articles"], *lists["demonstratives"], *lists["possessives"]))


@dataclass(frozen=True)
class Setting:
    """The decision: ``kind`` (indoor | outdoor) and the words that made it (``reason``)."""

    kind: str
    reason: str
    ground: str | None = None  # outdoors: the ground's finish by the scene ("sand" on a beach), else grass

    def to_dict(self) -> dict[str, str]:
        """``{"kind", "reason"}`` (and ``ground`` when set) as the scene graph's ``room.setting`` carries it."""
        return {"kind": self.kind, "reason": self.reason} | ({"ground": self.ground} if self.ground else {})


@dataclass(frozen=True)
class SettingWords:
    """The data of ``setting.json``: phrases (token tuples) by kind, ground nouns."""

    strong: dict[str, tuple[tuple[str, ...], ...]]
    weak: dict[str, tuple[tuple[str, ...], ...]]
    ground: frozenset[tuple[str, ...]]
    outdoor_share: float
    grounds: dict[str, tuple[tuple[float, float, float], frozenset[str]]]  # finish -> (rgb, scene names)
    water: frozenset[str] = frozenset()  # ground-feature categories: water bodies
    shore: frozenset[str] = frozenset()  # and the sandy patches that lie by them
    edge_water: frozenset[str] = frozenset()  # water at the scene's far edge (the sea)
    floating: frozenset[str] = frozenset()  # boats: on the water unless the text sets them elsewhere
    fire_safety: tuple[frozenset[str], frozenset[str], float, float] = (frozenset(), frozenset(), 0.0, 0.0)
    neutral_families: frozenset[str] = frozenset()  # knowledge-base families that belong anywhere
    waterside: frozenset[str] = frozenset()  # structures that stand at the water (a pier): a sea when none is named
    theme_words: frozenset[str] = frozenset()  # "a jungle-themed playroom": the scene word before one is a theme


@read_only_cache(maxsize=1)
def load_setting_words() -> SettingWords:
    """The bundled setting words (cached); a bad file names what is wrong."""
    data = read_document(SETTING_PATH, SETTING_SCHEMA)
    for part in ("strong", "weak"):
        if set(data.get(part, {})) - set(KINDS):
            raise ValueError(f"{SETTING_PATH}: '{part}' keys must be among {KINDS}")

    def phrases(part: str) -> dict[str, tuple[tuple[str, ...], ...]]:
        return {k: tuple(tuple(tokens(p)) for p in data[part].get(k, ())) for k in KINDS}

    return SettingWords(strong=phrases("strong"), weak=phrases("weak"),
                        ground=frozenset(tuple(tokens(w)) for w in data["ground"]),
                        outdoor_share=float(data["outdoor_objects_share"]),
                        grounds={name: (tuple(float(c) for c in g["color"]), frozenset(g["scenes"]))  # type: ignore[misc]
                                 for name, g in data.get("ground_finishes", {}).items()},
                        water=frozenset(data.get("water", ())), shore=frozenset(data.get("shore", ())),
                        edge_water=frozenset(data.get("edge_water", ())),
                        floating=frozenset(data.get("floating", ())), fire_safety=_fire_safety(data),
                        neutral_families=frozenset(data.get("neutral_families", ())),
                        waterside=frozenset(data.get("waterside", ())),
                        theme_words=frozenset(data.get("theme_words", ())))


def _fire_safety(data: dict[str, Any]) -> tuple[frozenset[str], frozenset[str], float, float]:
    """(fires, things kept clear of them, least gap, largest gap) of ``setting.json``."""
    raw = data.get("fire_safety", {})
    return (frozenset(raw.get("fires", ())), frozenset(raw.get("keep_clear", ())),
            float(raw.get("min_gap", 0.0)), float(raw.get("max_gap", 0.0)))


def _find(words: Sequence[str], phrase: tuple[str, ...]) -> int | None:
    """The index where ``phrase`` starts in ``words`` (first), or None."""
    n = len(phrase)
    return next((i for i in range(len(words) - n + 1) if tuple(words[i:i + n]) == phrase), None)


def _first_phrase(words: Sequence[str], table: dict[str, tuple[tuple[str, ...], ...]],
                  before: int | None = None) -> tuple[int, str, str] | None:
    """The earliest (index, kind, phrase) of ``table`` in ``words`` (before index ``before``)."""
    found = []
    for kind in KINDS:
        for phrase in table[kind]:
            at = _find(words, phrase)
            if at is not None and (before is None or at < before):
                found.append((at, kind, " ".join(phrase)))
    return min(found) if found else None


def scene_head(words: Sequence[str], catalog: Catalog,
               placed: frozenset[str] = frozenset()) -> tuple[int, str, str] | None:
    """(index, kind, name) of the first scene the text names: the longest scene name at each
    word; of adjacent scene names the last (the head noun). A colour word is no scene ("a green sofa"),
    nor the first word of an object's name ("a beach ball"), nor a name the planner placed as an
    object (``placed``: "a cowboy in front of a saloon" places the saloon building). An outdoor scene
    held in an indoor one gives that one (:func:`held_in`: "a science fair in a school gym")."""
    head, end = _scene_run(words, catalog, placed)
    if head is None:
        return None
    return held_in(words, head, end, catalog, placed) or head


def _scene_run(words: Sequence[str], catalog: Catalog,
               placed: frozenset[str]) -> tuple[tuple[int, str, str] | None, int]:
    """The last scene name of the first run of them (see :func:`scene_head`) and the index after the run."""
    lexicon, names = load_lexicon(), _object_names(catalog)
    scenes, covered = lexicon.scene_nouns, _exterior_words(words, placed)
    i, run = 0, []
    while i < len(words):
        for n in (3, 2, 1) if i not in covered else ():
            name = " ".join(words[i:i + n])
            if n == 1 and name not in names:  # "a cornfield": a field
                name = compound_scene(name, scenes) or name
            verb = name in lexicon.imperative_nouns and i + 1 < len(words) and words[i + 1] in determiners()
            verb = verb or _adjective_use(words, i, n, names)  # "a square table", "the room is square"
            verb = verb or _themed(words, i + n)  # "a jungle-themed playroom": the playroom's theme
            verb = verb or _before_room(words, i, n)  # "a neighbourhood bar": the bar's, indoors
            if (len(words[i:i + n]) == n and name in scenes and (n > 1 or catalog.finish([name]) is None)
                    and not verb and name not in placed  # "Park a car in the garage": a verb
                    and " ".join(words[i:i + n + 1]) not in names):  # "a beach ball": an object
                run.append((i, scenes[name], name))
                i += n
                break
        else:
            if run:
                break
            i += 1
    return (run[-1] if run else None), i


def hosting_scene(words: Sequence[str], catalog: Catalog,
                  placed: frozenset[str] = frozenset()) -> tuple[int, str, str] | None:
    """The indoor scene the text's first (outdoor) scene is held in (:func:`held_in`), else None."""
    head, end = _scene_run(words, catalog, placed)
    return held_in(words, head, end, catalog, placed) if head is not None else None


HOST_WORDS = 4  # words of the place an outdoor scene is held in, at most ("in a big old school gym")


def held_in(words: Sequence[str], head: tuple[int, str, str], end: int, catalog: Catalog,
            placed: frozenset[str] = frozenset()) -> tuple[int, str, str] | None:
    """"A science fair in a school gym", "a flea market in an old warehouse", "a picnic in the living
    room": an outdoor scene (an occasion with no walls of its own) said to be *in* an indoor one
    (``inside_words``, then at most a few describing words before the indoor scene's name) is held
    inside it: the indoor scene (index, kind, name), else None. "A cabin in the woods", "a market in
    the town square": the first scene stays."""
    lexicon = load_lexicon()
    if head[1] != "outdoor" or end >= len(words) or words[end] not in lexicon.word_lists["inside_words"]:
        return None
    rest = list(words[end + 1:end + 1 + HOST_WORDS + 1])
    host, _ = _scene_run(rest, catalog, placed)
    if host is None or host[1] != "indoor":
        return None
    stops = {"with", "and", *lexicon.numbers, *(p.split()[0] for p in lexicon.relation_phrases)}
    if any(w in stops and w not in determiners() for w in rest[:host[0]]):
        return None  # "a market in front of a cafe", "a fair in two halls": no place it is held in
    return end + 1 + host[0], host[1], host[2]


def _adjective_use(words: Sequence[str], i: int, n: int, names: frozenset[str]) -> bool:
    """Whether a one-word scene name that is also an adjective is used as one: before an object's
    name ("a square table") or said of the room ("Make the room square", "a square bedroom")."""
    lexicon = load_lexicon()
    if n != 1 or words[i] not in lexicon.adjectives:
        return False
    after = words[i + 1] if i + 1 < len(words) else ""
    return singular(after) in names or room_shape_at(lexicon, words, i)


def _exterior_words(words: Sequence[str], placed: frozenset[str]) -> set[int]:
    """The indices of the words that name a room noun placed as its building ("a tea room" placed
    as "tea room building": no scene, nor is its "room")."""
    out: set[int] = set()
    for name in (p.removesuffix(EXTERIOR_SUFFIX) for p in placed if p.endswith(EXTERIOR_SUFFIX)):
        phrase = tuple(tokens(name))
        for at in (i for i in range(len(words)) if tuple(words[i:i + len(phrase)]) == phrase):
            out.update(range(at, at + len(phrase)))
    return out


def _ground_noun(words: Sequence[str], catalog: Catalog) -> str | None:
    """The first ground noun of the text that is not the first word of an object's name."""
    ground = load_setting_words().ground
    names = _object_names(catalog)
    heading = _heading_modifiers(words, names)
    for i in range(len(words)):
        for n in (2, 1):
            phrase = tuple(words[i:i + n])
            if len(phrase) == n and phrase in ground and i + n - 1 not in heading:  # "a coral reef with": the reef
                after = words[i + n] if i + n < len(words) else None
                before = " ".join((words[i - 1], *phrase)) if i > 0 else None  # "a kitchen island": a thing
                if (after is None or " ".join((*phrase, after)) not in names) and before not in names \
                        and not _names_room(words, i + n):  # "an ice cream parlour": indoors
                    return " ".join(phrase)
    return None


ROOM_NAME = 3  # the most words of a room name read after a scene noun ("a village *ice cream parlour*")


def _before_room(words: Sequence[str], i: int, n: int) -> bool:
    """Whether the scene name ``words[i:i + n]`` only says where an indoor room after it is ("a
    neighbourhood bar", "a city bar", "a village bakery"): an indoor archetype's name follows it
    and no archetype's name begins with it ("a beach bar", "a street cafe" are their own scenes)."""
    by_name = load_archetypes().by_name
    if any(" ".join(words[i:i + n + k]) in by_name for k in range(1, ROOM_NAME + 1) if i + n + k <= len(words)):
        return False
    return any((arch := by_name.get(" ".join(words[i + n:i + n + k]))) is not None and arch.setting == "indoor"
               for k in range(1, ROOM_NAME + 1) if i + n + k <= len(words)) or _room_noun_after(words, i + n)


def _room_noun_after(words: Sequence[str], at: int) -> bool:
    """Whether the phrase going on at ``at`` ends, within ``ROOM_NAME`` words, in an indoor room
    noun (``room_heads`` the lexicon reads as a scene: "a town council *chamber*", "a village
    dance *class*"), before any determiner or linking word: the scene name before it says where."""
    heads, scenes = load_archetypes().room_heads, load_lexicon().scene_nouns
    stops = determiners() | load_lexicon().phrase_breaks | set(load_lexicon().relation_phrases)
    for word in words[at:at + ROOM_NAME]:
        if word in stops:
            return False
        if heads.get(word) and scenes.get(word) == "indoor" and word not in GENERIC_HEADS:
            return True
    return False


HEADING_WORDS = 5  # words of a heading's name at most ("a remote mountain ski lodge")


def _heading_modifiers(words: Sequence[str], names: frozenset[str]) -> set[int]:
    """The indices of the words before the head of the prompt's heading, a name that is no object
    followed by "with" ("A mountain ski lodge with a fireplace": the lodge's kind, no mountain to
    stand on; :func:`..referents.scene_roles.scene_heading` reads the name as the scene)."""
    lexicon, start = load_lexicon(), 1 if words[:1] and words[0] in determiners() else 0
    end = next((k for k in range(start + 2, min(len(words), start + HEADING_WORDS + 1)) if words[k] == "with"), None)
    if end is None or singular(words[end - 1]) in names or " ".join(words[end - 2:end]) in names:
        return set()
    linking = determiners() | lexicon.phrase_breaks | set(lexicon.numbers) | set(lexicon.relation_phrases)
    return set() if linking & set(words[start:end]) else set(range(start, end - 1))  # "a road at dawn with"


def _themed(words: Sequence[str], at: int) -> bool:
    """Whether the word at ``at`` makes the scene name before it a theme ("a jungle themed playroom")."""
    return at < len(words) and words[at] in load_setting_words().theme_words


ROOM_PHRASE = 3  # words after a ground noun that can still end its noun phrase ("ice cream parlour")
GENERIC_HEADS = frozenset({"space", "area", "place", "interior"})  # "a lake area" is no room


def _names_room(words: Sequence[str], at: int) -> bool:
    """Whether the noun phrase going on at ``at`` ends in a room noun (the archetypes' ``room_heads``)
    before any determiner: a ground noun in it says what the room is for ("an ice cream parlour",
    "a sea view room"), not where the scene stands."""
    heads, stops = load_archetypes().room_heads, determiners()
    for word in words[at:at + ROOM_PHRASE]:
        if word in stops:
            return False
        if heads.get(word) and word not in GENERIC_HEADS:
            return True
    return False


@functools.lru_cache(maxsize=4)
def _object_names(catalog: Catalog) -> frozenset[str]:
    return frozenset(normalise(n) for e in catalog.entries() for n in (e.category, *e.synonyms))


def decide_setting(prompt: str, outdoor_objects: int, objects: int, catalog: Catalog, *,
                   placed: frozenset[str] = frozenset(), buildings: frozenset[str] = frozenset()) -> Setting:
    """Indoor or outdoor for ``prompt`` (see the module docstring); ``outdoor_objects`` of the
    ``objects`` planned belong outdoors only; ``placed``: the planned objects' categories, of which
    ``buildings`` are buildings (a thing said to be *in* one is inside it)."""
    words = tokens(prompt)
    table = load_setting_words()
    strong = _first_phrase(words, table.strong)
    head = scene_head(words, catalog, placed)
    ground = next((g for g, (_, names) in table.grounds.items() if head is not None and head[2] in names), None)
    if strong is not None:
        return Setting(strong[1], f"the words '{strong[2]}'", ground if strong[1] == "outdoor" else None)
    inside = _inside_building(words, buildings)
    if inside is not None:  # "a farmer milking a cow in a barn": the barn's inside
        return Setting("indoor", f"the words 'in {inside}'")
    weak = _first_phrase(words, table.weak, before=head[0] if head else None)
    if weak is not None and not (weak[1] == "indoor" and _preposition(words, weak)):
        return Setting(weak[1], f"the words '{weak[2]}' before any scene")
    outside = _outdoor_part(words, head, catalog) if head is not None and head[1] == "indoor" else None
    if outside is not None:  # "in the ruins of a greek temple": outdoors, among the temple's ruins
        return Setting("outdoor", f"the words '{outside}'")
    if head is not None:
        return Setting(head[1], f"the scene '{head[2]}'", ground if head[1] == "outdoor" else None)
    feature = _ground_noun(words, catalog)
    if feature is not None:  # "a street of shacks": on paving
        paved = next((g for g, (_, names) in table.grounds.items() if feature in names), None)
        return Setting("outdoor", f"the ground feature '{feature}'", paved)
    if outdoor_objects > 0 and outdoor_objects >= table.outdoor_share * objects:
        return Setting("outdoor", f"{outdoor_objects} of {objects} objects belong outdoors")
    return Setting("indoor", "no outdoor word, scene or ground feature: a room")


def object_leaning(category: str, asset: str | None, catalog: Catalog, building: bool = False) -> str | None:
    """Where an object belongs when the objects decide the setting: "outdoor" (only outdoors: a
    tree, a park bench, a fishing rod, a building), "indoor" (anything else that is a thing: a sofa,
    a table), or None for a living being (the knowledge base's ``neutral_families``: a person, a dog,
    a pigeon), which stands anywhere and is not counted; nor is a small thing another carries (the
    knowledge base's ``surface`` mount: marshmallows, a cup go where their carrier is), nor a thing
    neither the catalog nor the knowledge base knows."""
    facts = load_knowledge().lookup(category)
    if facts is not None and (facts.family in load_setting_words().neutral_families or facts.mount == "surface"):
        return None
    entry = catalog.entry(asset) if asset else None
    if entry is not None:
        return "outdoor" if entry.outdoor and not entry.indoor else "indoor"
    if facts is None and not building:
        return None  # "fallen leaves": a thing nothing is known about says nothing of the setting
    return "outdoor" if (facts.outdoor if facts is not None else building) else "indoor"


def ground_colour(name: str | None) -> tuple[float, float, float] | None:
    """The RGB of a ground finish (``Setting.ground``), None for grass or an unknown name."""
    found = load_setting_words().grounds.get(name or "")
    return found[0] if found else None


def _inside_building(words: Sequence[str], buildings: frozenset[str]) -> str | None:
    """The building the text puts things in ("in a barn", "inside the old mill"): a building's name
    after "in" / "inside" / "within", with at most a determiner and one more word between."""
    inside = load_lexicon().word_lists["inside_words"]
    for name in sorted(buildings):  # a set's order varies from process to process
        phrase = tuple(tokens(name))
        for at in (i for i in range(len(words)) if tuple(words[i:i + len(phrase)]) == phrase):
            before = [w for w in words[max(0, at - 3):at]]
            k = next((j for j in range(len(before) - 1, -1, -1) if before[j] in inside), None)
            if k is not None and len(before) - k <= 3 and all(w in determiners() for w in before[k + 1:-1]):
                return name
    return None


def _preposition(words: Sequence[str], found: tuple[int, str, str]) -> bool:
    """Whether a weak word is a preposition before an object ("books inside the box", "two oars
    lying inside it"), not a setting."""
    after = found[0] + len(found[2].split())
    pronouns = load_lexicon().word_lists["object_pronouns"]
    return after < len(words) and (words[after] in determiners() or words[after] in pronouns)


def _outdoor_part(words: Sequence[str], head: tuple[int, str, str], catalog: Catalog) -> str | None:
    """"the ruins of a greek temple", "the gardens of a palace": an indoor scene named as the owner
    of a part that stands outdoors only (:func:`object_leaning`) is seen from outside; the words
    "<part> of ... <scene>", else None."""
    start = head[0]
    of = next((k for k in range(start - 1, max(start - 4, 0), -1) if words[k] == "of"), None)
    owners = determiners()
    if of is None or of < 1 or any(w not in owners and catalog.finish([w]) is None and w in _object_names(catalog)
                                   for w in words[of + 1:start]):
        return None
    part = words[of - 1]
    if object_leaning(part, None, catalog) != "outdoor":
        return None
    return " ".join(words[of - 1:start + len(head[2].split())])
