"""Load and validate ``occasions.json``: the things an occasion or activity implies.

An occasion is something people ask for that is no object itself ("a breakfast for two",
"a tea party for four", "a picnic by the lake", "a study session"): it stands for a *main*
object (the table, the picnic blanket, the grill) that takes the occasion's place in the
sentence, so a relation whose subject is the occasion holds for the main object ("a picnic
by the lake": the blanket by the lake). ``lay_on``: when the text puts the occasion on an
object ("a breakfast on the kitchen counter") the things are laid on that object and no
main object is added. ``people`` is how many the occasion is for unless the text says ("for
six"). ``per_person`` items are read once with ``{n}`` = the number of people (the place
setting; seats among them sit around the table the planner's set-the-table logic lays),
``shared`` items once; both are sentences of the offline planner's English where ``{host}``
names the object the things go on or around ("the table", "the picnic blanket").
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...datafiles import read_only_cache
from ...assets.phrase import normalise
from ..archetypes import Item
from ..archetypes.loader import check_unique_names, item_list, text_field

OCCASIONS_SCHEMA = "setdresser.occasions/1"
OCCASIONS_PATH = Path(__file__).with_name("occasions.json")
PLACEHOLDERS = frozenset({"n", "host"})
ITEM_KEYS = frozenset({"object", "text"})  # no optional items: an occasion brings all it implies
MAX_PEOPLE = 24


@dataclass(frozen=True)
class Occasion:
    """One occasion or activity and the things it implies."""

    id: str
    names: tuple[str, ...]
    main: str
    people: int
    lay_on: bool
    per_person: tuple[Item, ...]
    shared: tuple[Item, ...]

    @property
    def items(self) -> tuple[Item, ...]:
        """The shared items (the picnic table the barbecue's plates go on), then the per-person ones."""
        return self.shared + self.per_person


@dataclass(frozen=True)
class OccasionBook:
    """Every occasion, with the name index."""

    occasions: tuple[Occasion, ...]

    @functools.cached_property
    def by_name(self) -> dict[str, Occasion]:
        """Each name (normalised) -> its occasion."""
        return {name: occ for occ in self.occasions for name in occ.names}

    def of(self, category: str) -> Occasion | None:
        """The occasion a noun names: its longest known ending ("a family dinner" is a
        dinner, "a kids' birthday party" a birthday party), else None."""
        words = normalise(category).split()
        for start in range(len(words)):
            found = self.by_name.get(" ".join(words[start:]))
            if found is not None:
                return found
        return None


def _text(raw: Any, where: str) -> str:
    return text_field(raw, where, PLACEHOLDERS)


def _items(raw: Any, where: str, zone: str) -> tuple[Item, ...]:
    return item_list(raw, where, zone, PLACEHOLDERS, ITEM_KEYS)


def _occasion(raw: Any, where: str) -> Occasion:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected an object")
    unknown = set(raw) - {"id", "names", "main", "people", "lay_on", "per_person", "shared"}
    if unknown:
        raise ValueError(f"{where}: unknown keys {sorted(unknown)}")
    names = raw.get("names")
    if not isinstance(names, list) or not names:
        raise ValueError(f"{where}.names: expected a non-empty list")
    people = raw.get("people", 2)
    if not isinstance(people, int) or isinstance(people, bool) or not 1 <= people <= MAX_PEOPLE:
        raise ValueError(f"{where}.people: expected a whole number 1 to {MAX_PEOPLE}")
    if not isinstance(raw.get("lay_on", False), bool):
        raise ValueError(f"{where}.lay_on: expected true or false")
    return Occasion(id=_text(raw.get("id"), f"{where}.id"),
                    names=tuple(dict.fromkeys(normalise(_text(n, f"{where}.names")) for n in names)),
                    main=normalise(_text(raw.get("main"), f"{where}.main")), people=people,
                    lay_on=bool(raw.get("lay_on", False)),
                    per_person=_items(raw.get("per_person", []), f"{where}.per_person", "per_person"),
                    shared=_items(raw.get("shared", []), f"{where}.shared", "shared"))


def parse_occasions(data: Any, where: str = "occasions") -> OccasionBook:
    """Validate a parsed ``occasions.json`` document; ValueError names what is wrong and where."""
    if not isinstance(data, Mapping) or data.get("schema") != OCCASIONS_SCHEMA:
        raise ValueError(f"{where}: schema must be {OCCASIONS_SCHEMA!r}")
    raw = data.get("occasions")
    if not isinstance(raw, list) or not raw:
        raise ValueError(f"{where}.occasions: expected a non-empty list")
    occasions = tuple(_occasion(o, f"{where}.occasions[{i}]") for i, o in enumerate(raw))
    check_unique_names(((occ.id, occ.names) for occ in occasions), where)
    return OccasionBook(occasions=occasions)


@read_only_cache(maxsize=1)
def load_occasions(path: Path = OCCASIONS_PATH) -> OccasionBook:
    """The bundled occasions (cached)."""
    return parse_occasions(json.loads(path.read_text(encoding="utf-8")), str(path))
