"""Referring expressions with gold ids, generated from a solved layout (Nr3D-style, issue 17).

The gold comes from this file's own geometry (box centres, the layout's supports, the
camera's right vector), written apart from ``core/edit`` so the benchmark checks the
grounder rather than restating it. Every template keeps a clear margin between the gold
object and its distractors (distances 0.3 m, sizes 15 %), so the gold does not hinge on any
one threshold. Buckets: plain, relation, negation, counting, minmax, comparator, view.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Iterator

from setdresser.blender_addon.core.model import Layout, PlacedObject

MARGIN = 0.3
SIZE_MARGIN = 1.15


PHRASES: dict[str, tuple[str, ...]] = {
    "on": (
        "the {cat} on {det} {scat}",
        "the {cat} sitting on {det} {scat}",
        "the {cat} that is on {det} {scat}",
        "the {cat} which sits on top of {det} {scat}",
    ),
    "next": (
        "the {cat} next to the {a}",
        "the {cat} beside the {a}",
        "the {cat} by the {a}",
        "the {cat} that stands next to the {a}",
    ),
    "empty": (
        "the {cat} with nothing on it",
        "the {cat} that has nothing on it",
        "the {cat} without anything on it",
        "the {cat} with nothing on top",
    ),
    "without": (
        "the {cat} with no {thing} on it",
        "the {cat} without a {thing}",
        "the {cat} that has no {thing} on it",
        "the {cat} that doesn't have a {thing} on it",
    ),
    "not_on": (
        "the {cat} that is not on a {scat}",
        "the {cat} not on a {scat}",
        "the {cat} that isn't on a {scat}",
        "the {cat} which is not sitting on a {scat}",
    ),
    "count": (
        "the {cat} with {n} on it",
        "the {cat} that has {n} on it",
        "the {cat} holding {n}",
        "the {cat} with exactly {n} on it",
    ),
    "largest": ("the largest {cat}", "the biggest {cat}", "the {cat} that is the largest"),
    "smallest": ("the smallest {cat}", "the tiniest {cat}", "the littlest {cat}"),
    "closest": (
        "the {cat} closest to the {a}",
        "the {cat} nearest to the {a}",
        "the {cat} nearest the {a}",
        "the {cat} that is closest to the {a}",
        "the closest {cat} to the {a}",
    ),
    "farthest": (
        "the {cat} farthest from the {a}",
        "the {cat} furthest from the {a}",
        "the {cat} that is farthest away from the {a}",
        "the farthest {cat} from the {a}",
    ),
    "farther": (
        "the {cat} farther from the {a} than the {b}",
        "the {cat} further from the {a} than the {b}",
        "the {cat} that is farther from the {a} than the {b} is",
    ),
    "closer": (
        "the {cat} closer to the {a} than the {b}",
        "the {cat} nearer to the {a} than the {b}",
        "the {cat} that is closer to the {a} than the {b} is",
    ),
    "left": ("the left {cat}", "the {cat} on the left", "the leftmost {cat}", "the {cat} furthest to the left"),
    "right": (
        "the right {cat}",
        "the {cat} on the right",
        "the rightmost {cat}",
        "the {cat} furthest to the right",
    ),
    "second": (
        "the second {cat} from the left",
        "the 2nd {cat} from the left",
        "the second {cat} counting from the left",
    ),
}


def phrase(key: str, salt: str, **slots: str) -> str:
    """One of the template's phrasings, chosen by a stable hash of ``salt`` (no Python hash seed)."""
    import zlib

    options = PHRASES[key]
    return options[zlib.crc32(f"{key}:{salt}".encode()) % len(options)].format(**slots)


@dataclass(frozen=True)
class Case:
    """One referring expression and the object it means."""

    text: str
    gold: str
    bucket: str
    view_dependent: bool = False


def _centre(o: PlacedObject) -> tuple[float, float]:
    return ((o.bbox_min[0] + o.bbox_max[0]) / 2, (o.bbox_min[1] + o.bbox_max[1]) / 2)


def _dist(a: PlacedObject, b: PlacedObject) -> float:
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    return math.hypot(ax - bx, ay - by)


def _volume(o: PlacedObject) -> float:
    return max(
        1e-9, (o.bbox_max[0] - o.bbox_min[0]) * (o.bbox_max[1] - o.bbox_min[1]) * (o.bbox_max[2] - o.bbox_min[2])
    )


def _unique_extreme(
    values: list[tuple[float, str]], *, ratio: float = 0.0, gap: float = 0.0, largest: bool = False
) -> str | None:
    ordered = sorted(values, reverse=largest)
    if len(ordered) < 2:
        return None
    (v0, best), (v1, _) = ordered[0], ordered[1]
    clear = abs(v0 - v1) >= gap and (not ratio or max(v0, v1) >= ratio * min(v0, v1))
    return best if clear else None


class Oracle:
    """Cases for one layout seen from a camera at ``azimuth_deg``."""

    def __init__(self, layout: Layout, azimuth_deg: float) -> None:
        self.objects = [o for o in layout.objects]
        self.by_cat: dict[str, list[PlacedObject]] = defaultdict(list)
        for o in self.objects:
            self.by_cat[o.category].append(o)
        az = math.radians(azimuth_deg)
        toward = (-math.sin(az), math.cos(az))
        self.right = (toward[1], -toward[0])
        self.on: dict[str, list[PlacedObject]] = defaultdict(list)
        ids = {o.id for o in self.objects}
        for o in self.objects:
            if o.support in ids:  # resting on an object (layout/4: a wall or the ceiling is no object)
                self.on[o.support].append(o)

    def unique(self, cat: str) -> bool:
        return len(self.by_cat[cat]) == 1

    def view_x(self, o: PlacedObject) -> float:
        c = _centre(o)
        return c[0] * self.right[0] + c[1] * self.right[1]

    def cases(self) -> Iterator[Case]:
        """Every case the layout supports."""
        for cat, group in sorted(self.by_cat.items()):
            if len(group) == 1:
                yield Case(f"the {cat}", group[0].id, "plain")
                continue
            yield from self._relation(cat, group)
            yield from self._negation(cat, group)
            yield from self._counting(cat, group)
            yield from self._minmax(cat, group)
            yield from self._comparator(cat, group)
            yield from self._view(cat, group)

    def _relation(self, cat: str, group: list[PlacedObject]) -> Iterator[Case]:
        by_id = {o.id: o for o in self.objects}
        supports = [by_id[o.support].category if o.support in by_id else None for o in group]
        for o, scat in zip(group, supports, strict=True):
            if scat and supports.count(scat) == 1:
                yield Case(
                    phrase("on", o.id, cat=cat, det="a" if not self.unique(scat) else "the", scat=scat),
                    o.id,
                    "relation",
                )
        for anchor_cat in sorted(c for c in self.by_cat if self.unique(c) and c != cat):
            anchor = self.by_cat[anchor_cat][0]
            gaps = sorted((_gap(o, anchor), o.id) for o in group if anchor.id not in (o.support, o.id))
            if any(anchor.support == o.id for o in group):
                continue  # resting on one of them: that is 'with a ... on it', not 'next to'
            if len(gaps) >= 2 and gaps[0][0] <= 0.3 and gaps[1][0] >= 0.9:
                yield Case(phrase("next", gaps[0][1], cat=cat, a=anchor_cat), gaps[0][1], "relation")

    def _negation(self, cat: str, group: list[PlacedObject]) -> Iterator[Case]:
        empty = [o for o in group if not self.on.get(o.id)]
        if len(empty) == 1 and len(group) >= 2:
            yield Case(phrase("empty", empty[0].id, cat=cat), empty[0].id, "negation")
        things = sorted({t.category for o in group for t in self.on.get(o.id, [])})
        for thing in things:
            without = [o for o in group if not any(t.category == thing for t in self.on.get(o.id, []))]
            if len(without) == 1:
                yield Case(
                    phrase("without", without[0].id + thing, cat=cat, thing=thing), without[0].id, "negation"
                )
        by_id = {o.id: o for o in self.objects}
        scats = sorted({by_id[o.support].category for o in group if o.support in by_id})
        for scat in scats:
            off = [o for o in group if not (o.support in by_id and by_id[o.support].category == scat)]
            if len(off) == 1:
                yield Case(phrase("not_on", off[0].id, cat=cat, scat=scat), off[0].id, "negation")

    def _counting(self, cat: str, group: list[PlacedObject]) -> Iterator[Case]:
        counts = [len(self.on.get(o.id, [])) for o in group]
        for o, n in zip(group, counts, strict=True):
            if n >= 1 and counts.count(n) == 1:
                word = {1: "one thing", 2: "two things", 3: "three things", 4: "four things"}.get(n)
                if word:
                    yield Case(phrase("count", o.id, cat=cat, n=word), o.id, "counting")

    def _minmax(self, cat: str, group: list[PlacedObject]) -> Iterator[Case]:
        big = _unique_extreme([(_volume(o), o.id) for o in group], ratio=SIZE_MARGIN, largest=True)
        small = _unique_extreme([(_volume(o), o.id) for o in group], ratio=SIZE_MARGIN)
        if big:
            yield Case(phrase("largest", big, cat=cat), big, "minmax")
        if small:
            yield Case(phrase("smallest", small, cat=cat), small, "minmax")
        for anchor_cat in sorted(c for c in self.by_cat if self.unique(c) and c != cat)[:4]:
            anchor = self.by_cat[anchor_cat][0]
            near = _unique_extreme([(_dist(o, anchor), o.id) for o in group], gap=MARGIN)
            far = _unique_extreme([(_dist(o, anchor), o.id) for o in group], gap=MARGIN, largest=True)
            if near:
                yield Case(phrase("closest", near + anchor_cat, cat=cat, a=anchor_cat), near, "minmax")
            if far:
                yield Case(phrase("farthest", far + anchor_cat, cat=cat, a=anchor_cat), far, "minmax")

    def _comparator(self, cat: str, group: list[PlacedObject]) -> Iterator[Case]:
        uniques = sorted(c for c in self.by_cat if self.unique(c) and c != cat)[:4]
        for a_cat in uniques:
            for b_cat in uniques:
                if a_cat == b_cat:
                    continue
                a, b = self.by_cat[a_cat][0], self.by_cat[b_cat][0]
                ref = _dist(b, a)
                farther = [o for o in group if _dist(o, a) > ref + MARGIN]
                closer = [o for o in group if _dist(o, a) < ref - MARGIN]
                if len(farther) == 1 and len(closer) == len(group) - 1:
                    yield Case(
                        phrase("farther", farther[0].id + a_cat + b_cat, cat=cat, a=a_cat, b=b_cat),
                        farther[0].id,
                        "comparator",
                    )
                if len(closer) == 1 and len(farther) == len(group) - 1:
                    yield Case(
                        phrase("closer", closer[0].id + a_cat + b_cat, cat=cat, a=a_cat, b=b_cat),
                        closer[0].id,
                        "comparator",
                    )

    def _view(self, cat: str, group: list[PlacedObject]) -> Iterator[Case]:
        xs = sorted((self.view_x(o), o.id) for o in group)
        gaps = [xs[k + 1][0] - xs[k][0] for k in range(len(xs) - 1)]
        if not gaps or min(gaps) < MARGIN:
            return
        if len(group) == 2:
            yield Case(phrase("left", xs[0][1], cat=cat), xs[0][1], "view", True)
            yield Case(phrase("right", xs[1][1], cat=cat), xs[1][1], "view", True)
        else:
            yield Case(phrase("left", xs[0][1], cat=cat), xs[0][1], "view", True)
            yield Case(phrase("second", xs[1][1], cat=cat), xs[1][1], "view", True)
            yield Case(phrase("right", xs[-1][1], cat=cat), xs[-1][1], "view", True)


def _gap(a: PlacedObject, b: PlacedObject) -> float:
    dx = max(b.bbox_min[0] - a.bbox_max[0], a.bbox_min[0] - b.bbox_max[0], 0.0)
    dy = max(b.bbox_min[1] - a.bbox_max[1], a.bbox_min[1] - b.bbox_max[1], 0.0)
    return math.hypot(dx, dy)
