"""The script language: what it accepts, what it evaluates to, and every other construct
refused as a one-line error naming the line and column."""
from __future__ import annotations

import pytest
from setdresser.blender_addon.core.script import ScriptError, check_script, run_script

HEADER = "from setdresser.script import *\n"
SCRIPT = HEADER + '''import numpy as np
import math

bounds(min=(-3, -3, 0), max=(3, 3, 2.6))
add_object("table_1", "table", (1.2, 0.8, 0.75))
ids = [f"chair_{i}" for i in range(1, 5) if i != 3]
for n, cid in enumerate(ids):
    add_object(cid, "chair", (0.5, 0.5, 0.9), rotation_euler=(0, 0, math.pi * n / 2))
    if n % 2 == 0:
        relate("proximity", cid, "table_1", max_distance=1.0 + n / 10)
    else:
        continue
relate("row", *ids, weight=2.0, hard=len(ids) > 2)
spacing = float(np.max(np.array([0.5, 0.75])))
total = sum([1, 2, 3]) + abs(-2) + min(3, 4) + round(2.6)
label = "big" if total > 5 else "small"
print(f"{label} {total:d} {spacing:.2f}", len(ids))
'''


def test_a_script_declares_its_program_and_prints() -> None:
    result = run_script(SCRIPT)
    program = result.program
    assert [o.id for o in program.objects] == ["table_1", "chair_1", "chair_2", "chair_4"]
    assert program.objects[2].rotation_euler == pytest.approx((0.0, 0.0, 3.14159265 / 2))
    assert [(c.relation, c.args) for c in program.constraints] == [
        ("proximity", ("chair_1", "table_1")), ("proximity", ("chair_4", "table_1")),
        ("row", ("chair_1", "chair_2", "chair_4"))]
    assert program.constraints[1].params == {"max_distance": pytest.approx(1.2)}
    assert program.constraints[2].hard and program.constraints[2].weight == 2.0
    assert result.stdout == "big 14 0.75 3\n"


def test_functions_tuples_and_nested_loops() -> None:
    script = HEADER + '''
def grid_id(row, col=0):
    return f"desk_{row}_{col}"

for r in range(2):
    for c in range(2):
        add_object(grid_id(r, c), "desk", (1.2, 0.6, 0.75))
a, (b, c) = 1, (2, 3)
x = a
x += b * c
if x == 7 and not False or None:
    add_object("lamp_1", "lamp", (0.2, 0.2, 0.5))
'''
    ids = [o.id for o in run_script(script).program.objects]
    assert ids == ["desk_0_0", "desk_0_1", "desk_1_0", "desk_1_1", "lamp_1"]


def test_custom_function_sources_are_kept() -> None:
    script = HEADER + '''add_object("a", "box", (1, 1, 1))
relate("custom:near_origin", "a")

@custom_relation("near_origin")
def near_origin(poses, idx, params):
    d = np.linalg.norm(poses.pos[:, idx[0], :2], axis=-1)
    return np.exp(-d ** 2)
'''
    program = run_script(script).program
    assert program.custom_functions["near_origin"].startswith('@custom_relation("near_origin")\ndef near_origin(')


REFUSED = [
    ("while True:\n    pass\n", "while loops", 2),
    ("f = lambda x: x\n", "lambda", 2),
    ("class A:\n    pass\n", "classes", 2),
    ("import os\n", "only numpy and math", 2),
    ("from os import system\n", "only 'from setdresser.script import *'", 2),
    ("import subprocess as np\n", "only numpy and math", 2),
    ("x = ().__class__\n", "'.__class__'", 2),
    ("x = np.__dict__\n", "'.__dict__'", 2),
    ("x = '{0.__class__}'.format(1)\n", "'.format'", 2),
    ("x = np.load('a.npy')\n", "'.load'", 2),
    ("x = __builtins__\n", "names starting with '__'", 2),
    ("try:\n    pass\nexcept Exception:\n    pass\n", "try", 2),
    ("with x:\n    pass\n", "with", 2),
    ("global x\n", "global", 2),
    ("x = {1, 2}\n", "sets", 2),
    ("x = 1 << 100000\n", "bit shifts", 2),
    ("x = b'abc'\n", "bytes literals", 2),
    ("@staticmethod\ndef f():\n    return 1\n", "the only decorator", 2),
    ("x = (yield)\n", "yield", 2),
    ("x = f'{1:{2}}'\n", "format spec", 2),
    ("del x\n", "del", 2),
    ("x: int = 1\n", "annotated", 2),
    ("relate('a', **{'b': 1})\n", "**mapping", 2),
]


@pytest.mark.parametrize("body,message,line", REFUSED)
def test_constructs_outside_the_language_are_refused_before_anything_runs(body: str, message: str,
                                                                          line: int) -> None:
    with pytest.raises(ScriptError, match="program.py line") as info:
        check_script(HEADER + body)
    assert message in str(info.value) and info.value.line == line and info.value.column is not None
    assert "\n" not in str(info.value)


UNKNOWN = [
    ("x = open('/etc/passwd')\n", "name 'open' is not defined"),
    ("x = eval('1')\n", "name 'eval' is not defined"),
    ("x = getattr(np, 'load')\n", "name 'getattr' is not defined"),
    ("x = np.frombuffer(b, dtype=float)\n", "'.frombuffer' is not part of the script language"),
    ("x = np.set_printoptions(formatter={'all': 1})\n", "'.set_printoptions' is not part of the script language"),
    ("x = np.chararray((2,))\n", "'.chararray' is not part of the script language"),
    ("x = np.random.rand(3)\n", "'.rand' is not part of the script language"),
    ("x = math.sqrt(4).real\n", "'.real' is not part of"),
    ("x = np.linalg.norm\ny = np.pi.shape\n", "has no attribute"),
    ("x = math.sum([1])\n", "math.sum is not in the function table"),
    ("x = np.sum([1, 2], out=None)\n", "no keyword 'out'"),
    ("x = np.array([1, 2], dtype='object')\n", "dtype must be float, int or bool"),
    ("x = np.array(['a', 'b'])\n", "numbers"),
    ("x = len\ny = x.shape\n", "has no attribute"),
    ("x = (1, 2)[0:1:'a']\n", "slice bounds"),
    ("x = str(np.zeros(3)) + 1\n", "unsupported operand"),
    ("x = [1][5]\n", "IndexError"),
    ("x = 1 / 0\n", "division by zero"),
    ("x = np.zeros(3)\nif x:\n    pass\n", "ambiguous"),
    ("x = custom_relation('a')\n", "name 'custom_relation' is not defined"),
]


@pytest.mark.parametrize("body,message", UNKNOWN)
def test_names_outside_the_table_fail_at_their_line(body: str, message: str) -> None:
    with pytest.raises(ScriptError) as info:
        run_script(HEADER + body)
    assert message in str(info.value)
    assert info.value.line is not None and info.value.line >= 2


def test_syntax_errors_name_the_line() -> None:
    with pytest.raises(ScriptError, match=r"program.py line 3.*syntax error") as info:
        run_script(HEADER + "x = 1\nx = (\n")
    assert info.value.kind == "syntax"


def test_a_custom_function_must_be_self_contained() -> None:
    script = HEADER + '''limit = 2.0
add_object("a", "box", (1, 1, 1))
relate("custom:near", "a")

@custom_relation("near")
def near(poses, idx, params):
    return np.exp(-limit * poses.pos[:, idx[0], 0])
'''
    with pytest.raises(ScriptError, match="line 8.*uses 'limit', defined outside the function"):
        run_script(script)


def test_a_custom_relation_without_its_function_is_a_program_error() -> None:
    with pytest.raises(Exception, match="custom:missing"):
        run_script(HEADER + 'add_object("a", "box", (1, 1, 1))\nrelate("custom:missing", "a")\n')
