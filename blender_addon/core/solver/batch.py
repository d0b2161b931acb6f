"""Many constraints scored in few relation calls.

Constraints of one relation with the same arity and parameters are scored by *one* call:
their argument objects are gathered side by side on the batch axis (``[B * K, m, ...]`` for
K constraints and B candidate layouts), so a relation call, which costs ~50-150 us whatever
its batch, is paid once per relation instead of once per constraint (issue 11: a full
evaluation of a 100-object program went from a Python loop of 200 score + 200 check calls
to ~15 calls). Relations are elementwise over the batch axis, so every value equals the one
scoring the constraint alone gives (``tests/unit/solver/test_solver_batch.py``). Custom
relations are always called alone. Score and check come from one terms call where the
relation is built from terms (:func:`skill_library.terms.score_and_check`).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from ....skill_library.base import Poses
from ....skill_library.terms import score_and_check
from .problem import BoundConstraint

MAX_REMEMBERED = 4096  # subsets whose runs are kept


def batch_key(con: BoundConstraint, params: Mapping[str, Any]) -> tuple | None:
    """Constraints with equal keys are scored by one call; custom relations are always scored alone."""
    if con.relation_name.startswith("custom:"):
        return None
    return (con.relation_name, len(con.args), repr(sorted(params.items())))


def unit_score(raw: np.ndarray) -> np.ndarray:
    """Scores clipped to [0, 1], NaN -> 0 (as ``np.clip(np.nan_to_num(raw), 0, 1)``, cheaper)."""
    return np.minimum(np.maximum(np.where(raw == raw, raw, 0.0), 0.0), 1.0)


def in_unit_range(score: Any) -> bool:
    """Whether a score function's values are already clipped and NaN-free (``terms.from_terms``'s are),
    so :func:`unit_score` would return them unchanged."""
    return bool(getattr(score, "unit_range", False))


class Batcher:
    """Scores (and checks) any subset of a program's constraints with one call per batch key."""

    def __init__(self, constraints: Sequence[BoundConstraint], params: Sequence[Mapping[str, Any]],
                 bounds_min: np.ndarray | None, bounds_max: np.ndarray | None) -> None:
        self.constraints, self.params = list(constraints), list(params)
        self.bounds_min, self.bounds_max = bounds_min, bounds_max
        self.keys = [batch_key(con, p) for con, p in zip(self.constraints, self.params)]
        self.arg_index = [np.array(con.args, dtype=int) for con in self.constraints]
        self.local_args = [tuple(range(len(con.args))) for con in self.constraints]
        self.clipped = [in_unit_range(con.relation.score) for con in self.constraints]
        self._runs: dict[tuple[int, ...], list[tuple[list[int], list[int], np.ndarray]]] = {}

    def runs(self, which: Sequence[int]) -> list[tuple[list[int], list[int], np.ndarray]]:
        """``(columns, constraint positions, arg indices [K * m] constraint-major)`` of each call scoring ``which``.

        Runs follow the first appearance of their key in ``which``, columns in ``which``'s order;
        they are remembered per ``which`` (a search asks for the same few hundred subsets again and again).
        """
        key = tuple(which)
        out = self._runs.get(key)
        if out is None:
            groups: dict[object, list[tuple[int, int]]] = {}
            for col, k in enumerate(key):
                groups.setdefault(self.keys[k] or ("alone", col), []).append((col, k))
            out = [([c for c, _ in items], [k for _, k in items],
                    np.stack([self.arg_index[k] for _, k in items]).ravel())  # flat: row-major [K * m]
                   for items in groups.values()]
            if len(self._runs) < MAX_REMEMBERED:
                self._runs[key] = out
        return out

    def _gathered(self, pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, idx: np.ndarray, m: int) -> Poses:
        """The K constraints' objects of every candidate side by side on the batch axis, candidate-major:
        row ``b * K + k`` is constraint k in candidate b ([B * K, m, ...], no transposing copy); ``idx``: the
        K constraints' objects [K * m], flat (``take``: the same copy as ``pos[:, idx]``, at a third of its cost)."""
        rows = pos.shape[0] * (len(idx) // m)
        return Poses(pos.take(idx, axis=1).reshape(rows, m, 3), yaw.take(idx, axis=1).reshape(rows, m),
                     size.take(idx, axis=1).reshape(rows, m, 3), self.bounds_min, self.bounds_max)

    def scores(self, pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, which: Sequence[int]) -> np.ndarray:
        """Scores [B, len(which)] in [0, 1] of the listed constraints on a batch [B, N, ...]."""
        b = pos.shape[0]
        out = np.empty((b, len(which)))
        for cols, ks, idx in self.runs(which):
            first = ks[0]
            args = self.local_args[first]
            raw = self.constraints[first].relation.score(self._gathered(pos, yaw, size, idx, len(args)), args,
                                                         self.params[first])
            rows = _rows(raw, float, b, len(ks))
            out[:, cols] = rows if self.clipped[first] else unit_score(rows)
        return out

    def terms(self, pos: np.ndarray, yaw: np.ndarray, size: np.ndarray,
              which: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """Scores [B, len(which)] and crisp checks [B, len(which)] of the listed constraints."""
        b = pos.shape[0]
        scores, checks = np.empty((b, len(which))), np.empty((b, len(which)), dtype=bool)
        for cols, ks, idx in self.runs(which):
            first = ks[0]
            relation, args = self.constraints[first].relation, self.local_args[first]
            raw, held = score_and_check(relation.score, relation.check, self._gathered(pos, yaw, size, idx, len(args)),
                                        args, self.params[first])
            rows = _rows(raw, float, b, len(ks))
            scores[:, cols] = rows if self.clipped[first] else unit_score(rows)
            checks[:, cols] = _rows(held, bool, b, len(ks))
        return scores, checks


def _rows(values: Any, dtype: type, b: int, k: int) -> np.ndarray:
    """A relation's per-row output ([B * K], or a scalar for all) as [B, K]."""
    out: np.ndarray = np.asarray(values, dtype=dtype)
    if out.shape != (b * k,):  # a scalar or [1]: the same for every row
        out = np.broadcast_to(out, (b * k,))
    return out.reshape(b, k)
