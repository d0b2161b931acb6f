"""Scene noun or thing, by its role in the sentence (issue 14).

Some nouns name both a place and a thing in it: "a forge", "a cocktail bar", "a temple", "a
garage". As the setting ("in a forge", "at the cocktail bar", a heading "A cocktail bar with
three stools") they are the scene; as the object of a relation that places something ("an anvil
next to a glowing forge", "stools in front of the cocktail bar"), of a verb ("wiping down the
cocktail bar") or owned ("a blacksmith at his forge") they are the thing, and the place they
name still sets the scene (its archetype furnishes around the thing).
"""

from __future__ import annotations

from ...assets.families import load_families
from ...assets.phrase import singular
from ...knowledge.archetypes.loader import load_archetypes
from ...knowledge.objects import load_knowledge
from ..completion.capacity import capacity_of
from ..reading.chunks import Item
from ..reading.tokens import words_of
from ..reading.clause import Clause
from ..reading.closed_words import word_set
from ..reading.lexicon import Vocabulary, load_lexicon
from ..reading.phrases import NounPhrase
from ..reading.reader_steps import BUILDING_FAMILY, scene_as_building
from .world import Group, World

SETTING_RELATIONS = frozenset({"in", "at", "on"})  # "in a saloon", "on the porch": the place itself
PERSON_FAMILY = "person"  # a room named like a person ("a diner") is a room only when its walls are named


def object_role(state: Clause) -> bool:
    """Whether the phrase being read is the object of a relation that places the subject by a
    thing (not "in" / "at" / "on" a place), and the relation's first object (not the owner of one:
    "before the altar of a chapel")."""
    rel = state.relation
    if rel is None or rel.token is None or (state.subject is None and not state.fronted):
        return False  # a fronted relation places the subject said after it: "Next to the forge, an anvil".
    if state.objects and rel.token.value != "between":  # "before the altar of a stone chapel": the altar's place
        return False
    return str(rel.token.value) not in SETTING_RELATIONS


def owned(np: NounPhrase) -> bool:
    """"his forge", "her potter's wheel": a possessive phrase names a thing someone has."""
    return np.text.split()[:1] and np.text.split()[0] in load_lexicon().word_lists["possessives"] or False


def names_thing(name: str, vocab: Vocabulary) -> bool:
    """Whether the scene noun also names a standing thing the knowledge base or catalog knows
    exactly ("forge", "cocktail bar"), not a patch of ground ("lawn", "field")."""
    book = load_knowledge()
    if not (book.names_exactly(name) or vocab.match(name).known):
        return False
    facts = book.lookup(name)
    return facts is None or not facts.flat


def scene_as_thing(state: Clause, np: NounPhrase, vocab: Vocabulary) -> bool:
    """Make a scene phrase in an object role (:func:`object_role`, :func:`owned`) that names a
    thing (:func:`names_thing`) an object phrase; True when it did."""
    at = state.relation is not None and state.relation.token is not None and state.relation.token.value == "at"
    if not (object_role(state) or (owned(np) and at)) or not names_thing(np.head, vocab):
        return False
    words = np.text.split()[1:] if np.determiner or owned(np) else np.text.split()
    hints = [w for w in words[:-len(np.head.split())] if vocab.looks_adjective(w)]
    np.kind, np.description, np.hints = "asset", " ".join([*hints, np.head]), tuple(hints)
    return True


def scene_reading(world: World, state: Clause, np: NounPhrase) -> Group | None:
    """A scene phrase read by its role: None when it is an object (a building the relation places
    by, :func:`.reading.scene_as_building`, or a thing, :func:`scene_as_thing`: the phrase is made
    an object phrase), else the scene's group. A thing or a scene, the place it names is the
    world's scene too (its archetype furnishes around the thing)."""
    if scene_as_building(state, np):
        return None
    world.scenes.append(np.head)
    return None if scene_as_thing(state, np, world.vocab) else Group(ids=[], np=np, scene=np.head)


HEADING_ENDS = frozenset({"WITH"})  # "A martial arts dojo with mats ...": what the place holds follows
REQUEST_OPENERS = word_set("request_openers")  # "I'd like", "could you", "create" ... before the heading
INTERIOR = word_set("interior_prepositions")  # "Inside a private jet: ...": the jet's cabin is the room
ENCLOSING = frozenset({"structure", "vehicle"})  # knowledge-base families of things people can be inside
ROOM_SIZED = 3.0  # m: the least length of such a thing that is a room of its own
STRUCTURE = "structure"  # the family of buildings: one said to be for people is its room ("a hut for six")


def scene_heading(items: list[Item], world: World, colon: bool) -> list[Item]:
    """The prompt's heading names its place: the first phrase of the first sentence, followed by
    "with" and what the place holds ("A monastery scriptorium with six desks ...") or ended by a
    colon ("Crew quarters on a space station: ..."), is the scene (also after a request's opening
    words: "I'd like a monastery scriptorium with ...", :func:`_request_lead`) when its name is no object the
    catalog or the knowledge base knows (else it would be a labelled box named after the room).
    Returns ``items`` (the phrase's kind made "scene")."""
    lead = _request_lead(items)
    if len(items) > lead + 1 and items[lead].kind == "REL" and items[lead].text in INTERIOR:
        return _interior_heading(items, lead, world, colon)
    np = items[lead].np if len(items) > lead and items[lead].kind == "NP" else None
    if world.entities or world.scenes or np is None:
        return items
    if _enclosed(items[lead:], world.vocab, colon):
        return items
    if lodging(items[lead:], np, world.vocab):
        np.kind = "scene"  # "a mountain hut for eight hikers": the hut's room, furnished for them
        return items
    follows, set_in = items[lead + 1].kind if len(items) > lead + 1 else "", _set_in(items[lead:])
    if np.kind != "asset" or np.count is not None or not (follows in HEADING_ENDS or colon or set_in):
        return items
    last = singular(np.head.split()[-1])  # "a farmer's market stall with crates": a stall, an object
    if (any(name in world.vocab.names or load_knowledge().names_exactly(name) for name in (np.head, last))
            or world.vocab.match(np.head).known) and (set_in or not _furnished_building(np, items[lead + 2:],
                                                                                         world.vocab)) \
            and not _place_listed(np, items[lead + 1:], colon):
        return items  # "A cabin in the woods with a bed": the cabin, in the woods
    np.kind = "scene"
    return _outside_dropped(items, lead) if _place_listed(np, items[lead + 1:], colon) else items


def lodging(items: list[Item], np: NounPhrase, vocab: Vocabulary) -> bool:
    """Whether the heading is a building said to be *for* people ("a mountain hut for eight hikers",
    "a log cabin for a family of four", "a cottage for two"): a room-sized thing of the knowledge
    base's structure family, one of it, with "for" and a capacity right after its name; that is
    the room inside it. "A cabin in the woods", "a barn with a tractor" stay the building."""
    if np.kind != "asset" or np.count is not None or np.plural or items[0].text.split()[-1:] != ["for"]:
        return False
    facts = load_knowledge().lookup(np.head)
    if facts is None or facts.family != STRUCTURE or max(facts.typical) < ROOM_SIZED:
        return False
    capacity, used = capacity_of(words_of(" ".join(i.text for i in items)), vocab, load_archetypes())
    return capacity is not None and "for" in used


def _interior_heading(items: list[Item], at: int, world: World, colon: bool) -> list[Item]:
    """"Inside a private jet: four leather seats ...", "Aboard an old train carriage with two benches":
    a heading after an interior preposition (``interior_prepositions``) that names a thing people can
    be inside (:func:`encloses`) is the scene, the preposition said by it; ``items`` else unchanged."""
    np, follows = items[at + 1].np, items[at + 2].kind if len(items) > at + 2 else ""
    if world.entities or world.scenes or np is None or np.kind != "asset" or np.count is not None:
        return items
    if not (colon and len(items) == at + 2 or follows in HEADING_ENDS) or not encloses(np.head):
        return items
    np.kind = "scene"
    return items[:at] + items[at + 1:]


def encloses(name: str) -> bool:
    """Whether the thing is one people can be inside, a room of its own: a building or a vehicle (the
    knowledge base's structure or vehicle family) at least ``ROOM_SIZED`` long (a jet, a yurt, a
    train carriage; no tent, dollhouse or toy car)."""
    facts = load_knowledge().lookup(name)
    return facts is not None and facts.family in ENCLOSING and max(facts.typical) >= ROOM_SIZED


ENCLOSING_RELATIONS = frozenset({"in", "on", "at", "inside"})


def _enclosed(items: list[Item], vocab: Vocabulary, colon: bool) -> bool:
    """A heading set inside a building, then what it holds ("A ham radio shack in a garden shed, with
    a desk ...", "A billiards room in an old country house: ...", "A mech hangar on a moon base with
    ..."): the heading is the scene, the building around it only where it is (no object). The place
    is a building, or, after a scene or a name nothing draws, a place nothing draws either. Makes both phrases
    scenes and returns True (else changes nothing)."""
    if len(items) < 3 or items[1].kind != "REL" or items[1].token is None or items[2].np is None:
        return False
    if str(items[1].token.value) not in ENCLOSING_RELATIONS or not _heading_ends(items[3:], colon):
        return False
    name, place = items[0].np, items[2].np
    assert name is not None
    if place.kind != "asset" or place.plural or place.count is not None or name.count is not None:
        return False
    unknown = name.kind == "scene" or name.kind == "asset" and _drawn_by_nothing(name, vocab)
    if not (_building(place) and (unknown or _building(name)) or unknown and _drawn_by_nothing(place, vocab)):
        return False  # "A picnic on a blanket with ...": the blanket stays a thing
    name.kind = place.kind = "scene"
    return True


def _heading_ends(rest: list[Item], colon: bool) -> bool:
    """What follows a heading's place: "with ...", ", with ...", or the colon that ends the sentence."""
    if not rest:
        return colon
    return rest[0].kind in HEADING_ENDS or (rest[0].kind == "SEP" and len(rest) > 1 and rest[1].kind in HEADING_ENDS)


def _building(np: NounPhrase) -> bool:
    family = load_families().for_noun(np.head) or load_families().for_noun(singular(np.head.split()[-1]))
    return family is not None and family.name == BUILDING_FAMILY


def _drawn_by_nothing(np: NounPhrase, vocab: Vocabulary) -> bool:
    return not vocab.match(np.head).known and load_families().for_object(np.head) is None


ROOM_PARTS = frozenset({"wall", "corner", "ceiling"})


def _names_room_parts(rest: list[Item]) -> bool:
    """Whether the sentence places things by the room's own walls, corners or ceiling ("along the
    north wall", "in the corner") or in "the middle of the room": it describes an interior."""
    lex = load_lexicon()
    for item in rest:
        if item.np is not None and item.np.kind == "location" and lex.location_nouns.get(
                item.np.head.split()[-1]) in ROOM_PARTS:
            return True
        if item.kind == "MOD" and item.text.endswith(" of the room"):
            return True
    return False


def _names_archetype(np: NounPhrase) -> bool:
    return _archetype_setting(np) is not None


def _archetype_setting(np: NounPhrase) -> str | None:
    """The setting (indoor, outdoor) of the archetype the phrase's name ends with; None for none."""
    words, book = np.head.split(), load_archetypes().by_name
    found = next((book[" ".join(words[i:])] for i in range(len(words)) if " ".join(words[i:]) in book), None)
    return found.setting if found is not None else None


def _outside_dropped(items: list[Item], lead: int) -> list[Item]:
    """An indoor place's heading without what it stands by, in or on ("A 1950s roadside diner:", "a
    diner by the sea:"): that lies outside the room, no object in it; ``items`` unchanged else."""
    np = items[lead].np
    if np is None or _archetype_setting(np) != "indoor":
        return items
    rest = items[lead + 1:]
    kept = [item for i, item in enumerate(rest) if not (item.kind == "REL" and i + 1 < len(rest) and
                                                        _asset(rest[i + 1].np))]
    kept = [item for item in kept if not _asset(item.np)]
    return items[:lead + 1] + kept


def _asset(np: NounPhrase | None) -> bool:
    return np is not None and np.kind == "asset"


def _request_lead(items: list[Item]) -> int:
    """How many items open the prompt as a request's filler ("I'd like", "Could you create",
    "Please make": ``request_openers``) before its heading; the heading reads the same after them."""
    lead = 0
    while lead < len(items) and items[lead].kind == "FILL" and items[lead].text in REQUEST_OPENERS:
        lead += 1
    return lead


def _set_in(items: list[Item]) -> bool:
    """Whether the heading's name is followed by the scene it is set in and then by what it holds
    ("An Easter egg hunt in a back garden, with a dozen eggs ...": the hunt is what happens there)."""
    if len(items) < 4 or items[1].kind != "REL" or items[2].np is None or items[2].np.kind != "scene":
        return False
    return items[3].kind in HEADING_ENDS or (items[3].kind == "SEP" and len(items) > 4 and items[4].kind == "WITH")


def _place_listed(np: NounPhrase, rest: list[Item], colon: bool) -> bool:
    """Whether a heading ended by a colon, holding no "with" list of its own, names a place the
    list after the colon fills: a scene's name (an archetype's) that is a person's too ("A 1950s
    roadside diner: a waitress ...") or a building or vehicle people stand in ("A bus stop in the
    rain: a glass shelter ...", "A garden shed: ..."). A stall or a pier the list stands around
    stays a thing ("A flower stall at a Sunday market: buckets of tulips ..."), and so does a
    street, flat ground ("Shanty town street: shacks down both sides of the road")."""
    if not colon or any(item.kind in HEADING_ENDS for item in rest) or not _names_archetype(np):
        return False
    family = load_families().for_noun(np.head) or load_families().for_noun(singular(np.head.split()[-1]))
    facts = load_knowledge().lookup(np.head)  # "Shanty town street: shacks down both sides ...": ground, a thing
    return (family is not None and family.name == PERSON_FAMILY) or (encloses(np.head) and facts is not None
                                                                      and not facts.flat)


def _furnished_building(np: NounPhrase, rest: list[Item], vocab: Vocabulary) -> bool:
    """Whether the heading names a building that the sentence furnishes with a thing that stands
    indoors only ("A log cabin with a bed and a stove": inside the cabin; "a market stall with
    crates" stays a stall: a crate stands anywhere) or whose own walls, corners or ceiling it names
    (:func:`_names_room_parts`); a room's name that is also a person's ("a diner") likewise."""
    family = load_families().for_noun(np.head) or load_families().for_noun(singular(np.head.split()[-1]))
    if family is None or family.name not in (BUILDING_FAMILY, PERSON_FAMILY):
        return False
    if _names_room_parts(rest) and (family.name == BUILDING_FAMILY or _names_archetype(np)):
        return True  # "A reptile house with tanks along the north wall", "A diner with booths lining the south wall"
    if family.name != BUILDING_FAMILY:
        return False
    for item in rest:
        entry = vocab.catalog.entry(vocab.match(item.np.head).asset) if item.np and item.np.kind == "asset" else None
        if entry is not None and entry.indoor and not entry.outdoor:
            return True
    return False
