"""Test helper, run as a subprocess: executes code under the sandbox's *runtime* layers only.

The AST policy is skipped on purpose, to show that the restricted builtins, the audit hook
and the OS limits stop an escape even when the static check is bypassed.
Usage: python -I layer_probe.py < code ; prints one JSON line.
"""
from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def main() -> None:
    sys.path.insert(0, str(ROOT / "blender_addon" / "core"))
    worker = importlib.import_module("sandbox_worker")
    sys.path.pop(0)
    worker.load_package(ROOT)
    env = importlib.import_module("setdresser.blender_addon.core.sandbox_env")
    guard_mod = importlib.import_module("setdresser.blender_addon.core.sandbox_guard")
    code = compile(sys.stdin.read(), "probe.py", "exec")
    use_real_builtins = "--real-builtins" in sys.argv
    scope = {"__builtins__": __builtins__} if use_real_builtins else env.restricted_globals({}, "probe")
    env.numpy_proxy()
    reply_fd = os.dup(1)
    guard = guard_mod.AuditGuard(guard_mod.readable_roots(ROOT))
    guard_mod.install_signal_handlers()
    guard_mod.apply_limits(512, 5)
    result: dict[str, object] = {"error": None}
    guard.armed = True
    guard.allow_one_exec()
    try:
        exec(code, scope)  # noqa: S102 - test probe of the sandbox layers
        result["value"] = repr(scope.get("result"))[:300]
    except BaseException as exc:  # noqa: BLE001 - report every failure
        result["error"] = f"{type(exc).__name__}: {exc}"[:300]
    guard.armed = False
    result["violations"] = [f"{v.what} at {v.filename}:{v.line}" for v in guard.violations]
    os.write(reply_fd, json.dumps(result).encode())
    os._exit(0)


if __name__ == "__main__":
    main()
