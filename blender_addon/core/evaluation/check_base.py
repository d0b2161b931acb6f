"""What one relation check returns, and the small helpers every checker shares."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import BadInput
from .geometry import Box

# A failing condition never scores above this, so a score of 1 means every condition holds.
FAIL_CAP = 0.99


@dataclass(frozen=True)
class Check:
    """A verdict on one relation: ``holds`` is the crisp check (CONTRACTS §5 tolerances),
    ``score`` in [0, 1] equals 1 exactly when it holds, ``reason`` names the objects as
    ``(ID: chair_1)``. ``checked`` is False when the relation cannot be checked (custom)."""

    holds: bool
    score: float
    reason: str
    checked: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"holds": self.holds, "score": round(self.score, 4), "reason": self.reason, "checked": self.checked}


def graded(violation: float, scale: float) -> float:
    """1 when ``violation`` <= 0, else falling linearly to 0 at ``scale`` (capped below 1)."""
    if violation <= 0.0:
        return 1.0
    return max(0.0, min(FAIL_CAP, 1.0 - violation / scale))


def verdict(conditions: list[tuple[bool, float]], reason: str) -> Check:
    """Combine (holds, score) conditions: holds when all hold; the score is the weakest one."""
    holds = all(ok for ok, _ in conditions)
    score = 1.0 if holds else min(min(s for _, s in conditions), FAIL_CAP)
    return Check(holds=holds, score=score, reason=reason)


def name(box: Box) -> str:
    """``the chair (ID: chair_1)``: how reasons refer to an object."""
    return f"the {box.category} (ID: {box.id})"


def cm(metres: float) -> str:
    """A distance for a reason: ``12.0 cm`` or ``1.35 m``."""
    return f"{metres * 100:.1f} cm" if abs(metres) < 1.0 else f"{metres:.2f} m"


def deg(radians: float) -> str:
    return f"{math.degrees(radians):.0f}°"


def number(params: Mapping[str, Any], key: str, default: float, where: str) -> float:
    """A numeric parameter (or its default); anything else is bad input naming the relation."""
    value = params.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BadInput(f"parameter '{key}' must be a number, got {value!r}", where)
    return float(value)
