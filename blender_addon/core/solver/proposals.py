"""Relation-directed proposals: the moves a relation's module declares (``PLACEMENT.moves``).

The moves themselves live with the relations (``skill_library/moves.py``); the solver asks
a constraint's relation for them and never looks at its name. A relation without moves (a
custom one) simply gets random moves.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....skill_library.base import Relation
from ....skill_library.moves import WALL_EPS, WALL_YAW, Context, facing_yaw, wall_pose

__all__ = ["WALL_EPS", "WALL_YAW", "Context", "facing_yaw", "propose", "wall_pose"]


def propose(ctx: Context, relation: Relation, args: tuple[int, ...], params: dict[str, Any], i: int,
            count: int) -> np.ndarray:
    """Up to ``count`` target poses [m, 3] for object ``i`` from one constraint (m may be 0)."""
    fn = relation.placement.moves
    if fn is None:
        return np.zeros((0, 3))
    out = fn(ctx, args, params, i, count)
    return np.zeros((0, 3)) if out is None else np.asarray(out, dtype=float).reshape(-1, 3)
