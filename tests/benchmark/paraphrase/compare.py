"""What a plan says, names ignored: how many things of each category, and its relations as
(kind, theme category, landmark categories, wall/side/corner), compared as multisets. A category is
named by the object knowledge base's name for it ("couch" and "sofa" are one category)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.scene_graph import SceneGraph

PLACE_KEYS = ("wall", "side", "corner")


def signature(graph: SceneGraph) -> dict[str, Counter]:
    """The plan's category counts and relation multiset."""
    data = graph.to_dict()
    kinds = {a["id"]: canonical(a["category"]) for a in data["assets"]}
    kinds.update({o["id"]: o["kind"] for o in data.get("room", {}).get("openings", [])})
    roles: dict[str, dict[int, str]] = {}
    for edge in data["edges"]:
        roles.setdefault(edge["relation"], {})[edge["role"]] = kinds.get(edge["asset"], edge["asset"])
    relations: Counter = Counter()
    for rel in data["relations"]:
        args = roles.get(rel["id"], {})
        place = tuple(f"{k}={rel['params'][k]}" for k in PLACE_KEYS if k in rel["params"])
        landmarks = tuple(args[r] for r in sorted(args) if r > 0)
        relations[(rel["relation"], args.get(0, "-"), landmarks, place)] += 1
    return {"objects": Counter(kinds[a["id"]] for a in data["assets"]), "relations": relations}


def canonical(category: str) -> str:
    """The knowledge base's name of the category a plan's category name is (itself when unknown)."""
    facts = load_knowledge().lookup(category)
    return facts.category if facts else category


def diff(before: dict[str, Counter], after: dict[str, Counter]) -> dict[str, Any]:
    """What the paraphrase's plan has more and less of (empty when the plans say the same)."""
    out: dict[str, Any] = {}
    for key in ("objects", "relations"):
        more, less = after[key] - before[key], before[key] - after[key]
        if more or less:
            out[key] = {"added": _rows(more), "lost": _rows(less)}
    return out


def _rows(counter: Counter) -> list[str]:
    rows = []
    for item, n in sorted(counter.items(), key=str):
        if isinstance(item, tuple):
            kind, theme, landmarks, place = item
            item = f"{kind}({', '.join((theme, *landmarks))}{'; ' + ', '.join(place) if place else ''})"
        rows.append(f"{item} x{n}" if n > 1 else str(item))
    return rows
