"""Candidate batches: copies of the current layout in which a few objects moved.

A move names the objects it changes (``moved``: a unit and everything resting on it) and
returns full arrays ``pos [B, N, 3], yaw [B, N], scale [B, N]`` whose row 0 is the current
layout, so ``energy[1:] - energy[0]`` are exact energy changes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .energy import State


@dataclass
class Candidates:
    """A batch of candidate layouts differing from the current one only at ``moved``."""

    moved: np.ndarray  # [M] object indices
    pos: np.ndarray  # [B, N, 3]
    yaw: np.ndarray  # [B, N]
    scale: np.ndarray  # [B, N]


def tiled(state: State, batch: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``batch`` copies of the state's arrays."""
    return (np.repeat(state.pos[None], batch, axis=0), np.repeat(state.yaw[None], batch, axis=0),
            np.repeat(state.scale[None], batch, axis=0))


def rigid_targets(state: State, unit: np.ndarray, targets: np.ndarray) -> Candidates:
    """Move ``unit[0]`` to each target pose (x, y, yaw) [B, 3]; the rest of ``unit`` follows rigidly.

    Row 0 of the result is the current layout; rows 1.. are the targets.
    """
    batch = len(targets) + 1
    pos, yaw, scale = tiled(state, batch)
    root = unit[0]
    dyaw = targets[:, 2] - state.yaw[root]
    c, s = np.cos(dyaw), np.sin(dyaw)
    rel = state.pos[unit, :2] - state.pos[root, :2]  # [M, 2]
    rx = c[:, None] * rel[None, :, 0] - s[:, None] * rel[None, :, 1]
    ry = s[:, None] * rel[None, :, 0] + c[:, None] * rel[None, :, 1]
    pos[1:, unit, 0] = targets[:, None, 0] + rx
    pos[1:, unit, 1] = targets[:, None, 1] + ry
    yaw[1:, unit] = state.yaw[unit][None, :] + dyaw[:, None]
    return Candidates(unit, pos, yaw, scale)


def group_transform(state: State, moved: np.ndarray, pivot: np.ndarray, shift: np.ndarray,
                    turn: np.ndarray) -> Candidates:
    """Translate by ``shift`` [B, 2] and rotate by ``turn`` [B] about ``pivot`` [2] all of ``moved``."""
    batch = len(shift) + 1
    pos, yaw, scale = tiled(state, batch)
    c, s = np.cos(turn), np.sin(turn)
    rel = state.pos[moved, :2] - pivot
    pos[1:, moved, 0] = pivot[0] + shift[:, None, 0] + c[:, None] * rel[None, :, 0] - s[:, None] * rel[None, :, 1]
    pos[1:, moved, 1] = pivot[1] + shift[:, None, 1] + s[:, None] * rel[None, :, 0] + c[:, None] * rel[None, :, 1]
    yaw[1:, moved] = state.yaw[moved][None, :] + turn[:, None]
    return Candidates(moved, pos, yaw, scale)


def placed_members(state: State, moved: np.ndarray, members: list[int], xy: np.ndarray,
                   yaw_new: np.ndarray) -> Candidates:
    """Put ``members`` at ``xy`` [B, m, 2] / ``yaw_new`` [B, m]; ``moved`` lists them (and nothing else)."""
    batch = len(xy) + 1
    pos, yaw, scale = tiled(state, batch)
    pos[1:, members, :2] = xy
    yaw[1:, members] = yaw_new
    return Candidates(moved, pos, yaw, scale)


def with_scales(cands: Candidates, objects: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                rng: np.random.Generator, sigma: float, share: float = 0.3) -> None:
    """Jitter (multiplicatively) the scale of the scalable ``objects`` in a share of the candidates."""
    scalable = objects[hi[objects] > lo[objects]]
    if not len(scalable):
        return
    batch = cands.scale.shape[0]
    pick = rng.random(batch) < share
    pick[0] = False
    factor = np.exp(rng.normal(0, sigma, (batch, len(scalable))))
    new = np.clip(cands.scale[:, scalable] * factor, lo[scalable], hi[scalable])
    cands.scale[:, scalable] = np.where(pick[:, None], new, cands.scale[:, scalable])
