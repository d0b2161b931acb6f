"""Parse a script with ``ast`` and validate it against the language's whitelist.

:func:`parse` returns the tree of a script that uses only the language's constructs
(docs/script_language.md); anything else is a :class:`ScriptError` naming the line and column
of the first offending construct. Nothing here runs any of the script.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from .errors import ScriptError
from .functions import ARRAY_ATTRIBUTES, ARRAY_METHODS, CONSTANTS, NAMESPACES, TABLE
from .values import PosesView

MAX_SOURCE_CHARS = 200_000
MAX_NODES = 50_000
MAX_DEPTH = 60
SCRIPT_MODULE = "setdresser.script"
IMPORTABLE = {"numpy": "np", "math": "math"}

STATEMENTS = (ast.Expr, ast.Assign, ast.AugAssign, ast.For, ast.If, ast.FunctionDef, ast.Return, ast.Pass,
              ast.Break, ast.Continue, ast.Import, ast.ImportFrom)
EXPRESSIONS = (ast.Constant, ast.Name, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Call,
               ast.Attribute, ast.Subscript, ast.Slice, ast.Tuple, ast.List, ast.Dict, ast.ListComp,
               ast.GeneratorExp, ast.JoinedStr, ast.FormattedValue, ast.Starred)
HELPERS = (ast.keyword, ast.comprehension, ast.arguments, ast.arg, ast.Load, ast.Store, ast.alias,
           ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.BitAnd, ast.BitOr, ast.BitXor,
           ast.USub, ast.UAdd, ast.Not, ast.Invert, ast.And, ast.Or, ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt,
           ast.GtE, ast.Is, ast.IsNot, ast.In, ast.NotIn)
ALLOWED = STATEMENTS + EXPRESSIONS + HELPERS
ATTRIBUTES = frozenset({*(q.split(".")[-1] for q in (*TABLE, *CONSTANTS)), "linalg", *PosesView.FIELDS,
                        *ARRAY_ATTRIBUTES, *ARRAY_METHODS, "get"})
FORMAT_SPEC = re.compile(r"^[<>^]?[+\- ]?0?\d{0,2}(\.\d{1,2})?[dfgeEs%]?$")
DESCRIBE = {ast.While: "while loops (use for ... in range(n))", ast.Lambda: "lambda", ast.ClassDef: "classes",
            ast.Try: "try", ast.With: "with", ast.Raise: "raise", ast.Global: "global", ast.Nonlocal: "nonlocal",
            ast.Delete: "del", ast.Assert: "assert", ast.NamedExpr: "the walrus operator :=",
            ast.SetComp: "set comprehensions", ast.DictComp: "dict comprehensions", ast.Set: "sets",
            ast.Yield: "yield", ast.YieldFrom: "yield", ast.Await: "await", ast.AsyncFunctionDef: "async def",
            ast.MatMult: "the @ operator", ast.LShift: "bit shifts", ast.RShift: "bit shifts",
            ast.AnnAssign: "annotated assignments", ast.Match: "match"}


def parse(source: str, filename: str = "program.py") -> ast.Module:
    """The validated tree of ``source``; :class:`ScriptError` for a syntax error or a construct
    outside the language, naming its line and column."""
    if not isinstance(source, str) or len(source) > MAX_SOURCE_CHARS:
        raise ScriptError(f"a script must be text of at most {MAX_SOURCE_CHARS:,} characters", kind="limit",
                          filename=filename)
    try:
        tree = ast.parse(source, filename=filename, mode="exec")
    except SyntaxError as exc:
        raise ScriptError(f"syntax error: {exc.msg}", kind="syntax", filename=filename, line=exc.lineno,
                          column=exc.offset) from None
    except (RecursionError, MemoryError, ValueError):
        raise ScriptError("the script is nested too deeply to read", kind="limit", filename=filename) from None
    validate(tree, filename)
    return tree


def _fail(node: ast.AST, message: str, filename: str, kind: str = "construct") -> ScriptError:
    return ScriptError(message, kind=kind, filename=filename, line=getattr(node, "lineno", None),
                       column=_column(node))


def _column(node: ast.AST) -> int | None:
    offset = getattr(node, "col_offset", None)
    return offset + 1 if offset is not None else None


def _walk(tree: ast.AST, filename: str) -> Iterator[tuple[ast.AST, ast.AST | None, int]]:
    """Every node with its parent and depth, skipping annotations (never evaluated)."""
    stack: list[tuple[ast.AST, ast.AST | None, int]] = [(tree, None, 0)]
    count = 0
    while stack:
        node, parent, depth = stack.pop()
        count += 1
        if count > MAX_NODES or depth > MAX_DEPTH:
            raise _fail(node, f"the script is too large or nested too deeply (limits: {MAX_NODES:,} nodes, "
                              f"depth {MAX_DEPTH})", filename, "limit")
        yield node, parent, depth
        for name, value in ast.iter_fields(node):
            if name in ("annotation", "returns", "type_comment"):
                continue
            children = value if isinstance(value, list) else [value]
            stack.extend((child, node, depth + 1) for child in reversed(children) if isinstance(child, ast.AST))


def validate(tree: ast.Module, filename: str = "program.py") -> None:
    """Raise :class:`ScriptError` at the first construct outside the language."""
    for node, parent, _ in _walk(tree, filename):
        if not isinstance(node, (ast.Module, *ALLOWED)):
            what = DESCRIBE.get(type(node), type(node).__name__)
            located = node if hasattr(node, "lineno") or parent is None else parent  # operators have no position
            raise _fail(located, f"{what} is not part of the script language", filename)
        check = _CHECKS.get(type(node))
        if check is not None:
            check(node, parent, filename)


def _check_name(node: ast.AST, parent: ast.AST | None, filename: str) -> None:
    assert isinstance(node, ast.Name)
    if node.id.startswith("__"):
        raise _fail(node, f"names starting with '__' ({node.id}) are not part of the script language", filename,
                    "name")


def _check_attribute(node: ast.AST, parent: ast.AST | None, filename: str) -> None:
    assert isinstance(node, ast.Attribute)
    if node.attr.startswith("_") or node.attr not in ATTRIBUTES or not isinstance(node.ctx, ast.Load):
        raise _fail(node, f"'.{node.attr}' is not part of the script language (only np./math. functions, "
                          "poses fields, array shape/size/ndim/T and params.get exist)", filename, "name")


def _check_constant(node: ast.AST, parent: ast.AST | None, filename: str) -> None:
    assert isinstance(node, ast.Constant)
    if isinstance(node.value, (bytes, complex)):
        raise _fail(node, f"{type(node.value).__name__} literals are not part of the script language", filename)


def _check_function(node: ast.AST, parent: ast.AST | None, filename: str) -> None:
    assert isinstance(node, ast.FunctionDef)
    args = node.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
        raise _fail(node, f"def {node.name}: only plain parameters (with optional defaults) are supported", filename)
    for default in args.defaults:
        if not isinstance(default, (ast.Constant, ast.UnaryOp)):
            raise _fail(default, "parameter defaults must be literal values", filename)
    for deco in node.decorator_list:
        if not (isinstance(parent, ast.Module) and custom_name(deco) is not None):
            raise _fail(deco, 'the only decorator is @custom_relation("NAME") on a top-level def', filename)


def custom_name(node: ast.expr) -> str | None:
    """``NAME`` for the decorator ``@custom_relation("NAME")``, else None."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "custom_relation"
            and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)):
        return node.args[0].value
    return None


def _check_import(node: ast.AST, parent: ast.AST | None, filename: str) -> None:
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name not in IMPORTABLE:
                raise _fail(node, f"import of {alias.name!r} is not allowed: only numpy and math can be imported",
                            filename, "name")
        return
    assert isinstance(node, ast.ImportFrom)
    if node.level == 0 and node.module == SCRIPT_MODULE and [a.name for a in node.names] == ["*"]:
        return
    names = [a.name for a in node.names]
    module = IMPORTABLE.get(node.module or "")
    if node.level or module is None or any(f"{module}.{n}" not in TABLE and f"{module}.{n}" not in CONSTANTS
                                           for n in names):
        raise _fail(node, f"from {node.module} import {', '.join(names)}: only 'from {SCRIPT_MODULE} import *' "
                          "and table functions of numpy and math can be imported", filename, "name")


def _check_format(node: ast.AST, parent: ast.AST | None, filename: str) -> None:
    assert isinstance(node, ast.FormattedValue)
    spec = node.format_spec
    if spec is None:
        return
    parts = spec.values if isinstance(spec, ast.JoinedStr) else [spec]
    literal = all(isinstance(p, ast.Constant) and isinstance(p.value, str) for p in parts)
    text = "".join(str(getattr(p, "value", "{...}")) for p in parts)
    if not literal or not FORMAT_SPEC.match(text):
        raise _fail(node, f"format spec {text!r} is not supported (use e.g. :d, :.2f, :03d)", filename)


def _check_keyword(node: ast.AST, parent: ast.AST | None, filename: str) -> None:
    assert isinstance(node, ast.keyword)
    if node.arg is None:
        raise _fail(node.value, "**mapping arguments are not part of the script language", filename)


def _check_dict(node: ast.AST, parent: ast.AST | None, filename: str) -> None:
    assert isinstance(node, ast.Dict)
    if any(key is None for key in node.keys):
        raise _fail(node, "**mapping in a dict literal is not part of the script language", filename)


def _check_comprehension(node: ast.AST, parent: ast.AST | None, filename: str) -> None:
    assert isinstance(node, ast.comprehension)
    if node.is_async:
        raise _fail(node.target, "async comprehensions are not part of the script language", filename)


_CHECKS = {ast.Name: _check_name, ast.Attribute: _check_attribute, ast.Constant: _check_constant,
           ast.FunctionDef: _check_function, ast.Import: _check_import, ast.ImportFrom: _check_import,
           ast.FormattedValue: _check_format, ast.keyword: _check_keyword, ast.Dict: _check_dict,
           ast.comprehension: _check_comprehension}
NAMESPACE_ROOTS = frozenset(n.split(".")[0] for n in NAMESPACES)
