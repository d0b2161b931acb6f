"""The parent side of the sandbox: bounded exchange, killing, crash reports, the child's environment."""
from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time

import pytest

from setdresser.blender_addon.core import sandbox
from setdresser.blender_addon.core.sandbox import SandboxError


def _spawn(code: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)


def test_a_flooding_child_is_cut_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "MAX_REPLY_BYTES", 1 << 20)
    proc = _spawn("import sys\nwhile True:\n    sys.stdout.buffer.write(b'x' * 65536)")
    try:
        with pytest.raises(SandboxError, match="more than 1048576 bytes"):
            sandbox._exchange(proc, b"{}", time.monotonic() + 10)
    finally:
        sandbox._kill_group(proc)


def test_stderr_keeps_only_its_tail() -> None:
    proc = _spawn("import sys\nsys.stderr.write('e' * 10**6 + 'END')\nprint('{}')")
    out, err = sandbox._exchange(proc, b"", time.monotonic() + 10)
    sandbox._kill_group(proc)
    assert out.strip() == b"{}" and len(err) <= 8192 + 65536 and err.endswith(b"END")


def test_a_silent_hung_child_hits_the_deadline_and_its_group_dies() -> None:
    proc = _spawn("import subprocess, sys, time\n"
                  "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\ntime.sleep(60)")
    start = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired):
        sandbox._exchange(proc, b"", time.monotonic() + 1.0)
    sandbox._kill_group(proc)
    assert time.monotonic() - start < 5
    assert proc.returncode == -signal.SIGKILL
    assert _wait_until_session_is_gone(proc.pid), "a grandchild outlived the kill"


def _wait_until_session_is_gone(session: int, wait_s: float = 3.0) -> bool:
    """True once no live (non-zombie) process is left in ``session``; SIGKILL delivery is asynchronous."""
    end = time.monotonic() + wait_s
    while time.monotonic() < end:
        listing = subprocess.run(["ps", "-o", "stat=", "-s", str(session)], capture_output=True, text=True, check=False)
        if all(state.startswith("Z") for state in listing.stdout.split()):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("returncode, err, kind, words", [
    (-signal.SIGSEGV, b"Fatal Python error: Segmentation fault", "crash", "signal SIGSEGV"),
    (-signal.SIGXCPU, b"", "cpu", "CPU time limit"),
    (1, b"Traceback...\nMemoryError", "memory", "memory limit exceeded (512 MB)"),
    (3, b"", "crash", "exit status 3"),
])
def test_a_child_without_a_reply_becomes_a_clear_error(returncode: int, err: bytes, kind: str, words: str) -> None:
    with pytest.raises(SandboxError) as info:
        sandbox._parse_reply(returncode, b"", err, 512)
    assert info.value.kind == kind and words in str(info.value)


def test_child_environment_carries_no_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-secret")
    monkeypatch.setenv("PYTHONPATH", "/somewhere")
    env = sandbox.child_env()
    assert "OPENAI_API_KEY" not in env and "PYTHONPATH" not in env
    assert env["OPENBLAS_NUM_THREADS"] == "1"


def test_a_malformed_or_deeply_nested_reply_is_an_error_not_a_traceback() -> None:
    with pytest.raises(SandboxError, match="crashed"):
        sandbox._parse_reply(0, b"[" * 100_000 + b"]" * 100_000, b"", 512)
    with pytest.raises(SandboxError, match="crashed"):
        sandbox._parse_reply(0, b"not json", b"", 512)
    reply = sandbox._parse_reply(0, b'{"ok": true, "result": {}}', b"", 512)
    with pytest.raises(SandboxError, match="no 'layout'") as info:
        sandbox._result(reply, "layout")
    assert info.value.kind == "protocol"


def test_network_namespace_cuts_the_child_off_when_available() -> None:
    prefix = sandbox._namespace_prefix()
    if not prefix:
        pytest.skip("unshare -rn is not permitted here; the sandbox runs without this layer")
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        code = (f"import socket\ntry:\n    socket.create_connection(('127.0.0.1', {port}), timeout=2)\n"
                "    print('connected')\nexcept OSError as exc:\n    print('refused', exc.errno)")
        outside = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=10)
        inside = subprocess.run([*prefix, sys.executable, "-c", code], capture_output=True, text=True, timeout=10)
    assert outside.stdout.startswith("connected"), "the probe must be able to connect without the namespace"
    assert inside.stdout.startswith("refused"), inside.stdout + inside.stderr
