"""A solve's budget (``Budget``: counted work, optional wall-clock cap) and its record in
``setdresser.layout/3`` (``SolveInfo``: how much work the solve did).

``effort`` (the step budget asked for), ``steps`` (search steps run), ``restarts`` and
``cut_short`` (the wall-clock safety cap stopped the solve before its counted work was done:
that result may differ on another machine). docs/contracts.md, layout/3.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping

NOMINAL_SECONDS = 3.0  # effort 1.0 buys the steps the cost model prices at 3 s on a 2-core machine
DEFAULT_CAP_FACTOR, DEFAULT_CAP_SLACK = 50.0, 60.0  # no cap: 50x the nominal time + 60 s of CPU (a safety limit)
MIN_EFFORT, MAX_EFFORT = 0.01, 100.0
EXIT_CUT_SHORT = 3  # the CLI's exit status when outputs were written but the time cap cut a solve short


@dataclass(frozen=True)
class Budget:
    """How much work a solve may do (``effort``) and, optionally, how long it may take at most.

    ``effort`` 1.0 is the default work (about 3 s on a quiet 2-core machine); 0.25 is a quick
    draft, 4 a thorough solve. The work is counted in steps, so the result never depends on
    the machine's speed. ``time_cap`` (seconds) is the user's wall-clock limit (``--time-budget``);
    None means a generous safety cap (``cap_seconds``) counted in this process's CPU seconds, so that
    other work on the machine never reaches it; only a solve far past its priced work does.
    """

    effort: float = 1.0
    time_cap: float | None = None

    def __post_init__(self) -> None:
        if not (math.isfinite(self.effort) and MIN_EFFORT <= self.effort <= MAX_EFFORT):
            raise ValueError(f"effort must be within {MIN_EFFORT}..{MAX_EFFORT}, got {self.effort}")
        if self.time_cap is not None and not (math.isfinite(self.time_cap) and self.time_cap > 0):
            raise ValueError(f"time cap must be a positive number of seconds, got {self.time_cap}")

    @property
    def nominal_seconds(self) -> float:
        """The seconds the step cost model prices this effort at (it sizes steps; it is not a clock)."""
        return NOMINAL_SECONDS * self.effort

    def cap_seconds(self) -> float:
        """The cap in seconds: the user's (wall clock), or the generous default (CPU seconds)."""
        if self.time_cap is not None:
            return self.time_cap
        return DEFAULT_CAP_FACTOR * self.nominal_seconds + DEFAULT_CAP_SLACK

    def cut_short_warning(self, what: str = "a solve", result: str = "scene") -> str:
        """The one warning for a solve the cap cut short, naming which cap (the user's or the default)."""
        cap = ("the time cap (--time-budget)" if self.time_cap is not None
               else f"the default safety cap ({self.cap_seconds():.0f} s of CPU per solve; no --time-budget given)")
        return (f"{cap} cut {what} short: this {result} may differ on another machine or under another load; "
                "raise --time-budget or lower --effort")


@dataclass(frozen=True)
class SolveInfo:
    """How a layout was solved: the work done, and whether the time cap cut it short."""

    effort: float
    steps: int
    restarts: int
    cut_short: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The record as written into layout.json."""
        return {"effort": round(float(self.effort), 6), "steps": int(self.steps), "restarts": int(self.restarts),
                "cut_short": bool(self.cut_short)}


def solve_info_from_dict(raw: Any) -> SolveInfo | None:
    """The optional ``solve`` record of a layout document (None when absent, as in ``layout/1``/``/2``)."""
    if not isinstance(raw, Mapping):
        return None
    return SolveInfo(effort=float(raw.get("effort", 1.0)), steps=int(raw.get("steps", 0)),
                     restarts=int(raw.get("restarts", 0)), cut_short=bool(raw.get("cut_short", False)))
