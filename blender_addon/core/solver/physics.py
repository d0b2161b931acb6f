"""The implicit physics of CONTRACTS §4: crisp checks and the solver's penalty terms.

1. no interpenetration: oriented boxes may overlap by at most 1 cm, except exempt pairs;
2. support: every object rests on the ground or on a top face (within 2 cm, centre over
   it), or stands inside the object it is ``inside``, or floats over what it is ``above``, or
   hangs where its mount holds it: flat on a wall, at its height under the ceiling (:mod:`.mounted`);
3. in bounds: with bounds, every box lies inside them;
4. stable (issue 21): the load of every object resting on others lies over its contacts
   (:mod:`..stability`), given masses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from ....skill_library.geometry import penetration_depth, point_footprint_excess, world_aabb
from ..model import PhysicsChecks
from ..stability import unstable_objects
from .mounted import mounted_mask

COLLISION_TOLERANCE = 0.01  # m of overlap tolerated (CONTRACTS §4.1)
SUPPORT_TOLERANCE = 0.02  # m between a bottom and the face it rests on (§4.2)
BOUNDS_TOLERANCE = 0.005  # m; measured Blender boxes carry rounding of a few mm
INSIDE_TOLERANCE = 0.01  # m; `inside` check tolerance (§5)
DENSE_PAIRS = 3000  # up to this many pairs every pair is tested (measured: the broad phase pays off above)
BROAD_MARGIN = 1e-6  # m; world boxes this far apart are apart for the exact test too (round-off ~1e-15)


@dataclass(frozen=True)
class PhysicsRules:
    """What the relations of a program change about the physics (indices into the objects)."""

    exempt: frozenset[frozenset[int]] = frozenset()
    resting: frozenset[tuple[int, int]] = frozenset()  # (child, parent): may sink up to 2 cm into it
    inside_of: dict[int, int] = field(default_factory=dict)  # child -> container
    floating: frozenset[int] = frozenset()  # objects that may float anywhere: locked ones (the user holds them)
    on_walls: frozenset[int] = frozenset()  # wall-mounted: held only with the back flat on a wall
    from_ceiling: dict[int, float] = field(default_factory=dict)  # ceiling-hung -> the bottom z it hangs at
    above_of: dict[int, tuple[tuple[int, float], ...]] = field(default_factory=dict)  # child -> (target, margin)
    surface_of: dict[int, tuple[int, float]] = field(default_factory=dict)  # child -> (parent, level) (issue 13)
    fixtures: dict[int, str] = field(default_factory=dict)  # architecture index -> wall | door | window


def exempt_matrix(count: int, exempt: frozenset[frozenset[int]] | set[frozenset[int]]) -> np.ndarray:
    """[N, N] bool: True where a pair may interpenetrate (and on the diagonal)."""
    out = np.eye(count, dtype=bool)
    for pair in exempt:
        a, b = tuple(pair)
        out[a, b] = out[b, a] = True
    return out


def pair_penetration(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, rows: np.ndarray,
                     static: bool = False) -> np.ndarray:
    """Penetration depth between objects ``rows`` and every object: [B, len(rows), N].

    A broad phase first (issue 11): the separating-axis test runs only on the pairs whose world
    boxes overlap (by more than ``BROAD_MARGIN``); every other pair is apart, so its depth is 0
    exactly as the full test would give it. At 400 objects that is a few hundred of 10^4 pairs.
    ``static``: the objects outside ``rows`` are the same in every candidate (a move's batch),
    so their boxes are taken from the first.
    """
    rows = np.asarray(rows, dtype=int)
    pos_r, yaw_r, size_r = pos.take(rows, axis=1), yaw.take(rows, axis=1), size.take(rows, axis=1)  # = pos[:, rows]
    if pos.shape[0] * len(rows) * pos.shape[1] <= DENSE_PAIRS:  # few pairs: the broad phase costs more than it saves
        return penetration_depth(pos_r[:, :, None, :], yaw_r[:, :, None], size_r[:, :, None, :],
                                 pos[:, None, :, :], yaw[:, None, :], size[:, None, :, :])
    lo_r, hi_r = _boxes(pos_r, yaw_r, size_r)
    if static:
        lo_n, hi_n = _boxes(pos[:1], yaw[:1], size[:1])
    else:
        lo_n, hi_n = _boxes(pos, yaw, size)
    near = _near(lo_r[:, :, None], hi_r[:, :, None], lo_n[:, None], hi_n[:, None], major=False)
    if static:  # the rows among themselves move in every candidate
        near[:, :, rows] = _near(lo_r[:, :, None], hi_r[:, :, None], lo_r[:, None], hi_r[:, None], major=False)
    batch, row, col = np.nonzero(near)
    a = rows[row]
    depth = np.zeros(near.shape)
    depth[batch, row, col] = penetration_depth(pos[batch, a], yaw[batch, a], size[batch, a],
                                               pos[batch, col], yaw[batch, col], size[batch, col])
    return depth


def move_contacts(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, rows: np.ndarray,
                  others: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The interpenetrating pairs of a move's batch, sparse: ``(batch, row, col, depth)``, each [P].

    The same pairs and depths as the nonzero entries of ``pair_penetration(..., static=True)``
    (``depth[batch, row, col]``, row indexing ``rows``), without its [B, M, N] arrays (issue 11):
    the objects outside ``rows`` are the same in every candidate, so only those whose world box
    meets the box spanning every candidate's moved boxes are tested against them (at 100-400
    objects, a few of N); the rows among themselves are tested per candidate. Pairs whose depth
    is 0 may be left out or kept; an object is never paired with itself (its weight is 0).
    ``others`` [N] bool: the objects outside ``rows`` worth testing (default all; the caller's
    pairs of weight 0, e.g. with objects not placed yet, need no test).
    """
    rows = np.asarray(rows, dtype=int)
    lo_r, hi_r = _boxes_major(pos.take(rows, axis=1), yaw.take(rows, axis=1), size.take(rows, axis=1))  # [3, B, M]
    lo_n, hi_n = _boxes_major(pos[0], yaw[0], size[0])  # [3, N]: the static boxes
    span_lo, span_hi = lo_r.min(axis=(1, 2)), hi_r.max(axis=(1, 2))
    outside = np.ones(pos.shape[1], dtype=bool) if others is None else others.copy()
    outside[rows] = False
    cols = np.nonzero(_near(span_lo[:, None], span_hi[:, None], lo_n, hi_n) & outside)[0]  # static objects in reach
    lo_r3, hi_r3 = lo_r[:, :, :, None], hi_r[:, :, :, None]
    batch, row, k = np.nonzero(_near(lo_r3, hi_r3, lo_n.take(cols, axis=1), hi_n.take(cols, axis=1)))
    col = cols[k]
    if len(rows) > 1:  # the rows among themselves, per candidate
        near = _near(lo_r3, hi_r3, lo_r[:, :, None], hi_r[:, :, None])
        near[:, np.arange(len(rows)), np.arange(len(rows))] = False  # not an object with itself
        batch_m, row_m, k_m = np.nonzero(near)
        batch, row, col = (np.concatenate((batch, batch_m)), np.concatenate((row, row_m)),
                           np.concatenate((col, rows[k_m])))
    a = rows[row]
    depth = penetration_depth(pos[batch, a], yaw[batch, a], size[batch, a], pos[batch, col], yaw[batch, col],
                              size[batch, col])
    return batch, row, col, depth


def _boxes(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """World boxes (lo, hi) [..., 3] of oriented boxes; z exactly as :func:`z_overlap` reads it."""
    c, s = np.abs(np.cos(yaw)), np.abs(np.sin(yaw))
    hw, hd = 0.5 * size[..., 0], 0.5 * size[..., 1]
    lo, hi = np.empty(pos.shape), np.empty(pos.shape)
    half_x, half_y = c * hw + s * hd, s * hw + c * hd
    lo[..., 0], hi[..., 0] = pos[..., 0] - half_x, pos[..., 0] + half_x
    lo[..., 1], hi[..., 1] = pos[..., 1] - half_y, pos[..., 1] + half_y
    lo[..., 2], hi[..., 2] = pos[..., 2], pos[..., 2] + size[..., 2]
    return lo, hi


def _boxes_major(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_boxes`, axis-major: (lo, hi) [3, ...], so :func:`_near` reads contiguous rows instead of
    strided ``[..., k]`` views (the same values)."""
    c, s = np.abs(np.cos(yaw)), np.abs(np.sin(yaw))
    hw, hd = 0.5 * size[..., 0], 0.5 * size[..., 1]
    lo, hi = np.empty((3,) + yaw.shape), np.empty((3,) + yaw.shape)
    half_x, half_y = c * hw + s * hd, s * hw + c * hd
    x, y, z = pos[..., 0], pos[..., 1], pos[..., 2]
    np.subtract(x, half_x, out=lo[0]), np.add(x, half_x, out=hi[0])
    np.subtract(y, half_y, out=lo[1]), np.add(y, half_y, out=hi[1])
    lo[2] = z
    np.add(z, size[..., 2], out=hi[2])
    return lo, hi


def _near(lo_a: np.ndarray, hi_a: np.ndarray, lo_b: np.ndarray, hi_b: np.ndarray, major: bool = True) -> np.ndarray:
    """Whether two sets of world boxes may interpenetrate (broadcast [...]); z exactly: z_overlap > 0.
    ``major``: the boxes are axis-major ([3, ...], :func:`_boxes_major`), else [..., 3]."""
    if not major:
        lo_a, hi_a, lo_b, hi_b = (np.moveaxis(v, -1, 0) for v in (lo_a, hi_a, lo_b, hi_b))
    near = (lo_a[0] < hi_b[0] + BROAD_MARGIN) & (lo_b[0] < hi_a[0] + BROAD_MARGIN)
    near &= (lo_a[1] < hi_b[1] + BROAD_MARGIN) & (lo_b[1] < hi_a[1] + BROAD_MARGIN)
    near &= (lo_a[2] < hi_b[2]) & (lo_b[2] < hi_a[2])
    return near


def out_of_bounds_amount(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray,
                         bounds_min: np.ndarray | None, bounds_max: np.ndarray | None) -> np.ndarray:
    """How far (m, summed over axes) each box sticks out of the bounds: [..., N]; 0 without bounds."""
    if bounds_min is None or bounds_max is None:
        return np.zeros(pos.shape[:-1])
    lo, hi = world_aabb(pos, yaw, size)
    return (np.maximum(bounds_min - lo, 0.0) + np.maximum(hi - bounds_max, 0.0)).sum(axis=-1)


def physics_checks(ids: Sequence[str], pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, *,
                   rules: PhysicsRules, bounds_min: np.ndarray | None = None,
                   bounds_max: np.ndarray | None = None, ground_z: float = 0.0,
                   mass: np.ndarray | None = None) -> PhysicsChecks:
    """Crisp physics of one layout (pos [N,3], yaw [N], size [N,3]) as a :class:`PhysicsChecks`;
    with ``mass`` [N] (kg) also the static stability of what rests on other things."""
    pos, yaw, size = np.asarray(pos, float), np.asarray(yaw, float), np.asarray(size, float)
    n = len(ids)
    checks = PhysicsChecks()
    if n == 0:
        return checks
    depth = penetration_depth(pos[:, None], yaw[:, None], size[:, None], pos[None], yaw[None], size[None])
    allowed = exempt_matrix(n, rules.exempt)
    for child, parent in rules.resting:  # "on_top_of touching": a measured bottom may sit 2 cm low
        sink = pos[parent, 2] + size[parent, 2] - pos[child, 2]
        if sink <= SUPPORT_TOLERANCE + 1e-9:
            allowed[child, parent] = allowed[parent, child] = True
    for a, b in zip(*np.nonzero(np.triu(depth > COLLISION_TOLERANCE, 1) & ~np.triu(allowed, 1))):
        if a in rules.fixtures or b in rules.fixtures:  # architecture: a door zone or window kept free
            _blocked(checks, ids, int(a), int(b), rules.fixtures)
            continue
        checks.collisions.append((ids[a], ids[b], float(depth[a, b])))
    resting = supported_mask(pos, yaw, size, rules=rules, ground_z=ground_z, bounds_min=bounds_min,
                             bounds_max=bounds_max)
    checks.unsupported.extend(ids[i] for i in range(n) if not resting[i])
    if bounds_min is not None and bounds_max is not None:
        excess = out_of_bounds_amount(pos, yaw, size, bounds_min, bounds_max)
        checks.out_of_bounds.extend(ids[i] for i in range(n)
                                    if excess[i] > BOUNDS_TOLERANCE and i not in rules.fixtures)
    if mass is not None:
        held = (frozenset(rules.floating) | frozenset(rules.inside_of) | frozenset(rules.surface_of)
                | rules.on_walls | frozenset(rules.from_ceiling) | frozenset(rules.above_of))
        checks.unstable.extend(u.id for u in unstable_objects(ids, pos, yaw, size, mass, ground_z=ground_z, skip=held))
    return checks


def _blocked(checks: PhysicsChecks, ids: Sequence[str], a: int, b: int, fixtures: dict[int, str]) -> None:
    """An object in an opening's zone blocks it, one in an L-shaped room's notch is out of bounds;
    fixtures among themselves and wall faces don't count."""
    if a in fixtures and b in fixtures:
        return
    obj, fixture = (b, a) if a in fixtures else (a, b)
    if fixtures[fixture] in ("door", "window"):
        checks.blocked_clearance.append((ids[obj], ids[fixture]))
    elif fixtures[fixture] == "notch" and ids[obj] not in checks.out_of_bounds:
        checks.out_of_bounds.append(ids[obj])


def supported_mask(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, *, rules: PhysicsRules,
                   ground_z: float = 0.0, bounds_min: np.ndarray | None = None,
                   bounds_max: np.ndarray | None = None) -> np.ndarray:
    """[N] bool: the object rests on the ground, on some top face, inside its container, hangs where its
    mount holds it, floats over what it is ``above``, or may float anywhere (locked)."""
    n = pos.shape[0]
    bottom = pos[:, 2]
    on_ground = np.abs(bottom - ground_z) <= SUPPORT_TOLERANCE
    top = pos[:, 2] + size[:, 2]
    touching = np.abs(bottom[:, None] - top[None, :]) <= SUPPORT_TOLERANCE  # [child, support]
    over = point_footprint_excess(pos[:, None, :2], pos[None], yaw[None], size[None]) <= 1e-6
    np.fill_diagonal(touching, False)
    resting = on_ground | np.any(touching & over, axis=1)
    for child, (parent, level) in rules.surface_of.items():  # a named surface: a shelf level, a seat
        height = pos[parent, 2] + level * size[parent, 2]
        resting[child] |= bool(abs(bottom[child] - height) <= SUPPORT_TOLERANCE and over[child, parent])
    for child, container in rules.inside_of.items():
        if not resting[child] and _inside(pos, yaw, size, child, container):
            resting[child] = True
    for child, held in mounted_mask(pos, yaw, size, on_walls=rules.on_walls, from_ceiling=rules.from_ceiling,
                                    above_of=rules.above_of, bounds_min=bounds_min,
                                    bounds_max=bounds_max).items():
        resting[child] |= held
    for child in rules.floating:
        resting[child] = True
    return resting[:n]


def _inside(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, child: int, container: int) -> bool:
    """The child's centre is over the container and its bottom within the container's height."""
    over = point_footprint_excess(pos[child, :2], pos[container], yaw[container], size[container],
                                  INSIDE_TOLERANCE) <= 1e-6
    low = pos[container, 2] - SUPPORT_TOLERANCE <= pos[child, 2] <= pos[container, 2] + size[container, 2]
    return bool(over and low)
