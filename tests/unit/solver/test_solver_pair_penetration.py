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


def _move_batch(seed: int, rows: np.ndarray, batch: int = 10,
                count: int = 50) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A move's batch: row 0 is a crowded layout, rows 1.. move only ``rows`` (some far, some a little)."""
    pos, yaw, size = _layouts(seed, 1, count)
    rng = np.random.default_rng(seed + 100)
    b_pos, b_yaw, b_size = (np.repeat(a, batch, axis=0) for a in (pos, yaw, size))
    spread = np.where(rng.random(batch - 1) < 0.5, 0.3, 2.0)[:, None, None]  # jitters and re-samples
    b_pos[1:, rows, :2] += rng.normal(0.0, 1.0, (batch - 1, len(rows), 2)) * spread
    b_yaw[1:, rows] += rng.normal(0.0, 0.5, (batch - 1, len(rows)))
    return b_pos, b_yaw, b_size


@pytest.mark.parametrize("rows", [[4], [10, 2, 11], [0, 1, 2, 3, 4, 5]])
def test_move_contacts_are_the_nonzero_depths_of_every_pair(rows: list[int]) -> None:
    """The sparse contacts of a move's batch (issue 11) give the dense depths of every pair exactly."""
    rows_a = np.array(rows)
    for seed in range(6):
        pos, yaw, size = _move_batch(seed, rows_a)
        want = _every_pair(pos, yaw, size, rows_a)
        want[:, np.arange(len(rows_a)), rows_a] = 0.0  # an object with itself is no pair
        batch, row, col, depth = physics.move_contacts(pos, yaw, size, rows_a)
        got = np.zeros_like(want)
        got[batch, row, col] = depth
        assert np.array_equal(got, want)
        assert len(set(zip(batch.tolist(), row.tolist(), col.tolist()))) == len(batch)  # each pair once
        assert (want > 0).any()


def test_a_move_batch_physics_terms_equal_the_dense_sums() -> None:
    """``Scorer.physics_terms`` of a move's batch (sparse contacts, summed per candidate) equals the
    sums over the dense [B, M, N] depths, on random crowded layouts with exempt pairs."""
    from setdresser.blender_addon.core.model import program_from_dict
    from setdresser.blender_addon.core.solver.discrete import plan_variants
    from setdresser.blender_addon.core.solver.energy import Scorer
    from setdresser.blender_addon.core.solver.problem import compile_program
    from solver_planted import planted_program

    problem = compile_program(program_from_dict(planted_program(3, 40, per_object=2.0)))
    scorer = Scorer(problem, plan_variants(problem, np.random.default_rng(0), 1)[0])
    n = problem.count
    for seed, rows in enumerate(([5], [7, 20], [0, 1, 2, 30])):
        rows_a = np.array(rows)
        pos, yaw, size = _move_batch(seed, rows_a, batch=12, count=n)
        size *= 2.0  # crowded: many pairs overlap
        dense = pair_penetration(pos, yaw, size, rows_a, static=True)
        amount, count = scorer.physics_terms(pos, yaw, size, rows_a)
        want_amount, want_count = scorer.physics_terms(pos, yaw, size, rows_a, depth=dense)
        assert np.allclose(amount, want_amount, rtol=0.0, atol=1e-12)
        assert np.array_equal(count, want_count)
        assert (want_count > 0).all()
