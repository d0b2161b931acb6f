"""Nouns whose thing depends on the scene (issue 13): "a screen" is a TV in a living room or on
a wall, a monitor on a desk, a projection screen in a lecture hall; "a lamp" in a park is a street
lamp. Which sense fits when is data (``senses.json``); the planner reads it twice, for the objects
the text names before the room's archetype adds its own (so "a screen" in a living room replaces
the archetype's TV instead of joining it) and for the archetype's items after.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .....skill_library.roles import roles as relation_roles
from ...datafiles import read_document, read_only_cache
from ..referents.world import Entity, World

SENSES_PATH = Path(__file__).with_name("senses.json")
SENSES_SCHEMA = "setdresser.noun_senses/1"
KEYS = frozenset({"category", "supports", "scenes", "settings", "wall"})


@dataclass(frozen=True)
class Sense:
    """One meaning of an ambiguous noun and when it applies."""

    category: str
    supports: frozenset[str] = frozenset()
    scenes: frozenset[str] = frozenset()
    settings: frozenset[str] = frozenset()
    wall: bool = False


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
                                wall=bool(raw.get("wall", False))))
        out[noun] = tuple(parsed)
    return out


def choose(senses: tuple[Sense, ...], support: str | None, scene: str | None, setting: str,
           on_wall: bool) -> str | None:
    """The category of the first sense that fits: what the thing stands on decides first, then
    the scene, then the setting (only for a thing on nothing), then a wall it hangs on."""
    if support is not None:
        return next((s.category for s in senses if support in s.supports), None)
    for fits in (lambda s: scene is not None and scene in s.scenes, lambda s: setting in s.settings,
                 lambda s: on_wall and s.wall):
        found = next((s.category for s in senses if fits(s)), None)
        if found is not None:
            return found
    return None


def resolve_senses(world: World, scene: str | None, setting: str) -> list[str]:
    """Give each ambiguous object of ``world`` the category its scene and supports call for
    (``scene``: the room archetype's id); returns the ids changed."""
    table = load_senses()
    supporting = relation_roles().supporting
    changed = []
    for entity in world.entities.values():
        senses = table.get(entity.category)
        if not senses:
            continue
        support = next((world.entities[r.args[1]].category for r in world.relations
                        if r.relation in supporting and r.args[0] == entity.id and r.args[1] in world.entities), None)
        category = choose(senses, support, scene, setting, entity.mount == "wall")
        if category is not None and category != entity.category:
            _rename(entity, category)
            entity.roles = world.vocab.roles(category)
            changed.append(entity.id)
    return changed


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
