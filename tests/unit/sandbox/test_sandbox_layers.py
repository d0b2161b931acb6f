"""Each sandbox layer on its own, with the static (AST) policy bypassed.

The AST pass is the first line; these tests show that the layers behind it still stop an
escape when it is skipped: the restricted namespace (in-process), and the audit hook plus
OS limits (in a real child process, via layer_probe.py).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from setdresser.blender_addon.core.sandbox_env import numpy_proxy, restricted_globals
from setdresser.blender_addon.core.sandbox_policy import SandboxError, check_source

PROBE = Path(__file__).with_name("layer_probe.py")


def _run_restricted(code: str) -> dict[str, Any]:
    scope = restricted_globals({"marker": "recorder"}, "layer_test")
    exec(compile(code, "layer_test", "exec"), scope)  # noqa: S102 - the namespace under test
    return scope


@pytest.mark.parametrize("code, error", [
    ("__import__('os')", ImportError),
    ("import os", ImportError),
    ("import numpy.lib", ImportError),
    ("from numpy import ctypeslib", ImportError),
    ("from numpy import testing", ImportError),
    ("open('/etc/passwd')", NameError),
    ("eval('1')", NameError),
    ("exec('x = 1')", NameError),
    ("compile('1', 'f', 'eval')", NameError),
    ("globals()", NameError),
    ("setattr(np, 'x', 1)", NameError),
    ("object", NameError),
    ("getattr(len, '__self__')", AttributeError),
    ("getattr(np.zeros(1), 'tofile')", AttributeError),
    ("type('T', (), {})", TypeError),
    ("np.load", AttributeError),
    ("np.save", AttributeError),
    ("np.fromfile", AttributeError),
    ("np.memmap", AttributeError),
    ("np.ctypeslib", AttributeError),
    ("np.lib", AttributeError),
    ("np.DataSource", AttributeError),
    ("np.genfromtxt", AttributeError),
    ("np.loadtxt", AttributeError),
    ("np.savetxt", AttributeError),
    ("np.random.bit_generator", AttributeError),
    ("np.linalg.linalg", AttributeError),
])
def test_restricted_namespace_refuses(code: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        _run_restricted(code)


def test_restricted_namespace_still_computes() -> None:
    scope = _run_restricted(
        "import numpy\nfrom numpy import linalg\nimport math\nfrom setdresser.script import *\n"
        "r = float(linalg.norm(numpy.ones(4)) + math.sqrt(4))\n"
        "g = np.random.default_rng(3).random(2)\nm = marker\nok = hasattr(np, 'zeros') and not hasattr(np, 'load')\n")
    assert scope["r"] == pytest.approx(4.0) and scope["g"].shape == (2,)
    assert scope["m"] == "recorder" and scope["ok"] is True


def test_c_level_import_pattern_hands_out_nothing_real() -> None:
    # numpy's C code calls __import__(name, g, g, [], 0) for its side effect; it gets a placeholder
    scope = restricted_globals({}, "layer_test")
    placeholder = scope["__builtins__"]["__import__"]("os", scope, scope, [], 0)
    assert placeholder.__name__ == "already imported" and not hasattr(placeholder, "system")
    with pytest.raises(ImportError):
        scope["__builtins__"]["__import__"]("not_imported_anywhere_xyz", scope, scope, [], 0)


def test_guarded_array_classes_behave_like_the_real_ones() -> None:
    scope = _run_restricted(
        "a = np.zeros(2)\nchecks = [isinstance(a, np.ndarray), type(a) == np.ndarray, issubclass(np.recarray, "
        "np.ndarray), np.ndarray((3,)).shape == (3,), float(np.ndarray.sum(np.ones(2))), type(int) == type]\n")
    assert scope["checks"] == [True, True, True, True, 2.0, True]


def test_numpy_proxy_is_a_fresh_module() -> None:
    proxy = numpy_proxy()
    assert proxy.__name__ == "numpy (sandboxed)"
    assert "load" not in vars(proxy) and "ctypeslib" not in vars(proxy) and "lib" not in vars(proxy)
    assert proxy.zeros(2).shape == (2,)


def test_policy_reports_the_first_bad_line() -> None:
    with pytest.raises(SandboxError) as info:
        check_source("x = 1\ny = x.__class__\nimport os\n")
    assert (info.value.kind, info.value.line) == ("policy", 2)


@pytest.mark.parametrize("source", ["x = " + "-" * 100_000 + "1", "y = a" + ".b" * 100_000, "x = 1\n" * 200_000])
def test_policy_turns_pathological_sources_into_clear_errors(source: str) -> None:
    with pytest.raises(SandboxError) as info:
        check_source(source)
    assert info.value.kind == "syntax"
    assert "nested too deeply" in str(info.value) or "the limit is 1000000" in str(info.value)


def test_policy_allows_a_realistic_script() -> None:
    check_source("from setdresser.script import *\nimport numpy as np\nimport math\nfrom numpy import linalg\n"
                 "input = 3\nvalues = [v ** 2 for v in range(input)]\nlabel = f'{values!r:>10}'\n"
                 "@custom_relation('x')\ndef x(poses, idx, params):\n    return np.ones(poses.batch)\n")


def _probe(code: str, *flags: str) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-I", str(PROBE), *flags], input=code.encode(), capture_output=True,
                          timeout=20, check=False)
    assert proc.stdout, proc.stderr.decode()[-2000:]
    return json.loads(proc.stdout)


SUBCLASS_ESCAPE = ("result = [c for c in ().__class__.__bases__[0].__subclasses__() if c.__name__ == "
                   "'catch_warnings'][0]()._module.__builtins__['__import__']('os').system('echo pwned')")


@pytest.mark.parametrize("code, flags, blocked", [
    (SUBCLASS_ESCAPE, (), "os.system"),
    ("result = open('/etc/passwd').read()", ("--real-builtins",), "open('/etc/passwd'"),
    ("import os\nresult = os.open('{tmp}/pwned', os.O_CREAT | os.O_WRONLY)", ("--real-builtins",), "pwned"),
    ("import os\nresult = os.fork()", ("--real-builtins",), "os.fork"),
    ("import os\nos.remove('{tmp}/keep.txt')", ("--real-builtins",), "os.remove"),
    ("import socket\nresult = socket.socket()", ("--real-builtins",), "socket"),
    ("import sys\nresult = sys.modules['ctypes'].CDLL(None)", ("--real-builtins",), "ctypes"),
    ("import gc\nresult = gc.get_referrers(1)", ("--real-builtins",), "gc.get_referrers"),
    ("def g():\n    yield 1\nresult = g().gi_frame.f_back", (), "gi_frame"),
    ("result = compile('1', '/etc/passwd', 'eval')", ("--real-builtins",), "compile"),
    ("import sys\nresult = sys._getframe()", ("--real-builtins",), "sys._getframe"),
])
def test_audit_hook_blocks_escapes_past_the_static_check(code: str, flags: tuple[str, ...], blocked: str,
                                                         tmp_path: Path) -> None:
    keep = tmp_path / "keep.txt"
    keep.write_text("still here")
    reply = _probe(code.replace("{tmp}", str(tmp_path)), *flags)
    assert reply["error"] is not None and blocked in reply["error"], reply
    assert reply["violations"] and blocked in reply["violations"][0]
    assert keep.read_text() == "still here" and sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


def test_a_violation_records_the_generated_line() -> None:
    reply = _probe("x = 1\nimport os\nos.fork()\n", "--real-builtins")
    assert reply["violations"] == ["os.fork() at probe.py:3"]


def test_os_limits_hold_even_without_the_hook(tmp_path: Path) -> None:
    # listdir is not an audited side effect; the open-files limit (0) still stops it
    reply = _probe("import os\nresult = os.listdir('/')", "--real-builtins")
    assert "Too many open files" in (reply["error"] or ""), reply
