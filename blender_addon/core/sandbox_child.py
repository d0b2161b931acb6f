"""The sandbox child: reads one JSON request on stdin, runs generated code, answers on stdout.

Order matters. Everything trusted that needs files or imports happens first (parse, policy
check, compile, import the solver, build the numpy proxy); then the OS limits drop, the
signal handlers and wall timer start, ``print`` is redirected into a capped buffer, the
audit hook is armed, and only then does generated code run. Requests:

- ``{"op": "script", "source": ...}`` -> ``{"program": <setdresser.program/1>}``
- ``{"op": "solve", "program": ..., "seed", "time_budget", "prompt", "solver": "mod:fn",
  "library_dir"}`` -> ``{"layout": <setdresser.layout/1>}``; the library's learned scores are
  compiled and defined here like custom functions (``learning/sandboxed.py``)
- ``{"op": "properties", "relation", "source", "seed", "cases"}`` -> ``{"properties": ...}``:
  the skill library's property tests on a learned-score candidate (the outer loop's gate)

Every reply is ``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {kind, message,
filename, line}}``, plus ``stdout``, ``stdout_truncated`` and ``logs``.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
import traceback
from pathlib import Path
from typing import Any, Callable

import numpy as np

from .errors import BadInput, ProgramError
from .learning.sandboxed import prepare_library, prepare_properties
from .model import program_from_dict
from .sandbox_custom import CUSTOM_PREFIX, check_custom_references, extract_custom_sources, make_relation
from .sandbox_env import numpy_proxy, restricted_globals
from .sandbox_guard import (AuditGuard, CappedText, LogSink, SandboxLimitExceeded, apply_limits, capture_logging,
                            install_signal_handlers, readable_roots, start_wall_timer, stop_wall_timer)
from .sandbox_policy import SandboxError, check_source
from .script_api import ScriptRecorder

Runner = Callable[[AuditGuard], dict[str, Any]]
# File descriptors the child may still open once armed: none for a script; a few for the
# solver, whose registry reads its manifest and relation modules lazily (read-only, under
# the package: the audit hook refuses everything else).
OPEN_FILES = {"script": 0, "solve": 32, "properties": 32}


def _prepare_script(request: dict[str, Any]) -> Runner:
    source = str(request["source"])
    tree = check_source(source, "program.py")
    code = compile(tree, "program.py", "exec")
    recorder = ScriptRecorder()
    names = recorder.namespace()
    scope = restricted_globals(names, "program") | names

    def run(guard: AuditGuard) -> dict[str, Any]:
        guard.allow_one_exec()
        exec(code, scope)  # noqa: S102 - generated code, inside every sandbox layer
        guard.armed = False  # the rest is trusted: building and validating the program
        program = recorder.program(extract_custom_sources(tree, source, recorder.custom_functions))
        check_custom_references(program)
        return {"program": program.to_dict()}

    return run


def _load_solver(entry: str) -> Callable[..., Any]:
    """``package.module:function`` or ``/path/to/file.py:function`` (tests use a file)."""
    target, _, attr = entry.rpartition(":")
    if target.endswith(".py"):
        spec = importlib.util.spec_from_file_location("sandbox_solver_module", target)
        if spec is None or spec.loader is None:
            raise BadInput(f"cannot load solver file {target!r}", "sandbox")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    else:
        module = importlib.import_module(target)
    return getattr(module, attr)


def _compile_custom(name: str, source: str) -> Any:
    filename = CUSTOM_PREFIX + name
    return compile(check_source(source, filename), filename, "exec")


def _prepare_solve(request: dict[str, Any]) -> Runner:
    program = program_from_dict(request["program"])
    check_custom_references(program)
    learned = prepare_library(request.get("library_dir"))  # before the solver binds the registry
    solve = _load_solver(str(request["solver"]))
    compiled = {name: _compile_custom(name, src) for name, src in program.custom_functions.items()}
    seed, budget, prompt = int(request["seed"]), float(request["time_budget"]), str(request.get("prompt", ""))

    def run(guard: AuditGuard) -> dict[str, Any]:
        learned.install(lambda name, code: _define(name, code, guard))
        relations = {CUSTOM_PREFIX + name: make_relation(name, _define(name, code, guard), program)
                     for name, code in compiled.items()}
        layout = solve(program, seed=seed, time_budget=budget, prompt=prompt, extra_relations=relations)
        return {"layout": layout.to_dict()}

    return run


def _define(name: str, code: Any, guard: AuditGuard) -> Callable[..., Any]:
    """Run one custom function's source (armed) and return the function it registers as NAME."""
    recorder = ScriptRecorder()
    names = recorder.namespace()
    guard.allow_one_exec()
    exec(code, restricted_globals(names, CUSTOM_PREFIX + name) | names)  # noqa: S102 - sandboxed
    if name not in recorder.custom_functions:
        raise ProgramError(f"the source does not define @custom_relation({name!r})", CUSTOM_PREFIX + name)
    return recorder.custom_functions[name]


PREPARERS: dict[str, Callable[[dict[str, Any]], Runner]] = {
    "script": _prepare_script, "solve": _prepare_solve,
    "properties": lambda request: prepare_properties(request, _define)}


def _user_line(exc: BaseException) -> tuple[str, int | None]:
    """The innermost frame of generated code in the traceback: (filename, line)."""
    where: tuple[str, int | None] = ("program.py", None)
    frames = traceback.StackSummary.extract(traceback.walk_tb(exc.__traceback__), lookup_lines=False)
    for frame in frames:
        if frame.filename == "program.py" or frame.filename.startswith(CUSTOM_PREFIX):
            where = (frame.filename, frame.lineno)
    return where


def describe(exc: BaseException, guard: AuditGuard | None, memory_mb: int) -> dict[str, Any]:
    """The error reply for ``exc``: kind, a one-line message, and the script line where known."""
    if guard is not None and guard.violations:  # first: the script may have caught the refusal
        first = guard.violations[0]
        return {"kind": "violation", "message": f"blocked by the sandbox: {first.what}"[:2000],
                "filename": first.filename, "line": first.line}
    if isinstance(exc, SandboxError):
        return exc.to_dict()
    if isinstance(exc, BadInput):  # the script ran but declared an invalid program
        return {"kind": "program", "message": str(exc)[:2000], "filename": "program.py", "line": None}
    filename, line = _user_line(exc)
    if isinstance(exc, SandboxLimitExceeded):
        kind, message = exc.kind, str(exc)
    elif isinstance(exc, MemoryError):
        kind, message = "memory", f"memory limit exceeded ({memory_mb} MB)"
    else:
        kind, message = "runtime", f"{type(exc).__name__}: {exc}"
    return {"kind": kind, "message": message[:2000], "filename": filename, "line": line}


def handle(request: dict[str, Any], package_root: Path) -> dict[str, Any]:
    """Run one request under every guard; never raises."""
    limits = request.get("limits", {})
    memory_mb, cpu_s = int(limits.get("memory_mb", 1024)), int(limits.get("cpu_s", 10))
    sink, out = LogSink(), CappedText(int(limits.get("output_chars", 65536)))
    capture_logging(sink)
    guard: AuditGuard | None = None
    reply: dict[str, Any]
    try:
        op = str(request.get("op"))
        runner = PREPARERS[op](request)
        numpy_proxy()  # built now: copying numpy's namespace may import lazily
        guard = AuditGuard(readable_roots(package_root))
        install_signal_handlers()
        apply_limits(memory_mb, cpu_s, OPEN_FILES[op])
        sys.stdout = sys.stderr = out
        start_wall_timer(float(limits.get("timeout_s", 10.0)))
        guard.armed = True
        try:
            result = runner(guard)
        finally:
            guard.armed = False
            stop_wall_timer()
            sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        if guard.violations:  # generated code caught the PermissionError and went on
            raise PermissionError(guard.violations[0].what)
        reply = {"ok": True, "result": result}
    except BaseException as exc:  # noqa: BLE001 - every failure becomes a reply, limits included
        if guard is not None:
            guard.armed = False
        stop_wall_timer()
        reply = {"ok": False, "error": describe(exc, guard, memory_mb)}
    reply.update(stdout=out.getvalue(), stdout_truncated=out.truncated, logs=sink.records)
    return reply


def _json_default(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def main(package_root: Path) -> None:
    """Entry point of the worker process; the reply goes to the original stdout."""
    sys.dont_write_bytecode = True  # lazy imports once armed must not try to write .pyc files
    reply_fd = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # stray C-level output must not corrupt the reply channel
    request = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    reply = handle(request, package_root)
    try:
        data = json.dumps(reply, default=_json_default).encode("utf-8")
    except (TypeError, ValueError) as exc:
        data = json.dumps({"ok": False, "error": {"kind": "program", "message": f"result is not JSON: {exc}",
                                                  "filename": "program.py", "line": None},
                           "stdout": reply.get("stdout", ""), "logs": []}).encode("utf-8")
    view = memoryview(data)
    while view:
        view = view[os.write(reply_fd, view):]
    # Exit without interpreter finalisation: no generated code (a generator's ``finally``)
    # may run after the guards are down.
    os._exit(0)
