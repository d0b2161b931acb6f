"""Choosing a user asset for each planned object: text top-k, CLIP re-rank, size term.

SceneCraft (paper 001) retrieves the top 10 assets by text, renders each and keeps the
best CLIP text-image match; Holodeck (RESEARCH.md) ranks by
``100·CLIP + text - 10·size_difference``. We do the same with the thumbnails' stored CLIP
embeddings and these documented weights:

- ``total = W_CLIP·clip + W_TEXT·text - W_SIZE·size_diff`` when CLIP is available
  (clip = cosine in [-1, 1], text = normalised BM25 in [0, 1], size_diff in [0, 1));
- ``total = W_TEXT·text - W_SIZE_TEXT_ONLY·size_diff`` without CLIP: text similarity
  decides, the size term only breaks near-ties (two models both named "stool": the one
  whose proportions fit the plan wins). Holodeck's 10x size weight would let proportions
  outvote the name when no image score is there to balance it.

A candidate is *acceptable* when the head noun (last word) of its name, a tag or its file
name is the planned noun or a catalog synonym's head ("couch" for "sofa"; "chair_cushion"
is no chair), or, with CLIP, when ``100·clip`` reaches Holodeck's threshold of 28. With no
acceptable candidate the procedural library builds the object.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from .index import AssetIndex, AssetRecord
from .text import TextIndex, name_heads, words

W_CLIP = 100.0
W_TEXT = 1.0
W_SIZE = 10.0
W_SIZE_TEXT_ONLY = 0.1
CLIP_ACCEPT = 0.28  # Holodeck's retrieval threshold (28 on the 100·cosine scale)
TOP_K = 10  # SceneCraft: top 10 by text before the image check

METHOD_CLIP = "clip+text"
METHOD_TEXT = "text"
METHOD_PROCEDURAL = "procedural"

Vec3 = tuple[float, float, float]
TextEncoder = Callable[[Sequence[str]], np.ndarray]  # texts -> [N, D] unit rows


@dataclass(frozen=True)
class AssetQuery:
    """One planned object: its noun, look, synonyms of the noun and planned size (w, d, h)."""

    object_id: str
    category: str
    description: str = ""
    hints: tuple[str, ...] = ()
    synonyms: tuple[str, ...] = ()
    dimensions: Vec3 = (1.0, 1.0, 1.0)

    def text(self) -> str:
        """The words BM25 matches: noun, description, hints and the synonyms' head nouns (a
        synonym's modifiers would pull in other things: "desk seat" is no desk)."""
        synonyms = sorted(self.nouns() - set(words(self.category)))
        return " ".join([self.category, self.description, *self.hints, *synonyms])

    def clip_text(self) -> str:
        """What CLIP compares with each thumbnail (the planner's description when there is one)."""
        return f"a 3D model of {self.description or self.category}"

    def nouns(self) -> set[str]:
        """Head nouns that make a candidate acceptable (the last word of the noun and of each synonym)."""
        heads = set()
        for phrase in (self.category, *self.synonyms):
            found = words(phrase)
            if found:
                heads.add(found[-1])
        return heads


@dataclass(frozen=True)
class Candidate:
    """One scored candidate (``clip`` is None without CLIP)."""

    record_id: str
    text: float
    clip: float | None
    size_diff: float
    total: float
    noun_match: bool

    def to_dict(self) -> dict[str, Any]:
        return {"asset": self.record_id, "text": round(self.text, 4),
                "clip": None if self.clip is None else round(self.clip, 4),
                "size_diff": round(self.size_diff, 4), "total": round(self.total, 4), "noun_match": self.noun_match}


@dataclass(frozen=True)
class AssetChoice:
    """What one planned object got, and how it was decided (one entry of report.json)."""

    object_id: str
    query: str
    method: str  # METHOD_CLIP | METHOD_TEXT | METHOD_PROCEDURAL
    record: AssetRecord | None
    candidates: tuple[Candidate, ...] = field(default_factory=tuple)
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"object": self.object_id, "query": self.query, "method": self.method,
                               "asset": self.record.asset if self.record else None, "reason": self.reason,
                               "candidates": [c.to_dict() for c in self.candidates[:3]]}
        if self.record is not None:
            out.update(file=self.record.file, unit=self.record.unit_name, name=self.record.name,
                       license=self.record.license)
        return out


def size_difference(asset: Vec3, planned: Vec3) -> float:
    """How far the asset's footprint, scaled to the planned height, is from the planned one:
    mean over the two footprint sides (sorted, so a quarter turn does not count) of
    ``|a - b| / max(a, b)``; 0 = same proportions, towards 1 = very different."""
    factor = planned[2] / asset[2]
    got = sorted((asset[0] * factor, asset[1] * factor))
    want = sorted(planned[:2])
    return float(np.mean([abs(a - b) / max(a, b, 1e-9) for a, b in zip(got, want)]))


class Retriever:
    """Chooses user assets from one index; deterministic for a given index and encoder."""

    def __init__(self, index: AssetIndex, text_encoder: TextEncoder | None = None, *,
                 top_k: int = TOP_K, clip_accept: float = CLIP_ACCEPT) -> None:
        self.index = index
        self.text_index = TextIndex(index.records)
        self.heads = [name_heads(r) for r in index.records]
        self.top_k = top_k
        self.clip_accept = clip_accept
        use_clip = text_encoder is not None and index.embeddings is not None and len(index.records) > 0
        self.text_encoder = text_encoder if use_clip else None

    @property
    def uses_clip(self) -> bool:
        """Whether choices are re-ranked with CLIP (an encoder and embeddings are both there)."""
        return self.text_encoder is not None

    def choose(self, query: AssetQuery) -> AssetChoice:
        """The best acceptable asset for ``query``, or a procedural choice saying why not."""
        text_hits = {h.index: h.normalised for h in self.text_index.search(query.text(), self.top_k)}
        clip = self._clip_scores(query)
        pool = set(text_hits)
        if clip is not None:
            pool |= set(int(i) for i in np.argsort(-clip, kind="stable")[: self.top_k])
        nouns = query.nouns()
        candidates = [self._candidate(i, text_hits.get(i, 0.0), None if clip is None else float(clip[i]),
                                      query, nouns) for i in sorted(pool)]
        candidates.sort(key=lambda c: (-c.total, c.record_id))
        method = METHOD_CLIP if clip is not None else METHOD_TEXT
        for cand in candidates:
            if cand.noun_match or (cand.clip is not None and cand.clip >= self.clip_accept):
                record = self.index.by_id()[cand.record_id]
                why = ("name matches" if cand.noun_match
                       else f"CLIP {100 * (cand.clip or 0):.1f} >= {100 * self.clip_accept:.0f}")
                return AssetChoice(query.object_id, query.text(), method, record, tuple(candidates), why)
        reason = "no asset named like '" + "/".join(sorted(nouns)) + "'" + (
            f" and none with CLIP >= {100 * self.clip_accept:.0f}" if clip is not None else "")
        return AssetChoice(query.object_id, query.text(), METHOD_PROCEDURAL, None, tuple(candidates), reason)

    def _clip_scores(self, query: AssetQuery) -> np.ndarray | None:
        if self.text_encoder is None or self.index.embeddings is None:
            return None
        text = np.asarray(self.text_encoder([query.clip_text()]), dtype=np.float64)[0]
        scores: np.ndarray = self.index.embeddings.astype(np.float64) @ text
        return scores

    def _candidate(self, position: int, text: float, clip: float | None, query: AssetQuery,
                   nouns: set[str]) -> Candidate:
        record = self.index.records[position]
        size = size_difference(record.dimensions, query.dimensions)
        if clip is None:
            total = W_TEXT * text - W_SIZE_TEXT_ONLY * size
        else:
            total = W_CLIP * clip + W_TEXT * text - W_SIZE * size
        return Candidate(record_id=record.id, text=text, clip=clip, size_diff=size, total=total,
                         noun_match=bool(nouns & self.heads[position]))
