"""Run generated code (constraint scripts, custom scoring functions) outside this process.

Generated code never runs in the calling process (which may be Blender's). Each call
starts a fresh ``sys.executable -I .../sandbox_worker.py`` child (inside Blender,
``sys.executable`` is Blender's bundled Python, which has numpy), in a new session, in an
empty temporary working directory, with a minimal environment (no API keys), inside a
network namespace when ``unshare -rn`` works here. The child lowers its OS limits, arms an
audit hook and runs the code with restricted builtins and imports (see SECURITY.md). The
request and the reply are JSON over stdin/stdout.

- :func:`run_script`: a constraint script -> :class:`ScriptResult` (the program, with each
  custom function's source in ``program.custom_functions``, plus the captured ``print``s).
- :func:`solve_in_sandbox`: runs the solver in the child, with every ``custom:NAME``
  compiled there into a Relation; returns the Layout.

Every failure (policy, syntax, exception, timeout, CPU, memory, crash) is a
:class:`SandboxError` (a BadInput) naming the script line where known; an invalid declared
program is a :class:`~.errors.ProgramError` naming the object or constraint. A call never
hangs: the child gets a SIGALRM at the wall budget, and its process group is killed 1.5 s
later. A call blocks its thread meanwhile (about 0.2 s for a script here).
"""

from __future__ import annotations

import functools
import json
import logging
import os
import select
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ProgramError
from .model import Layout, Program, layout_from_dict, program_from_dict
from .sandbox_policy import SandboxError, check_source

__all__ = ["SandboxError", "ScriptResult", "run_script", "solve_in_sandbox", "check_properties_in_sandbox",
           "DEFAULT_SOLVER"]

log = logging.getLogger(__name__)

WORKER = Path(__file__).resolve().with_name("sandbox_worker.py")
DEFAULT_SOLVER = "setdresser.blender_addon.core.solver:solve"
KILL_GRACE_S = 1.5  # the child's own SIGALRM fires at the budget; this long after, we kill it
OUTPUT_CHARS = 65536  # print() output kept per run
MAX_REPLY_BYTES = 64 * 1024 * 1024  # a program or layout is far smaller; a flood is an error
CHILD_ENV_KEEP = ("PATH", "LANG", "LC_ALL", "TZ")  # nothing else: no keys, no PYTHON* variables


@dataclass
class ScriptResult:
    """What running a constraint script gave: the program and what the script printed."""

    program: Program
    stdout: str
    duration_s: float
    stdout_truncated: bool = False
    logs: list[dict[str, Any]] = field(default_factory=list)


def run_script(source: str, *, timeout_s: float = 10.0, cpu_s: int = 10, memory_mb: int = 1024) -> ScriptResult:
    """Run a constraint script in the sandbox and return the program it declares.

    Raises :class:`SandboxError` for a rejected, failing or runaway script and
    :class:`~.errors.ProgramError` when the declared program is invalid.
    """
    check_source(source, "program.py")  # fail fast, without a process, on syntax or policy
    start = time.monotonic()
    reply = _run_worker({"op": "script", "source": source}, timeout_s=timeout_s, cpu_s=cpu_s, memory_mb=memory_mb)
    program = program_from_dict(_result(reply, "program"))
    return ScriptResult(program=program, stdout=str(reply.get("stdout", "")), duration_s=time.monotonic() - start,
                        stdout_truncated=bool(reply.get("stdout_truncated")), logs=list(reply.get("logs", [])))


def solve_in_sandbox(program: Program, *, seed: int, time_budget: float, prompt: str = "",
                     timeout_s: float | None = None, cpu_s: int | None = None, memory_mb: int = 2048,
                     solver: str = DEFAULT_SOLVER, library_dir: Path | None = None) -> Layout:
    """Solve ``program`` inside the sandbox, its custom functions compiled there.

    The child uses the skill library at ``library_dir`` (default: the one in use here,
    ``library_root()``), learned scores included: they run only in there.

    ``solver`` names the solve function as ``module:function`` (or ``file.py:function``);
    it is called as ``solve(program, seed=, time_budget=, prompt=, extra_relations=)``.
    The wall limit defaults to the time budget plus 10 s of start-up and bookkeeping.
    """
    for name, source in program.custom_functions.items():
        check_source(source, f"custom:{name}")
    wall = float(timeout_s) if timeout_s is not None else float(time_budget) + 10.0
    cpu = int(cpu_s) if cpu_s is not None else int(wall) + 5
    from ...skill_library.registry import library_root

    request = {"op": "solve", "program": program.to_dict(), "seed": int(seed), "time_budget": float(time_budget),
               "prompt": prompt, "solver": solver, "library_dir": str(library_dir or library_root())}
    reply = _run_worker(request, timeout_s=wall, cpu_s=cpu, memory_mb=memory_mb)
    try:
        return layout_from_dict(_result(reply, "layout"))
    except (KeyError, TypeError, ValueError) as exc:  # a well-behaved child never sends this
        raise SandboxError(f"the sandbox returned a malformed layout: {exc!r}", kind="protocol") from None


def check_properties_in_sandbox(relation: str, source: str, *, seed: int = 0, cases: list[dict[str, Any]] | None = None,
                                timeout_s: float = 20.0, memory_mb: int = 1024) -> dict[str, Any]:
    """The skill library's property tests (``learning/properties.py``) run in the sandbox on a
    learned-score candidate for the built-in ``relation``; returns the report as a dict."""
    check_source(source, f"custom:{relation}")
    request = {"op": "properties", "relation": relation, "source": source, "seed": int(seed), "cases": cases or []}
    reply = _run_worker(request, timeout_s=timeout_s, cpu_s=int(timeout_s) + 5, memory_mb=memory_mb)
    result = _result(reply, "properties")
    if not isinstance(result, dict):
        raise SandboxError("the sandbox returned a malformed property report", kind="protocol")
    return result


def _run_worker(request: dict[str, Any], *, timeout_s: float, cpu_s: int, memory_mb: int) -> dict[str, Any]:
    """Start the child, send ``request``, wait at most ``timeout_s`` + grace; the parsed reply."""
    if os.name != "posix":
        raise SandboxError("the sandbox needs a POSIX system (Linux or macOS)", kind="crash")
    request = dict(request, limits={"timeout_s": float(timeout_s), "cpu_s": int(cpu_s), "memory_mb": int(memory_mb),
                                    "output_chars": OUTPUT_CHARS})
    command = [*_namespace_prefix(), sys.executable, "-I", str(WORKER)]
    with tempfile.TemporaryDirectory(prefix="setdresser-sandbox-") as workdir:
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                cwd=workdir, env=child_env(), start_new_session=True, close_fds=True)
        try:
            out, err = _exchange(proc, json.dumps(request).encode("utf-8"), time.monotonic() + timeout_s + KILL_GRACE_S)
            proc.wait(timeout=KILL_GRACE_S)  # both pipes are closed: it is exiting
        except subprocess.TimeoutExpired:
            raise SandboxError(f"ran longer than the {timeout_s:g} s time limit and was stopped",
                               kind="timeout") from None
        finally:
            _kill_group(proc)  # nothing the script started may outlive the call
    return _parse_reply(proc.returncode, out, err, memory_mb)


def child_env() -> dict[str, str]:
    """The child's whole environment: locale and PATH only (no API keys), single-threaded BLAS."""
    env = {k: os.environ[k] for k in CHILD_ENV_KEEP if k in os.environ}
    env.update(OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")  # no thread pools to limit
    return env


def _exchange(proc: subprocess.Popen[bytes], payload: bytes, deadline: float) -> tuple[bytes, bytes]:
    """Feed stdin and collect stdout/stderr until both close; bounded in time and size.

    Unlike ``communicate``, a child that floods its pipes costs at most MAX_REPLY_BYTES of
    memory here (stderr: its last 8 kB), and the deadline covers the whole exchange.
    """
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    out, err = bytearray(), bytearray()
    pending = memoryview(payload)
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdin, selectors.EVENT_WRITE)
        selector.register(proc.stdout, selectors.EVENT_READ, out)
        selector.register(proc.stderr, selectors.EVENT_READ, err)
        while selector.get_map():
            left = deadline - time.monotonic()
            if left <= 0:
                raise subprocess.TimeoutExpired(proc.args, 0)
            for key, _ in selector.select(left):
                if key.fileobj is proc.stdin:
                    pending = _feed(proc, selector, pending)
                    continue
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(key.fileobj)
                    continue
                key.data.extend(chunk)
                if len(out) > MAX_REPLY_BYTES:
                    raise SandboxError(f"the sandbox replied with more than {MAX_REPLY_BYTES} bytes", kind="crash")
                del err[:-8192]
    return bytes(out), bytes(err)


def _feed(proc: subprocess.Popen[bytes], selector: selectors.BaseSelector, pending: memoryview) -> memoryview:
    """Write one pipe-buffer-sized piece of the request (never blocks); close stdin when done."""
    assert proc.stdin is not None
    try:
        pending = pending[os.write(proc.stdin.fileno(), pending[:select.PIPE_BUF]):]
    except BrokenPipeError:  # the child died early; its exit status tells why
        pending = pending[len(pending):]
    if not pending:
        selector.unregister(proc.stdin)
        proc.stdin.close()
    return pending


def _result(reply: dict[str, Any], key: str) -> Any:
    """``reply["result"][key]``, or a protocol error when the child's reply lacks it."""
    result = reply.get("result")
    if not isinstance(result, dict) or key not in result:
        raise SandboxError(f"the sandbox reply has no {key!r}", kind="protocol")
    return result[key]


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        if pipe is not None and not pipe.closed:
            pipe.close()


def _parse_reply(returncode: int, out: bytes, err: bytes, memory_mb: int) -> dict[str, Any]:
    """Turn the child's output into a reply dict, or raise the SandboxError it reports."""
    try:
        reply = json.loads(out.decode("utf-8")) if out else None
    except (UnicodeDecodeError, ValueError, RecursionError):
        reply = None
    if not isinstance(reply, dict):
        raise _crash_error(returncode, err, memory_mb)
    for record in reply.get("logs", []):
        log.log(logging.getLevelName(record.get("level", "INFO")), "[sandbox %s] %s", record.get("logger"),
                record.get("message"))
    if not reply.get("ok"):
        error = reply.get("error") or {}
        if error.get("kind") == "program":  # the script ran but declared an invalid program
            raise ProgramError(str(error.get("message", "invalid program")))
        raise SandboxError(str(error.get("message", "failed")), kind=str(error.get("kind", "runtime")),
                           filename=str(error.get("filename") or "program.py"), line=error.get("line"))
    return reply


def _crash_error(returncode: int, err: bytes, memory_mb: int) -> SandboxError:
    tail = err.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
    log.debug("sandbox child exited with %s; stderr tail: %s", returncode, tail[0])
    if returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return SandboxError("exceeded the CPU time limit and was killed", kind="cpu")
    if "MemoryError" in tail[0]:
        return SandboxError(f"memory limit exceeded ({memory_mb} MB)", kind="memory")
    cause = f"signal {signal.Signals(-returncode).name}" if returncode < 0 else f"exit status {returncode}"
    detail = f": {tail[0][:300]}" if tail[0] else ""
    return SandboxError(f"the sandbox process crashed ({cause}){detail}", kind="crash")


@functools.lru_cache(maxsize=1)
def _namespace_prefix() -> tuple[str, ...]:
    """``unshare -rn`` (no network) when it works here; an extra layer, never required."""
    tool = shutil.which("unshare")
    if tool is None or not sys.platform.startswith("linux"):
        return ()
    try:
        probe = subprocess.run([tool, "-rn", "true"], capture_output=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return ()
    if probe.returncode != 0:
        log.info("no network namespace for the sandbox (unshare -rn failed); the other layers remain")
        return ()
    return (tool, "-rn")
