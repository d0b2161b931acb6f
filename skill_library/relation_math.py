"""Violation measures shared by several relations (support, sides, lines, lattices, walls).

Each function returns :class:`~.terms.Term` lists (violation <= 0 holds); the relation
modules turn them into ``score``/``check`` with :func:`~.terms.score_of`/:func:`~.terms.check_of`.
Tolerances are the ones of CONTRACTS §5; scales set how fast a score decays outside them.
"""

from __future__ import annotations

import numpy as np

from . import geometry as geo
from .base import Poses
from .compass import INWARD, wall_gaps
from .terms import Term, angle_between, pick, pick_many, top

# Decay scales: a violation of one scale halves the term's score.
METRES = 0.5
HEIGHT = 0.1
RADIANS = np.deg2rad(30.0)

SUPPORT_Z_TOLERANCE = 0.02   # §5 on_top_of: bottom within 2 cm of the top
SIDE_TOLERANCE = 0.01        # in_front_of & co: 1 cm of overlap still counts as "beyond" (touching)
WALL_TOLERANCE = 0.05        # §5 against_wall / in_corner: within 5 cm of the side
WALL_FACING_DEG = 30.0       # against_wall: "front points into the room" = within 30° of the inward
                             # normal; §5 gives no angle, so the facing default (as the evaluator uses)

# under(a, b) for an a that cannot stand beneath b (a chair, 0.9 m, "under" a 0.75 m desk): a is tucked in
# at b's front instead, facing it (the fidelity benchmark's "in front": from 5 cm into the knee space to 20 cm off)
TUCK_GAP = 0.10              # m: largest gap between a tucked seat and b's front face
TUCK_OVERLAP = 0.05          # m: how far a tucked seat may reach into b's knee space, past its front face
TUCK_FACING_DEG = 30.0       # a tucked seat faces b within this (the facing default)

NO_CONE = 90.0               # side relations' cone_deg default: any centre beyond the face (no cone)

# side name -> (local axis index, sign): left = local -X, right = +X, front = -Y, behind = +Y (§1)
SIDES = {"left": (0, -1.0), "right": (0, 1.0), "front": (1, -1.0), "behind": (1, 1.0)}


def support_terms(pos_a: np.ndarray, pos_b: np.ndarray, yaw_b: np.ndarray, size_b: np.ndarray,
                  z_tolerance: float = SUPPORT_Z_TOLERANCE) -> list[Term]:
    """a rests on b: a's bottom within ``z_tolerance`` (2 cm) of b's top, a's centre over b's footprint.

    Works on [B] or [B, M] (members) shapes alike.
    """
    z_off = np.abs(pos_a[..., 2] - top(pos_b, size_b)) - z_tolerance
    outside = geo.point_footprint_excess(pos_a[..., :2], pos_b, yaw_b, size_b)
    return [Term(z_off, HEIGHT), Term(outside, METRES)]


def side_terms(poses: Poses, a: int, b: int, side: str, max_distance: float, frame: str,
               lateral_margin: float | None = 0.0, face_tolerance: float = SIDE_TOLERANCE,
               cone_deg: float = NO_CONE) -> list[Term]:
    """a lies beyond b's ``side`` face, within ``max_distance`` (XY box gap) of it.

    Read in b's frame (``frame="world"``: b's world-aligned bounding box, as if its yaw were 0).
    For front/behind a's centre must also lie within b's width (laterally), widened by ``lateral_margin``
    (for left/right within b's depth, only when ``lateral_margin`` is given, not None);
    a's box may reach ``face_tolerance`` (1 cm: touching) back past b's face. With ``cone_deg`` under
    90, a's centre also lies within that angle of the side's direction seen from b's centre ("west of
    the bed": west of its middle, not level with its head end), whatever b's size.
    """
    pos_a, yaw_a, size_a = pick(poses, a)
    pos_b, yaw_b, size_b = pick(poses, b)
    if frame == "world":
        ref_yaw = np.zeros_like(yaw_b)
        half_b = geo.world_half_extents_xy(yaw_b, size_b)
    else:
        ref_yaw, half_b = yaw_b, 0.5 * size_b[:, :2]
    axis, sign = SIDES[side]
    corner_x, corner_y = geo.corner_xy_major(pos_a, np.cos(yaw_a), np.sin(yaw_a), size_a)  # [4, B] each
    along = geo.local_component(corner_x, corner_y, pos_b, ref_yaw, axis)
    nearest = np.minimum.reduce(sign * along, axis=0)  # a's closest reach towards b along that side
    terms = [Term(half_b[:, axis] - nearest - face_tolerance, METRES)]
    if side in ("front", "behind") or lateral_margin is not None:  # left/right: a band only when given
        across = 1 - axis
        centre = geo.to_local(pos_a[:, :2], pos_b, ref_yaw)
        terms.append(Term(np.abs(centre[:, across]) - half_b[:, across] - (lateral_margin or 0.0), METRES))
    if cone_deg < NO_CONE:
        terms.append(cone_term(geo.to_local(pos_a[:, :2], pos_b, ref_yaw), axis, sign, cone_deg))
    gap = geo.xy_gap(pos_a, yaw_a, size_a, pos_b, yaw_b, size_b)
    terms.append(Term(gap - max_distance, METRES))
    return terms


def cone_term(centre: np.ndarray, axis: int, sign: float, cone_deg: float) -> Term:
    """A centre offset ([B, 2], in b's frame) within ``cone_deg`` of the direction ``sign`` along
    ``axis``: ``across*cos(c) - along*sin(c) <= 0`` (metres, so it decays like the other side terms)."""
    along, across = sign * centre[:, axis], np.abs(centre[:, 1 - axis])
    c = np.deg2rad(cone_deg)
    return Term(across * np.cos(c) - along * np.sin(c), METRES)


def facing_violation(pos_a: np.ndarray, yaw_a: np.ndarray, target_xy: np.ndarray, tolerance: float) -> np.ndarray:
    """Angle (rad) beyond ``tolerance`` between a's front and the direction from a to ``target_xy``."""
    return angle_between(geo.front(yaw_a), target_xy - pos_a[..., :2]) - tolerance


def lattice_terms(poses: Poses, idx: tuple[int, ...], rows: int, cols: int, spacing: float | None,
                  off_tolerance: float = 0.10, spacing_tolerance: float = 0.10) -> list[Term]:
    """Centres on a rectangular rows x cols lattice (row-major in arg order), <= 10 cm off.

    Fits ``p_i ~ o + col_i * U + row_i * V`` by least squares (the design matrix is the same for
    every candidate, so one pseudo-inverse serves the whole batch), makes V perpendicular to U
    and measures each centre's distance to that rectangular lattice. Steps must be >= 1 cm and,
    with ``spacing``, within ``spacing_tolerance`` (10%) of it.
    """
    pos = pick_many(poses, idx)[0][..., :2]  # [B, M, 2]
    row_of, col_of = np.divmod(np.arange(len(idx)), cols)
    design = np.stack([np.ones(len(idx)), col_of, row_of], axis=1).astype(float)
    coef = np.einsum("km,bmd->bkd", np.linalg.pinv(design), pos)  # [B, 3, 2]: o, U, V
    origin, u_step, v_step = coef[:, 0], coef[:, 1], coef[:, 2]
    u_len = np.linalg.norm(u_step, axis=-1)
    u_hat = u_step / np.maximum(u_len, 1e-9)[:, None]
    if cols == 1:  # a single column: its direction is V's, U is only the perpendicular
        v_len0 = np.linalg.norm(v_step, axis=-1)
        u_hat = np.stack([v_step[:, 1], -v_step[:, 0]], axis=-1) / np.maximum(v_len0, 1e-9)[:, None]
    v_rect = v_step - np.sum(v_step * u_hat, axis=-1, keepdims=True) * u_hat
    v_len = np.linalg.norm(v_rect, axis=-1)
    fitted = origin[:, None] + col_of[None, :, None] * u_step[:, None] + row_of[None, :, None] * v_rect[:, None]
    terms = [Term(np.linalg.norm(pos - fitted, axis=-1) - off_tolerance, METRES)]
    steps = ([u_len] if cols > 1 else []) + ([v_len] if rows > 1 else [])
    for step in steps:
        terms.append(Term(0.01 - step, METRES))
        if spacing is not None:
            terms.append(Term(np.abs(step - spacing) - spacing_tolerance * spacing, METRES))
    return terms


def wall_distances(poses: Poses, a: int) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per wall: (distance of a's box to that bounds side [B], inward normal [2]); needs bounds."""
    lo, hi = geo.world_aabb(*pick(poses, a))
    assert poses.bounds_min is not None and poses.bounds_max is not None
    gaps = wall_gaps(lo, hi, poses.bounds_min, poses.bounds_max)
    return {wall: (gap, np.array(INWARD[wall])) for wall, gap in gaps.items()}


def back_wall_distances(poses: Poses, a: int) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per wall: how far a's back face is from that bounds side at its worse end [B] (the larger
    distance of its two back corners, so a thing turned off the wall is off it by what its turn
    lifts one end: a 1.2 m TV turned 12 deg is 0.13 m off), and the inward normal [2]."""
    pos, yaw, size = pick(poses, a)
    x_axis, y_axis = geo.local_axes(yaw)
    back = pos[:, :2] + y_axis * (size[:, 1:2] / 2)  # the back face's centre (front is local -Y)
    ends = (back + x_axis * (size[:, 0:1] / 2), back - x_axis * (size[:, 0:1] / 2))
    bmin, bmax = poses.bounds_min, poses.bounds_max
    assert bmin is not None and bmax is not None
    planes = {"north": (1, bmax[1]), "south": (1, bmin[1]), "east": (0, bmax[0]), "west": (0, bmin[0])}
    out = {}
    for wall, (axis, plane) in planes.items():
        worse = np.maximum(*(np.abs(end[:, axis] - plane) for end in ends))
        out[wall] = (worse, np.array(INWARD[wall]))
    return out


def near_wall_term(distance: np.ndarray, tolerance: float = WALL_TOLERANCE) -> Term:
    """The box is within ``tolerance`` (m, default 5 cm) of a side (either way: out of bounds is
    the physics' business)."""
    return Term(np.abs(distance) - tolerance, METRES)
