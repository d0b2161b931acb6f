"""The collision term's broad phase (issue 11) gives exactly the depths of testing every pair."""

from __future__ import annotations

import numpy as np

import pytest

from setdresser.blender_addon.core.solver import physics
from setdresser.blender_addon.core.solver.physics import pair_penetration
from setdresser.skill_library.geometry import penetration_depth


def _every_pair(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, rows: np.ndarray) -> np.ndarray:
    return penetration_depth(pos[:, rows, None, :], yaw[:, rows, None], size[:, rows, None, :],
                             pos[:, None, :, :], yaw[:, None, :], size[:, None, :, :])


def _layouts(seed: int, batch: int, count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Crowded random boxes; half of them on a 0.5 m grid with quarter-turn yaws, so faces touch exactly."""
    rng = np.random.default_rng(seed)
    pos = np.zeros((batch, count, 3))
    pos[..., :2] = rng.uniform(-2.0, 2.0, (batch, count, 2))
    pos[:, ::2, :2] = np.round(pos[:, ::2, :2] * 2.0) / 2.0
    pos[..., 2] = np.where(rng.random((batch, count)) < 0.3, 0.5, 0.0)
    yaw = rng.uniform(-np.pi, np.pi, (batch, count))
    yaw[:, ::2] = rng.integers(-2, 2, (batch, (count + 1) // 2)) * (np.pi / 2)
    size = rng.uniform(0.2, 1.0, (batch, count, 3))
    size[:, ::2] = 0.5  # grid cells: neighbours touch face to face, stacked ones touch top to bottom
    return pos, yaw, size


@pytest.mark.parametrize("dense_pairs", [0, physics.DENSE_PAIRS])  # 0: always the broad phase
def test_broad_phase_equals_every_pair_tested(monkeypatch: pytest.MonkeyPatch, dense_pairs: int) -> None:
    monkeypatch.setattr(physics, "DENSE_PAIRS", dense_pairs)
    for seed in range(4):
        pos, yaw, size = _layouts(seed, 12, 60)
        for rows in (np.arange(60), np.array([3]), np.array([7, 0, 41])):
            got = pair_penetration(pos, yaw, size, rows)
            want = _every_pair(pos, yaw, size, rows)
            assert got.shape == want.shape
            assert np.array_equal(got, want)
            assert 0 < (want > 0).sum() < want.size  # both overlapping and separated pairs occur


def test_touching_faces_have_no_depth_and_overlap_is_measured() -> None:
    pos = np.array([[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.7, 0.2, 0.0], [0.0, 0.0, 1.0]]])
    yaw = np.zeros((1, 4))
    size = np.ones((1, 4, 3))
    depth = pair_penetration(pos, yaw, size, np.arange(4))[0]
    assert depth[0, 1] == 0.0 and depth[0, 3] == 0.0  # side by side; stacked
    assert np.isclose(depth[0, 2], 0.3) and np.isclose(depth[1, 2], 0.7)


def test_a_move_batch_reads_the_other_boxes_from_its_first_candidate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(physics, "DENSE_PAIRS", 0)
    pos, yaw, size = _layouts(9, 1, 50)
    rng = np.random.default_rng(2)
    for rows in (np.array([4]), np.array([10, 2, 11])):
        b_pos, b_yaw, b_size = (np.repeat(a, 8, axis=0) for a in (pos, yaw, size))
        b_pos[1:, rows, :2] += rng.normal(0.0, 0.4, (7, len(rows), 2))  # only the rows move
        b_yaw[1:, rows] += rng.normal(0.0, 0.5, (7, len(rows)))
        got = pair_penetration(b_pos, b_yaw, b_size, rows, static=True)
        assert np.array_equal(got, _every_pair(b_pos, b_yaw, b_size, rows))
        assert (got[:, :, rows] > 0).any() or (got > 0).any()
