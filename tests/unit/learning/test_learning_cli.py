"""``learn`` refuses to run without an LLM; ``library list|show|diff|rollback`` on a copy."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from learn_replies import PARALLEL_FUNCTION
from setdresser.blender_addon.cli import main
from setdresser.blender_addon.core.learning import library as lib
from setdresser.blender_addon.core.stages.learner import parse_reply
from setdresser.blender_addon.core.stages.base import ReplyParseError
from setdresser.skill_library.registry import load_relations


def test_learn_offline_says_it_needs_an_llm_and_exits_2(tmp_path: Path) -> None:
    prompts = tmp_path / "p.txt"
    prompts.write_text("two chairs\n")
    done = subprocess.run([sys.executable, "-m", "setdresser", "learn", str(prompts), "--llm", "offline"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "needs an LLM" in done.stderr and "Traceback" not in done.stderr
    assert main(["learn", str(tmp_path / "missing.txt"), "--base-url", "http://127.0.0.1:9/v1"]) == 2


def test_library_commands(library: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lib.write_version(library, "parallel", PARALLEL_FUNCTION, {"model": "m", "rationale": "smoother",
                                                               "scenes": [{"prompt": "two chairs"}],
                                                               "tests": {"reason": "gates pass"}})
    root = ["library", "--library", str(library)]
    assert main([*root, "list", "--learned"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "  parallel       v1   builtin  builtin/parallel.py",
        "* parallel       v2   learned  learned/parallel/v2/relation.json"]
    assert main([*root, "show", "parallel"]) == 0
    shown = capsys.readouterr().out
    assert "parallel v2 (learned, active)" in shown and "np.exp" in shown and "gates pass" in shown
    assert main([*root, "show", "parallel", "--version", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rationale"] == "smoother"
    assert main([*root, "diff", "parallel", "1", "2"]) == 0
    assert "+++ parallel v2" in capsys.readouterr().out
    assert main([*root, "rollback", "parallel"]) == 0
    assert "v2 -> v1" in capsys.readouterr().out and load_relations(library)["parallel"].spec.version == 1
    assert main([*root, "rollback", "parallel"]) == 2  # v1 is the oldest
    assert main([*root, "rollback", "parallel", "--to", "2"]) == 0
    assert load_relations(library)["parallel"].spec.version == 2
    assert main([*root, "show", "parallel", "--version", "9"]) == 2
    assert main([*root, "show", "nope"]) == 2


def test_learner_replies_are_checked_strictly() -> None:
    good = json.dumps({"relation": "parallel", "source": f"```python\n{PARALLEL_FUNCTION}```", "rationale": "r"})
    assert parse_reply(good, "parallel").source == PARALLEL_FUNCTION
    for reply, words in (
            ({"relation": "facing", "source": PARALLEL_FUNCTION, "rationale": "r"}, "expected 'parallel'"),
            ({"relation": "parallel", "source": "import os\n" + PARALLEL_FUNCTION, "rationale": "r"}, "'os'"),
            ({"relation": "parallel", "source": "K = 1\n" + PARALLEL_FUNCTION.replace("0.3", "K"), "rationale": "r"},
             "self-contained"),
            ({"relation": "parallel", "source": PARALLEL_FUNCTION + "\ndef extra():\n    return 1\n",
              "rationale": "r"}, "exactly one"),
            ({"relation": "parallel", "source": PARALLEL_FUNCTION.replace('"parallel")', '"tidy")'),
              "rationale": "r"}, "custom_relation('parallel')")):
        with pytest.raises(ReplyParseError, match=words.replace("(", r"\(").replace(")", r"\)")):
            parse_reply(json.dumps(reply), "parallel")
