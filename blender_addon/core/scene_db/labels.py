"""The label space a prompt shows instead of the scene: the values present in the database
(object categories with counts, zone kinds and the words for them, surface names, relation
names, wall sides, opening kinds), so the model maps the user's words onto them."""

from __future__ import annotations

from collections import Counter

from .rows import GraphRows
from .zones import ZoneRules, default_rules


def label_space(rows: GraphRows, rules: ZoneRules | None = None) -> str:
    """The label space as prompt text (sorted, deterministic)."""
    rules = rules or default_rules()
    categories = Counter(str(r["category"]) for r in rows.nodes["Object"])
    users = sum(1 for r in rows.nodes["Object"] if r["source"] == "user")
    lines = [f"Object categories (count): {_counted(categories) or 'none'}"]
    if users:
        lines.append(f"Objects placed by the user (source = 'user'): {users}")
    kinds = sorted({str(r["kind"]) for r in rows.nodes["Zone"]})
    described = []
    for kind in kinds:
        entry = next((k for k in rules.kinds if k.kind == kind), None)
        words = f" (also said: {', '.join(entry.synonyms)})" if entry and entry.synonyms else ""
        described.append(f"{kind}{words}")
    lines.append(f"Zone kinds: {'; '.join(described) or 'none'}")
    surfaces = Counter(str(r["name"]) for r in rows.nodes["Surface"])
    lines.append(f"Surface names: {_counted(surfaces) or 'none'}")
    relations = Counter(str(e.props["name"]) for e in rows.edges if e.rel == "RELATION")
    lines.append(f"Relation names (RELATION.name): {', '.join(sorted(relations)) or 'none'}")
    room = rows.nodes["Room"][0]
    walls = ", ".join(str(r["id"]) for r in rows.nodes["Wall"]) or "none"
    openings = ", ".join(f"{r['id']} ({r['kind']})" for r in rows.nodes["Opening"]) or "none"
    lines.append(f"Room: {room['kind']}; walls: {walls}; openings: {openings}")
    lines.append("Map the user's words to these labels (a 'couch' is the listed 'sofa', 'the dining area' is "
                 "the dining zone kind); compare categories exactly.")
    return "\n".join(lines)


def _counted(counter: Counter[str]) -> str:
    return ", ".join(f"{name} ({count})" for name, count in sorted(counter.items()))
