"""Load and validate ``archetypes.json``: what a named room or scene holds.

An archetype is a room or scene people ask for by name ("a kitchen", "a campsite"): its
names, indoor or outdoor, a floor size range, a capacity (how many people it is furnished
for by default, scaled by "for 8 people"), and its *items*. An item is one object the room
is expected to hold, written as one sentence of the offline planner's English that
introduces it and says where it goes relative to the room and to earlier items ("A sofa
against the south wall, facing the tv."). ``object`` names the item's main object, so an
object the user names replaces the archetype's own. Items belong to a zone (a seating
area, a dining zone); ``optional`` items are the ones a seed may leave out and a "minimal"
style drops; an item's ``also`` names other things that take its place when the user
names one (a shop's counter: "a sales desk"); a style's ``material`` word dresses the items of its ``material_objects``
("a rustic kitchen": a wooden table). ``refines`` makes an archetype the one a room name of another gives when the
prompt holds one of its words ("a bedroom for a teenage girl": the teen bedroom);
``capacity_words`` give a capacity themselves ("a nursery for twins"). ``expects`` lists the things a
user would be surprised not to see in the room (a laundry room's washing machine; the archetype's
non-optional items hold each of them, tests/unit/knowledge/test_archetype_expectations.py). Styles ("cozy",
"for a teenager who likes music") add items when a style word
is in the prompt; an archetype may add its own items for a style. ``capacity_nouns`` are
the words after a number that say how many people a room is for ("for 8 *guests*");
``context_words`` are the words a room request may hold around its name and style that
say nothing more ("a bedroom *for a* teenager *who likes* music"). ``place_setting`` is what
"a table for N" adds (N seats, N plates) when the text names none. An archetype's ``words`` are
the words that point to it when the prompt names a room no archetype is called ("a *server*
room", "a room for a *dentist*": the nearest archetype by its words); ``room_heads`` are the
nouns that name a room or place ("room", "parlour", "salon"), each with the archetype a room of
that noun gets when no word points elsewhere ("" for none); ``capacity_groups`` are the nouns
whose "of N" gives the capacity ("a class *of ten*"); ``unit_nouns`` name the room's units, whose
number is its capacity ("a nail salon with three manicure *stations*"); ``only_named`` holds
the words that say the named objects are all the room holds ("just a bed and a wardrobe",
"..., nothing else"): such a room gets no archetype's items.

Item text may hold capacity placeholders, replaced by whole numbers: ``{n}`` (capacity),
``{half}`` (n / 2 rounded up), ``{quarter}`` (n / 4 rounded up), ``{rows}`` and
``{per_row}`` (n seats in about-square rows).
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...datafiles import read_only_cache
from ...assets.phrase import normalise

ARCHETYPES_SCHEMA = "setdresser.archetypes/1"
ARCHETYPES_PATH = Path(__file__).with_name("archetypes.json")
SETTINGS = frozenset({"indoor", "outdoor"})
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
PLACEHOLDERS = frozenset({"n", "half", "quarter", "rows", "per_row"})
MAX_CAPACITY = 60


@dataclass(frozen=True)
class Item:
    """One expected object of an archetype (or a style) and the sentence that places it."""

    object: str
    text: str
    zone: str = ""
    optional: bool = False
    max_people: int | None = None  # only in a room for at most this many (visitors' chairs: a one-person office)
    min_people: int | None = None  # only in a room for at least this many ("an art class for twelve": twelve easels)
    goods: bool = False  # its object stands for the room's wares: "a toy shop" sells toys in its place
    also: tuple[str, ...] = ()  # other things that take its place: a shop's counter is the user's sales desk


@dataclass(frozen=True)
class Style:
    """A style or theme the prompt's words select ("cozy", "music")."""

    id: str
    words: tuple[str, ...]
    items: tuple[Item, ...]
    drop_optional: bool = False
    keep_optional: bool = False  # every optional item, none drawn ("a cluttered kitchen")
    material: str = ""  # the word the style dresses its furniture in ("rustic": wooden) ...
    material_objects: frozenset[str] = frozenset()  # ... for items of these objects (head nouns)


@dataclass(frozen=True)
class Archetype:
    """A room or scene type and what it holds."""

    id: str
    names: tuple[str, ...]
    setting: str
    size_min: tuple[float, float]
    size_max: tuple[float, float]
    capacity: int
    items: tuple[Item, ...]
    styles: Mapping[str, tuple[Item, ...]]
    refines: tuple[str, ...] = ()  # room names of other archetypes this one refines ...
    refine_words: frozenset[str] = frozenset()  # ... when the prompt holds one of these words
    words: frozenset[str] = frozenset()  # words that point to it from an unknown room name ("a server room")
    expects: tuple[str, ...] = ()  # what a user would be surprised not to see (its items must hold them)

    def counts(self, n: int) -> dict[str, int]:
        """The placeholder values for a capacity of ``n`` people."""
        n = max(1, min(MAX_CAPACITY, n))
        rows = max(1, round(math.sqrt(n) * 0.8))
        exact = min((r for r in range(1, n + 1) if n % r == 0), key=lambda r: (abs(r - rows), -r))
        rows = exact if abs(exact - rows) <= 1 else rows  # ten mats: two full rows of five, not 3 x 4
        return {"n": n, "half": math.ceil(n / 2), "quarter": math.ceil(n / 4), "rows": rows,
                "per_row": math.ceil(n / rows)}


@dataclass(frozen=True)
class OnlyNamed:
    """The words that say the named objects are all there is (``only_named`` in the data)."""

    words: frozenset[str] = frozenset()  # "just" / "only" before an article or ending a clause
    not_before: frozenset[str] = frozenset()  # "just a *little* to the left": a measure, not a list
    phrases: tuple[str, ...] = ()  # "nothing else": no object, taken out of the text (longest first)


@dataclass(frozen=True)
class ArchetypeBook:
    """Every archetype and style, with the name index."""

    archetypes: tuple[Archetype, ...]
    styles: tuple[Style, ...]
    capacity_nouns: frozenset[str] = frozenset()
    context_words: frozenset[str] = frozenset()
    place_setting: tuple[Item, ...] = ()
    capacity_words: Mapping[str, int] = field(default_factory=dict)
    room_heads: Mapping[str, str] = field(default_factory=dict)  # "parlour" -> "shop" ("" for none)
    capacity_groups: frozenset[str] = frozenset()  # "a class of ten": ten
    unit_nouns: frozenset[str] = frozenset()  # "three manicure stations": a capacity of three
    only_named: OnlyNamed = OnlyNamed()  # "just a bed and a wardrobe": no completion

    @functools.cached_property
    def by_name(self) -> dict[str, Archetype]:
        """Each name (normalised: lower case, no apostrophes, space-joined words) -> its archetype."""
        return {name: arch for arch in self.archetypes for name in arch.names}

    def get(self, archetype_id: str) -> Archetype:
        """The archetype with this id; KeyError when there is none."""
        for arch in self.archetypes:
            if arch.id == archetype_id:
                return arch
        raise KeyError(archetype_id)

    def find(self, words: Sequence[str]) -> Archetype | None:
        """The archetype whose name the words contain, the longest name first, then the
        earliest in the text ("a kitchen in a restaurant" is a kitchen when both are known)."""
        best: tuple[int, int, Archetype] | None = None
        for size in range(min(4, len(words)), 0, -1):
            for start in range(len(words) - size + 1):
                found = self.by_name.get(" ".join(words[start:start + size]))
                if found is not None and (best is None or (size, -start) > (best[0], -best[1])):
                    best = (size, start, found)
        return best[2] if best else None

    def refined(self, arch: Archetype, name: str, words: Sequence[str]) -> Archetype:
        """The archetype that refines ``arch`` (found by its room ``name``) for a prompt holding
        one of its words ("a bedroom for a teenage girl": the teen bedroom); else ``arch``."""
        present = set(words)
        for other in self.archetypes:
            if other is not arch and name in other.refines and present & other.refine_words:
                return other
        return arch


ITEM_KEYS = frozenset({"object", "text", "optional", "max_people", "min_people", "goods", "also"})


def text_field(raw: Any, where: str, placeholders: frozenset[str] = PLACEHOLDERS) -> str:
    """A non-empty string whose ``{placeholders}`` are all known; ValueError names ``where``."""
    if not isinstance(raw, str) or not raw.strip():
        raise ValueError(f"{where}: expected a non-empty string")
    for name in PLACEHOLDER.findall(raw):
        if name not in placeholders:
            raise ValueError(f"{where}: unknown placeholder {{{name}}} (known: {', '.join(sorted(placeholders))})")
    return raw.strip()


def item_list(raw: Any, where: str, zone: str = "", placeholders: frozenset[str] = PLACEHOLDERS,
              keys: frozenset[str] = ITEM_KEYS) -> tuple[Item, ...]:
    """A list of items (``object``, ``text`` and, where ``keys`` allows it, ``optional``,
    ``max_people`` / ``min_people``: the item only in a room for at most / at least that many people, ``goods``: the
    item stands for the room's wares, :mod:`.offline.completion.featured`, and ``also``: the names
    of other things that take its place, a shop counter's "sales desk"), all in ``zone``."""
    if not isinstance(raw, list):
        raise ValueError(f"{where}: expected a list of items")
    out = []
    for index, entry in enumerate(raw):
        at = f"{where}[{index}]"
        if not isinstance(entry, Mapping):
            raise ValueError(f"{at}: expected an object with 'object' and 'text'")
        unknown = set(entry) - keys
        if unknown:
            raise ValueError(f"{at}: unknown keys {sorted(unknown)}")
        out.append(Item(object=text_field(entry.get("object"), f"{at}.object", placeholders).lower(),
                        text=text_field(entry.get("text"), f"{at}.text", placeholders), zone=zone,
                        optional=bool(entry.get("optional", False)), goods=bool(entry.get("goods", False)),
                        max_people=_max_people(entry.get("max_people"), f"{at}.max_people"),
                        min_people=_max_people(entry.get("min_people"), f"{at}.min_people"),
                        also=tuple(normalise(text_field(n, f"{at}.also")) for n in entry.get("also", []))))
    return tuple(out)


def _max_people(raw: Any, where: str) -> int | None:
    """An item's ``max_people`` or ``min_people`` (a whole number 1 to MAX_CAPACITY), or None when not given."""
    if raw is None:
        return None
    if not isinstance(raw, int) or isinstance(raw, bool) or not 1 <= raw <= MAX_CAPACITY:
        raise ValueError(f"{where}: expected a whole number 1 to {MAX_CAPACITY}")
    return raw


def check_unique_names(entries: Iterable[tuple[str, Sequence[str]]], where: str) -> None:
    """Every name belongs to one entry (``(id, names)`` pairs); ValueError names both owners."""
    seen: dict[str, str] = {}
    for entry_id, names in entries:
        for name in names:
            if name in seen:
                raise ValueError(f"{where}: the name {name!r} belongs to both {seen[name]} and {entry_id}")
            seen[name] = entry_id


def _size(raw: Any, where: str) -> tuple[float, float]:
    if (not isinstance(raw, list) or len(raw) != 2
            or not all(isinstance(v, (int, float)) and 1.0 <= v <= 200.0 for v in raw)):
        raise ValueError(f"{where}: expected [width, depth] in metres (1 to 200)")
    return float(raw[0]), float(raw[1])


def _archetype(raw: Any, where: str) -> Archetype:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected an object")
    arch_id = text_field(raw.get("id"), f"{where}.id")
    names = raw.get("names")
    if not isinstance(names, list) or not names:
        raise ValueError(f"{where}.names: expected a non-empty list")
    setting = raw.get("setting")
    if setting not in SETTINGS:
        raise ValueError(f"{where}.setting: expected one of {sorted(SETTINGS)}")
    size = raw.get("size") or {}
    capacity = raw.get("capacity", 2)
    if not isinstance(capacity, int) or not 1 <= capacity <= MAX_CAPACITY:
        raise ValueError(f"{where}.capacity: expected a whole number 1 to {MAX_CAPACITY}")
    zones = raw.get("zones")
    if not isinstance(zones, Mapping) or not zones:
        raise ValueError(f"{where}.zones: expected an object of zone name -> items")
    items = tuple(i for zone, entries in zones.items() for i in item_list(entries, f"{where}.zones.{zone}", zone))
    styles = {str(k): item_list(v, f"{where}.styles.{k}", "style") for k, v in (raw.get("styles") or {}).items()}
    named = tuple(dict.fromkeys(normalise(text_field(n, f"{where}.names")) for n in names))
    refines, refine_words = _refines(raw.get("refines") or {}, f"{where}.refines")
    return Archetype(id=arch_id, names=named,
                     setting=setting, size_min=_size(size.get("min"), f"{where}.size.min"),
                     size_max=_size(size.get("max"), f"{where}.size.max"), capacity=capacity,
                     items=items, styles=styles, refines=refines, refine_words=refine_words,
                     words=frozenset(text_field(w, f"{where}.words").lower() for w in raw.get("words") or []),
                     expects=tuple(text_field(w, f"{where}.expects").lower() for w in raw.get("expects") or []))


def _refines(raw: Any, where: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """The room names an archetype refines and the words that select it."""
    if not isinstance(raw, Mapping) or set(raw) - {"names", "words"}:
        raise ValueError(f"{where}: expected an object with 'names' and 'words'")
    names = tuple(normalise(text_field(n, f"{where}.names")) for n in raw.get("names", []))
    return names, frozenset(text_field(w, f"{where}.words").lower() for w in raw.get("words", []))


def _style(style_id: str, raw: Any, where: str) -> Style:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("words"), list) or not raw["words"]:
        raise ValueError(f"{where}: expected an object with a non-empty 'words' list")
    return Style(id=style_id, words=tuple(text_field(w, f"{where}.words").lower() for w in raw["words"]),
                 items=item_list(raw.get("items", []), f"{where}.items", "style"),
                 drop_optional=bool(raw.get("drop_optional", False)),
                 keep_optional=bool(raw.get("keep_optional", False)),
                 material=text_field(raw["material"], f"{where}.material").lower() if "material" in raw else "",
                 material_objects=frozenset(text_field(o, f"{where}.material_objects").lower()
                                            for o in raw.get("material_objects", [])))


def parse_archetypes(data: Any, where: str = "archetypes") -> ArchetypeBook:
    """Validate a parsed ``archetypes.json`` document; ValueError names what is wrong and where."""
    if not isinstance(data, Mapping) or data.get("schema") != ARCHETYPES_SCHEMA:
        raise ValueError(f"{where}: schema must be {ARCHETYPES_SCHEMA!r}")
    styles_raw = data.get("styles") or {}
    styles = tuple(_style(k, v, f"{where}.styles.{k}") for k, v in styles_raw.items())
    raw = data.get("archetypes")
    if not isinstance(raw, list) or not raw:
        raise ValueError(f"{where}.archetypes: expected a non-empty list")
    archetypes = tuple(_archetype(a, f"{where}.archetypes[{i}]") for i, a in enumerate(raw))
    check_unique_names(((arch.id, arch.names) for arch in archetypes), where)
    for arch in archetypes:
        for style_id in arch.styles:
            if style_id not in styles_raw:
                raise ValueError(f"{where}: archetype {arch.id} adds items for unknown style {style_id!r}")
    words = {key: frozenset(text_field(w, f"{where}.{key}").lower() for w in data.get(key) or [])
             for key in ("capacity_nouns", "context_words", "capacity_groups", "unit_nouns")}
    setting = item_list(data.get("place_setting", []), f"{where}.place_setting", "table")
    return ArchetypeBook(archetypes=archetypes, styles=styles, place_setting=setting,
                         capacity_words=_capacity_words(data.get("capacity_words") or {}, f"{where}.capacity_words"),
                         room_heads=_room_heads(data.get("room_heads") or {}, {a.id for a in archetypes},
                                                f"{where}.room_heads"),
                         only_named=_only_named(data.get("only_named") or {}, f"{where}.only_named"), **words)


def _only_named(raw: Any, where: str) -> OnlyNamed:
    """The ``only_named`` words: lists ``words``, ``not_before`` and ``phrases`` of lower-case text."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected an object with lists words, not_before, phrases")
    lists = {}
    for key in ("words", "not_before", "phrases"):
        entries = raw.get(key) or []
        if not isinstance(entries, list):
            raise ValueError(f"{where}.{key}: expected a list of strings")
        lists[key] = [text_field(w, f"{where}.{key}").lower() for w in entries]
    return OnlyNamed(words=frozenset(lists["words"]), not_before=frozenset(lists["not_before"]),
                     phrases=tuple(sorted(lists["phrases"], key=len, reverse=True)))


def _room_heads(raw: Any, ids: set[str], where: str) -> dict[str, str]:
    """Room nouns -> the archetype id a room of that noun gets by default ("" for none)."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected an object of noun -> archetype id (or \"\")")
    for noun, arch_id in raw.items():
        if arch_id != "" and arch_id not in ids:
            raise ValueError(f"{where}.{noun}: unknown archetype {arch_id!r}")
    return {text_field(k, where).lower(): str(v) for k, v in raw.items()}


def _capacity_words(raw: Any, where: str) -> dict[str, int]:
    """Words that give a capacity themselves ("for twins": 2)."""
    if not isinstance(raw, Mapping) or not all(isinstance(v, int) and 1 <= v <= MAX_CAPACITY for v in raw.values()):
        raise ValueError(f"{where}: expected an object of word -> whole number 1 to {MAX_CAPACITY}")
    return {text_field(k, where).lower(): int(v) for k, v in raw.items()}


@read_only_cache(maxsize=1)
def load_archetypes(path: Path = ARCHETYPES_PATH) -> ArchetypeBook:
    """The bundled archetypes (cached)."""
    return parse_archetypes(json.loads(path.read_text(encoding="utf-8")), str(path))
