"""The skill library's property tests as one reusable pure function, for gating learned scores.

:func:`check_properties` runs a candidate ``score(poses, idx, params)`` against the base
relation's contract (its spec and crisp check) and answers a :class:`PropertyReport`:

1. range: on random batches (with and without room bounds) the score is ``[B]`` finite values
   in [0, 1];
2. satisfied cases: where the base check holds (random samples that happen to satisfy it plus
   the stored constructed cases) the score is near 1: at least :data:`NEAR_ONE`, or the base
   relation's own lowest score there when that is lower (``hierarchy``'s built-in score asks
   for a 5% step beyond its check and scores 0.8 on some layouts its check accepts);
3. graded: satisfied samples score higher on average than violated ones (a flat score gives
   the solver nothing to climb);
4. invariance: for a frame-free relation, moving and rotating the whole scene leaves the
   score unchanged.

It is pure (numpy only); the caller passes in
the candidate as a plain callable.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from ....skill_library.base import Poses, Relation
from ....skill_library.binding import bind_params

NEAR_ONE = 0.9  # the score a satisfied case must reach: the custom relations' check threshold too
RANDOM_BATCH = 64
SEARCH_BATCH = 2048  # random candidates searched for ones the base check accepts
INVARIANCE_ATOL = 1e-6
BOUNDS_MIN = np.array([-3.0, -3.0, 0.0])
BOUNDS_MAX = np.array([3.0, 3.0, 3.0])
ScoreFn = Callable[[Poses, tuple[int, ...], Mapping[str, Any]], Any]


@dataclass
class PropertyReport:
    """Which properties held; ``failures`` says why the others did not (empty = passed)."""

    checks: dict[str, bool] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    satisfied_cases: int = 0
    min_satisfied_score: float | None = None

    @property
    def passed(self) -> bool:
        return not self.failures

    def to_dict(self) -> dict[str, Any]:
        return {"passed": self.passed, "checks": dict(self.checks), "failures": list(self.failures),
                "satisfied_cases": self.satisfied_cases, "min_satisfied_score": self.min_satisfied_score}


def arg_count(relation: Relation) -> int:
    """How many arguments the property batches use: the maximum, or three more than the minimum."""
    spec = relation.spec
    return spec.max_args if spec.max_args is not None else spec.min_args + 3


def default_params(relation: Relation, n_args: int) -> dict[str, Any]:
    """The relation's defaults, with required numbers given 1.5 (e.g. ``scaling``'s ratio)."""
    given = {p.name: 1.5 for p in relation.spec.params if p.required and p.type == "float"}
    return bind_params(relation, n_args, given, f"property tests of {relation.spec.name}")


def random_poses(rng: np.random.Generator, batch: int, n: int, bounds: bool = True) -> Poses:
    """Random layouts in the [-3, 3]^2 x [0, 3] test room (the skill library tests' distribution)."""
    pos = np.concatenate([rng.uniform(-3, 3, (batch, n, 2)), rng.uniform(0, 1.5, (batch, n, 1))], axis=-1)
    return Poses(pos=pos, yaw=rng.uniform(-4, 4, (batch, n)), size=rng.uniform(0.05, 2.0, (batch, n, 3)),
                 bounds_min=BOUNDS_MIN if bounds else None, bounds_max=BOUNDS_MAX if bounds else None)


def moved(poses: Poses, angle: float, shift: Sequence[float]) -> Poses:
    """The same batch rotated by ``angle`` about Z and shifted (no bounds: a frame-free view)."""
    c, s = math.cos(angle), math.sin(angle)
    xy = poses.pos[..., :2] @ np.array([[c, s], [-s, c]])
    pos = np.concatenate([xy, poses.pos[..., 2:3]], axis=-1) + np.asarray(shift, dtype=float)
    return Poses(pos=pos, yaw=poses.yaw + angle, size=poses.size)


def scores_of(score: ScoreFn, poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """The candidate's raw reply as ``[B]`` floats; a wrong shape or type raises ValueError."""
    values = np.asarray(score(poses, idx, dict(params)), dtype=float)
    if values.shape != (poses.batch,):
        raise ValueError(f"returned shape {values.shape}, expected ({poses.batch},)")
    return values


def check_properties(score: ScoreFn, base: Relation, *, seed: int = 0,
                     cases: Sequence[Mapping[str, Any]] = ()) -> PropertyReport:
    """Run every property of the module docstring; exceptions count as failures, never escape.

    ``cases``: constructed layouts where ``base.check`` should hold, each
    ``{"objects": [[x, y, z, yaw, w, d, h], ...], "params": {...}}``.
    """
    report = PropertyReport()
    rng = np.random.default_rng(seed)
    steps = (("range", lambda: _range(score, base, rng)),
             ("satisfied_near_one", lambda: _satisfied(score, base, rng, cases, report)),
             ("invariance", lambda: _invariance(score, base, rng)))
    for name, step in steps:
        try:
            problem = step()
        except Exception as exc:  # noqa: BLE001 - a crashing candidate fails the property, with the reason
            problem = f"raised {type(exc).__name__}: {exc}"
        report.checks[name] = problem is None
        if problem is not None:
            report.failures.append(f"{name}: {problem}")
    return report


def _range(score: ScoreFn, base: Relation, rng: np.random.Generator) -> str | None:
    n = arg_count(base)
    params = default_params(base, n)
    for bounds in (True, False):
        values = scores_of(score, random_poses(rng, RANDOM_BATCH, n + 2, bounds), tuple(range(1, n + 1)), params)
        if not np.all(np.isfinite(values)):
            return f"non-finite scores on random layouts (bounds={bounds})"
        if values.min() < 0.0 or values.max() > 1.0:
            return f"scores outside [0, 1] on random layouts: [{values.min():.3g}, {values.max():.3g}]"
    return None


def _satisfied(score: ScoreFn, base: Relation, rng: np.random.Generator,
               cases: Sequence[Mapping[str, Any]], report: PropertyReport) -> str | None:
    n = arg_count(base)
    params = default_params(base, n)
    idx = tuple(range(n))
    poses = random_poses(rng, SEARCH_BATCH, n)
    held = np.asarray(base.check(poses, idx, params), dtype=bool)
    values = scores_of(score, poses, idx, params)
    good, floor = list(values[held]), list(np.asarray(base.score(poses, idx, params), dtype=float)[held])
    if held.any() and (~held).any() and values[held].mean() <= values[~held].mean():
        return (f"not graded: satisfied samples score {values[held].mean():.3f} on average, "
                f"violated ones {values[~held].mean():.3f}")
    for case in cases:
        objects = np.asarray(case["objects"], dtype=float)[None]
        one = Poses(pos=objects[..., 0:3], yaw=objects[..., 3], size=objects[..., 4:7],
                    bounds_min=BOUNDS_MIN, bounds_max=BOUNDS_MAX)
        k = tuple(range(objects.shape[1]))
        case_params = bind_params(base, len(k), dict(case.get("params", {})), "a stored case")
        if bool(np.asarray(base.check(one, k, case_params))[0]):
            good.append(float(scores_of(score, one, k, case_params)[0]))
            floor.append(float(np.asarray(base.score(one, k, case_params))[0]))
    report.satisfied_cases = len(good)
    if not good:
        return "no satisfied case to test (no random sample or stored case passes the base check)"
    report.min_satisfied_score = round(float(min(good)), 4)
    wanted = min(NEAR_ONE, min(floor))
    if min(good) < wanted:
        return f"scores {min(good):.3f} on a layout where the relation holds (want >= {wanted:.3f})"
    return None


def _invariance(score: ScoreFn, base: Relation, rng: np.random.Generator) -> str | None:
    n = arg_count(base)
    params = default_params(base, n)
    if not base.spec.is_frame_free(params):
        return None  # tied to the room or the world axes: moving the scene may change it
    poses = random_poses(rng, RANDOM_BATCH, n, bounds=False)
    idx = tuple(range(n))
    before = scores_of(score, poses, idx, params)
    after = scores_of(score, moved(poses, 1.1, (2.5, -7.0, 0.3)), idx, params)
    worst = float(np.max(np.abs(after - before)))
    if worst > INVARIANCE_ATOL:
        return f"changes by {worst:.3g} when the whole scene moves (a frame-free relation must not)"
    return None
