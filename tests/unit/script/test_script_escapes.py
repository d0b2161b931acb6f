"""The classic and the reported escapes, in the script language: each is refused (statically
or when evaluated) as one line naming where, nothing is read, written or started, and the
next script runs normally. Scripts are interpreted in this process: there is no sandbox to
break out of, only a language without the constructs an escape needs."""
from __future__ import annotations

import os
import textwrap
from pathlib import Path

import numpy as np
import pytest
from setdresser.blender_addon.core.script import ScriptError, compile_score, run_script
from setdresser.blender_addon.core.script_api import render_script
from setdresser.blender_addon.core.stage_set import numpy_solve
from setdresser.blender_addon.core.solve_record import Budget
from setdresser.skill_library.base import Poses

HEADER = "from setdresser.script import *\nimport numpy as np\n"
ATTACKS = {
    "open_passwd": "print(open('/etc/passwd').read())",
    "write_file": "f = open('pwned.txt', 'w')",
    "import_os": "import os",
    "import_socket": "import socket",
    "import_ctypes": "import ctypes",
    "from_os": "from os import system",
    "numpy_lib": "import numpy.lib",
    "fork": "import os\nos.fork()",
    "mknod": "np.os.mknod('/tmp/pwned')",
    "dunder_import": "os = __import__('os')",
    "subclasses": "x = ().__class__.__bases__[0].__subclasses__()",
    "func_globals": "def f():\n    pass\ng = f.__globals__",
    "getattr_built_name": "g = getattr(np, 'lo' + 'ad')",
    "builtins_name": "b = __builtins__",
    "eval": "eval('1 + 1')",
    "exec": "exec('x = 1')",
    "compile": "c = compile('1', 'f', 'eval')",
    "globals": "g = globals()",
    "np_load": "a = np.load('/etc/passwd')",
    "np_fromfile": "a = np.fromfile('/etc/passwd')",
    "np_frombuffer_object": "a = np.frombuffer(np.array([None]), dtype=np.int64)",
    "np_chararray_buffer": "a = np.chararray((1,), buffer=np.zeros(1))",
    "np_ndarray_buffer": "a = np.ndarray((1,), dtype='O', buffer=np.zeros(1))",
    "object_array": "a = np.array([1, 'x'], dtype=object)",
    "object_array_string": "a = np.zeros(2, dtype='O')",
    "set_printoptions": "np.set_printoptions(formatter={'all': print})\nx = str(np.zeros(3))",
    "tofile": "np.zeros(3).tofile('pwned.bin')",
    "generator_frame": "def g():\n    yield 1\nf = g().gi_frame",
    "str_format": "s = '{0.__class__}'.format(1)",
    "fstring_attribute": "s = f'{np.__class__}'",
    "fstring_spec_nested": "s = f'{1:{np}}'",
    "percent_format": "s = '%s' % (np,)",
    "class_def": "class A:\n    pass",
    "type_three_args": "T = type('T', (), {})",
    "lambda": "f = lambda: 0",
    "raise": "raise ValueError(np.zeros(3))",
    "try_swallow": "try:\n    open('x')\nexcept Exception:\n    pass",
    "while_forever": "while True:\n    pass",
    "socket_via_math": "math.socket",
    "params_dunder": "x = custom_relation.__closure__",
    "module_as_value": "m = np\nx = m.linalg.__dict__",
    "subscript_module": "x = np['load']",
    "call_namespace": "x = np()",
    "setattr": "setattr(np, 'pi', 3)",
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_every_escape_is_refused_and_touches_nothing(name: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ScriptError) as info:
        run_script(HEADER + ATTACKS[name] + "\n")
    message = str(info.value)
    assert message.startswith("program.py line ") and "\n" not in message and len(message) < 400
    assert list(tmp_path.iterdir()) == [] and not os.path.exists("/tmp/pwned")
    assert run_script(HEADER + "add_object('a', 'box', (1, 1, 1))\n").program.object_ids() == ["a"]


def test_a_scoring_function_gets_no_more_than_a_script(tmp_path: Path) -> None:
    poses = Poses(pos=np.zeros((2, 1, 3)), yaw=np.zeros((2, 1)), size=np.ones((2, 1, 3)))
    for body in ("open('/etc/passwd')", "x = poses.__class__", "x = poses.pos.ctypes", "x = params.__dict__",
                 "x = params.get.__self__", "x = idx.__class__", "x = poses.pos.base"):
        source = f'@custom_relation("x")\ndef x(poses, idx, params):\n    {body}\n    return 1.0\n'
        with pytest.raises(ScriptError):
            compile_score("x", source)(poses, (0,), {})


DESK_SCRIPT = textwrap.dedent('''\
    from setdresser.script import *
    import numpy as np
    bounds(min=(-3, -3, 0), max=(3, 3, 3))
    add_object("desk_1", "desk", (1.4, 0.7, 0.75))
    add_object("chair_1", "chair", (0.5, 0.5, 0.9))
    relate("custom:east_side", "chair_1", x=2.0)

    @custom_relation("east_side")
    def east_side(poses, idx, params):
        return np.exp(-np.abs(poses.pos[:, idx[0], 0] - params["x"]))
    ''')


def test_the_real_solver_climbs_an_interpreted_custom_relation() -> None:
    program = run_script(DESK_SCRIPT).program
    layout = numpy_solve(program, 1, Budget(effort=0.333), "")
    result = layout.constraints[0]
    assert result.relation == "custom:east_side" and result.satisfied
    assert layout.by_id()["chair_1"].location[0] == pytest.approx(2.0, abs=0.15)


def test_a_custom_function_round_trips_through_render_script() -> None:
    first = run_script(DESK_SCRIPT).program
    assert run_script(render_script(first)).program.to_dict() == first.to_dict()
