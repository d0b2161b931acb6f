"""Word knowledge of the offline planner: the lexicon data file plus the asset catalog.

``lexicon.json`` holds the closed word classes (counts, determiners, the grammar's relation phrases,
fillers, adjectives, scene and location nouns; one relation's phrases live with its plugin, ``PHRASES``
in skill_library, joined in here) and the *roles* a category plays in the inference rules ("surface",
"tabletop", "seat"...). :class:`Vocabulary` joins it with the asset catalog (every asset name and synonym).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .....skill_library.registry import Registry, default_registry
from ...assets.catalog import AssetMatch, Catalog, load_catalog
from ...assets.phrase import QUANTITY_WORDS, normalise, singular
from ...datafiles import read_document, read_only_cache
from ...knowledge.archetypes import load_archetypes
from ...knowledge.occasions import load_occasions
from .closed_words import word_set
from .memo import shared
from .phrase_tables import compass_phrases, phrase_table, relation_phrases
from .surface_things import surface_roles

LEXICON_PATH = Path(__file__).with_name("lexicon.json")
VERB_GROUPS = ("particles", "lying", "place_adverbs", "finite", "clause_starts")  # lexicon.json's verbs: word sets
LEXICON_SCHEMA = "setdresser.offline_lexicon/1"
PARTICIPLES = word_set("irregular_participles")  # past participles with no -ed ("drawn", "worn")


@dataclass(frozen=True)
class Lexicon:
    """The parsed ``lexicon.json``; phrase keys are space-joined lower-case words."""

    numbers: dict[str, int]
    count_phrases: dict[str, int]
    ordinals: dict[str, int]
    determiners: dict[str, str]
    collectives: dict[str, str]
    pronouns: dict[str, str]
    with_words: frozenset[str]
    and_words: frozenset[str]
    fillers: frozenset[str]
    relation_phrases: dict[str, tuple[str, dict[str, Any]]]
    modifier_phrases: dict[str, tuple[str, dict[str, Any]]]
    superlatives: dict[str, tuple[str, str]]
    stack_positions: dict[str, str]
    adjectives: frozenset[str]
    adjective_suffixes: tuple[str, ...]
    ing_nouns: frozenset[str]
    scene_nouns: dict[str, str]
    location_nouns: dict[str, str]
    wall_sides: dict[str, str]
    corner_names: dict[str, str]
    units: dict[str, float]
    extra_nouns: frozenset[str]
    roles: dict[str, frozenset[str]]
    aliases: dict[str, tuple[str, ...]]
    not_objects: frozenset[str] = frozenset()
    part_nouns: dict[str, str] = field(default_factory=dict)
    negations: frozenset[str] = frozenset()
    generic_nouns: frozenset[str] = frozenset()  # "three things on it": no kind of thing
    generic_items: tuple[str, ...] = ()  # what such things become, in turn
    family_nouns: dict[str, tuple[str, ...]] = field(default_factory=dict)  # "some seating": a sofa, armchairs
    mount_verbs: frozenset[str] = frozenset()  # "hang", "mounted": the thing hangs on a wall
    mount_adjectives: frozenset[str] = frozenset()  # "a wall-mounted TV", "a mounted TV": it hangs
    surface_nouns: dict[str, str] = field(default_factory=dict)  # "shelf" -> "shelf" (shelf_1, shelf_2...)
    surface_positions: dict[str, str] = field(default_factory=dict)  # "top" -> "last"
    count_modes: dict[str, str] = field(default_factory=dict)  # "exactly two", "at least three"
    relative_pronouns: frozenset[str] = frozenset()  # ", which is on the south wall": about the last object
    imperative_nouns: frozenset[str] = frozenset()  # "Park a car ...": a verb first in a sentence
    imperative_places: dict[str, str] = field(default_factory=dict)  # "Center a rug": "a rug in the middle"
    zone_links: frozenset[str] = frozenset()  # "the way *to* the door": in front of it
    motion_verbs: frozenset[str] = frozenset()  # "Move the sofa to the middle": fillers; "to" is "in"
    zone_nouns: frozenset[str] = frozenset()  # "the area in front of the door": the door's zone
    colour_tones: frozenset[str] = frozenset()  # "light grey": a tone word before a colour
    number_compounds: dict[str, str] = field(default_factory=dict)  # "two_seater" -> "compact"
    clause_breaks: frozenset[str] = frozenset()  # "a kitchen where the fridge ...": a new clause, like a comma
    purpose_words: frozenset[str] = frozenset()  # "so everyone can see it": a reason, not a placement
    verbs: frozenset[str] = frozenset()  # "a knight fights a dragon": ends the noun phrase after a noun
    plural_verbs: frozenset[str] = frozenset()  # "elves build toys": the same after a plural noun only
    # VERB_GROUPS: "particles" ("wiping down"), "lying", "place_adverbs", "finite"/"clause_starts" (.attachment)
    verb_words: dict[str, frozenset[str]] = field(default_factory=dict)
    phrase_breaks: frozenset[str] = frozenset()  # "a breakfast for one": the object's name ends before "for"
    scene_prepositions: dict[str, str] = field(default_factory=dict)  # "outside the castle": a relation phrase
    shape_prepositions: frozenset[str] = frozenset()  # "arranged as two rows": "in" before a group's shape
    invariant_plurals: frozenset[str] = frozenset()  # "coral and fish": a bare "fish" is several
    approximate_words: frozenset[str] = frozenset()  # "about a dozen": the count is the dozen
    pair_adjectives: frozenset[str] = frozenset()  # "twin beds": two of them
    adjective_nouns: frozenset[str] = frozenset()  # "a remote": a noun phrase ending on it names the thing
    unit_plurals: dict[str, str] = field(default_factory=dict)  # "bunk beds" without a count: one bunk bed
    count_multipliers: frozenset[str] = frozenset()  # "two dozen": 24
    unit_nouns: dict[str, Any] = field(default_factory=dict)  # "a bar of soap": the soap (offline/reading/units.py)
    wall_shapes: dict[str, str] = field(default_factory=dict)  # "the long wall": "long"
    relative_walls: dict[str, str] = field(default_factory=dict)  # "the opposite wall": "opposite"
    relative_corners: dict[str, str] = field(default_factory=dict)  # "the opposite corner": "opposite"
    dimension_words: dict[str, str] = field(default_factory=dict)  # "2 m long": "length" (core/stated_size.py)
    scatter_words: frozenset[str] = frozenset()  # "rocks scattered around it": no even ring (group_spread.py)
    place_nouns: frozenset[str] = frozenset()  # "a plate at every place": one per seat (per_place.py)
    free_space_nouns: frozenset[str] = frozenset()  # "an aisle": room left free, no object (free_space.py)
    viewpoint: dict[str, Any] = field(default_factory=dict)  # "seen from the door, on the left" (viewer.py)
    word_lists: dict[str, tuple[str, ...]] = field(default_factory=dict)  # small closed classes by name: "possessives"


def compound_scene(word: str, scenes: dict[str, str], least: int = 4) -> str | None:
    """The outdoor scene noun a closed compound the lexicon does not hold ends in ("cornfield":
    field, "skatepark": park), its longest such ending of at least ``least`` letters after at least
    three; None when the word is a scene noun itself or ends in none. Indoor endings are not read
    ("mushroom", "legroom" are no rooms). The caller checks that the word names no object."""
    if word in scenes or not word.isalpha():
        return None
    return next((word[k:] for k in range(3, len(word) - least + 1) if scenes.get(word[k:]) == "outdoor"), None)


def _scene_nouns(data: dict[str, Any]) -> dict[str, str]:
    """The lexicon's scene nouns plus the room archetypes' names (indoor / outdoor) and the room
    nouns that have a default archetype (``room_heads``: chamber, class, salon ...), except
    names that already name an object or a place ("bar", "street": the catalog's counter and
    road; the planner keeps reading them as objects and completion finds the room by them)."""
    out = dict(data["scene_nouns"])
    taken = set(data["extra_nouns"]) | set(data["location_nouns"])
    for entry in load_catalog().entries():
        taken.update(normalise(n) for n in (entry.category, *entry.synonyms))
    book = load_archetypes()
    for arch in book.archetypes:
        for name in arch.names:
            if name not in taken:
                out.setdefault(name, arch.setting)
    for head, default in book.room_heads.items():  # "a town council chamber", "a cooking class": the room
        if default and head not in taken and head not in word_set("generic_rooms") | word_set("heads_no_scene"):
            out.setdefault(head, book.get(default).setting)
    return out


def load_lexicon() -> Lexicon:
    """The bundled lexicon joined with the words of the library in use (cached per registry:
    a relation plugin's phrases reach the planner when the library is reloaded)."""
    return _load_lexicon(default_registry())


@read_only_cache(maxsize=2)
def _load_lexicon(registry: Registry) -> Lexicon:
    data = read_document(LEXICON_PATH, LEXICON_SCHEMA)
    return Lexicon(**_required_tables(data, registry), **_optional_tables(data))


def role_group(name: str) -> frozenset[str]:
    """The roles of lexicon.json's ``role_groups`` entry ``name`` ("tables": dining_table, workplace,
    table_like): the sets of roles the rules ask about together, spelled once."""
    return _role_groups()[name]


@read_only_cache(maxsize=1)
def _role_groups() -> dict[str, frozenset[str]]:
    data = read_document(LEXICON_PATH, LEXICON_SCHEMA)
    groups = {k: frozenset(v) for k, v in data["role_groups"].items() if k != "description"}
    unknown = sorted(r for roles in groups.values() for r in roles if r not in data["roles"])
    if unknown:
        raise ValueError(f"{LEXICON_PATH}: role_groups name roles that are not in 'roles': {unknown}")
    return groups


def _required_tables(data: dict[str, Any], registry: Registry) -> dict[str, Any]:
    """The lexicon's fields every lexicon.json has: numbers, determiners, phrase tables, nouns, units..."""
    return dict(
        numbers=dict(data["numbers"]), count_phrases=dict(data["count_phrases"]),
        ordinals=dict(data["ordinals"]), determiners=dict(data["determiners"]),
        collectives=dict(data["collectives"]), pronouns=dict(data["pronouns"]),
        with_words=frozenset(data["with_words"]), and_words=frozenset(data["and_words"]),
        fillers=frozenset(data["fillers"]),
        relation_phrases={**compass_phrases(data), **relation_phrases(data, registry.phrase_book())},
        modifier_phrases=phrase_table(data["modifier_phrases"]),
        superlatives={k: (v[0], v[1]) for k, v in data["superlatives"].items()},
        stack_positions=dict(data["stack_positions"]), adjectives=frozenset(data["adjectives"]),
        adjective_suffixes=tuple(data["adjective_suffixes"]), ing_nouns=frozenset(data["ing_nouns"]),
        scene_nouns=_scene_nouns(data), location_nouns=dict(data["location_nouns"]),
        wall_sides=dict(data["wall_sides"]), corner_names=dict(data["corner_names"]),
        units=dict(data["units"]), extra_nouns=frozenset(data["extra_nouns"]),
        roles={role: frozenset(names) for role, names in data["roles"].items()},
        aliases={word: tuple(names) for word, names in data["aliases"].items()},
    )


def _family_nouns(data: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """"some seating": each mass noun's family, the names its objects take in turn (``family_nouns``)."""
    return {word: tuple(names) for word, names in data.get("family_nouns", {}).get("words", {}).items()}


def _words(data: dict[str, Any], key: str) -> Any:
    """The ``words`` of a lexicon table with a description ({} when lexicon.json leaves it out)."""
    return data.get(key, {}).get("words", {})


def _optional_tables(data: dict[str, Any]) -> dict[str, Any]:
    """The lexicon's fields added later, empty where lexicon.json leaves them out."""
    return dict(
        not_objects=frozenset(data.get("not_objects", [])), part_nouns=dict(data.get("part_nouns", {})),
        generic_nouns=frozenset(data.get("generic_nouns", {}).get("words", [])),
        generic_items=tuple(data.get("generic_nouns", {}).get("items", [])), family_nouns=_family_nouns(data),
        mount_verbs=frozenset(data.get("mount_verbs", [])),
        mount_adjectives=frozenset(data.get("mount_adjectives", {}).get("words", [])),
        surface_nouns=dict(data.get("surface_nouns", {}).get("nouns", {})),
        surface_positions=dict(data.get("surface_nouns", {}).get("positions", {})),
        count_modes=dict(data.get("count_modes", {})), negations=frozenset(data.get("negations", [])),
        relative_pronouns=frozenset(data.get("relative_pronouns", [])),
        clause_breaks=frozenset(data.get("clause_breaks", [])), purpose_words=frozenset(data.get("purpose_words", [])),
        number_compounds=dict(data.get("number_compounds", {}).get("sizes", {})),
        colour_tones=frozenset(data.get("colour_tones", [])),
        zone_nouns=frozenset(data.get("zone_nouns", [])), imperative_nouns=frozenset(data.get("imperative_nouns", [])),
        imperative_places=dict(data.get("imperative_places", {}).get("verbs", {})),
        zone_links=frozenset(data.get("zone_links", {}).get("words", [])),
        motion_verbs=frozenset(data.get("motion_verbs", {}).get("verbs", [])),
        verbs=frozenset(data.get("verbs", {}).get("singular", [])),
        plural_verbs=frozenset(data.get("verbs", {}).get("plural", [])),
        verb_words={k: frozenset(data.get("verbs", {}).get(k, [])) for k in VERB_GROUPS},
        phrase_breaks=frozenset(data.get("phrase_breaks", [])),
        scene_prepositions=dict(data.get("scene_prepositions", {})),
        shape_prepositions=frozenset(data.get("shape_prepositions", {}).get("words", [])),
        invariant_plurals=frozenset(data.get("invariant_plurals", {}).get("words", [])),
        approximate_words=frozenset(data.get("approximate_words", [])),
        pair_adjectives=frozenset(data.get("pair_adjectives", [])),
        adjective_nouns=frozenset(data.get("adjective_nouns", {}).get("words", [])),
        unit_plurals=dict(data.get("unit_plurals", {}).get("words", {})),
        count_multipliers=frozenset(data.get("count_multipliers", {}).get("words", [])),
        unit_nouns={k: v for k, v in data.get("unit_nouns", {}).items() if k != "description"},
        relative_walls=dict(data.get("relative_walls", {})), relative_corners=dict(_words(data, "relative_corners")),
        wall_shapes=dict(data.get("wall_shapes", {}).get("words", {})),
        dimension_words=dict(data.get("dimension_words", {}).get("words", {})),
        scatter_words=frozenset(data.get("scatter_words", {}).get("words", [])),
        place_nouns=frozenset(data.get("place_nouns", {}).get("words", [])),
        free_space_nouns=frozenset(data.get("free_space_nouns", {}).get("words", [])),
        viewpoint={k: v for k, v in data.get("viewpoint", {}).items() if k != "description"},
        word_lists={k: tuple(v) for k, v in data.get("word_lists", {}).items() if k != "description"},
    )


def resolve_asset(catalog: Catalog, category: str, description: str, hints: tuple[str, ...]) -> AssetMatch:
    """The catalog's model for an object: its description resolved, except that a hint
    naming a more specific model together with the category wins ("a small round wooden
    table" is a round table, though "round" and "table" are not adjacent)."""
    base = catalog.resolve(description or category, hints)
    for hint in hints:
        special = catalog.resolve(f"{hint} {category}", hints)
        if special.known and special.asset != base.asset:
            return special
    return base


def _closed_words(lex: Lexicon) -> frozenset[str]:
    """Words the lexicon gives another part to play (counts, fillers, relation and location words,
    adjectives, parts, not-objects): never read as an object's name even where a family lists them."""
    tables: list[Any] = [lex.numbers, lex.count_phrases, lex.ordinals, lex.determiners, lex.collectives,
                         lex.pronouns, lex.with_words, lex.and_words, lex.fillers, lex.relation_phrases,
                         lex.modifier_phrases, lex.superlatives, lex.adjectives, lex.wall_sides, lex.corner_names,
                         lex.units, lex.not_objects, lex.part_nouns, lex.negations, lex.generic_nouns,
                         lex.mount_verbs, lex.count_modes, lex.relative_pronouns, lex.clause_breaks,
                         lex.colour_tones, lex.zone_nouns, lex.stack_positions]
    return frozenset(str(word) for table in tables for word in table)


def object_nouns(lex: Lexicon, catalog: Catalog) -> frozenset[str]:
    """The names the object knowledge base and the family shapes know (issue 13: a "knight", an
    "exercise bike", a "lake" is an object the planner reads, though the catalog has no model), less
    the lexicon's closed words and the catalog's adjectives ("light", "giant" stay what they are)."""
    from ...assets.families import load_families
    from ...knowledge.objects import load_knowledge

    closed = _closed_words(lex)
    facts = load_knowledge().all_facts()
    found = {normalise(n) for f in facts for n in (f.category, *f.synonyms)}
    found |= set(load_families().keywords())
    # "vase of flowers": a vase; but a thing whose own name holds "of" stays whole ("a suit of armour", issue 14)
    whole = {normalise(n) for f in facts if " of " in f" {f.category} " and f.category.split()[0] not in QUANTITY_WORDS
             for n in (f.category, *f.synonyms)}
    return frozenset(n for n in found if n and n not in closed and not catalog.is_adjective(n)
                     and n not in lex.scene_nouns and (" of " not in f" {n} " or n in whole))


def _renamed(words: list[str]) -> bool:
    """Whether an adjective plus a name is another thing the knowledge base knows by a name without that
    head ("cool box" is a cooler, "hot tub" a bathtub: one name, issue 14), not the head described
    ("round table", "wooden chair")."""
    from ...knowledge.objects import load_knowledge

    facts, rest = load_knowledge().lookup(" ".join(words)), load_knowledge().lookup(" ".join(words[1:]))
    if facts is None or (rest is not None and rest.category == facts.category):
        return False
    return not {words[-1], singular(words[-1])} & set(facts.category.split())


class Vocabulary:
    """What a word is (noun, adjective) and what role a category plays, from lexicon + catalog."""

    def __init__(self, catalog: Catalog | None = None, lexicon: Lexicon | None = None) -> None:
        self.catalog = catalog if catalog is not None else load_catalog()
        self.lexicon = lexicon if lexicon is not None else load_lexicon()
        # "a picnic", "a campfire night": read as an object, then as what it implies (offline/inference/occasions.py)
        self.occasions = frozenset(load_occasions().by_name)
        self.names = shared(self.lexicon, self.catalog, "names", self._known_names)
        self._matches: dict[tuple[str, tuple[str, ...], str], AssetMatch] = {}
        self.exterior: frozenset[str] = frozenset()  # room nouns this prompt sees from outside (exterior.py)
        self.pyramid_base: int | None = None  # "four on the bottom row": its pyramid's base (pyramids.py)

    def _known_names(self) -> frozenset[str]:
        """The lexicon's extra nouns, the catalog's names, the knowledge base's and the occasions'."""
        names: set[str] = set(self.lexicon.extra_nouns)
        for entry in self.catalog.entries():
            names.update(normalise(n) for n in (entry.category, *entry.synonyms))
        return frozenset(names | object_nouns(self.lexicon, self.catalog) | self.occasions)

    def multiword_nouns(self) -> list[str]:
        """Names of two or more words that must stay one token ("floor lamp", "tv stand"),
        except those that are an adjective plus a name ("round table" = round + table)."""
        return list(shared(self.lexicon, self.catalog, "multiword", self._multiword_nouns))

    def _multiword_nouns(self) -> tuple[str, ...]:
        out = []
        for name in sorted(self.names):  # a set's order varies from process to process
            words = name.split()
            if len(words) < 2:
                continue
            if self.is_listed_adjective(words[0]) and " ".join(words[1:]) in self.names and not _renamed(words):
                continue
            out.append(name)
        return tuple(out)

    def is_listed_adjective(self, word: str) -> bool:
        """An adjective the lexicon or the catalog lists (colour, material, size, shape, style)."""
        return word in self.lexicon.adjectives or self.catalog.is_adjective(word)

    def looks_adjective(self, word: str) -> bool:
        """A listed adjective, its comparative or superlative ("larger", "smallest"), or an unknown
        word with an adjective ending ("painted", "colourful")."""
        if self.is_listed_adjective(word) or "_" in word:  # "two_seater" (:func:`.tokens.words_of`)
            return True
        if self.is_noun(word):
            return False
        return self.adjective_base(word) != word or (len(word) > 4 and word.endswith(self.lexicon.adjective_suffixes)) \
            or word in PARTICIPLES  # "curtains drawn across the window": the curtains

    def adjective_base(self, word: str) -> str:
        """The listed adjective a comparative or superlative is a form of ("larger" -> "large",
        "bigger" -> "big", "tidiest" -> "tidy"); any other word itself. A noun is never one
        ("a cooler", "a dryer")."""
        for suffix in ("est", "er"):
            stem = word[:-len(suffix)]
            if not word.endswith(suffix) or len(stem) < 2 or self.is_noun(word):
                continue
            doubled = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""
            for base in (stem, stem + "e", doubled, stem[:-1] + "y" if stem.endswith("i") else ""):
                if base and self.is_listed_adjective(base):
                    return base
        return word

    def is_noun(self, word: str) -> bool:
        """Whether ``word`` (any number) names an object, a scene or a place in the room."""
        lex = self.lexicon
        for form in (word, singular(word)):
            if form in self.names or form in lex.scene_nouns or form in lex.location_nouns or form in lex.negations:
                return True
        return False

    def names_thing(self, word: str) -> bool:
        """Whether ``word`` (any number) names an object, not a scene or a place in the room."""
        return any(form in self.names for form in (word, singular(word))) and word not in self.lexicon.location_nouns

    def match(self, phrase: str, hints: tuple[str, ...] = (), category: str = "") -> AssetMatch:
        """The catalog's model for ``phrase`` (see :func:`resolve_asset`), cached."""
        key = (phrase, hints, category)
        if key not in self._matches:
            self._matches[key] = resolve_asset(self.catalog, category or phrase, phrase, hints)
        return self._matches[key]

    def canonical(self, category: str) -> str:
        """The catalog category standing in for a user's noun ("crate" -> "box"), else the noun."""
        found = self.match(category)
        entry = self.catalog.entry(found.asset) if found.known else None
        return entry.category if entry is not None else category

    def roles(self, category: str) -> frozenset[str]:
        """The inference roles of a category: the user's noun's and its catalog category's; with none,
        the knowledge base's (a toaster stands on furniture: :mod:`.surface_things`)."""
        keys = {category, self.canonical(category)}
        if not self.match(category).known:  # unknown to the catalog: a "throne chair" plays a "chair"'s roles
            keys.add(category.split()[-1])
        return frozenset(role for role, names in self.lexicon.roles.items() if keys & names) or surface_roles(category)

    def is_outdoor(self, category: str) -> bool:
        """Whether the catalog says the object belongs outdoors only."""
        found = self.match(category)
        entry = self.catalog.entry(found.asset) if found.known else None
        return entry is not None and entry.outdoor and not entry.indoor
