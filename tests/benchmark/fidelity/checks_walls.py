"""Checks about the room: against a wall, hung on a wall, in a corner, in the middle,
facing a compass direction, under a window, near a door, a doorway kept clear."""

from __future__ import annotations

import math
from typing import Any

from .geometry import Thing, angle_between, facing_angle, gap, penetration, rests_on
from .quant import Outcome, unary
from .scene import INWARD, WALLS, View

COMPASS = {"north": (0.0, 1.0), "south": (0.0, -1.0), "east": (1.0, 0.0), "west": (-1.0, 0.0)}


def _walls(v: View, spec: dict[str, Any]) -> list[str]:
    """The walls a check names: one compass wall, a list of them, "long"/"short" (the pair of
    longer/shorter walls of the room; a square room's four), else all four."""
    wall = spec.get("wall")
    if not wall:
        return list(WALLS)
    if isinstance(wall, list):
        return [str(w) for w in wall]
    if wall in ("long", "short") and v.bounds:
        w, d = v.bounds[3] - v.bounds[0], v.bounds[4] - v.bounds[1]
        if abs(w - d) < 0.05:
            return list(WALLS)
        x_long = (w > d) == (wall == "long")
        return ["north", "south"] if x_long else ["east", "west"]
    return [wall]


def _resting_on_something(v: View, t: Thing) -> Thing | None:
    return next((u for u in v.things if u.id != t.id and rests_on(t, u)), None)


def against_wall(v: View, spec: dict[str, Any]) -> Outcome:
    """Standing with its footprint within ``tol`` (0.15 m) of the wall; ``back: true``
    also wants its back to that wall (front pointing into the room, within 35 degrees)."""
    if not v.bounds:
        return False, "no room bounds"
    tol = spec.get("tol", 0.15)

    def pred(t: Thing) -> Outcome:
        misses = []
        for wall in _walls(v, spec):
            g = v.wall_gap(t, wall)
            if not -0.05 <= g <= tol:
                misses.append(f"{g:.2f} m from {wall}")
                continue
            if spec.get("back") and angle_between(t.front, INWARD[wall]) > 35:
                misses.append(f"against {wall} but front {angle_between(t.front, INWARD[wall]):.0f} deg off the room")
                continue
            return True, f"{g:.2f} m from the {wall} wall"
        return False, ", ".join(misses[:2])
    return unary(v, spec, pred)


def on_wall(v: View, spec: dict[str, Any]) -> Outcome:
    """Hung on a wall: back within 10 cm of the wall plane, off the floor (bottom >= 0.25 m),
    not standing on furniture, facing into the room; ``z: [lo, hi]`` bounds its centre height."""
    if not v.bounds:
        return False, "no room bounds"

    def pred(t: Thing) -> Outcome:
        walls = [w for w in _walls(v, spec) if -0.05 <= v.wall_gap(t, w) <= 0.1]
        if not walls:
            return False, "not touching " + (f"the {spec['wall']} wall" if spec.get("wall") else "a wall") + \
                f" ({min(v.wall_gap(t, w) for w in _walls(v, spec)):.2f} m away)"
        if t.z - v.ground < 0.25:
            return False, f"bottom {t.z - v.ground:.2f} m: standing on the floor"
        under = _resting_on_something(v, t)
        if under is not None:
            return False, f"standing on {under.id}"
        walls.sort(key=lambda w: angle_between(t.front, INWARD[w]))  # in a corner it touches two: the one it faces
        if angle_between(t.front, INWARD[walls[0]]) > 45:
            return False, f"faces {angle_between(t.front, INWARD[walls[0]]):.0f} deg away from the room"
        centre = t.z - v.ground + t.h / 2
        lo, hi = spec.get("z", (0.0, math.inf))
        if not lo <= centre <= hi:
            return False, f"centre {centre:.2f} m high, wanted {lo}-{hi}"
        return True, f"on the {walls[0]} wall, centre {centre:.2f} m"
    return unary(v, spec, pred)


def in_corner(v: View, spec: dict[str, Any]) -> Outcome:
    """Within ``tol`` (0.5 m) of both walls of a corner (``corner``: ne/nw/se/sw, else any)."""
    if not v.bounds:
        return False, "no room bounds"
    tol = spec.get("tol", 0.5)
    corners = [spec["corner"]] if spec.get("corner") else ["ne", "nw", "se", "sw"]

    def pred(t: Thing) -> Outcome:
        for c in corners:
            ns, ew = {"n": "north", "s": "south"}[c[0]], {"e": "east", "w": "west"}[c[1]]
            g1, g2 = v.wall_gap(t, ns), v.wall_gap(t, ew)
            if g1 <= tol and g2 <= tol:
                return True, f"{c} corner ({g1:.2f}, {g2:.2f} m)"
        x, y = t.x - v.centre[0], t.y - v.centre[1]
        return False, f"centre at ({x:+.2f}, {y:+.2f}) from the middle"
    return unary(v, spec, pred)


def centered(v: View, spec: dict[str, Any]) -> Outcome:
    """In the middle of the room: centre within ``tol`` (0.2) of the room's size from its middle."""
    if not v.bounds:
        return False, "no room bounds"
    b, tol = v.bounds, spec.get("tol", 0.2)

    def pred(t: Thing) -> Outcome:
        fx, fy = abs(t.x - v.centre[0]) / (b[3] - b[0]), abs(t.y - v.centre[1]) / (b[4] - b[1])
        return max(fx, fy) <= tol, f"off the middle by {fx:.0%} x {fy:.0%} of the room"
    return unary(v, spec, pred)


def facing_dir(v: View, spec: dict[str, Any]) -> Outcome:
    """Front pointing to a compass direction (``dir``) within ``tol`` (30) degrees."""
    want = COMPASS[spec["dir"]]

    def pred(t: Thing) -> Outcome:
        off = angle_between(t.front, want)
        return off <= spec.get("tol", 30), f"front {off:.0f} deg from {spec['dir']}"
    return unary(v, spec, pred)


def facing_center(v: View, spec: dict[str, Any]) -> Outcome:
    """Turned toward the middle of the room within ``tol`` (30) degrees."""
    def pred(t: Thing) -> Outcome:
        off = facing_angle(t, v.centre)
        return off <= spec.get("tol", 30), f"front {off:.0f} deg off the room centre"
    return unary(v, spec, pred)


def opening_box(v: View, o: dict[str, Any], depth: float) -> Thing:
    """The zone in front of an opening, on the room side, ``depth`` deep, as a footprint."""
    wall, offset, width = o["wall"], float(o.get("offset", 0.0)), float(o.get("width", 0.9))
    cx, cy = v.centre
    inward = INWARD[wall]
    plane = v.wall_plane(wall)
    if wall in ("north", "south"):
        x, y = cx + offset, plane + inward[1] * depth / 2
    else:
        x, y = plane + inward[0] * depth / 2, cy + offset
    yaw = 0.0 if wall in ("north", "south") else math.pi / 2
    return Thing(id=str(o.get("id", wall)), category="zone", concept="zone", x=x, y=y, z=v.ground, yaw=yaw,
                 w=width, d=depth, h=float(o.get("height", 2.0)) + float(o.get("sill", 0.0)), raw={})


def clear(v: View, spec: dict[str, Any]) -> Outcome:
    """A door (or window: ``opening``) exists on the wall and nothing stands in the zone in
    front of it (``depth``: its clearance, else 0.9 m)."""
    kind = spec.get("opening", "door")
    found = v.openings(kind, spec.get("wall"))
    if not found or not v.bounds:
        return False, f"no {kind}" + (f" on the {spec['wall']} wall" if spec.get("wall") else "")
    for o in found:
        zone = opening_box(v, o, float(spec.get("depth", o.get("clearance") or 0.9)))
        inside = [t.id for t in v.things if t.z < zone.top and penetration(t, zone) > 0.02]
        if inside:
            return False, f"{', '.join(inside[:4])} in front of {zone.id}"
    return True, f"{len(found)} {kind}(s) clear"


def under_window(v: View, spec: dict[str, Any]) -> Outcome:
    """Against a window's wall (within 0.3 m), laterally within the window's width (+0.2 m)
    and below its sill (+5 cm)."""
    windows = v.openings("window", spec.get("wall"))
    if not windows:
        return False, "no window" + (f" on the {spec['wall']} wall" if spec.get("wall") else "")

    def pred(t: Thing) -> Outcome:
        for w in windows:
            zone = opening_box(v, w, 0.3)
            lateral = abs((t.x - zone.x) if w["wall"] in ("north", "south") else (t.y - zone.y))
            if v.wall_gap(t, w["wall"]) > 0.3:
                continue
            if lateral <= float(w.get("width", 1.0)) / 2 + 0.2 and t.top <= v.ground + float(w.get("sill", 0.9)) + 0.05:
                return True, f"under {w.get('id')}"
        return False, "not under a window"
    return unary(v, spec, pred)


def near_opening(v: View, spec: dict[str, Any]) -> Outcome:
    """Within ``max`` (1.0 m) of a door/window (``opening``) on the wall (beside it or in front)."""
    found = v.openings(spec.get("opening", "door"), spec.get("wall"))
    if not found:
        return False, f"no {spec.get('opening', 'door')}"

    def pred(t: Thing) -> Outcome:
        best = min(gap(t, opening_box(v, o, 0.01)) for o in found)
        return best <= spec.get("max", 1.0), f"{best:.2f} m from the {spec.get('opening', 'door')}"
    return unary(v, spec, pred)


def on_floor(v: View, spec: dict[str, Any]) -> Outcome:
    """Standing on the floor/ground (bottom within 3 cm of it)."""
    return unary(v, spec, lambda t: (abs(t.z - v.ground) <= 0.03, f"bottom {t.z - v.ground:.2f} m up"))


def each_corner(v: View, spec: dict[str, Any]) -> Outcome:
    """Every one of the four corners has a subject within ``tol`` (0.5 m) of both its walls."""
    if not v.bounds:
        return False, "no room bounds"
    tol, things, empty = spec.get("tol", 0.5), v.select(spec["what"]), []
    for c in ("ne", "nw", "se", "sw"):
        ns, ew = {"n": "north", "s": "south"}[c[0]], {"e": "east", "w": "west"}[c[1]]
        if not any(v.wall_gap(t, ns) <= tol and v.wall_gap(t, ew) <= tol for t in things):
            empty.append(c)
    return not empty, f"empty corners: {', '.join(empty)}" if empty else "all four corners"


def flank_opening(v: View, spec: dict[str, Any]) -> Outcome:
    """One subject on each side of a door/window (``opening``, on ``wall`` when given): each
    against that wall (within 0.6 m), beyond the opening's edge and within ``max`` (1.2 m) of
    it — "bookcases either side of the doorway"."""
    found = v.openings(spec.get("opening", "door"), spec.get("wall"))
    things = v.select(spec["what"])
    if not found or not things or not v.bounds:
        return False, f"no {spec.get('opening', 'door')}" if not found else f"no {spec['what']}"
    best = "no subject beside it"
    for o in found:
        zone, along_x = opening_box(v, o, 0.01), o["wall"] in ("north", "south")
        sides: dict[int, list[str]] = {-1: [], 1: []}
        for t in things:
            off = (t.x - zone.x) if along_x else (t.y - zone.y)
            edge = abs(off) - zone.w / 2
            if v.wall_gap(t, o["wall"]) <= 0.6 and 0.0 <= gap(t, zone) <= spec.get("max", 1.2) and edge > 0:
                sides[1 if off > 0 else -1].append(t.id)
        if sides[-1] and sides[1]:
            return True, f"{sides[-1][0]} and {sides[1][0]} either side of {zone.id}"
        best = f"{zone.id}: left {sides[-1]}, right {sides[1]}"
    return False, best
