"""Ctrl-C at any moment of ``generate`` (Blender's start-up included) ends with exit 130 and
one line, and a first run's folder is gone (issue 11); a run that finished first exits 0."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _ctrl_c_as_in_a_terminal() -> None:
    """The child gets SIGINT's default action even when the test runner was started with it ignored
    (a background job), as a program started from a terminal has it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.blender
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_ctrl_c_at_a_random_moment(seed: int, tmp_path: Path) -> None:
    out = tmp_path / "scene"
    env = dict(os.environ, PYTHONPATH=str(ROOT.parent))
    proc = subprocess.Popen([sys.executable, "-m", "setdresser", "generate", "a lamp on a desk", "--out", str(out),
                             "--render", "none", "--effort", "0.333", "--max-iterations", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path,
                            preexec_fn=_ctrl_c_as_in_a_terminal)
    time.sleep(random.Random(seed).uniform(0.2, 4.0))  # any moment is fine: the assertions hold for each
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=240)
    assert "Traceback" not in stderr, stderr
    if proc.returncode == 0:  # it finished before the signal came
        assert (out / "layout.json").is_file()
        return
    if proc.returncode == -signal.SIGINT:  # on a loaded machine: ended by SIGINT's default action (the shell
        # shows exit 130 all the same): before the interpreter set its handler (no line), or after the run had
        # answered the Ctrl-C with its one line (seen once on a loaded machine); nothing written either way
        assert stderr in ("", "interrupted\n") and not out.exists(), stderr
        return
    assert proc.returncode == 130, stderr
    assert [line for line in stderr.splitlines() if line.strip()] == ["interrupted"], stderr
    assert not out.exists()
