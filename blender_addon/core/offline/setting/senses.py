"""Nouns whose thing depends on the scene (issue 13): "a screen" is a TV in a living room or on
a wall, a monitor on a desk, a projection screen in a lecture hall; "a lamp" in a park is a street
lamp. Which sense fits when is data (``senses.json``); the planner reads it twice, for the objects
the text names before the room's archetype adds its own (so "a screen" in a living room replaces
the archetype's TV instead of joining it) and for the archetype's items after.

Issue 14 (which thing a word means, by place and context): a sense may also name the words around
the noun that call for it (``near``: its own phrase, "a bench *of seedlings*", "a *raised* bed", and
the things it is tied to, "a bar loaded with *plates*") and the place words of the text (``places``:
"a science *lab* with long benches", "a *weightlifting* gym"). A compound the table does not list
("potting bench") takes its head's sense only when its own words call for it ("potting" is near).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .....skill_library.roles import roles as relation_roles
from ...datafiles import read_document, read_only_cache
from ...knowledge.objects import load_knowledge
from ..referents.world import Entity, World

SENSES_PATH = Path(__file__).with_name("senses.json")
SENSES_SCHEMA = "setdresser.noun_senses/1"
KEYS = frozenset({"category", "supports", "scenes", "settings", "wall", "near", "places"})


@dataclass(frozen=True)
class Sense:
    """One meaning of an ambiguous noun and when it applies."""

    category: str
    supports: frozenset[str] = frozenset()
    scenes: frozenset[str] = frozenset()
    settings: frozenset[str] = frozenset()
    wall: bool = False
    near: frozenset[str] = frozenset()  # words of its own phrase or of the things tied to it
    places: frozenset[str] = frozenset()  # words or phrases of the text naming the place or activity


@dataclass(frozen=True)
class Context:
    """What is around one noun: the words of its phrase and of the things tied to it, and the text's words."""

    near: frozenset[str] = frozenset()
    text: str = ""

    def says(self, phrases: frozenset[str]) -> bool:
        """Whether the text holds one of ``phrases`` as whole words (a plural "s" allowed)."""
        return any(re.search(rf"\b{re.escape(p)}s?\b", self.text) for p in phrases)


@read_only_cache(maxsize=1)
def load_senses() -> dict[str, tuple[Sense, ...]]:
    """The bundled senses by noun (cached); a bad file names what is wrong and where."""
    data = read_document(SENSES_PATH, SENSES_SCHEMA)
    out: dict[str, tuple[Sense, ...]] = {}
    for noun, senses in data["nouns"].items():
        parsed = []
        for k, raw in enumerate(senses):
            where = f"{SENSES_PATH.name}: nouns.{noun}[{k}]"
            if not isinstance(raw, dict) or not isinstance(raw.get("category"), str) or set(raw) - KEYS:
                raise ValueError(f"{where}: a sense is an object with a 'category' and only the keys {sorted(KEYS)}")
            parsed.append(Sense(raw["category"], supports=frozenset(raw.get("supports", ())),
                                scenes=frozenset(raw.get("scenes", ())), settings=frozenset(raw.get("settings", ())),
                                wall=bool(raw.get("wall", False)), near=_words(raw.get("near", ())),
                                places=frozenset(str(w).lower() for w in raw.get("places", ()))))
        out[noun] = tuple(parsed)
    return out


def _words(raw: object) -> frozenset[str]:
    """Lower-case words, each also in its singular ("plates": "plate")."""
    words = {str(w).lower() for w in raw} if isinstance(raw, (list, tuple)) else set()
    return frozenset(words | {_singular(w) for w in words})


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def choose(senses: tuple[Sense, ...], support: str | None, scene: str | None, setting: str,
           on_wall: bool, context: Context | None = None) -> str | None:
    """The category of the first sense that fits: what the thing stands on decides first, then
    the words around it, then the place words of the text, then the scene, then the setting (only
    for a thing on nothing), then a wall it hangs on."""
    found = next((s.category for s in senses if support in s.supports), None) if support is not None else None
    if found is None and context is not None:
        found = next((s.category for s in senses if s.near & context.near), None)
        found = found or next((s.category for s in senses if s.places and context.says(s.places)), None)
    if found is not None or support is not None:
        return found
    for fits in (lambda s: scene is not None and scene in s.scenes, lambda s: setting in s.settings,
                 lambda s: on_wall and s.wall):
        found = next((s.category for s in senses if fits(s)), None)
        if found is not None:
            return found
    return None


def resolve_senses(world: World, scene: str | None, setting: str, text: str = "",
                   keep: frozenset[str] = frozenset()) -> list[str]:
    """Give each ambiguous object of ``world`` the category its scene, supports, neighbours and
    place words call for (``scene``: the room archetype's id; ``text``: the prompt, none: no context);
    a noun of ``keep`` (the room's own items, which the user's noun stands in for) waits for a later
    pass, after the room's items are in ("benches" in a greenhouse); returns the ids changed."""
    table = load_senses()
    supporting = relation_roles().supporting
    lowered = " ".join(re.findall(r"[a-z']+", text.lower()))
    changed = []
    for entity in world.entities.values():
        senses, near = _senses_of(entity, world, table)
        if not senses:
            continue
        support = next((world.entities[r.args[1]].category for r in world.relations
                        if r.relation in supporting and r.args[0] == entity.id and r.args[1] in world.entities), None)
        waits = entity.category in keep or entity.category.split()[-1] in keep
        context = Context(near, lowered) if text and not waits else None
        if context is None and any(s.near or s.places for s in senses) and entity.category not in table:
            continue
        if entity.category not in table:  # "potting bench": the head's sense only when its own words call for it
            category = next((s.category for s in senses if s.near & near), None)
            category = None if category is not None and _already(entity.category, category, world) else category
        else:
            category = choose(senses, support, scene, setting, entity.mount == "wall", context)
        if category is not None and category != entity.category:
            _rename(entity, category)
            entity.roles = world.vocab.roles(category)
            changed.append(entity.id)
    return changed


def _senses_of(entity: Entity, world: World,
               table: dict[str, tuple[Sense, ...]]) -> tuple[tuple[Sense, ...], frozenset[str]]:
    """The senses of an entity's noun (its head's, for a compound the table does not list) and the words
    around it: its own description's and category's, and the categories of the things it is tied to."""
    words = entity.category.split()
    senses = table.get(entity.category) or (table.get(words[-1], ()) if len(words) > 1 else ())
    if not senses:
        return (), frozenset()
    near = set(entity.description.lower().split()) | set(words[:-1])
    if entity.category in table:  # a compound's own words only: "a mic stand beside a music stand" stays a mic stand
        holding = relation_roles().supporting  # what stands on it or holds it: "a globe on a stand", "a horse in each"
        tied = {a for r in world.relations if entity.id in r.args and r.relation in holding
                for a in r.args if a != entity.id}
        near |= {w for i in tied if i in world.entities for w in world.entities[i].category.split()}
    return senses, frozenset(near | {_singular(w) for w in near}) - set(words[-1:])


def _already(compound: str, category: str, world: World) -> bool:
    """Whether a compound already is the sense's thing, known and drawn as it ("a fish tank" is an
    aquarium, "a mic stand" a microphone stand: the user's name stays)."""
    kb = load_knowledge()
    mine, theirs = kb.lookup(compound), kb.lookup(category)
    same_kind = mine is not None and theirs is not None and mine.category == theirs.category
    vocab = world.vocab
    return same_kind and (vocab is None or vocab.match(compound).asset == vocab.match(category).asset)


def _rename(entity: Entity, category: str) -> None:
    words = entity.description.split()
    old = entity.category.split()
    n = len(old)
    for i in range(len(words) - n, -1, -1):  # the noun's last mention in the description
        if words[i:i + n] == old:
            words[i:i + n] = category.split()
            break
    entity.description = " ".join(words) if category in " ".join(words) else category
    entity.category = category
