"""The static stability rule (issue 21): every supported object's load stays over its support.

For each object resting on others, the weight it passes down (its own, at its centre, plus
what it carries, acting at the contact patches) must have its resultant inside the convex
hull of its contact patches with what is below, shrunk by a margin. Objects are visited top
down; a load resting on several supports is shared among them (more to the nearer, larger
patches). An object standing on the ground is held by its whole footprint.

:func:`unstable_objects` is the crisp check on one layout; :func:`stack_excess` is the smooth
batch term the solver minimises for its support forest (the combined centre of mass of each
object and everything on it, over the footprint of its parent shrunk by the margin).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ....skill_library.geometry import footprint_corners, point_footprint_excess
from .polygon import area_centroid, clip, closest_point, hull, inside_distance

SUPPORT_TOLERANCE = 0.02  # m between a bottom and the top it rests on (CONTRACTS §4.2)
MARGIN = 0.01  # m the support region is shrunk by
MIN_CONTACT_AREA = 1e-6  # m^2: smaller overlaps are edge touches, not support
UNSTABLE_EPS = 1e-4  # m: excess below this is rounding


@dataclass(frozen=True)
class Instability:
    """An object whose load's resultant lies ``excess`` metres beyond its shrunk support region."""

    id: str
    excess: float
    supporters: tuple[str, ...]


@dataclass
class _Loads:
    weight: np.ndarray  # [N] kg each object passes down (own + carried)
    moment: np.ndarray  # [N, 2] weight x application point


def unstable_objects(ids: Sequence[str], pos: np.ndarray, yaw: np.ndarray, size: np.ndarray,
                     mass: np.ndarray, *, ground_z: float = 0.0,
                     skip: frozenset[int] = frozenset()) -> list[Instability]:
    """The objects of one layout (pos [N,3] bottom-centres, yaw [N], size [N,3], mass [N]) that
    would tip or slide off what holds them. ``skip``: indices held otherwise (hung on a wall,
    inside a container, floating by an ``above`` relation, locked by the user); they neither
    are judged nor load anything."""
    pos, yaw, size = np.asarray(pos, float), np.asarray(yaw, float), np.asarray(size, float)
    n = len(ids)
    corners = footprint_corners(pos, yaw, size).reshape(n, 4, 2)
    bottom, top = pos[:, 2], pos[:, 2] + size[:, 2]
    loads = _Loads(np.asarray(mass, float).copy(), np.asarray(mass, float)[:, None] * pos[:, :2])
    out: list[Instability] = []
    for k in np.argsort(-bottom, kind="stable"):
        if k in skip or loads.weight[k] <= 0:
            continue
        grounded = abs(bottom[k] - ground_z) <= SUPPORT_TOLERANCE
        contacts = [] if grounded else _contacts(int(k), corners, bottom, top, skip)
        if not grounded and not contacts:
            continue  # nothing below: the support check reports it, not this one
        patches = [corners[k]] if grounded else [poly for _, poly, _, _ in contacts]
        region = hull(np.vstack(patches))
        point = loads.moment[k] / loads.weight[k]
        excess = _margin(region) - inside_distance(point, region)
        if excess > UNSTABLE_EPS:
            out.append(Instability(ids[k], float(excess), tuple(ids[j] for j, _, _, _ in contacts)))
        if contacts:
            _pass_down(loads, int(k), point, contacts)
    order = {oid: i for i, oid in enumerate(ids)}
    return sorted(out, key=lambda u: order[u.id])


def _contacts(k: int, corners: np.ndarray, bottom: np.ndarray, top: np.ndarray,
              skip: frozenset[int]) -> list[tuple[int, np.ndarray, float, np.ndarray]]:
    """(support index, contact polygon, area, centroid) of everything ``k`` rests on."""
    out = []
    for j in np.nonzero(np.abs(top - bottom[k]) <= SUPPORT_TOLERANCE)[0]:
        if j == k or j in skip:
            continue
        poly = clip(corners[k], corners[j])
        area, centre = area_centroid(poly)
        if area > MIN_CONTACT_AREA:
            out.append((int(j), poly, area, centre))
    return out


def _margin(region: np.ndarray) -> float:
    """The shrink margin: MARGIN, but at most a quarter of the region's narrower side."""
    extent = region.max(axis=0) - region.min(axis=0) if len(region) else np.zeros(2)
    return float(min(MARGIN, 0.25 * float(extent.min())))


def _pass_down(loads: _Loads, k: int, point: np.ndarray,
               contacts: list[tuple[int, np.ndarray, float, np.ndarray]]) -> None:
    """Share ``k``'s load among its supports: more to the larger, nearer patches, each part
    acting at the point of its patch nearest to the load's resultant (on one support: at the
    resultant itself, so a chain of single supports carries the exact combined centre of mass)."""
    share = np.array([area / (float(np.linalg.norm(centre - point)) + 0.01) for _, _, area, centre in contacts])
    share /= share.sum()
    for (j, poly, _, _), part in zip(contacts, share):
        weight = loads.weight[k] * part
        loads.weight[j] += weight
        loads.moment[j] += weight * closest_point(point, poly)


def stack_excess(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, mass: np.ndarray,
                 children: np.ndarray, parent: np.ndarray, members: np.ndarray, slack: float = 0.0,
                 co_support: np.ndarray | None = None) -> np.ndarray:
    """How far (m) the combined centre of mass of each child and everything on it lies outside
    its parent's footprint shrunk by the margin (and by ``slack`` more): [B, C].

    pos [B,N,3], yaw [B,N], size [B,N,3], mass [B,N]; ``children`` [C] and their ``parent`` [C]
    indices; ``members`` [C, N] bool: the child itself and everything resting on it, transitively.
    ``co_support`` [C] (an index, or -1): a second thing the child bridges onto from its parent (a
    pyramid's box over the seam of two below, a plank over two trestles); where its top is level with
    the parent's, the support is the box spanning both (:func:`_bridged`), as the crisp rule's hull of
    both contact patches (:func:`unstable_objects`): over the parent alone, such a load sat at its edge.
    """
    weights = members[None].astype(float) * mass[:, None, :]  # [B, C, N]
    total = np.maximum(weights.sum(axis=-1), 1e-12)
    com = np.einsum("bcn,bnk->bck", weights, pos[..., :2]) / total[..., None]
    ppos, psize = pos[:, parent], size[:, parent]
    if co_support is not None and bool(np.any(co_support >= 0)):
        ppos, psize = _bridged(pos, yaw, size, parent, co_support)
    margin = np.minimum(MARGIN, 0.25 * psize[..., :2].min(axis=-1)) + slack
    return point_footprint_excess(com, ppos, yaw[:, parent], psize, -margin)


def _bridged(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, parent: np.ndarray,
             co_support: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Centre [B,C,3] and size [B,C,3] of each child's support: its parent's footprint, or, with a
    co-support whose top is level with the parent's (within SUPPORT_TOLERANCE), the box in the parent's
    frame spanning both centres: the parent's extents grown by the centres' offset along each axis."""
    has = co_support >= 0
    other = np.where(has, co_support, parent)
    pb, pc = pos[:, parent], pos[:, other]
    tops = pb[..., 2] + size[:, parent, 2], pc[..., 2] + size[:, other, 2]
    use = (has[None] & (np.abs(tops[0] - tops[1]) <= SUPPORT_TOLERANCE))[..., None]  # [B, C, 1]
    delta = pc[..., :2] - pb[..., :2]
    c, s = np.cos(yaw[:, parent]), np.sin(yaw[:, parent])
    local = np.abs(np.stack([c * delta[..., 0] + s * delta[..., 1], c * delta[..., 1] - s * delta[..., 0]], axis=-1))
    centre, grown = pb.copy(), size[:, parent].copy()
    centre[..., :2] = np.where(use, pb[..., :2] + 0.5 * delta, pb[..., :2])
    grown[..., :2] = np.where(use, grown[..., :2] + local, grown[..., :2])
    return centre, grown
