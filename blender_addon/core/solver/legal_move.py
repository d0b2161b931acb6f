"""Whether a finishing move may be taken: the candidate that keeps what held and adds no physics violation."""

from __future__ import annotations

import numpy as np

from .energy import CHECK_WEIGHT, Scorer
from .moves import Candidates

PHYSICS_SLACK = 1e-9  # m of physics violation a finishing move may add (none)


def best_legal(scorer: Scorer, cands: Candidates, wanted: np.ndarray, strict: bool = True) -> int | None:
    """The candidate row (1..) to take, or None: of the rows ``wanted`` [B] marks and no
    less physically valid than row 0, one keeping every relation that held in row 0 (``strict``:
    only such a row; else any if none does), the lowest energy among them."""
    size = scorer.batch_sizes(cands.scale, cands.moved)
    scorer.settle_z(cands.pos, size)
    which, weights = scorer.touched_by(cands.moved)
    scores, checks = scorer.constraint_terms(cands.pos, cands.yaw, size, which)
    amount, _ = scorer.physics_terms(cands.pos, cands.yaw, size, cands.moved)
    ok = (amount <= amount[0] + PHYSICS_SLACK) & wanted
    ok[0] = False
    if not ok.any():
        return None
    keeps = np.all(checks | ~checks[0:1], axis=1) & ok
    pool = keeps if keeps.any() or strict else ok
    if not pool.any():
        return None
    energy = ((1.0 - scores) + CHECK_WEIGHT * ~checks) @ weights if which else np.zeros(len(amount))
    energy = np.where(pool, energy + amount, np.inf)
    return int(np.argmin(energy))
