"""What the CLI writes for a prompt, read the way the offline CLI tests check it: one place for the
``generate ... --llm offline`` subprocess call the CLI test files shared by copy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any


def generated_layout(prompt: str, out: Path, *extra: str) -> dict[str, Any]:
    """Run ``setdresser generate`` offline (no render, seed 0, quick effort) into ``out``; its layout.json."""
    done = subprocess.run([sys.executable, "-m", "setdresser", "generate", prompt, "--out", str(out), "--force",
                           "--llm", "offline", "--render", "none", "--seed", "0", "--effort", "0.167", *extra],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads((out / "layout.json").read_text(encoding="utf-8"))
