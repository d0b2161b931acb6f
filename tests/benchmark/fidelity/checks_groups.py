"""Checks about groups and their shapes: seats around a table, N on each side, a row,
rows facing something, a grid, a circle, a semicircle, an L shape, a pyramid, a stack."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from .checks_walls import COMPASS
from .geometry import (
    Thing,
    axis_difference,
    circle_fit,
    clusters,
    contains_point,
    facing_angle,
    gap,
    local,
    ray_hits,
    rests_on,
)
from .quant import Outcome, describe
from .scene import View


def _side_of(a: Thing, b: Thing) -> str:
    """Which side of b a is on, in b's frame: front, back, left or right."""
    r, f = local(a.centre, b)
    if abs(r) / max(b.w / 2, 1e-6) >= abs(f) / max(b.d / 2, 1e-6):
        return "right" if r > 0 else "left"
    return "front" if f > 0 else "back"


def _seated_at(a: Thing, b: Thing, reach: float) -> bool:
    return gap(a, b) <= reach and (facing_angle(a, b.centre) <= 50 or ray_hits(a, b, reach + b.long))


def _at_each(spec: dict[str, Any], targets: list[Thing], judge: Any) -> Outcome:
    """Run ``judge(target) -> (ok, detail)`` over the targets: some must hold, or every one
    with ``quant: each_target``."""
    if not targets:
        return False, f"no {describe(spec['target'])}"
    results = [judge(b) for b in targets]
    if spec.get("quant") == "each_target":
        bad = [d for ok, d in results if not ok]
        return (not bad), (bad[0] if bad else f"all {len(results)} targets hold")
    good = [d for ok, d in results if ok]
    return (True, good[0]) if good else (False, results[0][1])


def around(v: View, spec: dict[str, Any]) -> Outcome:
    """At least ``n`` (all) subjects close to the target (gap <= ``max``, 0.6 m), facing it,
    spread over at least ``min_sides`` (2) of its sides."""
    subjects = v.select(spec["what"])

    def judge(b: Thing) -> Outcome:
        seated = [a for a in subjects if a.id != b.id and _seated_at(a, b, spec.get("max", 0.6))]
        sides = {_side_of(a, b) for a in seated}
        n = spec.get("n", len(subjects))
        ok = len(seated) >= max(n, 1) and len(sides) >= min(spec.get("min_sides", 2), len(seated))
        return ok, f"{len(seated)} of {len(subjects)} at {b.id}, sides {sorted(sides)}"
    return _at_each(spec, v.select(spec["target"]), judge)


def per_side(v: View, spec: dict[str, Any]) -> Outcome:
    """Exactly ``n`` subjects seated at each of two opposite sides of the target (its long
    sides with ``long: true``, its ends with ``short: true``) — "three chairs on each side"."""
    subjects = v.select(spec["what"])

    def judge(b: Thing) -> Outcome:
        seated = [a for a in subjects if a.id != b.id and _seated_at(a, b, spec.get("max", 0.6))]
        counts = {s: sum(1 for a in seated if _side_of(a, b) == s) for s in ("left", "right", "front", "back")}
        pairs = [("front", "back"), ("left", "right")]
        if spec.get("long") or spec.get("short"):
            pairs = [pairs[0] if (b.w >= b.d) == bool(spec.get("long")) else pairs[1]]
        return any(counts[p] == spec["n"] == counts[q] for p, q in pairs), f"{counts} at {b.id}"
    return _at_each(spec, v.select(spec["target"]), judge)


def _line_stats(things: Sequence[Thing]) -> tuple[float, float, tuple[float, float]]:
    """(largest distance from the line through the farthest pair, spacing spread, direction)."""
    a, b = max(((p, q) for i, p in enumerate(things) for q in things[i + 1:]),
               key=lambda pq: math.hypot(pq[0].x - pq[1].x, pq[0].y - pq[1].y))
    length = math.hypot(b.x - a.x, b.y - a.y) or 1e-9
    ux, uy = (b.x - a.x) / length, (b.y - a.y) / length
    off = max(abs((t.x - a.x) * uy - (t.y - a.y) * ux) for t in things)
    along = sorted((t.x - a.x) * ux + (t.y - a.y) * uy for t in things)
    steps = [q - p for p, q in itertools.pairwise(along)]
    mean = sum(steps) / len(steps)
    return off, ((max(steps) - min(steps)) / mean if mean > 1e-9 else math.inf), (ux, uy)


def row(v: View, spec: dict[str, Any]) -> Outcome:
    """The subjects stand in one straight line (within ``tol``, 0.3 m); ``even`` wants even
    spacing (spread <= 35%); ``wall`` wants the row along that wall (parallel, each within
    ``wall_tol``, 0.6 m); ``along`` wants it along the long axis of that object (a road)."""
    things = v.select(spec["what"])
    if len(things) < max(2, spec.get("n", 2)) or ("n" in spec and len(things) != spec["n"]):
        return False, f"{len(things)} {describe(spec['what'])}"
    off, spread, (ux, uy) = _line_stats(things) if len(things) > 2 else (0.0, 0.0, (1.0, 0.0))
    if len(things) == 2:
        ux, uy = things[1].x - things[0].x, things[1].y - things[0].y
    if off > spec.get("tol", 0.3):
        return False, f"{off:.2f} m off a straight line"
    if spec.get("even") and spread > 0.35:
        return False, f"spacing varies by {spread:.0%}"
    if spec.get("along") and not _parallel_to(v.select(spec["along"]), (ux, uy)):
        return False, f"row not along the {describe(spec['along'])}"
    if spec.get("wall"):
        along_x = spec["wall"] in ("north", "south")
        angle = math.degrees(math.atan2(abs(uy), abs(ux))) if along_x else math.degrees(math.atan2(abs(ux), abs(uy)))
        far = max(v.wall_gap(t, spec["wall"]) for t in things) if v.bounds else math.inf
        if angle > 15 or far > spec.get("wall_tol", 0.6):
            return False, f"row {angle:.0f} deg off the {spec['wall']} wall, farthest {far:.2f} m from it"
    return True, f"{len(things)} in a line ({off:.2f} m off)"


def _parallel_to(targets: list[Thing], direction: tuple[float, float]) -> bool:
    """The direction runs along the long axis of one of the targets (within 15 degrees)."""
    for b in targets:
        axis = b.right if b.w >= b.d else b.front
        cos = abs(axis[0] * direction[0] + axis[1] * direction[1]) / (math.hypot(*direction) or 1.0)
        if cos >= math.cos(math.radians(15)):
            return True
    return False


def _depth_axis(v: View, spec: dict[str, Any], things: Sequence[Thing]) -> tuple[float, float]:
    if spec.get("target"):
        targets = v.select(spec["target"])
        if targets:
            cx, cy = sum(t.x for t in things) / len(things), sum(t.y for t in things) / len(things)
            dx, dy = targets[0].x - cx, targets[0].y - cy
            norm = math.hypot(dx, dy) or 1.0
            return dx / norm, dy / norm
    if spec.get("dir"):
        return COMPASS[spec["dir"]]
    fx, fy = sum(t.front[0] for t in things), sum(t.front[1] for t in things)
    norm = math.hypot(fx, fy)
    if norm >= 0.5 * len(things):
        return fx / norm, fy / norm
    doubled = math.atan2(sum(math.sin(2 * t.yaw) for t in things), sum(math.cos(2 * t.yaw) for t in things))
    return math.sin(doubled / 2), -math.cos(doubled / 2)  # the axis the group faces along, either way


def rows(v: View, spec: dict[str, Any]) -> Outcome:
    """``rows`` rows (or at least ``min_rows``; else 2 or more) across the direction the group
    faces (toward ``target``, compass ``dir``, else the way the subjects face): each row a
    line perpendicular to it. ``per_row`` is a count for every row, or a list of counts from
    the front row (nearest what they face) back."""
    things = v.select(spec["what"])
    if len(things) < 2:
        return False, f"{len(things)} {describe(spec['what'])}"
    fx, fy = _depth_axis(v, spec, things)
    depth = [t.x * fx + t.y * fy for t in things]
    groups = sorted(clusters(depth, spec.get("gap", 0.35)), key=lambda g: -sum(depth[i] for i in g) / len(g))
    sizes = [len(g) for g in groups]
    ok = len(groups) == spec["rows"] if "rows" in spec else len(groups) >= spec.get("min_rows", 2)
    per_row = spec.get("per_row")
    if isinstance(per_row, list):
        ok = ok and sizes == per_row
    elif per_row is not None:
        ok = ok and all(n == per_row for n in sizes)
    for g in groups:
        lateral = [things[i].x * -fy + things[i].y * fx for i in g]
        if len(g) > 1 and max(lateral) - min(lateral) < max(depth[i] for i in g) - min(depth[i] for i in g):
            ok = False
    return ok, f"{len(groups)} rows of {sizes} (front first)"


def grid(v: View, spec: dict[str, Any]) -> Outcome:
    """A ``rows`` x ``cols`` grid along the room's axes or the group's own axis."""
    things = v.select(spec["what"])
    want = sorted((spec["rows"], spec["cols"]))
    if len(things) != want[0] * want[1]:
        return False, f"{len(things)} {describe(spec['what'])}, wanted {want[0] * want[1]}"
    yaws = [0.0, sorted(t.yaw for t in things)[len(things) // 2]]
    best = ""
    for yaw in yaws:
        ux, uy = math.cos(yaw), math.sin(yaw)
        a = clusters([t.x * ux + t.y * uy for t in things], spec.get("gap", 0.3))
        b = clusters([-t.x * uy + t.y * ux for t in things], spec.get("gap", 0.3))
        if sorted((len(a), len(b))) == want and all(len(g) == len(b) for g in a) and all(len(g) == len(a) for g in b):
            return True, f"{len(a)} x {len(b)}"
        best = f"{len(a)} x {len(b)} lines"
    return False, best


def _angles(things: Sequence[Thing], centre: tuple[float, float]) -> tuple[list[float], list[float]]:
    radii = [math.hypot(t.x - centre[0], t.y - centre[1]) for t in things]
    angles = sorted(math.degrees(math.atan2(t.y - centre[1], t.x - centre[0])) for t in things)
    gaps = [q - p for p, q in itertools.pairwise(angles)] + [angles[0] + 360 - angles[-1]]
    return radii, gaps


def _centre(v: View, spec: dict[str, Any], things: Sequence[Thing]) -> tuple[float, float]:
    targets = v.select(spec["target"]) if spec.get("target") else []
    if targets:
        return targets[0].centre
    if spec.get("fit"):
        return circle_fit([t.centre for t in things])[0]
    return sum(t.x for t in things) / len(things), sum(t.y for t in things) / len(things)


def circle(v: View, spec: dict[str, Any]) -> Outcome:
    """At least 3 subjects on a ring around ``target`` (else their centroid): radii within
    25% of each other, no angular gap wider than 1.6x the even share; ``inward: true``
    wants each facing the centre (35 degrees)."""
    things = v.select(spec["what"])
    if len(things) < 3:
        return False, f"{len(things)} {describe(spec['what'])}"
    centre = _centre(v, spec, things)
    radii, gaps = _angles(things, centre)
    spread = max(radii) / max(min(radii), 1e-6) - 1
    ok = spread <= 0.25 and max(gaps) <= 1.6 * 360 / len(things)
    outward = [t.id for t in things if spec.get("inward") and facing_angle(t, centre) > 35]
    return ok and not outward, f"radii spread {spread:.0%}, widest gap {max(gaps):.0f} deg" + (
        f", not facing in: {', '.join(outward[:3])}" if outward else "")


def semicircle(v: View, spec: dict[str, Any]) -> Outcome:
    """At least 3 subjects on an arc (centre: ``target``, else a fitted circle): radii within
    30%, the arc covers 100-250 degrees with its open side, no inner gap over twice the mean."""
    things = v.select(spec["what"])
    if len(things) < 3:
        return False, f"{len(things)} {describe(spec['what'])}"
    radii, gaps = _angles(things, _centre(v, {**spec, "fit": True}, things))
    spread = max(radii) / max(min(radii), 1e-6) - 1
    inner = sorted(gaps)[:-1]
    arc = 360 - max(gaps)
    ok = spread <= 0.3 and 100 <= arc <= 250 and max(inner) <= 2 * (sum(inner) / len(inner))
    return ok, f"radii spread {spread:.0%}, arc {arc:.0f} deg"


def _end_meeting(a: Thing, b: Thing) -> bool:
    r, f = local(b.centre, a)
    coord, half = (r, a.w / 2) if a.w >= a.d else (f, a.d / 2)
    return abs(coord) >= 0.4 * half


def l_shape(v: View, spec: dict[str, Any]) -> Outcome:
    """Two subjects at right angles (within 20 degrees), touching or close (<= 0.5 m), meeting
    near an end of each (an L, not a T)."""
    things, best = v.select(spec["what"]), "fewer than two"
    for i, a in enumerate(things):
        for b in things[i + 1:]:
            diff, g = axis_difference(a, b), gap(a, b)
            if abs(diff - 90) <= 20 and g <= 0.5 and _end_meeting(a, b) and _end_meeting(b, a):
                return True, f"{a.id} and {b.id} at {diff:.0f} deg"
            best = f"{a.id}/{b.id}: {diff:.0f} deg, gap {g:.2f} m, ends {_end_meeting(a, b)}/{_end_meeting(b, a)}"
    return False, best


def pyramid(v: View, spec: dict[str, Any]) -> Outcome:
    """Layers of ``layers`` (bottom first, e.g. [3, 2, 1]): each upper item rests on the layer
    below, each layer centred over the one below (within 0.3 m)."""
    things = v.select(spec["what"])
    layers = [[things[i] for i in g] for g in clusters([t.z for t in things], 0.05)]
    sizes = [len(layer) for layer in layers]
    if sizes != spec["layers"]:
        return False, f"layers {sizes}"
    for below, above_ in itertools.pairwise(layers):
        for t in above_:
            if not any(rests_on(t, u) for u in below) and not any(
                    abs(t.z - u.top) <= 0.03 and contains_point(u, t.centre, 0.1) for u in below):
                return False, f"{t.id} does not rest on the layer below"
        cx = lambda ls: (sum(t.x for t in ls) / len(ls), sum(t.y for t in ls) / len(ls))
        if math.dist(cx(below), cx(above_)) > 0.3:
            return False, "a layer is off-centre"
    return True, f"layers {sizes}"


def stack(v: View, spec: dict[str, Any]) -> Outcome:
    """The subjects (``n`` of them when given) stand one on another; ``order``
    ``largest_bottom`` wants footprints shrinking upward."""
    things = sorted(v.select(spec["what"]), key=lambda t: t.z)
    if len(things) < 2 or ("n" in spec and len(things) != spec["n"]):
        return False, f"{len(things)} {describe(spec['what'])}"
    for lower, upper in itertools.pairwise(things):
        if not rests_on(upper, lower, 0.03):
            return False, f"{upper.id} is not on {lower.id} (bottom {upper.z:.2f}, top {lower.top:.2f})"
        if spec.get("order") == "largest_bottom" and upper.w * upper.d > lower.w * lower.d + 1e-6:
            return False, f"{upper.id} is larger than {lower.id} below it"
    return True, f"stack of {len(things)}"


def scattered(v: View, spec: dict[str, Any]) -> Outcome:
    """At least 3 subjects spread irregularly about ``target`` (else their centroid): not an
    even ring (radii within 15% and angular gaps within 35% of the even share) and not one
    straight line (0.3 m) — "rocks scattered around the fire", "stools dotted about"."""
    things = v.select(spec["what"])
    if len(things) < 3:
        return False, f"{len(things)} {describe(spec['what'])}"
    radii, gaps = _angles(things, _centre(v, spec, things))
    spread = max(radii) / max(min(radii), 1e-6) - 1
    share = 360 / len(things)
    ring = spread <= 0.15 and max(abs(g - share) for g in gaps) <= 0.35 * share
    off = _line_stats(things)[0]
    ok = not ring and off > 0.3
    return ok, f"radii spread {spread:.0%}, gaps {min(gaps):.0f}-{max(gaps):.0f} deg, {off:.2f} m off a line"
