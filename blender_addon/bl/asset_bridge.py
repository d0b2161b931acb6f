"""The procedural asset library as an :data:`~.build.AssetBuilder`.

Each placed object's noun (its ``category``) is resolved with the catalog, with the
planner's adjectives as hints ("wooden", "round"); an unknown noun becomes a box labelled
with the noun, and the catalog's warning is passed on to the user.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

import bpy

from ..core.assets import load_catalog
from ..core.assets.families import load_families
from ..core.knowledge.objects import load_knowledge
from ..core.model import PlacedObject
from .build import CARRYING, AssetBuilder, BuiltAsset

FALLBACK_PROP = "setdresser_fallback"  # "" (its own model), "family:<name>" or "box" (layout v2 asset_fallback)


def object_seed(seed: int, object_id: str) -> int:
    """A per-object seed for random details (foliage, book colours): stable across runs and
    independent of build order."""
    digest = hashlib.sha256(f"{seed}:{object_id}".encode()).digest()
    return int.from_bytes(digest[:4], "little")


def catalog_builder(hints_by_id: Mapping[str, Sequence[str]], *, seed: int = 0,
                    descriptions: Mapping[str, str] | None = None) -> AssetBuilder:
    """An asset builder over the procedural library (``bl/assets``); ``descriptions``: each object's
    look as the planner wrote it, which names the family of a noun the catalog does not know."""
    from .assets.build import (  # the procedural builders; loaded on first build
        build_asset,
        has_builder,
    )

    catalog = load_catalog()
    families = load_families()

    def build(placed: PlacedObject, collection: bpy.types.Collection) -> BuiltAsset:
        """One object from the procedural library at the placed size: its own model, else its
        family's shape (a wolf as a quadruped; a "girl hunter" described as "a young woman ..." as a
        person: Families.for_object), else a box labelled with the noun."""
        hints = tuple(hints_by_id.get(placed.id, ()))
        match = catalog.resolve(placed.category, hints)
        given = placed.asset if placed.asset and has_builder(placed.asset) else None  # "procedural:pedestrian": none
        asset, label, fallback = given or match.asset, None, ""
        warnings = [match.warning] if match.warning else []
        if not match.known and not given:
            family = families.for_object(placed.category, (descriptions or {}).get(placed.id, ""))
            if family is not None:
                asset, fallback = family.asset, f"family:{family.name}"
                warnings = [f"no model for '{placed.category}': drawn by the '{family.name}' family shape"]
            else:  # the size it is built at, not the catalog's default (issue 14: sized from its sentence)
                label, fallback = placed.category, "box"
                size = "x".join(f"{float(v):g}" for v in placed.dimensions)
                warnings = [f"no asset for {placed.category!r}: using a box labelled {placed.category!r} of {size} m"]
        obj = build_asset(asset, placed.dimensions, placed.id, collection, label=label,
                          hints=match.hints or hints, seed=object_seed(seed, placed.id),
                          mount=str(getattr(placed, "mount", None) or "floor"),
                          surfaces=named_surfaces(getattr(placed, "surfaces", None))
                          or known_surfaces(placed.category, placed.dimensions),
                          carries=placed.id in CARRYING.get(), noun=placed.category,
                          rest=max(0.0, float(placed.location[2])))  # (the floor is z = 0)
        obj[FALLBACK_PROP] = fallback
        return BuiltAsset(obj=obj, warnings=warnings)

    return build


def known_surfaces(category: str, dimensions: Sequence[float]) -> tuple[tuple[str, float], ...]:
    """(name, height) of the knowledge base's surfaces at these dimensions: the shelves are built
    where the solver put things on them (a layout object without its own ``surfaces``)."""
    facts = load_knowledge().lookup(category)
    return tuple((s.name, float(s.height)) for s in facts.surfaces_at(dimensions)) if facts is not None else ()


def named_surfaces(value: object) -> tuple[tuple[str, float], ...]:
    """(name, height) of a layout v2 object's ``surfaces`` (dicts or objects with name/height)."""
    out = []
    for item in value or ():  # type: ignore[attr-defined]
        name = item.get("name") if isinstance(item, Mapping) else getattr(item, "name", None)
        height = item.get("height") if isinstance(item, Mapping) else getattr(item, "height", None)
        if isinstance(name, str) and isinstance(height, (int, float)):
            out.append((name, float(height)))
    return tuple(out)


def is_outdoor(objects: Sequence[PlacedObject]) -> bool:
    """True when some object only ever stands outdoors (tree, tent, street lamp...)."""
    catalog = load_catalog()
    for obj in objects:
        entry = catalog.entry(obj.asset) if obj.asset else None
        entry = entry or catalog.entry(obj.category)
        if entry is not None and entry.outdoor and not entry.indoor:
            return True
    return False
