"""Checks between two objects: on (a named surface), near, far, in front, behind, left,
right, beside, on either side, between, opposite, under, above, facing, same facing,
parallel, taller, nothing on. Left/right/front/behind are read in the target's frame, as
seen by someone standing in front of it (the layout contract's convention)."""

from __future__ import annotations

import math
from typing import Any

from .geometry import (
    Thing,
    axis_difference,
    contains_point,
    dist,
    extent_in,
    facing_angle,
    gap,
    local,
    ray_hits,
    rests_on,
    yaw_difference,
)
from .quant import Outcome, binary, describe, unary
from .scene import View


def _shelf_band(surface: str, rel: float) -> bool:
    """v1 layouts name no shelf: the Nth shelf from the bottom sits (N-1)*0.2 to
    (N-1)*0.6+0.15 m above the case's base."""
    n = int(surface.split("_")[1]) if "_" in surface else 0
    return n == 0 or (n - 1) * 0.2 <= rel <= (n - 1) * 0.6 + 0.15


def _on_seat(a: Thing, b: Thing) -> Outcome:
    rel = a.z - b.z
    ok = 0.25 <= rel <= 0.7 and (a.z <= b.top - 0.1 or b.h < 0.6)
    return ok, f"bottom {rel:.2f} m above its base (top {b.h:.2f})"


def _on_pred(surface: str, seats: frozenset[str] = frozenset()) -> Any:
    def pred(a: Thing, b: Thing) -> Outcome:
        if not contains_point(b, a.centre, 0.02):
            return False, "not over it"
        rel, named = a.z - b.z, a.raw.get("support_surface")
        if surface == "top" and b.concept in seats and _on_seat(a, b)[0]:
            return _on_seat(a, b)  # "a cat on the sofa" sits on its seat, not on the backrest
        if surface == "top":
            # a working top may sit below a raised back or rim (a stove's backguard, a tray's lip)
            recessed = a.raw.get("support") == b.id and b.top - 0.12 <= a.z <= b.top
            return abs(a.z - b.top) <= 0.03 or recessed, f"bottom {a.z - b.top:+.2f} m from its top"
        if surface == "seat":
            return _on_seat(a, b)
        if surface == "mattress":
            return 0.25 <= rel <= 0.85 and a.z <= b.top + 0.03, f"bottom {rel:.2f} m above its base"
        inner = b.z + 0.02 < a.z < b.top - 0.08
        if surface == "any":
            return abs(a.z - b.top) <= 0.03 or inner, f"bottom {rel:.2f} m above its base (height {b.h:.2f})"
        if isinstance(named, str) and a.raw.get("support") in (b.id, None):
            ok = named == surface or (surface == "shelf" and named.startswith("shelf"))
            return ok and inner, f"on {named}, {rel:.2f} m up"
        return inner and _shelf_band(surface, rel), f"bottom {rel:.2f} m above its base (height {b.h:.2f})"
    return pred


def on(v: View, spec: dict[str, Any]) -> Outcome:
    """Rests on the target's ``surface``: ``top`` (default; a top up to 0.12 m below a raised back or rim
    counts when the thing rests on the target, and a seat's top is its seat), ``seat`` (not the backrest),
    ``mattress``, ``shelf`` (any inner shelf), ``shelf_N`` (Nth from the bottom) or ``any``
    (the top or an inner shelf)."""
    return binary(v, spec, _on_pred(spec.get("surface", "top"), v.vocab.expand("@seating")))


def near(v: View, spec: dict[str, Any]) -> Outcome:
    """Footprint gap between ``min`` (0) and ``max`` (0.8 m)."""
    lo, hi = spec.get("min", 0.0), spec.get("max", 0.8)
    return binary(v, spec, lambda a, b: (lo <= gap(a, b) <= hi, f"gap {gap(a, b):.2f} m"))


def far(v: View, spec: dict[str, Any]) -> Outcome:
    """Footprint gap at least ``min`` (2 m)."""
    return binary(v, spec, lambda a, b: (gap(a, b) >= spec.get("min", 2.0), f"gap {gap(a, b):.2f} m"))


def in_front(v: View, spec: dict[str, Any]) -> Outcome:
    """Beyond the target's front face, within its width (+0.3 m), at most ``max`` (2 m) away."""
    def pred(a: Thing, b: Thing) -> Outcome:
        _, _, near_f, _ = extent_in(a, b)
        right, _ = local(a.centre, b)
        g = near_f - b.d / 2
        ok = g >= -0.05 and abs(right) <= b.w / 2 + 0.3 and g <= spec.get("max", 2.0)
        return ok, f"{g:+.2f} m ahead of its front, {right:+.2f} m to its side"
    return binary(v, spec, pred)


def behind(v: View, spec: dict[str, Any]) -> Outcome:
    """Beyond the target's back face, within its width (+0.4 m), at most ``max`` (1 m) away."""
    def pred(a: Thing, b: Thing) -> Outcome:
        _, _, _, far_f = extent_in(a, b)
        right, _ = local(a.centre, b)
        g = -b.d / 2 - far_f
        ok = g >= -0.05 and abs(right) <= b.w / 2 + 0.4 and g <= spec.get("max", 1.0)
        return ok, f"{g:+.2f} m behind its back, {right:+.2f} m to its side"
    return binary(v, spec, pred)


def _side(a: Thing, b: Thing, sign: int, reach: float) -> Outcome:
    lo_r, hi_r, _, _ = extent_in(a, b)
    _, forward = local(a.centre, b)
    g = (lo_r - b.w / 2) if sign > 0 else (-b.w / 2 - hi_r)
    ok = g >= -0.05 and abs(forward) <= b.d / 2 + 0.4 and g <= reach
    return ok, f"{g:+.2f} m to its {'right' if sign > 0 else 'left'}, {forward:+.2f} m forward"


def left_of(v: View, spec: dict[str, Any]) -> Outcome:
    """On the target's left (its local -X), beside it, within ``max`` (1 m)."""
    return binary(v, spec, lambda a, b: _side(a, b, -1, spec.get("max", 1.0)))


def right_of(v: View, spec: dict[str, Any]) -> Outcome:
    """On the target's right (its local +X), beside it, within ``max`` (1 m)."""
    return binary(v, spec, lambda a, b: _side(a, b, 1, spec.get("max", 1.0)))


def beside(v: View, spec: dict[str, Any]) -> Outcome:
    """On the target's left or right, within ``max`` (1 m)."""
    def pred(a: Thing, b: Thing) -> Outcome:
        left, right = _side(a, b, -1, spec.get("max", 1.0)), _side(a, b, 1, spec.get("max", 1.0))
        return (left[0] or right[0]), (left if left[0] else right)[1]
    return binary(v, spec, pred)


def flank(v: View, spec: dict[str, Any]) -> Outcome:
    """One subject on each side of a target ("on either side of the bed"), within ``max`` (0.8 m)."""
    subjects, targets = v.select(spec["what"]), v.select(spec["target"])
    reach = spec.get("max", 0.8)
    for b in targets:
        left = [a.id for a in subjects if a.id != b.id and _side(a, b, -1, reach)[0]]
        right = [a.id for a in subjects if a.id != b.id and _side(a, b, 1, reach)[0]]
        if left and right:
            return True, f"{left[0]} left and {right[0]} right of {b.id}"
    if not subjects or not targets:
        return False, f"no {describe(spec['what'] if not subjects else spec['target'])}"
    b = targets[0]
    sides = [(a.id, _side(a, b, -1, reach)[1], _side(a, b, 1, reach)[1]) for a in subjects[:3]]
    return False, "; ".join(f"{i}: {left} / {right}" for i, left, right in sides)


def between(v: View, spec: dict[str, Any]) -> Outcome:
    """The subject's centre lies between two targets (``target`` twice, or ``target`` and
    ``target2``): along the line joining them (10-90%) and near it."""
    firsts = v.select(spec["target"])
    seconds = v.select(spec.get("target2", spec["target"]))

    def pred(a: Thing) -> Outcome:
        best = "no pair of targets"
        for p in firsts:
            for q in seconds:
                if p.id == q.id or a.id in (p.id, q.id):
                    continue
                ux, uy, length = q.x - p.x, q.y - p.y, dist(p, q)
                if length < 1e-6:
                    continue
                t = ((a.x - p.x) * ux + (a.y - p.y) * uy) / length ** 2
                off = abs((a.x - p.x) * uy - (a.y - p.y) * ux) / length
                if 0.1 <= t <= 0.9 and off <= max(0.5, 0.5 * max(p.long, q.long)):
                    return True, f"between {p.id} and {q.id}"
                best = f"{t:.0%} along {p.id}-{q.id}, {off:.2f} m off the line"
        return False, best
    return unary(v, spec, pred)


def opposite(v: View, spec: dict[str, Any]) -> Outcome:
    """Across from the target: in the direction it faces (within ``tol``, 40 degrees), at
    least ``min`` (1 m) away."""
    def pred(a: Thing, b: Thing) -> Outcome:
        off = facing_angle(b, a.centre)
        return off <= spec.get("tol", 40) and dist(a, b) >= spec.get("min", 1.0), f"{off:.0f} deg off its front"
    return binary(v, spec, pred)


def under(v: View, spec: dict[str, Any]) -> Outcome:
    """Below the target's top, its centre within the target's footprint (+5 cm)."""
    def pred(a: Thing, b: Thing) -> Outcome:
        ok = contains_point(b, a.centre, 0.05) and a.top <= b.top + 0.02 and a.z < b.top - 0.05
        return ok, f"top {a.top:.2f} vs {b.top:.2f}, over it: {contains_point(b, a.centre, 0.05)}"
    return binary(v, spec, pred)


def above(v: View, spec: dict[str, Any]) -> Outcome:
    """Higher than the target's top (by at most ``max_gap``, 1.5 m) and over it (its
    footprint grown by 0.35 m: a picture on the wall above a sofa)."""
    def pred(a: Thing, b: Thing) -> Outcome:
        rise = a.z - b.top
        ok = -0.02 <= rise <= spec.get("max_gap", 1.5) and contains_point(b, a.centre, 0.35)
        return ok, f"bottom {rise:+.2f} m over its top, over it: {contains_point(b, a.centre, 0.35)}"
    return binary(v, spec, pred)


def facing(v: View, spec: dict[str, Any]) -> Outcome:
    """The subject's front points at the target (within ``tol``, 35 degrees, of its centre,
    or the front ray crosses its footprint)."""
    def pred(a: Thing, b: Thing) -> Outcome:
        off = facing_angle(a, b.centre)
        return off <= spec.get("tol", 35) or ray_hits(a, b, 12.0), f"front {off:.0f} deg off"
    return binary(v, spec, pred)


def same_facing(v: View, spec: dict[str, Any]) -> Outcome:
    """The two face the same way (within ``tol``, 25 degrees)."""
    return binary(v, spec, lambda a, b: (yaw_difference(a, b) <= spec.get("tol", 25),
                                         f"{yaw_difference(a, b):.0f} deg apart"))


def parallel(v: View, spec: dict[str, Any]) -> Outcome:
    """Axes parallel (either way round) within ``tol`` (15 degrees)."""
    return binary(v, spec, lambda a, b: (axis_difference(a, b) <= spec.get("tol", 15),
                                         f"axes {axis_difference(a, b):.0f} deg apart"))


def taller(v: View, spec: dict[str, Any]) -> Outcome:
    """Taller than the target by the factor ``ratio`` (1.0)."""
    return binary(v, spec, lambda a, b: (a.h >= b.h * spec.get("ratio", 1.0) and a.h > b.h,
                                         f"{a.h:.2f} m vs {b.h:.2f} m"))


def nothing_on(v: View, spec: dict[str, Any]) -> Outcome:
    """Nothing rests on the target (negation: "nothing on the desk")."""
    targets = v.select(spec["target"])
    if not targets:
        return False, f"no {describe(spec['target'])}"
    on_it = [f"{u.id} on {t.id}" for t in targets for u in v.things
             if u.id != t.id and (rests_on(u, t) or u.raw.get("support") == t.id)]
    return not on_it, ", ".join(on_it[:4]) or "nothing on it"


def distance(v: View, spec: dict[str, Any]) -> Outcome:
    """Centre distance between ``min`` (0) and ``max`` (inf) metres."""
    lo, hi = spec.get("min", 0.0), spec.get("max", math.inf)
    return binary(v, spec, lambda a, b: (lo <= dist(a, b) <= hi, f"{dist(a, b):.2f} m apart"))


def over(v: View, spec: dict[str, Any]) -> Outcome:
    """The subject's centre lies over the target's footprint, at any height (a table on a
    rug, a parasol over a table, a boat on the water)."""
    return binary(v, spec, lambda a, b: (contains_point(b, a.centre, 0.02), f"over it: {contains_point(b, a.centre)}"))


def inside(v: View, spec: dict[str, Any]) -> Outcome:
    """In the target: centre over its footprint, bottom within its height (fruit in a bowl)."""
    def pred(a: Thing, b: Thing) -> Outcome:
        ok = contains_point(b, a.centre, 0.02) and b.z - 0.02 <= a.z <= b.top
        return ok, f"bottom {a.z - b.z:+.2f} m from its base, over it: {contains_point(b, a.centre, 0.02)}"
    return binary(v, spec, pred)


_COMPASS = {"north": (0.0, 1.0), "south": (0.0, -1.0), "east": (1.0, 0.0), "west": (-1.0, 0.0)}


def direction_of(v: View, spec: dict[str, Any]) -> Outcome:
    """The subject lies to the compass ``dir`` of the target: its centre at least ``min``
    (0.3 m) further that way, within 45 degrees of that direction."""
    dx, dy = _COMPASS[spec["dir"]]

    def pred(a: Thing, b: Thing) -> Outcome:
        along = (a.x - b.x) * dx + (a.y - b.y) * dy
        across = abs((a.x - b.x) * dy - (a.y - b.y) * dx)
        return along >= spec.get("min", 0.3) and across <= along, f"{along:+.2f} m {spec['dir']}, {across:.2f} m across"
    return binary(v, spec, pred)


def on_side(v: View, spec: dict[str, Any]) -> Outcome:
    """The subject's centre is on the target's ``side`` half (left/right/front/back in the
    target's frame, beyond 10% of its half size): "the lamp on the left of the desk"."""
    def pred(a: Thing, b: Thing) -> Outcome:
        r, f = local(a.centre, b)
        value, half = {"left": (-r, b.w), "right": (r, b.w), "front": (f, b.d), "back": (-f, b.d)}[spec["side"]]
        return value >= 0.1 * half / 2, f"{value:+.2f} m toward its {spec['side']}"
    return binary(v, spec, pred)


def _end_of(a: Thing, b: Thing, reach: float) -> tuple[int, str]:
    """Which end of b's long axis a's centre stands at (-1, +1; 0: neither): in the outer third of
    b's length or beyond its end by at most ``reach``, and within b's depth (+ ``reach``) across it."""
    right, forward = local(a.centre, b)
    along, across, half, half_across = (right, forward, b.w / 2, b.d / 2) if b.w >= b.d else \
        (forward, right, b.d / 2, b.w / 2)
    ok = half / 3 <= abs(along) <= half + reach and abs(across) <= half_across + reach
    return (int(math.copysign(1, along)) if ok else 0), f"{along:+.2f} m along its {2 * half:.2f} m, {across:+.2f} across"


def at_end(v: View, spec: dict[str, Any]) -> Outcome:
    """At an end of the target's long axis ("a lamp at the end of the bench"): the subject's centre in
    the target's outer third lengthwise or past its end by at most ``max`` (0.6 m), within its depth
    (+ ``max``) across; ``both`` true: some target has a subject at each of its two ends."""
    reach = spec.get("max", 0.6)
    if not spec.get("both"):
        return binary(v, spec, lambda a, b: (_end_of(a, b, reach)[0] != 0, _end_of(a, b, reach)[1]))
    subjects, targets = v.select(spec["what"]), v.select(spec["target"])
    if not subjects or not targets:
        return False, f"no {describe(spec['what'] if not subjects else spec['target'])}"
    for b in targets:
        ends = {_end_of(a, b, reach)[0]: a.id for a in subjects if a.id != b.id}
        if -1 in ends and 1 in ends:
            return True, f"{ends[-1]} and {ends[1]} at the two ends of {b.id}"
    return False, "; ".join(f"{a.id}: {_end_of(a, targets[0], reach)[1]}" for a in subjects[:3])
