"""Noun coverage (issue 14): every everyday noun of ``data/everyday_nouns.json``, singular and plural, sent
through the real offline planner in a short sentence, must become that many objects of one category
that a real builder draws (its own model or a family shape, never a labelled box), at a size plausible
for its kind, and must not be reported as not understood. Shared by the unit test and by anyone who
wants the list of failures (``python -m tests.unit.knowledge.noun_coverage``)."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from setdresser.blender_addon.core.assets.coverage import drawn_by
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.scene_graph import AssetNode

NOUNS_FILE = Path(__file__).with_name("data") / "everyday_nouns.json"


@dataclass(frozen=True)
class Probe:
    """One sentence naming ``count`` of one noun of ``kind``."""

    noun: str
    kind: str
    text: str
    count: int


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def probes(path: Path = NOUNS_FILE) -> Iterator[Probe]:
    """Two sentences per noun: one of it in the room (or garden), two of it by the window (or in the yard)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    outdoors = set(data["outdoors"])
    for singular, plural, kind in data["nouns"]:
        place, beside = ("in the garden", "in the yard") if kind in outdoors else ("in the room", "by the window")
        yield Probe(singular, kind, f"{_article(singular)} {singular} {place}", 1)
        yield Probe(plural, kind, f"two {plural} {beside}", 2)


def size_ranges(path: Path = NOUNS_FILE) -> dict[str, tuple[float, float]]:
    """Each kind's plausible largest dimension, metres."""
    return {k: (float(lo), float(hi)) for k, (lo, hi) in json.loads(path.read_text(encoding="utf-8"))["kinds"].items()}


def failure(probe: Probe, vocab: Vocabulary, sizes: dict[str, tuple[float, float]]) -> str | None:
    """Why ``probe`` fails (a one-line reason), or None."""
    graph = plan(probe.text, complete=False)
    words = set(probe.noun.replace("-", " ").split())
    lost = [u for u in graph.unparsed if words & set(str(u).replace("-", " ").split())]
    if lost:
        return f"{probe.text!r}: not understood {lost}"
    named = _named(graph.assets, probe)
    if len(named) != probe.count or len({a.category for a in named}) != 1:
        return f"{probe.text!r}: wanted {probe.count} of one thing, got {[a.category for a in graph.assets]}"
    node = named[0]
    if drawn_by(node.category).kind == "box":
        return f"{probe.text!r}: {node.category!r} is a labelled box"
    longest = max(vocab.match(node.description, node.hints, node.category).dimensions)
    low, high = sizes[probe.kind]
    if not low <= longest <= high:
        return f"{probe.text!r}: {node.category!r} is {longest:g} m long, a {probe.kind} is {low:g}-{high:g} m"
    return None


def _named(assets: Sequence[AssetNode], probe: Probe) -> list[AssetNode]:
    """The objects that stand for the probe's noun, the sentence's first: those of the first object's
    category. What other mechanisms bring along is not counted here: an occasion's things around its main
    object ("a barbecue": a grill), a compound's implied contents ("a computer desk": a computer), the
    support a small thing needs ("a chopping board": a counter)."""
    return [a for a in assets if a.category == assets[0].category] if assets else []


def failures(path: Path = NOUNS_FILE) -> list[str]:
    """Every failing sentence's reason."""
    vocab, sizes = Vocabulary(), size_ranges(path)
    quiet = logging.root.manager.disable
    logging.disable(logging.WARNING)  # unknown words are logged per sentence; the reasons say it
    try:
        return [why for probe in probes(path) if (why := failure(probe, vocab, sizes)) is not None]
    finally:
        logging.disable(quiet)


if __name__ == "__main__":
    found = failures()
    print("\n".join(found))
    print(f"{len(found)} failing sentences, {len({f.split(':')[0] for f in found})} distinct")
