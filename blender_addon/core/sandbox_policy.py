"""What generated code may contain: the static (AST) half of the sandbox policy.

A constraint script or custom scoring function is parsed and walked before it runs, in the
parent (to fail fast, no subprocess) and again in the sandbox child. The pass rejects what
has no business in a constraint script and is the usual first step of an escape:

- assigning attributes, and access to anything starting with ``_`` (``__class__``, ``__globals__``,
  ``__subclasses__``, ``_module``...) and to frame/code/file attributes (``gi_frame``,
  ``f_globals``, ``tofile``, ``ctypes``...), and ``str.format`` (it reads attributes too);
- names starting with ``__`` (``__builtins__``, ``__import__``);
- builtins that reach files, code or introspection (``open``, ``eval``, ``globals``...);
- imports outside the allow-list, relative imports and class definitions.

This is one layer, not the sandbox: the child also gets restricted builtins, an import
hook, numpy behind a proxy, an audit hook and OS limits (see SECURITY.md).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .errors import BadInput

# Modules a script may import; ``setdresser.script`` is the recorder API (script_api.py).
ALLOWED_IMPORTS = ("math", "numpy", "setdresser.script")
ALLOWED_NUMPY_SUBMODULES = ("linalg", "random", "fft")

MAX_SOURCE_CHARS = 1_000_000  # a constraint script is a few kB; this bounds the parse in the caller

# Builtins that give files, code, input or introspection: never provided, rejected statically.
FORBIDDEN_BUILTINS = frozenset({
    "open", "exec", "eval", "compile", "input", "breakpoint", "globals", "locals", "vars", "dir",
    "setattr", "delattr", "help", "exit", "quit", "memoryview", "super", "object", "classmethod",
    "staticmethod", "property", "copyright", "credits", "license",
})

# Attribute names that lead to frames, code, globals, raw memory or files.
FORBIDDEN_ATTRIBUTES = frozenset({
    "gi_frame", "gi_code", "gi_yieldfrom", "cr_frame", "cr_code", "cr_await", "ag_frame", "ag_code",
    "ag_await", "f_globals", "f_locals", "f_builtins", "f_back", "f_code", "tb_frame", "tb_next",
    "func_globals", "func_code", "mro", "format", "format_map",
    "tofile", "dump", "ctypes", "fromfile", "load", "save", "memmap", "ctypeslib", "lib", "DataSource",
    "resize",  # ndarray.resize(refcheck=False) frees memory that views still point to
    "cffi",  # numpy's BitGenerator.cffi / .ctypes expose raw function pointers
})


class SandboxError(BadInput):
    """Generated code was rejected, failed, or broke a limit; ``where`` names the script line.

    ``kind`` is one of: syntax, policy, runtime, timeout, cpu, memory, crash, violation,
    program, protocol. ``line`` is the 1-based line in the script (None when unknown).
    """

    def __init__(self, message: str, *, kind: str, filename: str = "program.py", line: int | None = None) -> None:
        self.kind = kind
        self.line = line
        self.filename = filename
        self.detail = message
        super().__init__(message, f"{filename} line {line}" if line else filename)

    def to_dict(self) -> dict[str, object]:
        """The JSON form the child sends back to the parent."""
        return {"kind": self.kind, "message": self.detail, "filename": self.filename, "line": self.line}


@dataclass(frozen=True)
class _Finding:
    line: int
    message: str


def check_source(source: str, filename: str = "program.py") -> ast.Module:
    """Parse ``source`` and enforce the static policy; returns the tree.

    Raises :class:`SandboxError` (kind ``syntax`` or ``policy``) naming the first bad line.
    """
    if len(source) > MAX_SOURCE_CHARS:
        raise SandboxError(f"the script has {len(source)} characters; the limit is {MAX_SOURCE_CHARS}",
                           kind="syntax", filename=filename)
    try:
        tree = ast.parse(source, filename=filename)
        findings = _PolicyVisitor(_bound_names(tree)).findings(tree)
    except SyntaxError as exc:
        raise SandboxError(f"SyntaxError: {exc.msg}", kind="syntax", filename=filename, line=exc.lineno) from None
    except ValueError as exc:  # e.g. NUL bytes in the source
        raise SandboxError(f"cannot parse the script: {exc}", kind="syntax", filename=filename) from None
    except (RecursionError, MemoryError):  # measured: 10^5 nested unary minus or attribute chains
        raise SandboxError("the script is nested too deeply to parse", kind="syntax", filename=filename) from None
    if findings:
        first = min(findings, key=lambda f: f.line)
        raise SandboxError(first.message, kind="policy", filename=filename, line=first.line)
    return tree


def _bound_names(tree: ast.AST) -> set[str]:
    """Every name the script binds itself (so a variable called ``input`` is not a builtin)."""
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bound.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
    return bound


def import_allowed(module: str) -> bool:
    """True for the allow-listed modules and numpy's allowed submodules."""
    if module in ALLOWED_IMPORTS:
        return True
    head, _, tail = module.partition(".")
    return head == "numpy" and tail in ALLOWED_NUMPY_SUBMODULES


class _PolicyVisitor(ast.NodeVisitor):
    """Collects every policy violation with its line."""

    def __init__(self, bound: set[str]) -> None:
        self._bound = bound
        self._findings: list[_Finding] = []

    def findings(self, tree: ast.AST) -> list[_Finding]:
        self.visit(tree)
        return self._findings

    def _add(self, node: ast.AST, message: str) -> None:
        self._findings.append(_Finding(getattr(node, "lineno", 0) or 0, message))

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.ctx, (ast.Store, ast.Del)):
            # setters can be unsafe (ndarray.data = buffer re-points an array at raw memory)
            self._add(node, f"assigning or deleting attributes ('.{node.attr}') is not allowed; use variables")
        elif node.attr.startswith("_"):
            self._add(node, f"access to the private attribute '{node.attr}' is not allowed")
        elif node.attr in ("format", "format_map"):
            self._add(node, f"str.{node.attr}() is not allowed (it can read attributes); use an f-string")
        elif node.attr in FORBIDDEN_ATTRIBUTES:
            self._add(node, f"the attribute '{node.attr}' is not allowed in the sandbox")
        self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        if node.id.startswith("__"):
            self._add(node, f"the name '{node.id}' is not allowed (names starting with '__' are reserved)")
        elif isinstance(node.ctx, ast.Load) and node.id in FORBIDDEN_BUILTINS and node.id not in self._bound:
            self._add(node, f"'{node.id}' is not available in the sandbox (no files, code or introspection)")

    def _check_def_name(self, node: ast.AST, name: str) -> None:
        if name.startswith("__"):
            self._add(node, f"the name '{name}' is not allowed (names starting with '__' are reserved)")

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._check_def_name(node, node.name)
        self.generic_visit(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._add(node, "async functions are not allowed in constraint scripts")

    def visit_arg(self, node: ast.arg) -> None:
        self._check_def_name(node, node.arg)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._add(node, "class definitions are not allowed in constraint scripts; use functions")

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._check_import(node, alias.name)
            if alias.asname:
                self._check_def_name(node, alias.asname)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            self._add(node, "relative imports are not allowed")
            return
        self._check_import(node, node.module or "")
        for alias in node.names:
            if alias.name.startswith("_"):
                self._add(node, f"importing the private name '{alias.name}' is not allowed")
            elif alias.name in FORBIDDEN_ATTRIBUTES:
                self._add(node, f"importing '{alias.name}' is not allowed in the sandbox")

    def _check_import(self, node: ast.AST, module: str) -> None:
        if not import_allowed(module):
            allowed = ", ".join(ALLOWED_IMPORTS)
            self._add(node, f"import of '{module}' is not allowed (allowed: {allowed})")

    def visit_Global(self, node: ast.Global) -> None:
        for name in node.names:
            self._check_def_name(node, name)

    def visit_Nonlocal(self, node: ast.Nonlocal) -> None:
        for name in node.names:
            self._check_def_name(node, name)
