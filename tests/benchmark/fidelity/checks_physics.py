"""Physics sanity measured by the benchmark itself: no big interpenetration, nothing
floating, everything inside the room. Applied to every prompt."""

from __future__ import annotations

from typing import Any

from .geometry import Thing, contains_point, overlap_volume, penetration, rests_on
from .quant import Outcome
from .scene import WALLS, View

DEPTH = 0.05         # m of footprint interpenetration tolerated
TUCK_DEPTH = 0.35    # a chair or stool pushed in under a table/desk/counter
SHARE = 0.05         # of the smaller box's volume
CORD = 1.5           # m: the longest cord or stem a ceiling-hung thing (mount "ceiling") hangs on


def _exempt(v: View, a: Thing, b: Thing, allowed: list[tuple[frozenset[str], frozenset[str]]]) -> bool:
    flat = v.vocab.expand("@flat")
    if a.concept in flat or b.concept in flat or min(a.h, b.h) <= 0.04:
        return True
    hosts, crowned = v.vocab.expand("@tucks_over"), v.vocab.expand("@crowned")
    for inner, outer in ((a, b), (b, a)):
        if inner.raw.get("support") == outer.id and outer.z - 0.02 <= inner.z <= outer.top + 0.03:
            return True
        if outer.concept in hosts and inner.top <= outer.top - 0.08 and inner.z <= outer.z + 0.03:
            return True  # the open space under a table or desk: a bin, a crate, a dog bed below its top
        if outer.concept in crowned and inner.top <= outer.z + 0.6 * outer.h \
                and not contains_point(inner, outer.centre, 0.2):
            return True  # under a tree's crown or a parasol's canopy, clear of its trunk or pole (the box's centre)
    return any((a.concept in p and b.concept in q) or (b.concept in p and a.concept in q) for p, q in allowed)


def _limit(v: View, a: Thing, b: Thing) -> float:
    under, over = v.vocab.expand("@tucks_under"), v.vocab.expand("@tucks_over")
    if (a.concept in under and b.concept in over) or (b.concept in under and a.concept in over):
        return TUCK_DEPTH
    return DEPTH


def no_overlap(v: View, spec: dict[str, Any]) -> Outcome:
    """No two objects interpenetrate by more than 5 cm and 5% of the smaller one's volume
    (flat things such as rugs, declared supports, things standing in the open space under a table or
    desk below its top or under a tree's crown or a parasol's canopy clear of its trunk or pole, and ``allow`` pairs
    exempt)."""
    allowed = [(v.vocab.expand(p), v.vocab.expand(q)) for p, q in spec.get("allow", [])]
    bad = []
    for i, a in enumerate(v.things):
        for b in v.things[i + 1:]:
            if _exempt(v, a, b, allowed):
                continue
            depth = penetration(a, b)
            if depth <= _limit(v, a, b):
                continue
            shared = overlap_volume(a, b)
            if shared > SHARE * min(a.w * a.d * a.h, b.w * b.d * b.h):
                bad.append(f"{a.id}/{b.id} {depth:.2f} m")
    return not bad, ("overlaps: " + ", ".join(bad[:4]) + (" ..." if len(bad) > 4 else "")) if bad else "none"


def _held(v: View, t: Thing) -> bool:
    """Resting on the ground, on another object, on a declared inner surface, hung on a wall
    (indoors) or from the ceiling (touching it, or a ceiling-mounted thing on a cord of at most
    :data:`CORD`: Blender draws the cord or stem up to the ceiling)."""
    if abs(t.z - v.ground) <= 0.03:
        return True
    if any(u.id != t.id and (rests_on(t, u) or (abs(t.z - u.top) <= 0.03 and contains_point(u, t.centre, 0.1)))
           for u in v.things):
        return True
    u = v.by_id(t.raw.get("support"))
    if u is not None and u.z - 0.02 <= t.z <= u.top + 0.03 and contains_point(u, t.centre, 0.05):
        return True
    if v.indoor and v.bounds and any(-0.05 <= v.wall_gap(t, w) <= 0.05 for w in WALLS):
        return True
    ceiling = v.ceiling
    if not v.indoor or ceiling is None:
        return False
    if t.raw.get("mount") == "ceiling":  # a pendant, a fan, a mobile: hung on its cord or stem
        return ceiling - CORD <= t.top <= ceiling + 0.05
    return abs(t.top - ceiling) <= 0.05


def grounded(v: View, spec: dict[str, Any]) -> Outcome:
    """Nothing floats or sinks: every object is held (see ``_held``), except ``float_ok``
    selectors (default: planets, suns, aircraft, spaceships)."""
    free = v.vocab.expand(spec.get("float_ok", ["@airborne"]))
    floating = [f"{t.id} at {t.z:.2f} m" for t in v.things if t.concept not in free and not _held(v, t)]
    sunk = [f"{t.id} sunk {t.z - v.ground:.2f} m" for t in v.things if t.z < v.ground - 0.05]
    bad = floating + sunk
    return not bad, ("unsupported: " + ", ".join(bad[:4])) if bad else "all held"


def inside_room(v: View, spec: dict[str, Any]) -> Outcome:
    """Every object's footprint inside the room's bounds (5 cm slack) and under the ceiling."""
    if not v.bounds:
        return True, "unbounded ground"
    b, ceiling = v.bounds, v.ceiling
    out = []
    for t in v.things:
        xs, ys = [p[0] for p in t.corners()], [p[1] for p in t.corners()]
        if min(xs) < b[0] - 0.05 or max(xs) > b[3] + 0.05 or min(ys) < b[1] - 0.05 or max(ys) > b[4] + 0.05:
            out.append(f"{t.id} outside the walls")
        elif ceiling is not None and t.top > ceiling + 0.05:
            out.append(f"{t.id} through the ceiling")
    return not out, ", ".join(out[:4]) or "all inside"
