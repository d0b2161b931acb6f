"""Circle and arc math shared by the ring relations (``around`` a centre object, ``circular``
round a free centre): the best-fitting centre of a group and the even angular steps of an arc.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

FULL_DEG = 359.0  # an arc_deg at or above this is a closed ring (steps of 360/n, wrapping round)


def fit_centre(xy: np.ndarray) -> np.ndarray:
    """The centre [..., 2] of the circle that best fits points [..., M, 2] (algebraic least
    squares about their centroid; a tiny ridge keeps points in a line finite)."""
    mean = xy.mean(axis=-2, keepdims=True)
    p = xy - mean
    a = np.concatenate([p, np.ones(p.shape[:-1] + (1,))], axis=-1)  # [..., M, 3]
    b = -(p ** 2).sum(axis=-1)  # [..., M]
    scale = np.mean(p ** 2, axis=(-1, -2))[..., None, None] + 1e-6  # per group: batches stay independent
    # sums written out, not matmul: a batch's stacked matmul may round differently from one group's
    ata = (a[..., :, :, None] * a[..., :, None, :]).sum(axis=-3) + 1e-6 * scale * np.eye(3)
    atb = (a * b[..., None]).sum(axis=-2)[..., None]
    sol = np.linalg.solve(ata, atb)[..., 0]
    return mean[..., 0, :] - 0.5 * sol[..., :2]


def closed(params: Mapping[str, Any]) -> bool:
    """Whether the ring closes (arc_deg 360, the default) rather than being an open arc."""
    return float(params.get("arc_deg") or 360.0) >= FULL_DEG


def arc_step(params: Mapping[str, Any], n: int) -> float:
    """The even angular step (rad) between neighbours: arc/(n-1), or 2pi/n for a closed ring."""
    arc = float(params.get("arc_deg") or 360.0)
    return 2.0 * np.pi / n if arc >= FULL_DEG else np.deg2rad(arc) / max(n - 1, 1)


def arc_step_error(angles: np.ndarray, step: float, wrap: bool) -> np.ndarray:
    """|step - ideal| per consecutive pair in listed order (``wrap``: also last to first), for
    the better of both turning directions, [B, M']."""
    ring = np.concatenate([angles, angles[:, :1]], axis=1) if wrap else angles
    steps = (np.diff(ring, axis=1) + np.pi) % (2.0 * np.pi) - np.pi
    ccw, cw = np.abs(steps - step), np.abs(-steps - step)
    use_cw = cw.sum(axis=1) < ccw.sum(axis=1)
    return np.where(use_cw[:, None], cw, ccw)
