"""The object knowledge base: ``objects.json`` (schema ``setdresser.object_knowledge/1``) as typed facts.

For each common category: real dimension ranges and a typical size ([w, d, h], metres, local
x/y/z), how it is mounted (``floor`` | ``wall`` | ``ceiling`` | ``surface``), its named support
surfaces (table top, ``shelf_1..N``, a chair's or sofa's ``seat``, a bed's ``mattress``, a
``counter_top``), front/back facts (front = local -Y; ``back_to_wall``; a bed's headboard at
its back), clearances, wall-mounting heights, synonyms and the asset family that stands in
for its shape. Loaded once (:func:`load_knowledge` is cached); malformed data raises
:class:`BadInput` naming the entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..assets.phrase import normalise, singular
from ..datafiles import read_json, read_only_cache
from ..errors import BadInput

KNOWLEDGE_SCHEMA = "setdresser.object_knowledge/1"
KNOWLEDGE_PATH = Path(__file__).with_name("objects.json")
MOUNTS = ("floor", "wall", "ceiling", "surface")
AXES = {"w": 0, "d": 1, "h": 2}

Vec2 = tuple[float, float]
Vec3 = tuple[float, float, float]


@dataclass(frozen=True)
class Surface:
    """A named support surface in the object's local frame (origin bottom-centre).

    ``height`` above the origin; ``min``/``max`` the XY footprint of the surface (None: the
    whole top); ``clear_height`` the free height above it (shelves), None when open.
    """

    name: str
    height: float
    min: Vec2 | None = None
    max: Vec2 | None = None
    clear_height: float | None = None

    def scaled(self, factor: Vec3) -> Surface:
        """This surface on an object scaled by ``factor`` (x, y, z) from the typical size."""
        fx, fy, fz = factor
        lo = (self.min[0] * fx, self.min[1] * fy) if self.min is not None else None
        hi = (self.max[0] * fx, self.max[1] * fy) if self.max is not None else None
        clear = self.clear_height * fz if self.clear_height is not None else None
        return Surface(self.name, round(self.height * fz, 4), _round2(lo), _round2(hi),
                       round(clear, 4) if clear is not None else None)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "height": self.height}
        if self.min is not None and self.max is not None:
            out["min"], out["max"] = list(self.min), list(self.max)
        if self.clear_height is not None:
            out["clear_height"] = self.clear_height
        return out


def _round2(value: Vec2 | None) -> Vec2 | None:
    return (round(value[0], 4), round(value[1], 4)) if value is not None else None


@dataclass(frozen=True)
class ObjectFacts:
    """Everything the knowledge base says about one category."""

    category: str
    synonyms: tuple[str, ...]
    family: str
    mount: str
    dim_min: Vec3
    dim_max: Vec3
    typical: Vec3
    grow: tuple[int, ...]  # axes the plain size words change (0 = w, 1 = d, 2 = h)
    surfaces: tuple[Surface, ...]
    default_surface: str | None = None
    back_to_wall: bool = False
    headboard: str | None = None
    front_clearance: float | None = None
    mount_height: float | None = None  # centre height above the floor when hung on a wall
    wall_mountable: bool = False
    ceiling_drop: float | None = None  # gap from the ceiling to the object's top when hung
    trunk: float | None = None  # a crown on a central trunk or pole: what stands under it keeps this far (m) off
    may_cover_window: bool = False
    flat: bool = False
    outdoor: bool = False
    companions: tuple[str, ...] = field(default=())
    sight_shape: str | None = None  # the sight_shapes entry whose parts hide what lies beyond it
    colour: str | None = None  # the colour word a thing of this kind has when the text names none
    counted_as: str | None = None  # the general noun a reader counts it under ("board": a whiteboard)
    parts: tuple[str, ...] = ()  # nouns naming a part of it ("headboard", "keys"): the thing itself, never a new one
    people: int | None = None  # how many one of it sleeps or seats: "bunk beds for four kids" are two

    @property
    def supports_things(self) -> bool:
        """Whether anything can rest on it (it has at least one support surface)."""
        return bool(self.surfaces)

    def surfaces_at(self, dims: Sequence[float]) -> tuple[Surface, ...]:
        """The surfaces of an object of size ``dims`` (scaled from the typical size)."""
        factor = tuple(float(d) / t for d, t in zip(dims, self.typical))
        return tuple(s.scaled(factor) for s in self.surfaces)  # type: ignore[arg-type]

    def surface(self, name: str | None, dims: Sequence[float] | None = None) -> Surface | None:
        """The named surface (None: the default one: seat, mattress, counter top, else top)."""
        wanted = name or self.default_surface or "top"
        for item in self.surfaces_at(dims if dims is not None else self.typical):
            if item.name == wanted:
                return item
        return None

    def surface_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.surfaces)


@dataclass(frozen=True)
class SizeWord:
    """What a size adjective changes: ``axes`` (grow | all | w | d | h | long | thin), toward which end
    of the category's range (``to``), and how far past that end (``beyond``, 1 = at it)."""

    word: str
    axes: str
    to: str
    beyond: float


@dataclass(frozen=True)
class OpeningDefaults:
    """Typical size of a door or window (metres) and its synonyms."""

    kind: str
    synonyms: tuple[str, ...]
    width: float
    height: float
    sill: float
    clearance: float | None = None


@dataclass(frozen=True)
class Posture:
    """How a figure of ``families`` rests on one of ``surfaces`` (issue 13: a person on a chair's
    seat sits): its box as fractions of its standing height (``height``, ``depth``) and width."""

    name: str
    families: tuple[str, ...]
    surfaces: tuple[str, ...]
    height: float
    depth: float
    width: float = 1.0
    at_families: tuple[str, ...] = ()  # a figure only near one of these ("at the table") takes a free seat there
    at_relations: tuple[str, ...] = ()
    at_standing: tuple[str, ...] = ()  # categories that stay on their feet at a table (a waiter)


def _parse_posture(name: str, raw: Any, where: str) -> Posture:
    if not isinstance(raw, Mapping):
        raise BadInput("a posture must be an object", where)
    try:
        at = raw.get("at") or {}
        posture = Posture(name, tuple(map(str, raw["families"])), tuple(map(str, raw["surfaces"])),
                          float(raw["height"]), float(raw["depth"]), float(raw.get("width", 1.0)),
                          tuple(map(str, at.get("families", ()))), tuple(map(str, at.get("relations", ()))),
                          tuple(map(str, at.get("standing", ()))))
    except (KeyError, TypeError, ValueError) as exc:
        raise BadInput(f"bad posture: {exc}", where) from exc
    if not (0 < posture.height <= 1 and 0 < posture.depth <= 1 and posture.width > 0):
        raise BadInput("height and depth are fractions in (0, 1], width positive", where)
    return posture


class ObjectKnowledge:
    """The loaded knowledge base: facts by category or synonym, size words, architecture defaults."""

    def __init__(self, data: Mapping[str, Any], source: str = "<memory>") -> None:
        if data.get("schema") != KNOWLEDGE_SCHEMA:
            raise BadInput(f"schema must be {KNOWLEDGE_SCHEMA!r}", source)
        self.version = int(data.get("version", 0))
        raw = data.get("categories")
        if not isinstance(raw, list) or not raw:
            raise BadInput("'categories' must be a non-empty list", source)
        self._facts = tuple(_parse_facts(e, f"{source}: categories[{i}]") for i, e in enumerate(raw))
        names: dict[str, ObjectFacts] = {}
        for facts in self._facts:
            if _key(facts.category) in names:
                raise BadInput(f"duplicate category {facts.category!r}", source)
            names[_key(facts.category)] = facts
        for facts in self._facts:
            for name in facts.synonyms:
                names.setdefault(_key(name), facts)
        self._names: Mapping[str, ObjectFacts] = MappingProxyType(names)  # shared once loaded: read-only
        self.sight_shapes = MappingProxyType({str(k): _parse_sight_shape(v, f"{source}: sight_shapes.{k}")
                                              for k, v in dict(data.get("sight_shapes", {})).items()})
        for facts in self._facts:
            if facts.sight_shape is not None and facts.sight_shape not in self.sight_shapes:
                raise BadInput(f"sight_shape {facts.sight_shape!r} is not one of {sorted(self.sight_shapes)}",
                               f"{source}: {facts.category}")
        self.size_words = MappingProxyType({w: _parse_size_word(w, v, f"{source}: size_words.{w}")
                                            for w, v in dict(data.get("size_words", {})).items()})
        mounts = dict(data.get("mount_defaults", {}))
        self.wall_height = float(mounts.get("wall", {}).get("height", 1.5))
        self.ceiling_drop = float(mounts.get("ceiling", {}).get("drop", 0.4))
        self.unknown_on_surface, self.unknown_wall_depth = _unknown_sizes(data)  # sized from its sentence
        self.postures = MappingProxyType({str(k): _parse_posture(str(k), v, f"{source}: postures.{k}")
                                          for k, v in dict(data.get("postures", {})).items()})
        arch = dict(data.get("architecture", {}))
        self.openings = MappingProxyType({kind: _parse_opening(kind, arch[kind], f"{source}: architecture.{kind}")
                                          for kind in ("door", "window") if kind in arch})
        self.wall_height_default = float(arch.get("wall", {}).get("height", 2.7))
        self._agent_suffixes = {str(k): str(v) for k, v in dict(data.get("agent_suffixes", {})).items()}
        if missing := set(self._agent_suffixes.values()) - set(self.categories()):
            raise BadInput(f"{source}: agent_suffixes name unknown categories {sorted(missing)}", "agent_suffixes")
        self._architecture_words = {_key(word): kind for kind, spec in arch.items()
                                    for word in (kind, *spec.get("synonyms", ()))}

    def categories(self) -> tuple[str, ...]:
        """Every category name, in file order."""
        return tuple(f.category for f in self._facts)

    def all_facts(self) -> tuple[ObjectFacts, ...]:
        return self._facts

    def families(self) -> tuple[str, ...]:
        """The asset families, in first-seen order."""
        return tuple(dict.fromkeys(f.family for f in self._facts))

    def sight_parts(self, noun: str) -> tuple[Part, ...]:
        """The parts of ``noun``'s object that hide what lies beyond it (fractions of its box): a
        table's top slab, a chair's seat and back; empty when the whole box does (no sight_shape)."""
        facts = self.lookup(noun)
        return self.sight_shapes.get(facts.sight_shape or "", ()) if facts is not None else ()

    def lookup(self, noun: str) -> ObjectFacts | None:
        """The facts for a category name or synonym ("couch", "bookcases", "Bedside Table"), if known.

        The whole phrase is tried first (singular last word), then its shorter endings, so
        "wooden coffee table" finds "coffee table" and "reading lamp" finds "table lamp"'s synonym.
        """
        words = normalise(noun).split()
        if not words:
            return None
        plain = list(words)
        words[-1] = singular(words[-1])
        for start in range(len(words)):
            # the singular first, then the plural as written (a synonym listed plural: "tissues")
            found = self._whole(words[start:], plain[start:])
            if found is not None:
                return found
        return self._agent(words[-1])

    def has_part(self, category: str, noun: str) -> bool:
        """Whether ``noun`` ("the keys", "headboard", "its arms") names a part of a ``category`` thing."""
        facts = self.lookup(category)
        name = normalise(noun)
        return facts is not None and bool(name) and (name in facts.parts or singular(name) in facts.parts)

    def names_exactly(self, noun: str) -> bool:
        """Whether the whole phrase (last word singular or as written) is a category or synonym:
        "tennis ball" is, "slicing bread" is not (:meth:`lookup` would find "bread" in it)."""
        words = normalise(noun).split()
        return bool(words) and self._whole(words[:-1] + [singular(words[-1])], words) is not None

    def _whole(self, words: list[str], plain: list[str]) -> ObjectFacts | None:
        """The facts named by exactly these words, the last singular (else as written)."""
        return self._names.get("".join(words)) or self._names.get("".join(plain))

    def _agent(self, word: str) -> ObjectFacts | None:
        """An unknown noun of an agent suffix ("technician", "violinist": ``agent_suffixes``) is a person."""
        suffix = next((s for s in self._agent_suffixes if word.endswith(s) and len(word) >= max(len(s) + 3, 7)), None)
        return self._names.get(_key(self._agent_suffixes[suffix])) if suffix else None

    def architecture_kind(self, noun: str) -> str | None:
        """``door`` / ``window`` / ``wall`` / ``floor`` / ``ceiling`` when the noun names architecture."""
        words = normalise(noun).split()
        if not words:
            return None
        plain = "".join(words)
        return self._architecture_words.get(plain) or self._architecture_words.get(
            "".join(words[:-1] + [singular(words[-1])]))


def _unknown_sizes(data: Mapping[str, Any]) -> tuple[float, float]:
    """``unknown_things``: the longest side of a thing nobody knows that stands on a surface, the
    depth of one on a wall (offline/coding/unknown_sizes.py)."""
    unknown = dict(data.get("unknown_things", {}))
    return float(unknown.get("on_surface_longest", 0.25)), float(unknown.get("on_wall_depth", 0.08))


def _key(name: str) -> str:
    return "".join(normalise(name).split())


def _vec(raw: Any, n: int, where: str, positive: bool = False) -> tuple[float, ...]:
    if not isinstance(raw, (list, tuple)) or len(raw) != n:
        raise BadInput(f"expected a list of {n} numbers, got {raw!r}", where)
    try:
        out = tuple(float(v) for v in raw)
    except (TypeError, ValueError) as exc:
        raise BadInput(f"expected numbers, got {raw!r}", where) from exc
    if positive and min(out) <= 0:
        raise BadInput(f"must be positive, got {raw!r}", where)
    return out


Part = tuple[Vec3, Vec3]  # (min, max) corner of a box inside an object's, as fractions of its size


def _parse_sight_shape(raw: Any, where: str) -> tuple[Part, ...]:
    """The parts of a sight shape: boxes in fractions (0..1) of the object's width, depth (from its
    front, -Y) and height, each min <= max."""
    parts = raw.get("parts") if isinstance(raw, Mapping) else None
    if not isinstance(parts, list) or not parts:
        raise BadInput("a sight shape needs a non-empty 'parts' list", where)
    out = []
    for k, part in enumerate(parts):
        lo, hi = (_vec(part.get(key) if isinstance(part, Mapping) else None, 3, f"{where}.parts[{k}].{key}")
                  for key in ("min", "max"))
        if not all(0.0 <= a <= b <= 1.0 for a, b in zip(lo, hi)):
            raise BadInput("need 0 <= min <= max <= 1 on every axis", f"{where}.parts[{k}]")
        out.append((lo, hi))
    return tuple(out)  # type: ignore[arg-type]


def _parse_surface(raw: Mapping[str, Any], where: str) -> Surface:
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise BadInput("surface needs a 'name'", where)
    lo = _vec(raw["min"], 2, f"{where}.min") if "min" in raw else None
    hi = _vec(raw["max"], 2, f"{where}.max") if "max" in raw else None
    clear = raw.get("clear_height")
    return Surface(name=name, height=float(raw["height"]), min=lo, max=hi,  # type: ignore[arg-type]
                   clear_height=float(clear) if clear is not None else None)


def _parse_facts(raw: Mapping[str, Any], where: str) -> ObjectFacts:
    try:
        dims = raw["dimensions"]
        lo, hi = _vec(dims["min"], 3, f"{where}.min", True), _vec(dims["max"], 3, f"{where}.max", True)
        typical = _vec(dims["typical"], 3, f"{where}.typical", True)
        if any(a > b for a, b in zip(lo, hi)) or any(not a <= t <= b for a, t, b in zip(lo, typical, hi)):
            raise BadInput("need min <= typical <= max on every axis", f"{where} ({raw.get('category')})")
        mount = str(raw["mount"])
        if mount not in MOUNTS:
            raise BadInput(f"mount must be one of {MOUNTS}, got {mount!r}", where)
        surfaces = tuple(_parse_surface(s, f"{where}.surfaces[{i}]") for i, s in enumerate(raw["surfaces"]))
        optional = {k: raw[k] for k in ("front_clearance", "mount_height", "ceiling_drop", "trunk") if k in raw}
        return ObjectFacts(
            category=str(raw["category"]), synonyms=tuple(str(s) for s in raw["synonyms"]),
            family=str(raw["family"]), mount=mount, dim_min=lo, dim_max=hi, typical=typical,  # type: ignore[arg-type]
            grow=tuple(AXES[c] for c in str(raw["grow"])), surfaces=surfaces,
            default_surface=raw.get("default_surface"), back_to_wall=bool(raw.get("back_to_wall", False)),
            headboard=raw.get("headboard"), wall_mountable=bool(raw.get("wall_mountable", False)),
            may_cover_window=bool(raw.get("may_cover_window", False)), flat=bool(raw.get("flat", False)),
            outdoor=bool(raw.get("outdoor", False)), companions=tuple(raw.get("companions", ())),
            sight_shape=raw.get("sight_shape"), colour=raw.get("colour"), counted_as=raw.get("counted_as"),
            parts=tuple(str(p) for p in raw.get("parts", ())),
            people=int(raw["people"]) if "people" in raw else None,
            **{k: float(v) for k, v in optional.items()})
    except KeyError as exc:
        raise BadInput(f"missing field {exc.args[0]!r}", where) from exc


def _parse_size_word(word: str, raw: Mapping[str, Any], where: str) -> SizeWord:
    axes, to = str(raw.get("axes")), str(raw.get("to"))
    if axes not in ("grow", "all", "w", "d", "h", "long", "thin") or to not in ("min", "max"):
        raise BadInput(f"bad size word spec {dict(raw)!r}", where)
    return SizeWord(word=word, axes=axes, to=to, beyond=float(raw.get("beyond", 1.0)))


def _parse_opening(kind: str, raw: Mapping[str, Any], where: str) -> OpeningDefaults:
    try:
        clearance = raw.get("clearance")
        return OpeningDefaults(kind=kind, synonyms=tuple(raw.get("synonyms", ())), width=float(raw["width"]),
                               height=float(raw["height"]), sill=float(raw["sill"]),
                               clearance=float(clearance) if clearance is not None else None)
    except KeyError as exc:
        raise BadInput(f"missing field {exc.args[0]!r}", where) from exc


@read_only_cache(maxsize=4)
def load_knowledge(path: str | None = None) -> ObjectKnowledge:
    """The knowledge base from ``path`` (default: the bundled ``objects.json``), loaded once."""
    source = Path(path) if path else KNOWLEDGE_PATH
    return ObjectKnowledge(read_json(source, "object knowledge base"), source=str(source))
