"""Custom scoring functions: carried out of a script as source, compiled back into Relations.

A constraint script defines a custom relation as a top-level function decorated with
``@custom_relation("NAME")``; constraints use it as ``"custom:NAME"``. The program carries
the function's *source* (decorator included, plus the top-level ``import`` lines it uses),
so ``render_script`` writes a script that re-creates it and the sandbox can compile it
again for the solver. The function must be self-contained: besides its imports it may
use only builtins, ``np``, ``math`` and its parameters.

Inside the sandbox, :func:`build_relation` turns the source into a
:class:`~skill_library.base.Relation` named ``custom:NAME`` whose arity comes from the
constraints using it, whose parameters are free, and whose check is ``score >= 0.9``.
"""

from __future__ import annotations

import ast
import builtins
import symtable
from typing import Any, Callable, Mapping

import numpy as np

from ...skill_library.base import Param, Poses, Relation, RelationSpec
from .errors import ProgramError
from .model import Program
from .sandbox_env import GUARDED_BUILTIN_NAMES, SAFE_BUILTIN_NAMES
from .sandbox_policy import SandboxError

CUSTOM_PREFIX = "custom:"
CHECK_THRESHOLD = 0.9  # a custom relation counts as satisfied from this score on
_PREDEFINED = frozenset({"np", "math", "custom_relation"})


def _decorator_name(node: ast.expr) -> str | None:
    """``NAME`` for ``@custom_relation("NAME")``, else None."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "custom_relation"
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        return node.args[0].value
    return None


def extract_custom_sources(tree: ast.Module, source: str, registered: Mapping[str, Any]) -> dict[str, str]:
    """The self-contained source of every custom function the script registered.

    Raises :class:`ProgramError` when a registered function was not declared as a
    top-level ``@custom_relation("NAME")`` function, or uses names defined elsewhere.
    """
    lines = source.splitlines()
    imports = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
               and not (isinstance(node, ast.ImportFrom) and node.module == "setdresser.script")]
    found: dict[str, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for deco in node.decorator_list:
            name = _decorator_name(deco)
            if name is None:
                continue
            start = min(d.lineno for d in node.decorator_list)
            body = "\n".join(lines[start - 1:node.end_lineno])
            found[name] = _self_contained(name, node, _imports_used(source, imports, node), body)
    missing = sorted(set(registered) - set(found))
    if missing:
        raise ProgramError(f"custom relation {missing[0]!r} must be a top-level function decorated with "
                           f"@custom_relation({missing[0]!r}) (a literal name)", "program.py")
    return {name: found[name] for name in registered}


def _imports_used(source: str, imports: list[ast.stmt], node: ast.FunctionDef) -> str:
    """The script's top-level import lines that bind a name the function uses (deduplicated)."""
    used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    lines: list[str] = []
    for imp in imports:
        bound = {(a.asname or a.name).split(".")[0] for a in imp.names}  # type: ignore[attr-defined]
        text = ast.get_source_segment(source, imp) or ""
        if bound & used and text and text not in lines:
            lines.append(text)
    return "\n".join(lines)


def _self_contained(name: str, node: ast.FunctionDef, header: str, body: str) -> str:
    source = f"{header}\n\n{body}\n" if header else f"{body}\n"
    table = symtable.symtable(source, f"custom:{name}", "exec")
    bound_at_top = {s.get_name() for s in table.get_symbols() if s.is_imported()}
    allowed = _PREDEFINED | set(SAFE_BUILTIN_NAMES) | set(GUARDED_BUILTIN_NAMES) | bound_at_top | _exception_names()
    at_top = {s.get_name() for s in table.get_symbols()  # e.g. a default argument's value
              if s.is_referenced() and not (s.is_assigned() or s.is_imported())}
    outside = sorted(n for n in _global_references(table) | at_top if n not in allowed)
    if outside:
        line = next((n.lineno for n in ast.walk(node) if isinstance(n, ast.Name) and n.id == outside[0]), node.lineno)
        raise ProgramError(f"custom relation {name!r} uses {outside[0]!r}, defined outside the function; "
                           "custom functions must be self-contained (define helpers and constants inside)",
                           f"program.py line {line}")
    return source


def _global_references(table: symtable.SymbolTable) -> set[str]:
    names: set[str] = set()
    for child in table.get_children():
        names.update(s.get_name() for s in child.get_symbols() if s.is_global() and s.is_referenced())
        names.update(_global_references(child))
    return names


def _exception_names() -> set[str]:
    return {n for n in dir(builtins) if isinstance(getattr(builtins, n), type)
            and issubclass(getattr(builtins, n), BaseException)}


def check_custom_references(program: Program) -> None:
    """Every ``custom:NAME`` constraint must have its function; raises ProgramError otherwise."""
    for i, con in enumerate(program.constraints):
        name = con.relation[len(CUSTOM_PREFIX):]
        if con.relation.startswith(CUSTOM_PREFIX) and name not in program.custom_functions:
            raise ProgramError(f"uses {con.relation} but no @custom_relation({name!r}) function is defined",
                               f"constraints[{i}] {con.label()}")


def relation_spec(name: str, program: Program) -> RelationSpec:
    """The spec of ``custom:NAME``: arity from the constraints using it, their params free."""
    uses = [c for c in program.constraints if c.relation == CUSTOM_PREFIX + name]
    arities = [len(c.args) for c in uses] or [1]
    params: dict[str, Param] = {}
    for con in uses:
        for key, value in con.params.items():
            params.setdefault(key, Param(name=key, type=_param_type(value)))
    return RelationSpec(name=CUSTOM_PREFIX + name, min_args=min(arities), max_args=max(arities),
                        params=tuple(params.values()), frame_free=False,
                        description=f"custom scoring function {name!r} written by the coder (runs sandboxed)")


def _param_type(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "str"


def wrap_score(name: str, fn: Callable[..., Any]) -> Callable[[Poses, tuple[int, ...], Mapping[str, Any]], np.ndarray]:
    """Call the generated function and coerce its reply to [B] floats in [0, 1] (NaN -> 0)."""
    filename = CUSTOM_PREFIX + name

    def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
        raw = fn(poses, tuple(int(i) for i in idx), dict(params))
        try:
            values = np.asarray(raw, dtype=float)
        except (TypeError, ValueError) as exc:
            raise SandboxError(f"returned {type(raw).__name__}, not numbers: {exc}", kind="runtime",
                               filename=filename) from None
        if values.ndim == 0:
            values = np.full(poses.batch, float(values))
        if values.shape != (poses.batch,):
            raise SandboxError(f"returned shape {values.shape}; a score function must return [B] = "
                               f"({poses.batch},) values", kind="runtime", filename=filename)
        return np.clip(np.nan_to_num(values, nan=0.0, posinf=1.0, neginf=0.0), 0.0, 1.0)

    return score


def make_relation(name: str, fn: Callable[..., Any], program: Program) -> Relation:
    """A Relation for the solver around one compiled custom function."""
    score = wrap_score(name, fn)

    def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
        return score(poses, idx, params) >= CHECK_THRESHOLD

    return Relation(spec=relation_spec(name, program), score=score, check=check, source=CUSTOM_PREFIX + name)
