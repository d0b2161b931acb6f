"""Escape attempts and runaway scripts: each fails with a clear SandboxError, and the next run works.

Every script goes through the public ``run_script`` (static policy in the parent, then a
real child process with all layers). Limits are small so the suite stays fast.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from setdresser.blender_addon.core.sandbox import SandboxError, run_script

FAST = {"timeout_s": 2.0, "cpu_s": 2, "memory_mb": 512}
HEADER = "from setdresser.script import *\nimport numpy as np\n"  # lines 1-2; the attempt starts on line 3


def _assert_still_works() -> None:
    program = run_script(HEADER + "add_object('box_1', 'box', (1, 1, 1))\n", **FAST).program
    assert program.object_ids() == ["box_1"]


def _fail(body: str, **limits: float) -> SandboxError:
    start = time.monotonic()
    with pytest.raises(SandboxError) as info:
        run_script(HEADER + body, **{**FAST, **limits})
    assert time.monotonic() - start < 6.0, "the sandbox must never hang"
    return info.value


# (id, attempt, expected kind, expected line, words the message must contain)
STATIC_ATTEMPTS = [
    ("open_passwd", "print(open('/etc/passwd').read())", "policy", 3, "'open' is not available"),
    ("write_file", "f = open('pwned.txt', 'w')", "policy", 3, "'open' is not available"),
    ("import_os", "import os", "policy", 3, "import of 'os' is not allowed"),
    ("import_subprocess", "import subprocess", "policy", 3, "import of 'subprocess'"),
    ("import_socket", "import socket", "policy", 3, "import of 'socket'"),
    ("import_ctypes", "import ctypes", "policy", 3, "import of 'ctypes'"),
    ("import_sys", "import sys", "policy", 3, "import of 'sys'"),
    ("import_importlib", "import importlib", "policy", 3, "import of 'importlib'"),
    ("from_os", "from os import system", "policy", 3, "import of 'os'"),
    ("numpy_lib", "import numpy.lib", "policy", 3, "import of 'numpy.lib'"),
    ("fork_bomb_lite", "import os\nwhile True:\n    os.fork()", "policy", 3, "import of 'os'"),
    ("dunder_import", "os = __import__('os')", "policy", 3, "'__import__' is not allowed"),
    ("subclasses", "x = ().__class__.__bases__[0].__subclasses__()", "policy", 3, "'__subclasses__'"),
    ("func_globals", "def f():\n    pass\ng = f.__globals__", "policy", 5, "'__globals__'"),
    ("builtins_name", "b = __builtins__", "policy", 3, "'__builtins__' is not allowed"),
    ("eval", "eval('1 + 1')", "policy", 3, "'eval' is not available"),
    ("exec", "exec('x = 1')", "policy", 3, "'exec' is not available"),
    ("compile", "c = compile('1', 'f', 'eval')", "policy", 3, "'compile' is not available"),
    ("globals", "g = globals()", "policy", 3, "'globals' is not available"),
    ("np_load", "a = np.load('/etc/passwd')", "policy", 3, "'load' is not allowed"),
    ("np_fromfile", "a = np.fromfile('/etc/passwd')", "policy", 3, "'fromfile' is not allowed"),
    ("np_ctypeslib", "c = np.ctypeslib", "policy", 3, "'ctypeslib' is not allowed"),
    ("tofile", "np.zeros(3).tofile('pwned.bin')", "policy", 3, "'tofile' is not allowed"),
    ("np_memmap", "m = np.memmap('pwned.bin', mode='w+', shape=(3,))", "policy", 3, "'memmap' is not allowed"),
    ("from_numpy_ctypeslib", "from numpy import ctypeslib", "policy", 3, "importing 'ctypeslib' is not allowed"),
    ("generator_frame", "def g():\n    yield 1\nf = g().gi_frame", "policy", 5, "'gi_frame' is not allowed"),
    ("str_format", "s = '{0.__class__}'.format(1)", "policy", 3, "use an f-string"),
    ("class_def", "class A:\n    pass", "policy", 3, "class definitions are not allowed"),
    ("ndarray_data_setter", "a = np.empty(1, dtype='O')\na.data = bytearray(8)", "policy", 4,
     "assigning or deleting attributes"),
    ("ndarray_resize", "a = np.empty(2, dtype='O')\na.resize(10**6, refcheck=False)", "policy", 4,
     "'resize' is not allowed"),
    ("syntax_error", "x = 1\ny = (2,\nz = 3", "syntax", 4, "SyntaxError"),
]


@pytest.mark.parametrize("body, kind, line, words", [a[1:] for a in STATIC_ATTEMPTS],
                         ids=[a[0] for a in STATIC_ATTEMPTS])
def test_static_attempt_is_rejected_naming_the_line(body: str, kind: str, line: int, words: str) -> None:
    error = _fail(body)
    assert (error.kind, error.line) == (kind, line)
    assert f"program.py line {line}: " in str(error) and words in str(error)


RUNTIME_ATTEMPTS = [
    ("getattr_globals", "def f():\n    pass\ng = getattr(f, '__globals__')", "runtime", 5,
     "'__globals__' is not allowed"),
    ("getattr_builtins_self", "b = getattr(len, '__se' + 'lf__')", "runtime", 3, "is not allowed"),
    ("getattr_np_load", "f = getattr(np, 'lo' + 'ad')", "runtime", 3, "'load' is not allowed"),
    ("np_savetxt", "np.savetxt('pwned.txt', np.zeros(3))", "runtime", 3, "has no attribute 'savetxt'"),
    ("from_numpy_testing", "from numpy import testing", "runtime", 3, "cannot import name 'testing'"),
    ("from_numpy_linalg_lapack", "from numpy.linalg import lapack_lite", "runtime", 3, "cannot import name"),
    ("type_three_args", "T = type('T', (), {'__del__': print})", "runtime", 3, "classes cannot be built"),
    ("type_of_type", "T = type(int)('T', (), {'__del__': print})", "runtime", 3, "classes cannot be built"),
    ("ndarray_raw_buffer", "a = np.ndarray((1,), dtype='O', buffer=bytes(8))", "runtime", 3, "raw buffer"),
    ("recarray_raw_buffer", "a = np.recarray((1,), dtype=[('a', 'O')], buf=bytearray(8))", "runtime", 3,
     "raw buffer"),
    ("type_ndarray_raw_buffer", "a = type(np.zeros(1))((1,), 'O', bytes(8))", "runtime", 3, "raw buffer"),
    ("deep_recursion", "def f(n):\n    return f(n + 1)\nf(0)", "runtime", 4, "RecursionError"),
    ("bytearray_bomb", "b = bytearray(10**10)", "memory", 3, "memory limit exceeded (512 MB)"),
    ("list_growth_bomb", "x = []\nwhile True:\n    x.append([0] * 10**6)", "memory", 5, "memory limit exceeded"),
    ("infinite_loop", "while True:\n    pass", "timeout", 3, "wall-clock time limit exceeded"),
]


@pytest.mark.parametrize("body, kind, line, words", [a[1:] for a in RUNTIME_ATTEMPTS],
                         ids=[a[0] for a in RUNTIME_ATTEMPTS])
def test_runtime_attempt_fails_clearly_and_the_next_run_works(body: str, kind: str, line: int, words: str) -> None:
    # a timeout test lets the wall timer (not the CPU limit) fire; a memory bomb gets time to fill 512 MB
    # even on a busy machine
    limits = {"timeout": {"cpu_s": 10}, "memory": {"timeout_s": 5.0, "cpu_s": 5}}.get(kind, {})
    error = _fail(body, **limits)
    assert (error.kind, error.line) == (kind, line), str(error)
    assert words in str(error)
    _assert_still_works()


def test_cpu_limit_names_the_line() -> None:
    error = _fail("x = 0\nwhile True:\n    x += 1", timeout_s=6.0, cpu_s=1)
    assert error.kind == "cpu" and error.line in (4, 5) and "CPU time limit" in str(error)
    _assert_still_works()


def test_a_loop_that_swallows_the_limit_is_killed() -> None:
    body = "while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass"
    start = time.monotonic()
    error = _fail(body, timeout_s=1.5, cpu_s=10)
    assert error.kind == "timeout" and "time limit" in str(error)
    assert time.monotonic() - start < 4.0
    _assert_still_works()


def test_nothing_is_written_to_the_working_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for body in ("np.savetxt('pwned.txt', np.zeros(3))", "f = open('pwned.txt', 'w')"):
        with pytest.raises(SandboxError):
            run_script(HEADER + body, **FAST)
    assert list(tmp_path.iterdir()) == []
