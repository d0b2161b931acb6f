"""Ray for a batch: a local Ray started in this process (``workers`` CPUs, no dashboard), or a
connection to an existing cluster (``auto`` or ``ray://host:port``).

One scene is one task of one CPU; Ray's own retries are off (``max_retries=0``) because the
batch retries a crashed worker's scene itself and counts the attempts.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ...core.batch.jobs import SceneJob
from ...core.errors import SetDresserError

log = logging.getLogger(__name__)

# Ray's switch for multi-node support; off, a local Ray uses 127.0.0.1 (read when ray is imported)
LOOPBACK_ONLY = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


@contextmanager
def open_ray(options: Any) -> Iterator[tuple[Any, int]]:
    """``(remote task, CPUs to fill)``; shuts down a Ray started here on exit.

    A local Ray is kept on the loopback interface (Ray otherwise binds its ports to the
    machine's network address even for a single-node run): nothing is exposed to the network."""
    if options.address is None:
        os.environ.setdefault(LOOPBACK_ONLY, "0")
    import ray

    from .scene_task import run_scene

    started_here = options.address is None
    handler = signal.getsignal(signal.SIGTERM)
    try:
        if started_here:
            ray.init(num_cpus=options.workers, include_dashboard=False, log_to_driver=False,
                     configure_logging=True, logging_level=logging.WARNING,
                     runtime_env={"env_vars": {"PYTHONUNBUFFERED": "1"}})
        else:
            ray.init(address=options.address, log_to_driver=False, logging_level=logging.WARNING)
    except ImportError as exc:  # ray:// needs Ray Client (grpcio), in the batch extra
        raise SetDresserError(f"Ray Client is not installed ({exc}); pip install 'setdresser[batch]'") from None
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = options.address or "a local Ray"
        raise SetDresserError(f"could not start or reach Ray ({where}): {exc}") from None
    if callable(handler):  # ray.init puts its own SIGTERM handler (sys.exit) over the caller's: put it back
        signal.signal(signal.SIGTERM, handler)
    try:
        capacity = max(1, int(ray.cluster_resources().get("CPU", options.workers)))
        if started_here:
            capacity = min(capacity, options.workers)
        task = ray.remote(num_cpus=1, max_retries=0)(run_scene)
        log.info("Ray ready: %d CPUs (%s)", capacity, options.address or "local")
        yield task, capacity
    finally:
        ray.shutdown()


def crash_outcome(job: SceneJob, attempt: int, exc: BaseException) -> dict[str, Any]:
    """The outcome of a task whose worker died (or that raised) instead of returning."""
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return {"scene_id": job.scene_id, "status": "failed", "attempt": attempt, "exit": None, "wall_s": None,
            "error": f"worker lost: {type(exc).__name__}: {message}"[:300], "retryable": True, "skipped": False,
            "host": socket.gethostname(), "pid": os.getpid()}
