"""A missing optional package ends with one line naming the pip extra (issue 15 item 9)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_missing_openai_names_the_llm_extra(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['openai'] = None\n"  # as if the package were not installed
            "from setdresser.blender_addon.cli import main\n"
            f"sys.exit(main(['generate', 'a desk', '--out', {str(tmp_path / 'out')!r}, '--llm', 'openai', "
            "'--base-url', 'http://127.0.0.1:9', '--render', 'none']))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=240,
                          cwd=ROOT.parent)
    assert done.returncode == 1, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert lines[-1] == "error: this needs the optional package 'openai': pip install 'setdresser[llm]'", done.stderr
    assert "Traceback" not in done.stderr
