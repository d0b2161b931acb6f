"""The tree-walking evaluator of the script language.

:class:`Evaluator` walks a tree that :func:`~.parser.parse` accepted. It never hands the
script a Python object it did not make: names resolve to the script's own variables, its
own functions, or entries of the function table; every table result passes
:func:`~.values.admit`. Each node evaluated, loop iteration and call costs a step, array work
costs steps by size, and every limit is a :class:`ScriptError` naming line and column.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .errors import EvalFailure, LimitExceeded, ScriptError
from .expressions import EXPRESSIONS as _EXPRESSIONS
from .functions import (
    ARRAY_METHODS,
    CONSTANTS,
    NAMESPACES,
    TABLE,
    TableFunction,
    array_attribute,
)
from .operators import binary, truth
from .values import Budget, Namespace, Params, PosesView, admit, type_name

CustomHook = Callable[[str, ast.FunctionDef], None]


class Scope:
    """Variables of the module or of one function call; reads fall back to the enclosing scope."""

    def __init__(self, parent: Scope | None = None, names: dict[str, Any] | None = None) -> None:
        self.parent = parent
        self.vars: dict[str, Any] = dict(names or {})

    def lookup(self, name: str) -> Any:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.vars:
                return scope.vars[name]
            scope = scope.parent
        raise EvalFailure(f"name {name!r} is not defined", "name")


@dataclass
class UserFunction:
    """A ``def`` of the script: called only by the evaluator."""

    node: ast.FunctionDef
    scope: Scope
    defaults: tuple[Any, ...]


class _Return(Exception):
    def __init__(self, value: Any) -> None:
        self.value = value


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


@dataclass
class Output:
    """What ``print`` wrote, capped."""

    limit: int
    parts: list[str] = field(default_factory=list)
    size: int = 0
    truncated: bool = False

    def write(self, line: str) -> None:
        room = self.limit - self.size
        if len(line) > room:
            self.truncated = True
            line = line[:max(room, 0)]
        self.parts.append(line)
        self.size += len(line)

    def text(self) -> str:
        return "".join(self.parts)


class Evaluator:
    """Evaluates one script (or one function call) within a :class:`Budget`."""

    def __init__(self, filename: str, budget: Budget, names: dict[str, Any], *,
                 on_custom: CustomHook | None = None) -> None:
        self.filename = filename
        self.budget = budget
        self.output = Output(budget.limits.output_chars)
        self.globals = Scope(None, {**base_names(self.output), **names})
        self.on_custom = on_custom

    # ------------------------------------------------------------ entry points

    def run(self, tree: ast.Module) -> Scope:
        """Execute the module; its variables are the returned scope's."""
        with np.errstate(all="ignore"):
            self._guarded(tree, lambda: self.block(tree.body, self.globals))
        return self.globals

    def call(self, function: Any, args: list[Any], node: ast.AST) -> Any:
        """Call a function value from outside the script (a scoring function), guarded."""
        with np.errstate(all="ignore"):
            return self._guarded(node, lambda: self.call_value(function, args, {}))

    def _guarded(self, node: ast.AST, action: Callable[[], Any]) -> Any:
        try:
            return action()
        except ScriptError:
            raise
        except (_Return, _Break, _Continue):
            raise self._error(node, "return, break or continue outside a function or loop", "construct") from None
        except RecursionError:
            raise self._error(node, "the script nests calls or expressions too deeply", "limit") from None
        except MemoryError:
            raise self._error(node, "out of memory", "limit") from None
        except LimitExceeded as exc:
            raise self._error(node, str(exc), "limit") from None
        except EvalFailure as exc:
            raise self._error(node, str(exc), exc.kind) from None

    def _error(self, node: ast.AST, message: str, kind: str) -> ScriptError:
        column = getattr(node, "col_offset", None)
        return ScriptError(message, kind=kind, filename=self.filename, line=getattr(node, "lineno", None),
                           column=column + 1 if column is not None else None)

    # ------------------------------------------------------------ statements

    def block(self, body: list[ast.stmt], scope: Scope) -> None:
        for stmt in body:
            self.budget.step()
            handler = _STATEMENTS.get(type(stmt))
            if handler is None:
                raise self._error(stmt, f"{type(stmt).__name__} is not part of the script language", "construct")
            try:
                handler(self, stmt, scope)
            except (ScriptError, _Return, _Break, _Continue):
                raise
            except LimitExceeded as exc:
                raise self._error(stmt, str(exc), "limit") from None
            except EvalFailure as exc:
                raise self._error(stmt, str(exc), exc.kind) from None
            except RecursionError:
                raise self._error(stmt, "the script nests calls or expressions too deeply", "limit") from None
            except MemoryError:
                raise self._error(stmt, "out of memory", "limit") from None
            except Exception as exc:  # noqa: BLE001 - a table function (numpy) refused: the script's error
                raise self._error(stmt, f"{type(exc).__name__}: {exc}", "value") from None

    def _expr_stmt(self, stmt: ast.Expr, scope: Scope) -> None:
        self.value_of(stmt.value, scope)

    def _assign(self, stmt: ast.Assign, scope: Scope) -> None:
        value = self.value_of(stmt.value, scope)
        for target in stmt.targets:
            self.bind(target, value, scope)

    def _aug_assign(self, stmt: ast.AugAssign, scope: Scope) -> None:
        if not isinstance(stmt.target, ast.Name):
            raise self._error(stmt, "only a variable can be updated with +=, -=, ...", "construct")
        current = self.at(stmt.target, lambda: scope.lookup(stmt.target.id))  # type: ignore[union-attr]
        value = self.value_of(stmt.value, scope)
        scope.vars[stmt.target.id] = self.at(stmt, lambda: admit(binary(stmt.op, current, value, self.budget)))

    def bind(self, target: ast.expr, value: Any, scope: Scope) -> None:
        """Assign ``value`` to a name or unpack it into a tuple of names."""
        if isinstance(target, ast.Name):
            scope.vars[target.id] = value
            return
        if isinstance(target, (ast.Tuple, ast.List)) and all(not isinstance(t, ast.Starred) for t in target.elts):
            items = self.at(target, lambda: list(iterate(value, self.budget)))
            if len(items) != len(target.elts):
                raise self._error(target, f"cannot unpack {len(items)} values into {len(target.elts)} names", "value")
            for element, item in zip(target.elts, items):
                self.bind(element, item, scope)
            return
        raise self._error(target, "only names (or tuples of names) can be assigned to", "construct")

    def _for(self, stmt: ast.For, scope: Scope) -> None:
        if stmt.orelse:
            raise self._error(stmt, "for ... else is not part of the script language", "construct")
        iterable = self.value_of(stmt.iter, scope)
        for item in self.at(stmt.iter, lambda: iterate(iterable, self.budget)):
            self.budget.step()
            self.bind(stmt.target, item, scope)
            try:
                self.block(stmt.body, scope)
            except _Break:
                break
            except _Continue:
                continue

    def _if(self, stmt: ast.If, scope: Scope) -> None:
        test = self.value_of(stmt.test, scope)
        self.block(stmt.body if self.at(stmt.test, lambda: truth(test)) else stmt.orelse, scope)

    def _def(self, stmt: ast.FunctionDef, scope: Scope) -> None:
        defaults = tuple(self.value_of(d, scope) for d in stmt.args.defaults)
        scope.vars[stmt.name] = UserFunction(stmt, scope, defaults)
        for deco in stmt.decorator_list:  # the parser admits only @custom_relation("NAME") at the top
            name = deco.args[0].value  # type: ignore[attr-defined]
            if self.on_custom is None:
                raise self._error(deco, "custom_relation is not available here", "name")
            self.on_custom(str(name), stmt)

    def _return(self, stmt: ast.Return, scope: Scope) -> None:
        raise _Return(self.value_of(stmt.value, scope) if stmt.value is not None else None)

    def _import(self, stmt: ast.Import | ast.ImportFrom, scope: Scope) -> None:
        if isinstance(stmt, ast.Import):  # numpy / math, validated by the parser
            for alias in stmt.names:
                scope.vars[alias.asname or alias.name] = Namespace("np" if alias.name == "numpy" else alias.name)
        elif stmt.module != "setdresser.script":
            module = "np" if stmt.module == "numpy" else "math"
            for alias in stmt.names:
                qualname = f"{module}.{alias.name}"
                scope.vars[alias.asname or alias.name] = TABLE.get(qualname, CONSTANTS.get(qualname))

    # ------------------------------------------------------------ expressions

    def at(self, node: ast.AST, action: Callable[[], Any]) -> Any:
        """Run ``action`` (an operation of ``node``), turning its failures into errors at ``node``."""
        try:
            return action()
        except (ScriptError, _Return, _Break, _Continue):
            raise
        except LimitExceeded as exc:
            raise self._error(node, str(exc), "limit") from None
        except EvalFailure as exc:
            raise self._error(node, str(exc), exc.kind) from None
        except (RecursionError, MemoryError):
            raise
        except Exception as exc:  # noqa: BLE001 - numpy or arithmetic refused the operation
            raise self._error(node, f"{type(exc).__name__}: {exc}", "value") from None

    def value_of(self, node: ast.expr, scope: Scope) -> Any:
        """The value of an expression node."""
        self.budget.step()
        handler = _EXPRESSIONS.get(type(node))
        if handler is None:
            raise self._error(node, f"{type(node).__name__} is not part of the script language", "construct")
        return handler(self, node, scope)

    def call_value(self, function: Any, args: list[Any], kwargs: dict[str, Any]) -> Any:
        """Call a table function or one of the script's functions."""
        if isinstance(function, TableFunction):
            return call_table(function, args, kwargs, self.budget)
        if isinstance(function, UserFunction):
            return self._call_user(function, args, kwargs)
        raise EvalFailure(f"a {type_name(function)} is not callable", "type")

    def _call_user(self, function: UserFunction, args: list[Any], kwargs: dict[str, Any]) -> Any:
        params = [a.arg for a in function.node.args.args]
        if len(args) > len(params) or set(kwargs) - set(params):
            raise EvalFailure(f"{function.node.name}() takes parameters {params}", "type")
        bound = dict(zip(params[len(params) - len(function.defaults):], function.defaults))
        bound.update(zip(params, args))
        bound.update(kwargs)
        missing = [p for p in params if p not in bound]
        if missing:
            raise EvalFailure(f"{function.node.name}() is missing {', '.join(missing)}", "type")
        if self.budget.depth >= self.budget.limits.call_depth:
            raise LimitExceeded(f"calls nest deeper than {self.budget.limits.call_depth} (endless recursion?)")
        self.budget.depth += 1
        try:
            self.block(function.node.body, Scope(function.scope, bound))
        except _Return as ret:
            return ret.value
        finally:
            self.budget.depth -= 1
        return None


def call_table(function: TableFunction, args: list[Any], kwargs: dict[str, Any], budget: Budget) -> Any:
    """Call a table entry: keywords checked, size pre-checked, result admitted and counted."""
    unknown = sorted(set(kwargs) - function.keywords) if "*" not in function.keywords else []
    if unknown:
        accepted = ", ".join(sorted(function.keywords)) or "none"
        raise EvalFailure(f"{function.qualname}() takes no keyword {unknown[0]!r} (accepted: {accepted})", "type")
    if function.precheck is not None:
        function.precheck(tuple(args), kwargs, budget)
    result = admit(function.fn(*args, **kwargs), limits=budget.limits)
    if isinstance(result, np.ndarray):
        budget.allocate(int(result.size))
    return result


def iterate(value: Any, budget: Budget) -> Any:
    """What ``for`` and comprehensions may loop over: ranges, lists, tuples, strings, dict keys,
    the first axis of an array."""
    if isinstance(value, (range, list, tuple, str)):
        return value
    if isinstance(value, dict):
        return list(value)
    if isinstance(value, np.ndarray) and value.ndim > 0:
        if len(value) > budget.limits.sequence_length:
            raise LimitExceeded(f"looping over {len(value):,} array rows is over the limit")
        return [admit(v) for v in value]
    raise EvalFailure(f"cannot loop over a {type_name(value)}", "type")


def base_names(output: Output) -> dict[str, Any]:
    """What every script sees before its own names: builtins, ``np``, ``numpy``, ``math``."""
    from .builtins import builtin_table

    return {"np": Namespace("np"), "numpy": Namespace("np"), "math": Namespace("math"), **builtin_table(output)}


_STATEMENTS: dict[type, Callable[[Evaluator, Any, Scope], None]] = {
    ast.Expr: Evaluator._expr_stmt, ast.Assign: Evaluator._assign, ast.AugAssign: Evaluator._aug_assign,
    ast.For: Evaluator._for, ast.If: Evaluator._if, ast.FunctionDef: Evaluator._def, ast.Return: Evaluator._return,
    ast.Pass: lambda self, stmt, scope: None, ast.Break: lambda self, stmt, scope: _raise(_Break()),
    ast.Continue: lambda self, stmt, scope: _raise(_Continue()), ast.Import: Evaluator._import,
    ast.ImportFrom: Evaluator._import}


def _raise(exc: Exception) -> None:
    raise exc


__all__ = [
    "ARRAY_METHODS",
    "NAMESPACES",
    "Evaluator",
    "Params",
    "PosesView",
    "Scope",
    "UserFunction",
    "array_attribute",
    "call_table",
    "iterate",
]
