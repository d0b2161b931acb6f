"""Cost of interpreting scoring functions (issue 12): per call, over one batch of poses, the
interpreted score (core/script, vectorised: one tree walk per batch) against the same function
written as numpy in Python, in the same run. Writes docs/benchmark_script.md.

    python scripts/benchmark_script.py [--repeats 200]
"""
from __future__ import annotations

import argparse
import functools
import os
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from setdresser.blender_addon.core.script import compile_score
from setdresser.skill_library.base import Poses

ROOT = Path(__file__).resolve().parents[1]
PARALLEL = '''@custom_relation("parallel")
def parallel(poses, idx, params):
    d = poses.yaw[:, idx[0]] - poses.yaw[:, idx[1]]
    err = np.abs(np.arctan2(np.sin(2 * d), np.cos(2 * d))) / 2
    tol = np.deg2rad(params.get("tolerance_deg", 10.0))
    return np.exp(-((np.maximum(err - tol, 0.0) / 0.3) ** 2))
'''
NEAR = '''@custom_relation("near")
def near(poses, idx, params):
    d = np.linalg.norm(poses.pos[:, idx[0], :2] - poses.pos[:, idx[1], :2], axis=-1)
    return np.exp(-np.maximum(d - params["max_distance"], 0.0) ** 2)
'''
INSIDE = '''@custom_relation("inside")
def inside(poses, idx, params):
    p = poses.pos[:, idx[0], :2]
    total = np.zeros(poses.batch)
    for axis in range(2):
        m = np.minimum(p[:, axis] - poses.bounds_min[axis], poses.bounds_max[axis] - p[:, axis])
        total = total + np.clip(m, -1, 0)
    return np.where(total >= 0, 1.0, np.exp(total))
'''


def parallel_np(poses: Poses, idx: tuple[int, ...], params: dict[str, Any]) -> np.ndarray:
    d = poses.yaw[:, idx[0]] - poses.yaw[:, idx[1]]
    err = np.abs(np.arctan2(np.sin(2 * d), np.cos(2 * d))) / 2
    return np.exp(-((np.maximum(err - np.deg2rad(params.get("tolerance_deg", 10.0)), 0.0) / 0.3) ** 2))


def near_np(poses: Poses, idx: tuple[int, ...], params: dict[str, Any]) -> np.ndarray:
    d = np.linalg.norm(poses.pos[:, idx[0], :2] - poses.pos[:, idx[1], :2], axis=-1)
    return np.exp(-np.maximum(d - params["max_distance"], 0.0) ** 2)


def inside_np(poses: Poses, idx: tuple[int, ...], params: dict[str, Any]) -> np.ndarray:
    p = poses.pos[:, idx[0], :2]
    total = np.zeros(poses.pos.shape[0])
    for axis in range(2):
        m = np.minimum(p[:, axis] - poses.bounds_min[axis], poses.bounds_max[axis] - p[:, axis])
        total = total + np.clip(m, -1, 0)
    return np.where(total >= 0, 1.0, np.exp(total))


CASES = [("parallel (learned form)", PARALLEL, parallel_np, {"tolerance_deg": 10.0}),
         ("near (custom)", NEAR, near_np, {"max_distance": 1.0}),
         ("inside (loop, 2 axes)", INSIDE, inside_np, {})]


def _median_us(fn: Callable[[], Any], repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    rows = []
    for batch in (64, 256, 1024):
        poses = Poses(pos=rng.uniform(-3, 3, (batch, 40, 3)), yaw=rng.uniform(-3, 3, (batch, 40)),
                      size=rng.uniform(0.2, 1, (batch, 40, 3)), bounds_min=np.array([-3.0, -3, 0]),
                      bounds_max=np.array([3.0, 3, 3]))
        for label, source, reference, params in CASES:
            score = compile_score(source.split('"')[1], source)
            assert np.allclose(score(poses, (0, 1), params), np.clip(reference(poses, (0, 1), params), 0, 1))
            interp = _median_us(functools.partial(score, poses, (0, 1), params), args.repeats)
            plain = _median_us(functools.partial(reference, poses, (0, 1), params), args.repeats)
            rows.append(f"| {label} | {batch} | {interp:.0f} | {plain:.0f} | {interp / plain:.1f}x |")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    text = "\n".join([
        "# Interpreted scoring functions: cost per call",
        "",
        "`python scripts/benchmark_script.py` (issue 12). One call scores one batch of B candidate layouts",
        "of 40 objects; the interpreter walks the function's tree once per call, every node a numpy array.",
        "Median of repeated calls, microseconds; the same function as numpy in Python in the same run.",
        (f"Machine: {platform.machine()}, Python {platform.python_version()}, numpy {np.__version__}, "
         f"1-min load average {load:.1f} (a shared machine)."),
        "",
        "| function | B | interpreted (us) | numpy in Python (us) | ratio |",
        "|---|---|---|---|---|",
        *rows,
        "",
        "The interpreter adds a roughly constant cost per call (each node: a table lookup, the size",
        "pre-checks and the step count), so the ratio falls as the batch grows; the array work is the",
        "same numpy code. Built-in relations are not interpreted; only custom and learned scores pay this.",
        ""])
    (ROOT / "docs" / "benchmark_script.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
