"""What draws each noun the project knows (issue 13): its own model, a family shape or, as the
last resort, a labelled box; counted for docs/asset_coverage.md."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .catalog import DEFAULT_INDEX, load_catalog
from .families import FAMILIES_FILE, load_families


@dataclass(frozen=True)
class Drawn:
    """How one noun is drawn: ``kind`` model | family | box, the asset, the family's name."""

    noun: str
    kind: str
    asset: str
    family: str = ""


def drawn_by(noun: str) -> Drawn:
    """The catalog's model for ``noun``, else its family's shape, else a box."""
    match = load_catalog().resolve(noun)
    if match.known:
        return Drawn(noun, "model", match.asset)
    family = load_families().for_noun(match.category)
    if family is not None:
        return Drawn(noun, "family", family.asset, family.name)
    return Drawn(noun, "box", match.asset)


def unknown_notes(categories: Iterable[str]) -> list[str]:
    """One line per kind of thing nobody knows (no model, no knowledge-base entry, no listed size),
    saying how it will be drawn and that its size is a guess from its sentence (issue 14)."""
    catalog, out = load_catalog(), []
    for noun in dict.fromkeys(categories):
        if catalog.size_unknown(noun):
            drawn = drawn_by(noun)
            shape = f"the '{drawn.family}' family shape" if drawn.kind == "family" else "a labelled box"
            out.append(f"'{noun}' is not a thing the knowledge base knows: drawn as {shape}, "
                       "its size guessed from where the text puts it")
    return out


def known_names(extra: Iterable[str] = ()) -> list[str]:
    """Every noun the catalog, its unknown-size table, the family table and the object knowledge
    base name, plus ``extra``."""
    index = json.loads(Path(DEFAULT_INDEX).read_text(encoding="utf-8"))
    names = [n for e in index["entries"] for n in (e["category"], *e.get("synonyms", ()))]
    names += list(index.get("unknown", {}).get("sizes", {}))
    families = json.loads(Path(FAMILIES_FILE).read_text(encoding="utf-8"))
    names += [k for f in families["families"] for k in f.get("keywords", ())]
    from ..knowledge.objects import (
        load_knowledge,  # the object knowledge base's categories and synonyms
    )

    names += [n for facts in load_knowledge().all_facts() for n in (facts.category, *facts.synonyms)]
    names += list(extra)
    return sorted(dict.fromkeys(n.strip().lower() for n in names if n.strip()))


def names_in(path: Path) -> list[str]:
    """Category names (and synonyms) from a JSON file: a list of names, or a document whose
    entries/objects/categories carry ``category``/``name`` and ``synonyms`` (a knowledge base)."""
    data: Any = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, dict):
        data = next((data[k] for k in ("entries", "objects", "categories") if isinstance(data.get(k), list)), [])
    out = []
    for item in data if isinstance(data, list) else []:
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            out += [str(item.get("category") or item.get("name") or ""), *map(str, item.get("synonyms") or ())]
    return [n for n in out if n]


def knowledge_coverage() -> list[Drawn]:
    """How each category of the object knowledge base is drawn."""
    from ..knowledge.objects import load_knowledge

    return [drawn_by(facts.category) for facts in load_knowledge().all_facts()]


def _knowledge_lines(drawn: Sequence[Drawn]) -> list[str]:
    kinds = Counter(d.kind for d in drawn)
    total = max(len(drawn), 1)
    boxes = sorted(d.noun for d in drawn if d.kind == "box")
    listed = load_families().boxes
    return [f"Of the object knowledge base's {len(drawn)} categories: {kinds['model']} own model, "
            f"{kinds['family']} family shape, {kinds['box']} labelled box ({100 * kinds['box'] / total:.0f} %)"
            + (": " + ", ".join(f"{b} ({listed.get(b, 'not listed')})" for b in boxes) if boxes else "") + ".",
            "Doors and windows are architecture (openings cut in a wall), never a standing object; 'couple' is a "
            "count ('a couple of chairs').", ""]


def coverage_markdown(drawn: Sequence[Drawn], knowledge: Sequence[Drawn] = ()) -> str:
    """The coverage table: how many nouns each way, the families used, the boxes left, and (given
    ``knowledge``) how the object knowledge base's categories are drawn."""
    kinds = Counter(d.kind for d in drawn)
    families = Counter(d.family for d in drawn if d.kind == "family")
    boxes = sorted(d.noun for d in drawn if d.kind == "box")
    lines = ["# Asset coverage (issue 13)", "",
             "Every noun the asset catalog, its size table of unmodelled things, the family table and the",
             "object knowledge base (core/knowledge/objects.json) know,",
             "and how Set Dresser draws it. Written by `python scripts/asset_contact_sheet.py --coverage`.", "",
             "| drawn by | nouns | share |", "|---|---:|---:|"]
    total = max(len(drawn), 1)
    for kind, title in (("model", "its own model"), ("family", "a family shape"), ("box", "a labelled box")):
        lines.append(f"| {title} | {kinds[kind]} | {100 * kinds[kind] / total:.1f} % |")
    lines += ["", f"{len(drawn)} nouns, {len({d.asset for d in drawn if d.kind != 'box'})} builders.", "",
              "Family shapes used: " + ", ".join(f"{name} ({count})" for name, count in families.most_common()) + ".",
              "", f"Still a labelled box ({len(boxes)}): " + (", ".join(boxes) if boxes else "none") + ".", ""]
    if knowledge:
        lines += _knowledge_lines(knowledge)
    return "\n".join(lines)
