"""Code size rules (docs/ARCHITECTURE.md, developers' guide): every Python module of the package
(outside tests/ and virtual environments) is at most 400 lines, and every function or method at
most 40 lines, its docstring not counted. Measured with ``ast``; planted code shows the
measure flags what it must and spares what it must."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 40
SKIP_DIRS = {"tests", ".venv", ".pkg", "build", "dist", ".git", "out", "__pycache__", "setdresser.egg-info"}


def package_modules(root: Path = ROOT) -> list[str]:
    """Every .py file of the package, relative to ``root``, outside tests and build output."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.py")
                  if not SKIP_DIRS & set(p.relative_to(root).parts) and not p.is_symlink())


def _docstring_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """How many lines the function's docstring spans (0 without one)."""
    first = node.body[0] if node.body else None
    if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)):
        return (first.end_lineno or first.lineno) - first.lineno + 1
    return 0


def function_sizes(source: str) -> list[tuple[str, int, int]]:
    """(qualified name, line, lines without the docstring) of every function and method,
    nested ones included; the count runs from the ``def`` line to the last line of the body."""
    found: list[tuple[str, int, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}{child.name}"
                size = (child.end_lineno or child.lineno) - child.lineno + 1 - _docstring_lines(child)
                found.append((name, child.lineno, size))
                visit(child, f"{name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def size_violations(source: str, rel: str) -> list[str]:
    """One line per rule broken: ``file: N lines`` for a module, ``file:function (line L): N lines``."""
    found = []
    lines = len(source.splitlines())
    if lines > MAX_MODULE_LINES:
        found.append(f"{rel}: {lines} lines (module limit {MAX_MODULE_LINES})")
    for name, line, size in function_sizes(source):
        if size > MAX_FUNCTION_LINES:
            found.append(f"{rel}:{name} (line {line}): {size} lines without the docstring "
                         f"(function limit {MAX_FUNCTION_LINES})")
    return found


def test_the_package_has_modules_to_measure() -> None:
    modules = package_modules()
    assert len(modules) > 50
    assert "blender_addon/core/pipeline.py" in modules
    assert not any(m.startswith(("tests/", ".venv/")) for m in modules)


@pytest.mark.parametrize("rel", package_modules(), ids=str)
def test_module_and_function_sizes(rel: str) -> None:
    found = size_violations((ROOT / rel).read_text(encoding="utf-8"), rel)
    assert not found, "\n".join(found)


def _function(name: str, body_lines: int, docstring_lines: int = 0, indent: str = "") -> str:
    """Planted source: a function of ``body_lines`` statements after ``docstring_lines`` of docstring."""
    inner = indent + "    "
    doc = ""
    if docstring_lines == 1:
        doc = f'{inner}"""One line."""\n'
    elif docstring_lines > 1:
        doc = f'{inner}"""First.\n' + f"{inner}more\n" * (docstring_lines - 2) + f'{inner}"""\n'
    body = "".join(f"{inner}x{k} = {k}\n" for k in range(body_lines))
    return f"{indent}def {name}() -> None:\n{doc}{body}"


def test_planted_long_function_is_named_with_its_count() -> None:
    found = size_violations(_function("long_one", 40), "pkg/planted.py")  # def line + 40 = 41
    assert found == ["pkg/planted.py:long_one (line 1): 41 lines without the docstring (function limit 40)"]


def test_planted_function_at_the_limit_passes_and_the_docstring_is_not_counted() -> None:
    assert not size_violations(_function("just_fits", 39), "pkg/planted.py")
    assert not size_violations(_function("documented", 39, docstring_lines=12), "pkg/planted.py")
    assert size_violations(_function("documented", 40, docstring_lines=12), "pkg/planted.py")


def test_planted_long_method_and_nested_function_are_found() -> None:
    method = "class Planted:\n" + _function("method", 45, docstring_lines=1, indent="    ")
    assert size_violations(method, "pkg/m.py") == [
        "pkg/m.py:Planted.method (line 2): 46 lines without the docstring (function limit 40)"]
    nested = "def outer() -> None:\n" + _function("inner", 41, indent="    ")
    names = [v.split(" ")[0] for v in size_violations(nested, "pkg/n.py")]
    assert names == ["pkg/n.py:outer", "pkg/n.py:outer.inner"]


def test_planted_long_module_is_flagged() -> None:
    source = "".join(_function(f"f{k}", 3) + "\n\n" for k in range(90))  # 90 * 6 = 540 lines
    found = size_violations(source, "pkg/big.py")
    assert found and found[0].startswith("pkg/big.py: ") and "module limit 400" in found[0]
    assert not size_violations("x = 1\n" * 400, "pkg/ok.py")
