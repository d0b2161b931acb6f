"""CPU-burning neighbour processes: a busy machine for determinism tests (issue 11)."""

from __future__ import annotations

import contextlib
import multiprocessing
from typing import Any, Iterator


def _burn(stop: Any) -> None:
    value = 0
    while not stop.is_set():
        for i in range(200_000):
            value = (value * 31 + i) % 1_000_003


@contextlib.contextmanager
def cpu_neighbours(count: int = 2) -> Iterator[None]:
    """``count`` processes spinning on the CPU while the block runs (this machine has two cores)."""
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    burners = [context.Process(target=_burn, args=(stop,), daemon=True) for _ in range(count)]
    for burner in burners:
        burner.start()
    try:
        yield
    finally:
        stop.set()
        for burner in burners:
            burner.join(timeout=10)
            if burner.is_alive():
                burner.kill()
