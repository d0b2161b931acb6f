"""Process-level guards of the sandbox child: OS limits, an audit hook, signals, output capture.

Only the sandbox worker process imports this module (it changes process-wide state).

- ``apply_limits``: RLIMIT_AS (memory), RLIMIT_CPU (soft: SIGXCPU, which we turn into an
  exception carrying the script line; hard = soft + 1 s: SIGKILL), RLIMIT_FSIZE = 0 (no byte
  can be written to any file), RLIMIT_NOFILE (0 for a script: no new file descriptor at
  all, the ones already open stay usable; a few for the solver, which may read its own
  data files lazily), RLIMIT_NPROC = 0 (no fork; ignored by the kernel for real root) and
  RLIMIT_CORE = 0.
- ``AuditGuard``: a :func:`sys.addaudithook` hook that, once armed, refuses process and
  thread creation, file writes and opens outside Python's own files, sockets, ctypes,
  code-object construction and gc walks always, and ``compile``/``exec``, frame/code
  attribute reads and new imports of dangerous modules while generated code is on the
  stack. Hooks cannot be removed from Python, and generated code never sees this object.
- ``start_wall_timer``: SIGALRM after the wall budget becomes an exception too, so an
  infinite loop is reported with its line before the parent has to kill the process.
"""

from __future__ import annotations

import io
import logging
import os
import resource
import signal
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

# Audit events refused while armed (prefix match), beyond the special cases in the hook.
DENIED_EVENT_PREFIXES = (
    "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty", "os.kill", "os.killpg",
    "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.chflags", "os.link",
    "os.symlink", "os.truncate", "os.utime", "os.putenv", "os.unsetenv", "os.setxattr", "os.removexattr",
    "os.startfile", "os.add_dll_directory", "os.chdir", "subprocess.", "socket.", "ctypes.", "code.__new__",
    "function.__new__", "marshal.dump", "pickle.find_class", "gc.get_referrers", "gc.get_referents",
    "gc.get_objects", "sys._current_frames", "sys.settrace", "sys.setprofile", "sys.addaudithook",
    "builtins.input", "builtins.breakpoint", "webbrowser.", "urllib.", "http.client.", "ftplib.",
    "smtplib.", "imaplib.", "poplib.", "telnetlib.", "mmap.", "resource.", "shutil.", "tempfile.",
    "sqlite3.", "fcntl.", "syslog.", "cpython.", "_thread.start_new_thread",
)
# Refused only while generated code is on the stack (trusted lazy imports need them).
GENERATED_ONLY_DENIED = frozenset({"exec", "compile", "object.__getattr__", "object.__setattr__",
                                   "object.__delattr__", "sys._getframe", "marshal.loads"})
DENIED_MODULES = frozenset({
    "os", "posix", "sys", "subprocess", "_posixsubprocess", "socket", "_socket", "ssl", "ctypes", "_ctypes",
    "multiprocessing", "_multiprocessing", "pty", "signal", "_signal", "shutil", "tempfile", "urllib", "http",
    "ftplib", "smtplib", "webbrowser", "asyncio", "select", "selectors", "mmap", "fcntl", "resource",
    "importlib", "io", "_io", "builtins", "gc", "inspect", "pickle", "marshal", "code", "codeop",
})
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class SandboxLimitExceeded(BaseException):
    """Raised into generated code when a limit fires; a BaseException so ``except Exception`` can't eat it."""

    kind = "limit"


class CpuLimitExceeded(SandboxLimitExceeded):
    kind = "cpu"


class WallTimeExceeded(SandboxLimitExceeded):
    kind = "timeout"


def apply_limits(memory_mb: int, cpu_s: int, open_files: int = 0) -> None:
    """Lower this process's resource limits (they can never be raised again).

    File size, open files and CPU are required (an error if refused); memory, core dumps
    and processes are best effort (macOS does not enforce RLIMIT_AS, and some containers
    refuse RLIMIT_NPROC), and a refusal is logged, which the parent re-emits.
    """
    cpu = max(1, int(cpu_s))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    memory = int(memory_mb) * 1024 * 1024
    for name, value in (("RLIMIT_AS", memory), ("RLIMIT_CORE", 0), ("RLIMIT_NPROC", 0)):
        try:
            resource.setrlimit(getattr(resource, name), (value, value))
        except (ValueError, OSError, AttributeError):
            logging.getLogger(__name__).warning("this system refused %s; the other limits remain", name)


def _raise_cpu(signum: int, frame: Any) -> None:
    raise CpuLimitExceeded("CPU time limit exceeded")


def _raise_timeout(signum: int, frame: Any) -> None:
    raise WallTimeExceeded("wall-clock time limit exceeded")


def install_signal_handlers() -> None:
    """SIGXCPU / SIGALRM become exceptions with the script line; SIGXFSZ makes writes fail, not kill."""
    signal.signal(signal.SIGXCPU, _raise_cpu)
    signal.signal(signal.SIGALRM, _raise_timeout)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def start_wall_timer(seconds: float) -> None:
    """Arm SIGALRM after ``seconds`` (the parent kills the process group shortly after that)."""
    signal.setitimer(signal.ITIMER_REAL, max(0.01, float(seconds)))


def stop_wall_timer() -> None:
    """Disarm the SIGALRM timer."""
    signal.setitimer(signal.ITIMER_REAL, 0)


class CappedText(io.TextIOBase):
    """A text sink keeping the first ``limit`` characters; ``print`` of generated code lands here."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.parts: list[str] = []
        self.size = 0
        self.truncated = False

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        room = self.limit - self.size
        if len(text) > room:
            self.truncated = True
            text = text[:max(room, 0)]
        if text:
            self.parts.append(text)
            self.size += len(text)
        return len(text)

    def getvalue(self) -> str:
        return "".join(self.parts)


class LogSink(logging.Handler):
    """Keeps log records and warnings (capped) so the parent can re-emit them."""

    def __init__(self, limit: int = 200) -> None:
        super().__init__(logging.INFO)
        self.limit = limit
        self.records: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.add(record.levelname, record.name, record.getMessage())

    def add(self, level: str, name: str, message: str) -> None:
        """Keep one record (the first ``limit`` only, each at most 2000 characters)."""
        if len(self.records) < self.limit:
            self.records.append({"level": level, "logger": name, "message": message[:2000]})


def capture_logging(sink: LogSink) -> None:
    """Route logging and warnings into ``sink`` without frame inspection or file reads.

    logging's caller lookup reads frames and ``warnings`` reads source lines (an ``open``);
    both would trip the armed audit hook, so they are switched off here.
    """
    logging._srcfile = None  # type: ignore[attr-defined]  # skip findCaller (frame access)
    root = logging.getLogger()
    root.handlers[:] = [sink]
    root.setLevel(logging.INFO)

    def show(message: Any, category: type, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
        sink.add("WARNING", "warnings", f"{category.__name__}: {message} ({os.path.basename(filename)} line {lineno})")

    warnings.showwarning = show
    warnings.simplefilter("default")


@dataclass(frozen=True)
class Violation:
    """One refused action and where generated code asked for it."""

    what: str
    filename: str
    line: int | None


class AuditGuard:
    """The armed/disarmed audit hook; ``violations`` lists what generated code tried.

    Two kinds of events. Side effects no sandboxed run needs (processes, threads, file
    writes, deletes and renames, reads outside the package and Python, sockets, ctypes,
    code-object construction, tracing, gc walks) are refused whoever asks. Events trusted
    code does need now and then (a lazy import: ``compile``/``exec`` of a module, a
    dataclass's generated ``__init__``; logging's frame lookup) are refused only while a
    frame of code that is not a real module file is on the stack (generated code is
    compiled as ``program.py`` / ``custom:NAME``).
    """

    def __init__(self, readable_roots: list[Path]) -> None:
        self.armed = False
        self.exec_tokens = 0
        self.violations: list[Violation] = []
        self._busy = False  # the hook's own frame walk raises events too
        self._trusted_cache: dict[str, bool] = {}
        self._roots = tuple(str(p.resolve()) + os.sep for p in readable_roots)
        sys.addaudithook(self._hook)

    def allow_one_exec(self) -> None:
        """Let the next ``exec`` event through (the sandbox's own exec of generated code)."""
        self.exec_tokens = 1

    def _refuse(self, what: str) -> None:
        frame = self._generated_frame()
        if len(self.violations) < 20:
            self.violations.append(Violation(what, frame.f_code.co_filename if frame else "program.py",
                                             frame.f_lineno if frame else None))
        raise PermissionError(f"blocked by the sandbox: {what}")

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.armed or self._busy:
            return
        self._busy = True
        try:
            self._check(event, args)
        finally:
            self._busy = False

    def _check(self, event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            self._check_open(args)
        elif event.startswith(DENIED_EVENT_PREFIXES):
            self._refuse(f"{event}{_brief(args)}")
        elif event == "exec" and self.exec_tokens > 0:
            self.exec_tokens -= 1
        elif event in GENERATED_ONLY_DENIED or (event == "import" and str(args[0]).split(".")[0] in DENIED_MODULES):
            if self._generated_frame() is not None:
                self._refuse(f"{event}{_brief(args)}")

    def _check_open(self, args: tuple[Any, ...]) -> None:
        path, mode, flags = (tuple(args) + (None, None, None))[:3]
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & _WRITE_FLAGS)
        if not isinstance(path, (str, bytes)):
            self._refuse(f"open({path!r})")
        name = os.fsdecode(path)
        if writing or not os.path.realpath(name).startswith(self._roots):
            self._refuse(f"open({name!r}, {mode!r})")

    def _generated_frame(self) -> FrameType | None:
        """The innermost frame whose code is not a real module file under the roots, if any.

        Generated code is compiled as ``program.py`` / ``custom:NAME`` (no such files), and
        code it could build with an escaped ``compile`` would not be a real file either.
        """
        frame: FrameType | None = sys._getframe(1)
        while frame is not None:
            if not self._trusted_file(frame.f_code.co_filename):
                return frame
            frame = frame.f_back
        return None

    def _trusted_file(self, name: str) -> bool:
        known = self._trusted_cache.get(name)
        if known is None:
            real = os.path.realpath(name)
            known = name.startswith("<frozen ") or (real.startswith(self._roots) and os.path.isfile(real))
            self._trusted_cache[name] = known
        return known


def _brief(args: tuple[Any, ...]) -> str:
    text = ", ".join(repr(a) for a in args[:2])
    return f"({text[:120]})"


def readable_roots(package_root: Path) -> list[Path]:
    """Where trusted code may still read (its own sources and Python's): nothing else."""
    roots = {package_root, Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix)}
    roots.update(Path(p) for p in sys.path if p and Path(p).is_dir())
    return sorted(roots)
