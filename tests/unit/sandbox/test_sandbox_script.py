"""run_script: a constraint script in, the program it declares out (through a real subprocess)."""
from __future__ import annotations

import textwrap

import numpy as np
import pytest

from setdresser.blender_addon.core.errors import BadInput, ProgramError
from setdresser.blender_addon.core.sandbox import OUTPUT_CHARS, SandboxError, run_script
from setdresser.blender_addon.core.script_api import render_script

DESK_SCRIPT = textwrap.dedent('''\
    from setdresser.script import *
    import numpy as np

    bounds(min=(-3, -3, 0), max=(3, 3, 3))
    desk = add_object("desk_1", "desk", (1.4, 0.7, 0.75), asset="procedural:desk")
    add_object("lamp_1", "lamp", (0.2, 0.2, 0.5))
    add_object("tv_1", "tv", (1.2, 0.1, 0.7), locked=True, location=(0, 2.9, 0.9), rotation_euler=(0, 0, 3.14159))
    relate("against_wall", desk, wall="north")
    relate("on_top_of", "lamp_1", desk, weight=2.0)
    relate("custom:near_center", "lamp_1", radius=0.5, hard=True)
    for i in range(2):
        print("declared", i, np.arange(2))

    @custom_relation("near_center")
    def near_center(poses, idx, params):
        d = np.linalg.norm(poses.pos[:, idx[0], :2], axis=1)
        return np.clip(1.0 - d / params.get("radius", 1.0), 0.0, 1.0)
    ''')


def test_valid_script_yields_the_declared_program() -> None:
    result = run_script(DESK_SCRIPT, timeout_s=5)
    program = result.program
    assert [o.id for o in program.objects] == ["desk_1", "lamp_1", "tv_1"]
    assert program.objects[0].asset == "procedural:desk"
    assert program.objects[2].locked and program.objects[2].location == (0.0, 2.9, 0.9)
    assert program.bounds is not None and program.bounds.max == (3.0, 3.0, 3.0)
    labels = [(c.relation, c.args, c.params, c.weight, c.hard) for c in program.constraints]
    assert labels == [
        ("against_wall", ("desk_1",), {"wall": "north"}, 1.0, False),
        ("on_top_of", ("lamp_1", "desk_1"), {}, 2.0, False),
        ("custom:near_center", ("lamp_1",), {"radius": 0.5}, 1.0, True),
    ]
    assert result.stdout == "declared 0 [0 1]\ndeclared 1 [0 1]\n"
    assert not result.stdout_truncated
    assert 0.0 < result.duration_s < 5.0


def test_custom_function_is_carried_as_self_contained_source() -> None:
    program = run_script(DESK_SCRIPT, timeout_s=5).program
    source = program.custom_functions["near_center"]
    assert source.startswith("import numpy as np\n")
    assert '@custom_relation("near_center")\ndef near_center(poses, idx, params):' in source
    assert "print(" not in source and "add_object" not in source


def test_custom_function_round_trips_through_render_script() -> None:
    first = run_script(DESK_SCRIPT, timeout_s=5).program
    again = run_script(render_script(first), timeout_s=5).program
    assert again.to_dict() == first.to_dict()


def test_np_and_math_are_predefined() -> None:
    script = "add_object('a', 'box', (math.pi / 4, float(np.sqrt(4.0)), 1))\n"
    program = run_script(script, timeout_s=5).program
    assert program.objects[0].dimensions == pytest.approx((0.785398, 2.0, 1.0), abs=1e-6)


def test_common_numpy_works_in_the_sandbox() -> None:
    # array repr, ndarray.mean and structured dtypes make numpy's C code import internals lazily
    calls = ["np.zeros(2)", "np.arange(4.0).mean()", "np.dtype('i4,f8')", "np.linalg.solve(np.eye(2), np.ones(2))",
             "np.percentile(np.arange(5), 50)", "np.fft.fft(np.ones(2))", "np.random.default_rng(1).integers(0, 9, 2)"]
    result = run_script("\n".join(f"print(repr({c}))" for c in calls) + "\n", timeout_s=5)
    expected = [repr(eval(c, {"np": np})) for c in calls]  # noqa: S307 - the same calls, unsandboxed
    assert result.stdout.splitlines() == expected


def test_warnings_come_back_as_log_records() -> None:
    result = run_script("x = np.ones(2) / 0\nadd_object('a', 'box', (1, 1, 1))\n", timeout_s=5)
    assert {"level": "WARNING", "logger": "warnings",
            "message": "RuntimeWarning: divide by zero encountered in divide (program.py line 1)"} in result.logs


def test_huge_print_is_truncated_not_fatal() -> None:
    result = run_script("print('x' * 10**7)\nadd_object('a', 'box', (1, 1, 1))\n", timeout_s=5)
    assert result.stdout_truncated
    assert len(result.stdout) == OUTPUT_CHARS
    assert result.program.object_ids() == ["a"]


def test_runtime_error_names_the_line() -> None:
    with pytest.raises(SandboxError) as info:
        run_script("add_object('a', 'box', (1, 1, 1))\n\nx = 1 / 0\n", timeout_s=5)
    assert info.value.kind == "runtime" and info.value.line == 3
    assert "program.py line 3" in str(info.value) and "ZeroDivisionError" in str(info.value)
    assert isinstance(info.value, BadInput)


def test_unknown_object_id_is_a_program_error_naming_the_constraint() -> None:
    with pytest.raises(ProgramError, match=r"on_top_of\(lamp_1, desk_9\).*unknown object id 'desk_9'"):
        run_script("add_object('lamp_1', 'lamp', (1, 1, 1))\nrelate('on_top_of', 'lamp_1', 'desk_9')\n", timeout_s=5)


def test_custom_relation_without_its_function_is_rejected() -> None:
    with pytest.raises(ProgramError, match=r"custom:missing.*no @custom_relation\('missing'\)"):
        run_script("add_object('a', 'box', (1, 1, 1))\nrelate('custom:missing', 'a')\n", timeout_s=5)


def test_custom_function_using_outside_names_is_rejected_with_its_line() -> None:
    script = textwrap.dedent('''\
        RADIUS = 2.0
        add_object("a", "box", (1, 1, 1))
        relate("custom:near", "a")

        @custom_relation("near")
        def near(poses, idx, params):
            return np.clip(1 - np.abs(poses.pos[:, idx[0], 0]) / RADIUS, 0, 1)
        ''')
    with pytest.raises(ProgramError, match=r"line 7: .*'near' uses 'RADIUS', defined outside"):
        run_script(script, timeout_s=5)


def test_custom_relation_needs_a_literal_decorator_name() -> None:
    script = textwrap.dedent('''\
        name = "near"
        def near(poses, idx, params):
            return poses.pos[:, idx[0], 0] * 0 + 1
        custom_relation(name)(near)
        ''')
    with pytest.raises(ProgramError, match=r"top-level function decorated with @custom_relation\('near'\)"):
        run_script(script, timeout_s=5)
