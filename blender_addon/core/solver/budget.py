"""The solver's clock: work is counted in steps (``effort``), the wall clock is only a safety cap.

A solve's result depends on the program, the seed, the library and the effort only: the
number of search steps and repair batches comes from ``effort`` through the step cost model
(``search.step_cost_ms``), never from how fast this machine happens to run today. The wall
clock is a *cap*: when it stops a solve before its steps are done, the solve is marked
``cut_short`` (layout.json ``solve``, report.json, the CLI's exit status 3), because that
result may differ on another machine or under another load — never silently.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from ..solve_record import Budget

__all__ = ["Budget", "Clock"]

log = logging.getLogger(__name__)


def now() -> float:
    """The wall clock the cap reads (one place, so tests can stand in a slow machine's clock)."""
    return time.monotonic()


@dataclass
class Clock:
    """The wall-clock safety cap of one solve; remembers whether it cut the solve short."""

    cap: float
    started: float = field(default_factory=lambda: now())
    cut_short: bool = False
    where: str = ""

    def elapsed(self) -> float:
        """Seconds since the solve started."""
        return now() - self.started

    def over(self, where: str, done: int, planned: int) -> bool:
        """Whether the cap is reached; the first time, log it and mark the solve as cut short."""
        if self.cut_short:
            return True
        if self.elapsed() <= self.cap:
            return False
        self.cut_short, self.where = True, f"{where} after {done} of {planned}"
        log.warning("time cap of %.1f s reached in the %s: the solve was cut short and its result may "
                    "differ on another machine (raise --time-budget or lower --effort)", self.cap, self.where)
        return True
