"""Test helper: a 'solver' that tries to delete the file named by the prompt, swallows the
refusal, then solves normally. The sandbox must still fail the run and keep the file."""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

_SPEC = importlib.util.spec_from_file_location("fake_solver_for_nosy", Path(__file__).with_name("fake_solver.py"))
assert _SPEC is not None and _SPEC.loader is not None
_FAKE = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_FAKE)


def solve(program: Any, **kwargs: Any) -> Any:
    """Try ``os.remove(prompt)`` (refused by the audit hook), ignore the error, then solve."""
    try:
        os.remove(kwargs["prompt"])
    except PermissionError:
        pass
    return _FAKE.solve(program, **kwargs)
