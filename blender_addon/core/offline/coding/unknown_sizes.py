"""Things nobody knows, sized from their sentence (issue 14: unknown nouns).

A noun neither the asset catalog nor the object knowledge base knows ("a samovar", "a frobnitz")
gets a family's or the labelled box's default size, half a metre or so, wherever it is. The
sentence says more: a thing that stands on a surface ("on the desk", "on a shelf") is a small
thing, its longest side at most the knowledge base's ``unknown_things.on_surface_longest``; a
thing on a wall ("hanging on the wall") lies flat against it, at most ``on_wall_depth`` deep.
A size the text gives ("a huge frobnitz", "2 m tall") is the text's and is kept, and so is the size of
a living thing's family (a "teenager" on the sofa sits there at a person's size) and of a flat one's (a
"poster board" standing on a table is a board's size).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...assets.catalog import Catalog
from ...assets.families import LIVING_FAMILIES, THIN, load_families
from ...knowledge.objects import load_knowledge
from ...model import Constraint, ObjectSpec
from ...scene_graph import AssetNode

ON_SURFACE = frozenset({"on_top_of"})
ON_WALL = frozenset({"on_wall"})


def size_unknown_things(objects: Sequence[ObjectSpec], nodes: Sequence[AssetNode], constraints: Sequence[Constraint],
                        catalog: Catalog) -> list[str]:
    """Resize, in place, each object of an unknown kind by where its sentence puts it; returns the
    ids resized."""
    knowledge = load_knowledge()
    by_node = {n.id: n for n in nodes}
    on_surface = {c.args[0] for c in constraints if c.relation in ON_SURFACE and c.args}
    on_wall = {c.args[0] for c in constraints if c.relation in ON_WALL and c.args}
    changed = []
    for obj in objects:
        node = by_node.get(obj.id)
        if node is None or _sized_by_text(node, catalog) or not catalog.size_unknown(node.category):
            continue
        family = load_families().for_noun(node.category)
        if family is not None and family.name in LIVING_FAMILIES:
            continue
        w, d, h = obj.dimensions
        flat = family is not None and min(family.dimensions) < THIN * max(family.dimensions)
        if obj.id in on_surface and not flat and max(w, d, h) > knowledge.unknown_on_surface:
            factor = knowledge.unknown_on_surface / max(w, d, h)
            w, d, h = w * factor, d * factor, h * factor
        elif (obj.id in on_wall or obj.mount == "wall") and d > knowledge.unknown_wall_depth:
            d = knowledge.unknown_wall_depth
        else:
            continue
        obj.dimensions = (round(w, 4), round(d, 4), round(h, 4))
        changed.append(obj.id)
    return changed


def _sized_by_text(node: AssetNode, catalog: Catalog) -> bool:
    """Whether the text gave the thing a size: stated sides, or a size word that changed its height."""
    if node.size:
        return True
    plain = catalog.resolve(node.category).dimensions[2]
    return node.height is not None and abs(node.height - plain) > 1e-6
