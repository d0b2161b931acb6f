"""Hostile scripts through the real CLI. The attack is the model's reply (served by the scripted
OpenAI-compatible server) or a custom function in a program file: every technique reported in
issue 12 and the classic ones. None creates, reads, changes or deletes a file, opens a socket,
signals a process, outlives the run or sees the key; each ends with one clear line."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS / "unit" / "llm"))
from llm_replies import ASSETS, GRAPH, SCRIPT
from support.openai_server import OpenAIServer, json_reply, openai_server, text  # noqa: F401

ROOT = TESTS.parent
KEY = "sk-attack-test-key-0123456789"
SAFETY_TIMEOUT_S = 240  # a hang fails the test instead of blocking the suite; never a speed check

# Each body is the inside of a scoring function or a script line; MARK is a path that must never appear.
ATTACKS = {
    "frombuffer_object": "a = np.array([len], dtype=object)\nb = np.frombuffer(a, dtype=np.int64)",
    "chararray_buffer": "c = np.chararray((8,), buffer=np.zeros(8), itemsize=1)",
    "printoptions_payload": "np.set_printoptions(formatter={'all': lambda x: open(MARK, 'w')})\n"
                            "raise ValueError(np.array([1.0]))",
    "mknod": "import os\nos.mknod(MARK)",
    "mkfifo": "np.os.mkfifo(MARK)",
    "passwd": "data = open('/etc/passwd').read()\nprint(data)",
    "fork_setsid": "import os\nif os.fork() == 0:\n    os.setsid()",
    "parent_cmdline": "key = open(f'/proc/{np.os.getppid()}/cmdline').read()",
    "socket": "import socket\ns = socket.create_connection(('127.0.0.1', 9))",
    "class_chain": "sub = ().__class__.__base__.__subclasses__()",
    "globals_chain": "def f():\n    return 1\ng = f.__globals__['__builtins__']",
    "format_attribute": "s = '{0.__class__.__init__.__globals__}'.format(np)",
    "fstring_attribute": "s = f'{np.__spec__}'",
    "getattr_built_name": "f = getattr(np, 'lo' + 'ad')",
    "huge_allocation": "a = np.ones((200000, 200000))",
    "huge_string": "s = 'x' * (10 ** 10)",
    "huge_integer": "n = 10 ** (10 ** 8)",
    "deep_recursion": "def f(n):\n    return f(n + 1)\nx = f(0)",
    "infinite_loop": "for i in range(10 ** 18):\n    x = i",
    "while_forever": "while True:\n    pass",
}


def _custom_program(body: str, mark: Path) -> dict:
    inner = "\n".join("    " + line for line in body.replace("MARK", repr(str(mark))).splitlines())
    source = (f'@custom_relation("evil")\ndef evil(poses, idx, params):\n{inner}\n'
              "    return np.ones(poses.batch)\n")
    return {"schema": "setdresser.program/1", "bounds": {"min": [-2, -2, 0], "max": [2, 2, 2.5]},
            "objects": [{"id": "desk_1", "category": "desk", "dimensions": [1.2, 0.6, 0.75]}],
            "constraints": [{"relation": "custom:evil", "args": ["desk_1"], "params": {}}],
            "custom_functions": {"evil": source}}


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _cli(*args: str, cwd: Path, extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, **(extra_env or {}))
    env.pop("OPENAI_BASE_URL", None)
    env["PYTHONPATH"] = str(ROOT.parent) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "setdresser", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=SAFETY_TIMEOUT_S, env=env, check=False)


def _one_clean_line(done: subprocess.CompletedProcess[str]) -> str:
    lines = [line for line in done.stderr.splitlines() if line.strip() and "error" in line.lower()]
    assert "Traceback" not in done.stderr and len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_a_hostile_custom_function_in_a_program_fails_safely(name: str, tmp_path: Path) -> None:
    user = tmp_path / "user"
    user.mkdir()
    (user / "notes.txt").write_text("the user's own file")
    mark = tmp_path / "pwned"
    (user / "program.json").write_text(json.dumps(_custom_program(ATTACKS[name], mark)))
    before = _snapshot(user)
    done = _cli("solve", "program.json", "--out", "layout.json", "--effort", "0.167", cwd=user)
    assert done.returncode == 2, done.stderr
    line = _one_clean_line(done)
    assert "custom:evil line" in line
    assert _snapshot(user) == before and not mark.exists()  # nothing written, changed or deleted
    assert "root:" not in done.stdout + done.stderr  # /etc/passwd was not read


@pytest.mark.parametrize("name", ["passwd", "parent_cmdline", "printoptions_payload", "fork_setsid", "socket",
                                  "class_chain", "format_attribute", "huge_allocation", "infinite_loop"])
def test_a_hostile_coder_reply_is_refused_fed_back_and_ends_in_one_line(
        name: str, openai_server: OpenAIServer, tmp_path: Path) -> None:  # noqa: F811 (fixture)
    mark = tmp_path / "pwned"
    attack = SCRIPT + ATTACKS[name].replace("MARK", repr(str(mark))) + "\n"
    openai_server.script(json_reply(ASSETS), json_reply(GRAPH), text(f"```python\n{attack}```"), repeat_last=True)
    user = tmp_path / "user"
    user.mkdir()
    (user / "notes.txt").write_text("the user's own file")
    before = _snapshot(user)
    done = _cli("generate", "a lamp on a desk", "--out", str(tmp_path / "scene"), "--llm", "openai",
                "--base-url", openai_server.url, "--model", "test-model", "--api-key", KEY, "--llm-retries", "1",
                "--render", "none", "--effort", "0.167", "--max-iterations", "1", cwd=user)
    assert done.returncode in (1, 2), done.stderr
    line = _one_clean_line(done)
    assert "program.py line" in line and KEY not in done.stdout + done.stderr
    assert _snapshot(user) == before and not mark.exists()
    fed_back = openai_server.requests[-1].message_texts()[-1]
    assert "program.py line" in fed_back  # the model was told which line failed
    for path in (tmp_path / "scene").rglob("*"):
        assert not path.is_file() or KEY.encode() not in path.read_bytes(), path
