"""Shared scoring math for the relations: violations in, [B] score and check out.

Every relation measures one or more *violations*: arrays ``[B]`` (one per candidate) or
``[B, M]`` (one per member of a variadic relation) that are <= 0 exactly when that part of
the crisp check holds and grow with how badly it fails, each in a natural unit with a
``scale`` (metres, radians, fractions). Then

- ``check`` = every violation <= 0 (so the check is exactly the table's tolerance), and
- ``score`` = product over terms of ``decay(v / scale)``, which is 1 inside the tolerance
  and falls off outside as 1 / (1 + x + x^2): slope -1 at the boundary, so even a slight
  violation is felt (a flat, C1 decay hid 1 cm misses behind a 0.9996 score), a tail of
  ~1/x^2 that is still sloped far away, 1/3 one ``scale`` out; a search can climb it from
  anywhere.

Members of a variadic relation are pooled by ``0.5 * mean + 0.5 * min``: smooth in every
member, yet one clearly failing member drops the score by at least half its own loss.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from .base import CheckFn, Poses, ScoreFn

TermsFn = Callable[[Poses, tuple[int, ...], Mapping[str, Any]], Sequence["Term"]]

# Tolerance on "<= 0" so that exact boundary cases (touching faces, float round-off) count as held.
EPSILON = 1e-9


@dataclass(frozen=True)
class Term:
    """One violation measure: ``violation`` [B] or [B, M] (<= 0 holds) in units of ``scale``."""

    violation: np.ndarray
    scale: float

    def decayed(self) -> np.ndarray:
        """Per-candidate score of this term, [B] in (0, 1]."""
        x = np.maximum(np.asarray(self.violation, dtype=float), 0.0) / self.scale
        per = 1.0 / (1.0 + x + x * x)
        if per.ndim == 1:
            return per
        if per.shape[1] == 0:
            return np.ones(per.shape[0])
        return 0.5 * per.mean(axis=1) + 0.5 * per.min(axis=1)

    def holds(self) -> np.ndarray:
        """Per-candidate crisp check of this term, [B] bool."""
        v = np.asarray(self.violation, dtype=float)
        ok = v <= EPSILON
        return ok if ok.ndim == 1 else ok.all(axis=1)


def score_of(terms: Sequence[Term]) -> np.ndarray:
    """Smooth score in [0, 1], [B]: the product of the terms' decays (NaN-safe: NaN scores 0)."""
    out = terms[0].decayed()
    for term in terms[1:]:
        out = out * term.decayed()
    # NaN -> 0 with a comparison (NaN != NaN): np.nan_to_num cost ~15% of a search step; +-inf clip alike
    # (minimum/maximum: the same values as np.clip, whose Python wrapper cost more than the arithmetic)
    return np.minimum(np.maximum(np.where(out == out, out, 0.0), 0.0), 1.0)


def check_of(terms: Sequence[Term]) -> np.ndarray:
    """Crisp check, [B] bool: every violation of every term is <= 0."""
    out = terms[0].holds()
    for term in terms[1:]:
        out = out & term.holds()
    return out


def from_terms(terms: TermsFn, score_doc: str, check_doc: str) -> tuple[ScoreFn, CheckFn]:
    """A relation's ``score`` and ``check`` from one function of its violation terms.

    Both read the same terms, so the score is 1 wherever the check holds; the docstrings say
    what the score rewards and what the check requires."""

    def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
        return score_of(terms(poses, idx, params))

    def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
        return check_of(terms(poses, idx, params))

    for fn, doc in ((score, score_doc), (check, check_doc)):
        fn.__doc__, fn.__module__ = doc, terms.__module__
        fn.__qualname__ = fn.__name__
        fn.terms = terms  # type: ignore[attr-defined]  # read by score_and_check: one terms call for both
    score.unit_range = True  # type: ignore[attr-defined]  # score_of's values: in [0, 1], never NaN
    return score, check


def score_and_check(score: ScoreFn, check: CheckFn, poses: Poses, idx: tuple[int, ...],
                    params: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """``(score(...), check(...))`` of one relation, from a single terms call when both come from
    :func:`from_terms` with the same terms (the same values as the two calls, at half the cost)."""
    terms: TermsFn | None = getattr(score, "terms", None)
    shared = getattr(check, "terms", None) is terms  # (kept apart: mypy would narrow ``terms`` to the other side)
    if terms is not None and shared:
        made = terms(poses, idx, params)
        return score_of(made), check_of(made)
    return score(poses, idx, params), check(poses, idx, params)


# ---------------------------------------------------------------- pose access


def pick(poses: Poses, i: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Object ``i`` of every candidate: pos [B, 3], yaw [B], size [B, 3]."""
    return poses.pos[:, i], poses.yaw[:, i], poses.size[:, i]


def pick_many(poses: Poses, idx: Sequence[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Objects ``idx`` (in order) of every candidate: pos [B, M, 3], yaw [B, M], size [B, M, 3]."""
    sel = np.asarray(idx, dtype=int)
    return poses.pos[:, sel], poses.yaw[:, sel], poses.size[:, sel]


def top(pos: np.ndarray, size: np.ndarray) -> np.ndarray:
    """Z of the top face, [...]."""
    return pos[..., 2] + size[..., 2]


def centre_z(pos: np.ndarray, size: np.ndarray) -> np.ndarray:
    """Z of the box centre (origins are at the bottom), [...]."""
    return pos[..., 2] + 0.5 * size[..., 2]


def angle_between(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Unsigned angle (rad) between XY vectors [..., 2]; 0 when either is zero."""
    cross = u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]
    dot = np.sum(u * v, axis=-1)
    return np.abs(np.arctan2(cross, dot))


def mod_pi_distance(angle: np.ndarray) -> np.ndarray:
    """Distance (rad) of an angle to the nearest multiple of pi, in [0, pi/2]."""
    return np.abs((np.asarray(angle, dtype=float) + 0.5 * np.pi) % np.pi - 0.5 * np.pi)


def no_bounds(poses: Poses) -> Term:
    """A term that always fails (violation 1 m): for wall/corner/centre relations without bounds."""
    return Term(np.ones(poses.batch), 0.5)
