"""A missing optional package ends with one line naming the pip extra (issue 15 item 9): openai
(generate --llm openai), ladybug (query), ray (batch --workers 2) and open_clip (index-assets
--clip-model, evaluate's CLIP score), each run through the real CLI with the package hidden."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _cli(hidden: str, argv: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    code = (f"import sys; sys.modules[{hidden!r}] = None\n"  # as if the package were not installed
            "from setdresser.blender_addon.cli import main\n"
            f"sys.exit(main({argv!r}))\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=240,
                          cwd=ROOT.parent)


def test_missing_openai_names_the_llm_extra(tmp_path: Path) -> None:
    done = _cli("openai", ["generate", "a desk", "--out", str(tmp_path / "out"), "--llm", "openai",
                           "--base-url", "http://127.0.0.1:9", "--render", "none"], tmp_path)
    assert done.returncode == 1, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert lines[-1] == "error: this needs the optional package 'openai': pip install 'setdresser[llm]'", done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("hidden, argv, extra, status", [
    ("ladybug", ["query", "{tmp}", "MATCH (o:Object) RETURN o.id"], "graph", 1),
    ("ray", ["batch", "{tmp}/prompts.txt", "--out", "{tmp}/batch", "--workers", "2"], "batch", 2),
    ("open_clip", ["index-assets", "{tmp}", "--out", "{tmp}/index", "--clip-model", "ViT-B-32"], "clip", 2),
])
def test_a_missing_optional_package_names_its_extra(hidden: str, argv: list[str], extra: str, status: int,
                                                    tmp_path: Path) -> None:
    (tmp_path / "prompts.txt").write_text("a desk\n")
    done = _cli(hidden, [a.replace("{tmp}", str(tmp_path)) for a in argv], tmp_path)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == status and len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ") and f"pip install 'setdresser[{extra}]'" in lines[0], done.stderr


def test_evaluate_says_which_extra_the_clip_score_needs() -> None:
    code = ("import sys; sys.modules['open_clip'] = None\n"
            "from setdresser.blender_addon.core.evaluation.clip import find_clip\n"
            "print(find_clip('weights.pt').reason)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT.parent)
    assert done.stdout.strip() == "open_clip is not installed (pip install 'setdresser[clip]')", done.stderr
