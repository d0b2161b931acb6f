"""Run a constraint script, and turn a scoring function's source into a callable score.

- :func:`run_script`: a constraint script -> :class:`ScriptResult` (the program it declares,
  each custom function's source in ``program.custom_functions``, and what it printed).
- :func:`compile_score`: the source of one ``@custom_relation("NAME")`` function -> a
  :class:`ScoreFunction`, evaluated *vectorised*: each call walks the function once over the
  whole batch of poses (every node yields a numpy array), with its own step budget.

Both run in this process: the evaluator is the security boundary (docs/script_language.md,
SECURITY.md), and no script text is ever compiled to Python code.
"""

from __future__ import annotations

import ast
import inspect
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model import Program
from ..script_api import ScriptRecorder
from .errors import LimitExceeded, ScriptError
from .evaluator import Evaluator, UserFunction
from .functions import TableFunction
from .parser import custom_name, parse
from .values import SCORE_LIMITS, SCRIPT_LIMITS, Budget, Limits, Params, PosesView

MAX_OBJECTS = 2_000  # objects one script may declare (docs/script_language.md)
MAX_CONSTRAINTS = 20_000
ANY_KEYWORD = frozenset({"*"})


@dataclass
class ScriptResult:
    """What running a constraint script gave: the program and what the script printed."""

    program: Program
    stdout: str
    duration_s: float
    stdout_truncated: bool = False
    logs: list[dict[str, Any]] = field(default_factory=list)


def check_script(source: str, filename: str = "program.py") -> ast.Module:
    """Parse and validate without running: the tree, or a :class:`ScriptError` naming the line."""
    return parse(source, filename)


def run_script(source: str, *, filename: str = "program.py", limits: Limits = SCRIPT_LIMITS) -> ScriptResult:
    """Evaluate a constraint script and return the program it declares.

    Raises :class:`ScriptError` for a script outside the language, failing, or over a limit,
    and :class:`~..errors.ProgramError` when the declared program is invalid.
    """
    start = time.monotonic()
    tree = parse(source, filename)
    recorder = ScriptRecorder()
    customs: dict[str, str] = {}

    def on_custom(name: str, node: ast.FunctionDef) -> None:
        customs[name] = function_source(source, node)
        try:
            compile_score(name, customs[name])  # self-contained, or an error naming the line now
        except ScriptError as exc:  # the position in the script, not in the function's own text
            offset = min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1
            raise ScriptError(exc.detail, kind=exc.kind, filename=filename,
                              line=exc.line + offset if exc.line else node.lineno, column=exc.column) from None

    evaluator = Evaluator(filename, Budget(limits), script_api(recorder), on_custom=on_custom)
    evaluator.run(tree)
    program = recorder.program(customs)
    _check_custom_references(program)
    return ScriptResult(program=program, stdout=evaluator.output.text(), duration_s=time.monotonic() - start,
                        stdout_truncated=evaluator.output.truncated)


def function_source(source: str, node: ast.FunctionDef) -> str:
    """The text of a top-level ``def`` with its decorator, dedented, ending in a newline."""
    lines = source.splitlines()
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return "\n".join(lines[first - 1:node.end_lineno]).rstrip() + "\n"


def script_api(recorder: ScriptRecorder) -> dict[str, TableFunction]:
    """``bounds``, ``room``, ``add_opening``, ``add_object`` and ``relate`` bound to ``recorder``, with the
    object cap."""
    counts = {"objects": 0, "constraints": 0}

    def counted(kind: str, cap: int, fn: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            counts[kind] += 1
            if counts[kind] > cap:
                raise LimitExceeded(f"a script may declare at most {cap:,} {kind}")
            return fn(*args, **kwargs)
        return call

    def keywords(fn: Callable[..., Any]) -> frozenset[str]:
        params = inspect.signature(fn).parameters.values()
        if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
            return ANY_KEYWORD
        return frozenset(p.name for p in params if p.kind is not inspect.Parameter.VAR_POSITIONAL)

    return {"bounds": TableFunction("bounds", recorder.bounds, keywords(recorder.bounds)),
            "room": TableFunction("room", recorder.room, keywords(recorder.room)),  # issue 13: architecture
            "add_opening": TableFunction("add_opening", counted("objects", MAX_OBJECTS, recorder.add_opening),
                                         keywords(recorder.add_opening)),
            "add_object": TableFunction("add_object", counted("objects", MAX_OBJECTS, recorder.add_object),
                                        keywords(recorder.add_object)),
            "relate": TableFunction("relate", counted("constraints", MAX_CONSTRAINTS, recorder.relate),
                                    keywords(recorder.relate))}


class ScoreFunction:
    """A custom or learned scoring function, interpreted: ``fn(poses, idx, params) -> [B]`` in [0, 1]."""

    def __init__(self, name: str, source: str, limits: Limits = SCORE_LIMITS, *, clip: bool = True) -> None:
        self.name = name
        self.clip = clip  # False: the raw values (the property tests check the range themselves)
        self.filename = f"custom:{name}"
        self.source = source
        self.limits = limits
        tree = parse(source, self.filename)
        self._node = _the_function(tree, name, self.filename)
        _check_self_contained(self._node, self.filename)
        self._evaluator = Evaluator(self.filename, Budget(limits), {}, on_custom=lambda name, node: None)
        self._evaluator.run(tree)  # binds the def (and the numpy/math imports); runs nothing else
        function = self._evaluator.globals.vars[self._node.name]
        assert isinstance(function, UserFunction)
        self._function = function

    def __call__(self, poses: Any, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
        """The scores of the batch ``poses`` for the objects ``idx``: [B] floats in [0, 1]."""
        self._evaluator.budget = Budget(self.limits)  # every call gets the whole budget
        index = tuple(int(i) for i in idx)
        raw = self._evaluator.call(self._function, [PosesView(poses), index, Params(params)], self._node)
        return _as_scores(raw, int(poses.pos.shape[0]), self.filename, self.clip)


def compile_score(name: str, source: str, limits: Limits = SCORE_LIMITS, *, clip: bool = True) -> ScoreFunction:
    """The interpreted score of ``@custom_relation("NAME")`` in ``source`` (checked now)."""
    return ScoreFunction(name, source, limits, clip=clip)


def _the_function(tree: ast.Module, name: str, filename: str) -> ast.FunctionDef:
    found = None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and any(custom_name(d) == name for d in node.decorator_list):
            found = node
        elif not (isinstance(node, (ast.Import, ast.ImportFrom)) or isinstance(node, ast.Expr)
                  and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            raise ScriptError(f"a scoring function's source holds only its @custom_relation('{name}') def: "
                              "define helpers and constants inside it (self-contained)", kind="construct",
                              filename=filename, line=node.lineno)
    if found is None:
        raise ScriptError(f"the source does not define @custom_relation('{name}')", kind="program",
                          filename=filename)
    if len(found.args.args) != 3:
        raise ScriptError("a scoring function takes exactly (poses, idx, params)", kind="program",
                          filename=filename, line=found.lineno)
    return found


def _check_self_contained(node: ast.FunctionDef, filename: str) -> None:
    """Every name the function reads is bound inside it or is a builtin/namespace name."""
    from .builtins import builtin_table
    from .evaluator import Output

    body = [sub for stmt in node.body for sub in ast.walk(stmt)]
    bound = {a.arg for a in node.args.args}
    for sub in body:
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
            bound.add(sub.id)
        elif isinstance(sub, ast.FunctionDef):
            bound.add(sub.name)
            bound.update(a.arg for a in sub.args.args)
        elif isinstance(sub, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name) for a in sub.names)
    known = bound | set(builtin_table(Output(0))) | {"np", "numpy", "math"}
    for sub in body:
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load) and sub.id not in known:
            raise ScriptError(f"{node.name} uses {sub.id!r}, defined outside the function; scoring functions "
                              "must be self-contained (define helpers and constants inside)", kind="name",
                              filename=filename, line=sub.lineno, column=sub.col_offset + 1)


def _as_scores(raw: Any, batch: int, filename: str, clip: bool = True) -> np.ndarray:
    """The reply as [B] floats, clipped to [0, 1] (NaN -> 0) unless ``clip`` is False."""
    if not isinstance(raw, (int, float, np.ndarray)) or isinstance(raw, np.ndarray) and raw.dtype.kind not in "biuf":
        raise ScriptError(f"returned {type(raw).__name__}, not numbers", kind="type", filename=filename)
    values = np.asarray(raw, dtype=float)
    if values.ndim == 0 or values.size == 1:
        values = np.full(batch, float(values.reshape(-1)[0]) if values.size else 0.0)
    if values.shape != (batch,):
        raise ScriptError(f"returned shape {values.shape}; a score function must return [B] = ({batch},) values",
                          kind="value", filename=filename)
    if not clip:
        return values
    clipped = np.minimum(values, 1.0)  # +inf -> 1 (plain ufuncs: np.clip/nan_to_num cost more than a score)
    np.maximum(clipped, 0.0, out=clipped)  # -inf -> 0; NaN stays NaN ...
    clipped[np.isnan(clipped)] = 0.0  # ... and counts as 0
    return clipped


def _check_custom_references(program: Program) -> None:
    from .custom import check_custom_references

    check_custom_references(program)
