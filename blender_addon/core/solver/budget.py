"""The solver's clock: work is counted in steps (``effort``), the wall clock is only a safety cap.

A solve's result depends on the program, the seed, the library and the effort only: the
number of search steps and repair batches comes from ``effort`` through the step cost model
(``search.step_cost_ms``), never from how fast this machine happens to run today. The wall
clock is a *cap*: when it stops a solve before its steps are done, the solve is marked
``cut_short`` (layout.json ``solve``, report.json, the CLI's exit status 3), because that
result may differ on another machine or under another load — never silently.

The user's cap (``--time-budget``) is wall-clock time, what a user waits. The default safety cap
(no ``--time-budget``) counts this process's CPU time: other work on the machine does not use it
up, so a busy machine does not cut a solve short; only a solve that runs far past its priced work does.
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


def cpu_now() -> float:
    """This process's CPU time, which the default safety cap reads (the neighbours' load does not count)."""
    return time.process_time()


@dataclass
class Clock:
    """The safety cap of one solve; remembers whether it cut the solve short. ``cpu``: the cap counts
    this process's CPU seconds (the default cap) instead of wall-clock seconds (the user's cap)."""

    cap: float
    cpu: bool = False
    started: float = field(default=0.0)
    cut_short: bool = False
    where: str = ""

    def __post_init__(self) -> None:
        self.started = self._read()

    def _read(self) -> float:
        return cpu_now() if self.cpu else now()

    def elapsed(self) -> float:
        """Seconds (CPU seconds for the default cap) since the solve started."""
        return self._read() - self.started

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
