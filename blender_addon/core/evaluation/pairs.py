"""Checkers of the relations between two (or three) objects, CONTRACTS §5 tolerances.

Each takes the argument boxes in order, the relation's params and the bounds, and returns
a :class:`Check` whose reason names the objects by id.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

import numpy as np

from ..model import Bounds
from .check_base import Check, cm, deg, graded, name, number, verdict
from .geometry import (Box, angle_between, axis_difference, box_inside, footprint_overlap_area,
                       point_segment, xy_gap)

Params = Mapping[str, Any]
SUPPORT_TOL = 0.02  # m: "a's bottom within 2 cm of b's top"
FACE_TOL = 0.01  # m: "beyond b's face" allows the 1 cm the physics rules allow between boxes
TUCK_GAP, TUCK_OVERLAP = 0.10, 0.05  # m: under v4, a seat taller than b's top tucked in at b's front (gap, overlap)


def on_top_of(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b = args
    dz = a.z0 - b.z1
    tol = number(params, "height_tolerance", SUPPORT_TOL, "on_top_of")  # the relation's parameter (on_top_of v6)
    over = b.contains_xy(a.centre)
    reason = (f"the bottom of {name(a)} is {cm(dz)} from the top of {name(b)}; its centre is "
              f"{'over' if over else 'not over'} it")
    return verdict([(abs(dz) <= tol + 1e-9, graded(abs(dz) - tol, 0.5)),
                    (over, _outside_score(a, b, 0.0))], reason)


def _outside_score(a: Box, b: Box, margin: float) -> float:
    """How far a's centre is outside b's footprint (+ margin), graded over 1 m."""
    local = np.abs(b.to_local(a.centre)) - np.array([b.hx + margin, b.hy + margin])
    return graded(float(np.linalg.norm(np.maximum(local, 0.0))), 1.0)


def under(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b = args
    if a.z1 > b.z1 + 1e-6 or params.get("tucked") is True:  # under v4: a chair at a desk is tucked in at its front
        return _tucked(a, b)
    margin = number(params, "margin", 0.05, "under")  # the relation's parameter (under v3)
    inside = b.contains_xy(a.centre, margin)
    reason = (f"the top of {name(a)} is at {a.z1:.2f} m, the top of {name(b)} at {b.z1:.2f} m; its centre is "
              f"{'within' if inside else 'outside'} the footprint of {name(b)}")
    parts = [(a.z1 <= b.z1 + 1e-6, graded(a.z1 - b.z1, 1.0)), (inside, _outside_score(a, b, margin))]
    trunk = number(params, "trunk", 0.0, "under")  # under v5: the trunk or pole of a tree or parasol kept clear
    if trunk > 0.0:
        depth = float(np.min(np.array([a.hx, a.hy]) + trunk - np.abs(a.to_local(b.centre))))
        reason += (f"; the trunk at the centre of {name(b)} is {'clear of' if depth <= 1e-6 else 'within'} "
                   f"{cm(trunk)} of the footprint of {name(a)}")
        parts.append((depth <= 1e-6, graded(depth, 1.0)))
    return verdict(parts, reason)


def _tucked(a: Box, b: Box) -> Check:
    """A seat taller than b "under" b: beyond b's front face (5 cm into it at most), gap <= 10 cm, within
    b's width, facing b (30 deg)."""
    front = directional("in_front_of", (a, b), {"max_distance": TUCK_GAP, "face_tolerance": TUCK_OVERLAP}, None)
    face = facing((a, b), {}, None)
    reason = (f"{name(a)} stands taller than {name(b)}, so it is tucked in at its front: "
              f"{front.reason}; {face.reason}")
    return verdict([(front.holds, front.score), (face.holds, face.score)], reason)


def above(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b = args
    min_gap = number(params, "min_gap", 0.0, "above")
    clearance = a.z0 - b.z1
    margin = number(params, "margin", 0.10, "above")  # the relation's parameter (above v3)
    inside = b.contains_xy(a.centre, margin)
    reason = (f"the bottom of {name(a)} is {cm(clearance)} above the top of {name(b)} (needs {cm(min_gap)}); "
              f"its centre is {'over' if inside else 'not over'} it")
    return verdict([(clearance >= min_gap - 1e-6, graded(min_gap - clearance, 1.0)),
                    (inside, _outside_score(a, b, margin))], reason)


def inside(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b = args
    tol = number(params, "tolerance", 0.01, "inside")  # the relation's parameter (inside v2)
    holds = box_inside(a, b, tol)
    reason = f"{name(a)} {'lies' if holds else 'does not lie'} within the box of {name(b)} (±{cm(tol)})"
    return Check(holds, 1.0 if holds else graded(xy_gap(a, b) + tol, 1.0) * 0.5, reason)


def proximity(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b = args
    lo = number(params, "min_distance", 0.0, "proximity")
    hi = number(params, "max_distance", 1.0, "proximity")
    gap = xy_gap(a, b)
    reason = f"{name(a)} is {cm(gap)} from {name(b)} (wanted {cm(lo)} to {cm(hi)})"
    return verdict([(lo - 1e-6 <= gap <= hi + 1e-6, graded(max(lo - gap, gap - hi), max(hi, 1.0)))], reason)


def far_from(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b = args
    lo = number(params, "min_distance", 2.0, "far_from")
    gap = xy_gap(a, b)
    reason = f"{name(a)} is {cm(gap)} from {name(b)} (wanted at least {cm(lo)})"
    return verdict([(gap >= lo - 1e-6, graded(lo - gap, lo))], reason)


def facing(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b = args
    tol = math.radians(number(params, "tolerance_deg", 30.0, "facing"))
    off = angle_between(a.front(), b.centre - a.centre)
    reason = f"the front of {name(a)} is {deg(off)} off the direction to {name(b)} (tolerance {deg(tol)})"
    return verdict([(off <= tol + 1e-9, graded(off - tol, math.pi - tol))], reason)


def _frame(b: Box, params: Params) -> tuple[float, float, float]:
    """(yaw, half x, half y) of b's frame: its own, or world axes with its world extents."""
    if params.get("frame", "local") == "world":
        corners = b.to_local(b.corners(), yaw=0.0)
        return 0.0, float(np.abs(corners[:, 0]).max()), float(np.abs(corners[:, 1]).max())
    return b.yaw, b.hx, b.hy


DIRECTIONS = {"in_front_of": (1, -1.0, "in front of"), "behind": (1, 1.0, "behind"),
              "left_of": (0, -1.0, "left of"), "right_of": (0, 1.0, "right of")}


def directional(relation: str, args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    """in_front_of / behind / left_of / right_of, read in b's frame (CONTRACTS §1)."""
    a, b = args
    axis, sign, words = DIRECTIONS[relation]
    max_gap = number(params, "max_distance", 2.0, relation)
    yaw, hx, hy = _frame(b, params)
    half = (hx, hy)[axis]
    local = b.to_local(a.corners(), yaw=yaw)
    nearest = float((local[:, axis] * sign).min())  # a's closest extent along the direction
    face_tol = number(params, "face_tolerance", FACE_TOL, relation)  # the relation's parameter (since v2/v3)
    beyond = nearest >= half - face_tol
    conditions = [(beyond, graded(half - face_tol - nearest, 1.0))]
    gap = xy_gap(a, b)
    conditions.append((gap <= max_gap + 1e-6, graded(gap - max_gap, 2.0)))
    lateral_text = ""
    margin = params.get("lateral_margin", 0.0 if axis == 1 else None)  # left/right: a band only when given
    if margin is not None:  # in front / behind: laterally within b's width (left/right: its depth)
        centre_x = float(b.to_local(a.centre, yaw=yaw)[1 - axis])
        wide = (hx, hy)[1 - axis] + number(params, "lateral_margin", 0.0, relation)  # the relation's parameter
        conditions.append((abs(centre_x) <= wide + 1e-6, graded(abs(centre_x) - wide, 1.0)))
        lateral_text = f", centre {cm(abs(centre_x))} sideways of its middle (width ±{cm(wide)})"
    lateral_text += _cone(a, b, yaw, axis, sign, number(params, "cone_deg", 90.0, relation), conditions)
    reason = (f"{name(a)} is {'' if beyond else 'not '}{words} {name(b)}: {cm(nearest - half)} beyond that "
              f"face, gap {cm(gap)} (max {cm(max_gap)}){lateral_text}")
    return verdict(conditions, reason)


def _cone(a: Box, b: Box, yaw: float, axis: int, sign: float, cone: float, conditions: list) -> str:
    """The side's cone (``cone_deg``, left/right v3, front/behind v4): a's centre within that angle of
    the side's direction from b's centre; appends its condition, returns its words (none at 90)."""
    if cone >= 90.0:
        return ""
    centre = b.to_local(a.centre, yaw=yaw)
    along, across = sign * float(centre[axis]), abs(float(centre[1 - axis]))
    off = math.degrees(math.atan2(across, along))
    conditions.append((off <= cone + 1e-6, graded(math.radians(off - cone), 1.0)))
    return f", centre {off:.0f} deg off that direction (max {cone:g})"


def between(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b, c = args
    tol = number(params, "tolerance", 0.5, "between")
    end = number(params, "end_margin", 0.1, "between")  # the relation's parameter (between v3)
    dist, t = point_segment(a.centre, b.centre, c.centre)
    reason = (f"the centre of {name(a)} is {cm(dist)} from the segment {b.id}–{c.id} (ID: {b.id}, ID: {c.id}), "
              f"at {t:.2f} of the way along it")
    return verdict([(dist <= tol + 1e-6, graded(dist - tol, 2.0)),
                    (end < t < 1.0 - end, graded(max(end - t, t - (1.0 - end)) + 1e-3, 1.0))], reason)


def parallel(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b = args
    tol = math.radians(number(params, "tolerance_deg", 10.0, "parallel"))
    diff = axis_difference(a.yaw, b.yaw)
    reason = f"{name(a)} and {name(b)} differ by {deg(diff)} in yaw (mod 180°, tolerance {deg(tol)})"
    return verdict([(diff <= tol + 1e-9, graded(diff - tol, math.pi / 2))], reason)


def perpendicular(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b = args
    tol = math.radians(number(params, "tolerance_deg", 10.0, "perpendicular"))
    off = math.pi / 2 - axis_difference(a.yaw, b.yaw)
    reason = f"{name(a)} and {name(b)} are {deg(off)} from a right angle (tolerance {deg(tol)})"
    return verdict([(off <= tol + 1e-9, graded(off - tol, math.pi / 2))], reason)


def scaling(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b = args
    ratio = number(params, "ratio", 1.0, "scaling")
    actual = a.height / b.height if b.height > 0 else math.inf
    error = abs(actual / ratio - 1.0) if ratio > 0 else math.inf
    tol = number(params, "tolerance", 0.10, "scaling")  # the relation's parameter (scaling v2)
    reason = f"{name(a)} is {actual:.2f}× the height of {name(b)} (wanted {ratio:.2f}× ±{tol:.0%})"
    return verdict([(error <= tol + 1e-9, graded(error - tol, 1.0))], reason)


def overlap(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    a, b = args
    need = number(params, "min_fraction", 0.3, "overlap")
    smaller = min(a.area, b.area)
    fraction = footprint_overlap_area(a, b) / smaller if smaller > 0 else 0.0
    reason = (f"the footprints of {name(a)} and {name(b)} overlap by {fraction:.0%} of the smaller one "
              f"(wanted {need:.0%})")
    return verdict([(fraction >= need - 1e-9, graded(need - fraction, max(need, 1e-3)))], reason)


def symmetric(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    """a and b mirror images across the plane through c's centre normal to c's local axis."""
    a, b, c = args
    phi = c.yaw + (math.pi / 2 if params.get("axis", "x") == "y" else 0.0)
    normal = np.array([math.cos(phi), math.sin(phi)])
    mirrored = a.centre - 2.0 * float((a.centre - c.centre) @ normal) * normal
    miss = float(np.linalg.norm(mirrored - b.centre))
    yaw_error = abs(math.remainder(b.yaw - (2 * phi - a.yaw), 2 * math.pi))
    reason = (f"the mirror image of {name(a)} across the axis of {name(c)} is {cm(miss)} from {name(b)}, "
              f"its yaw {deg(yaw_error)} off")
    tol = number(params, "tolerance", 0.10, "symmetric")  # the relation's parameters (symmetric v3)
    yaw_tol = math.radians(number(params, "tolerance_deg", 15.0, "symmetric"))  # the relation's default
    return verdict([(miss <= tol + 1e-9, graded(miss - tol, 2.0)),
                    (yaw_error <= yaw_tol + 1e-9, graded(yaw_error - yaw_tol, math.pi))], reason)
