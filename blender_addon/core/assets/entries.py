"""The records of the procedural asset catalog (:mod:`.catalog`): an index entry, what a noun phrase
resolved to, a surface finish, and how one entry of ``assets_index/procedural.json`` is read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import BadInput

KINDS = frozenset({"furniture", "small", "outdoor", "primitive", "electronics", "lighting"})

Vec3 = tuple[float, float, float]


@dataclass(frozen=True)
class AssetEntry:
    """One category of the procedural library, as written in the index."""

    category: str
    asset: str
    synonyms: tuple[str, ...]
    dimensions: Vec3
    supports_on_top: bool
    top_height: float
    kind: str
    variants: tuple[str, ...]
    indoor: bool
    outdoor: bool


@dataclass(frozen=True)
class AssetMatch:
    """What a noun phrase resolved to.

    ``category`` is the noun as the user wrote it (singular, lower case: "crate"), ``asset``
    the model standing in for it ("procedural:box"); ``dimensions`` already include size
    adjectives; ``top_height`` is the carrying surface's height at those dimensions.
    """

    category: str
    asset: str
    dimensions: Vec3
    supports_on_top: bool
    known: bool
    warning: str | None
    hints: tuple[str, ...]
    top_height: float = 0.0


@dataclass(frozen=True)
class Finish:
    """A surface look asked for by an adjective: base colour (linear RGB) and its gloss."""

    color: Vec3
    roughness: float = 0.6
    metallic: float = 0.0


def parse_vec3(value: Any, where: str) -> Vec3:
    """Three numbers (a size or a colour) read from the index; BadInput naming ``where`` otherwise."""
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        raise BadInput("expected a list of three numbers", where)
    try:
        out = tuple(float(v) for v in value)
    except (TypeError, ValueError) as exc:
        raise BadInput(f"expected numbers, got {value!r}", where) from exc
    return out  # type: ignore[return-value]


def parse_entry(raw: Mapping[str, Any], where: str) -> AssetEntry:
    """One index entry, checked (positive size, a known kind); BadInput naming ``where`` otherwise."""
    try:
        dims = parse_vec3(raw["dimensions"], f"{where}.dimensions")
        if min(dims) <= 0:
            raise BadInput("dimensions must be positive", f"{where}.dimensions")
        entry = AssetEntry(
            category=str(raw["category"]), asset=str(raw["asset"]),
            synonyms=tuple(str(s) for s in raw.get("synonyms", ())), dimensions=dims,
            supports_on_top=bool(raw["supports_on_top"]),
            top_height=float(raw.get("top_height", dims[2])), kind=str(raw["kind"]),
            variants=tuple(str(v) for v in raw.get("variants", ())),
            indoor=bool(raw.get("indoor", True)), outdoor=bool(raw.get("outdoor", False)))
    except KeyError as exc:
        raise BadInput(f"missing field {exc.args[0]!r}", where) from exc
    if entry.kind not in KINDS:
        raise BadInput(f"unknown kind {entry.kind!r}; expected one of {sorted(KINDS)}", where)
    return entry
