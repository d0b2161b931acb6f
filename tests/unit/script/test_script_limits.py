"""Every limit of the script language holds, is counted in steps and sizes (never seconds),
and ends as a one-line ScriptError naming the line, before the work or the memory is spent."""
from __future__ import annotations

import numpy as np
import pytest
from setdresser.blender_addon.core.script import Limits, ScriptError, run_script

HEADER = "from setdresser.script import *\n"
BOMBS = [
    ("for i in range(10 ** 15):\n    x = i\n", "steps"),  # CPU bomb: an endless loop
    ("def f(n):\n    return f(n + 1)\nf(0)\n", "calls nest deeper"),  # recursion
    ("x = np.zeros((100000, 100000))\n", "elements"),  # memory bomb, refused before numpy allocates
    ("x = np.ones(10 ** 12)\n", "elements"),
    ("x = np.arange(0, 1e12)\n", "elements"),
    ("x = np.linspace(0, 1, 10 ** 10)\n", "elements"),
    ("x = np.zeros(2000)\ny = np.outer(x, np.zeros(10 ** 6))\n", "elements"),
    ("x = np.zeros(3000) + np.zeros((3000, 1))\n", "elements"),  # broadcasting bomb
    ("x = np.zeros((1000, 1000))\ny = x[np.zeros(10 ** 4, dtype=int)]\n", "elements"),  # fancy-index bomb
    ("x = np.tile(np.zeros(1000), 10 ** 6)\n", "elements"),
    ("x = 'a' * 10 ** 9\n", "longer than"),  # huge output / string
    ("x = [0] * 10 ** 9\n", "longer than"),
    ("x = list(range(10 ** 9))\n", "longer than"),
    ("x = 10 ** 10 ** 10\n", r"2\*\*63"),  # a 5,000-digit (or worse) integer
    ("x = int('9' * 5000)\n", r"2\*\*63"),
    ("x = 2 ** 62 * 4\n", r"2\*\*63"),
    ("x = [i for i in range(10 ** 7)]\n", "steps|too many items"),
    ("x = []\nfor i in range(10 ** 6):\n    x = x + [i]\n", "longer than|steps"),
    ("x = np.zeros(10 ** 6)\nfor i in range(1000):\n    y = np.sort(x)\n", "steps|elements"),
    ("for i in range(2001):\n    add_object(f'a{i}', 'box', (1, 1, 1))\n", "at most 2,000 objects"),
]


@pytest.mark.parametrize("body,message", BOMBS)
def test_bombs_stop_at_a_limit_with_a_line(body: str, message: str) -> None:
    with pytest.raises(ScriptError, match=message) as info:
        run_script(HEADER + "import numpy as np\n" + body)
    assert info.value.kind == "limit" and info.value.line is not None
    assert "\n" not in str(info.value)


def test_deeply_nested_source_is_refused_without_a_crash() -> None:
    for source in ("x = " + "(" * 5000 + "1" + ")" * 5000 + "\n", "x = " + "-" * 100000 + "1\n",
                   "x = " + "[" * 300 + "]" * 300 + "\n"):
        with pytest.raises(ScriptError, match="nested too deeply|too large|too many nested"):
            run_script(HEADER + source)


def test_a_huge_source_is_refused() -> None:
    with pytest.raises(ScriptError, match="at most"):
        run_script(HEADER + "x = 1\n" * 100000)


def test_the_step_limit_is_a_count_not_a_clock() -> None:
    loop = HEADER + "t = 0\nfor i in range(400):\n    t = t + i\n"
    assert run_script(loop, limits=Limits(steps=5000)).program.objects == []
    with pytest.raises(ScriptError, match="more than 1,000 steps") as info:
        run_script(loop, limits=Limits(steps=1000))
    assert info.value.line == 4  # the statement running when the count ran out


def test_print_output_is_capped() -> None:
    result = run_script(HEADER + "for i in range(3000):\n    print('x' * 100)\n")
    assert result.stdout_truncated and len(result.stdout) == 65536


def test_arrays_handed_to_a_score_are_read_only() -> None:
    from setdresser.blender_addon.core.script import compile_score
    from setdresser.skill_library.base import Poses

    pos = np.zeros((2, 1, 3))
    score = compile_score("x", '@custom_relation("x")\ndef x(poses, idx, params):\n'
                               '    p = poses.pos\n    p += 1\n    return np.ones(poses.batch)\n')
    score(Poses(pos=pos, yaw=np.zeros((2, 1)), size=np.ones((2, 1, 3))), (0,), {})
    assert not pos.any()  # '+=' rebinds a name: the caller's array is never written


def test_programs_have_a_documented_object_cap(tmp_path) -> None:
    import json
    import subprocess
    import sys
    from pathlib import Path

    objects = [{"id": f"box_{i}", "category": "box", "dimensions": [0.5, 0.5, 0.5]} for i in range(2001)]
    path = Path(tmp_path) / "program.json"
    path.write_text(json.dumps({"schema": "setdresser.program/1", "objects": objects, "constraints": []}))
    done = subprocess.run([sys.executable, "-m", "setdresser", "solve", str(path), "--out", str(tmp_path / "l.json"),
                           "--effort", "0.333"], capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 2 and "at most 2,000 objects" in done.stderr and "Traceback" not in done.stderr
    assert not (Path(tmp_path) / "l.json").exists()
