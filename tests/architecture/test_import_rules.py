"""Architecture rules (ARCHITECTURE.md): the pure core never reaches bpy/openai/torch,
only the Blender shell imports bpy, only services import openai, and exec/eval appear nowhere outside tests (model output is
interpreted by core/script, never executed)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE_DIRS = ("blender_addon/core", "skill_library")
HEAVY = {"bpy", "bmesh", "mathutils", "gpu", "bl_ui", "openai", "torch", "open_clip", "ladybug"}
BPY_ALLOWED = ("blender_addon/bl", "blender_addon/ui", "blender_addon/ops", "blender_addon/props",
               "blender_addon/prefs", "blender_addon/registration", "blender_addon/ask_panel", "blender_addon/edit_panel", "scripts", "tests")
OPENAI_ALLOWED = ("blender_addon/services", "tests", "scripts")
EXEC_ALLOWED = ("tests",)


def _python_files() -> list[Path]:
    skip = {".venv", "build", "dist", ".git", "out"}
    return [p for p in ROOT.rglob("*.py") if not skip & set(p.relative_to(ROOT).parts)]


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _calls(path: Path, names: set[str]) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names]


@pytest.mark.parametrize("path", _python_files(), ids=_rel)
def test_import_rules(path: Path) -> None:
    rel = _rel(path)
    imported = _imports(path)
    if rel.startswith(PURE_DIRS):
        assert not imported & HEAVY, f"{rel} is pure but imports {sorted(imported & HEAVY)}"
    if not rel.startswith(BPY_ALLOWED):
        bad = imported & {"bpy", "bmesh", "mathutils", "gpu"}
        assert not bad, f"{rel} imports {sorted(bad)}; only blender_addon/bl and the UI modules may"
    if not rel.startswith(OPENAI_ALLOWED):
        assert "openai" not in imported, f"{rel} imports openai; only blender_addon/services may"
        assert "ladybug" not in imported, f"{rel} imports ladybug (the graph database); only blender_addon/services may"
        assert "ray" not in imported, f"{rel} imports ray (batch workers); only blender_addon/services may"


def _reaches_outside(path: Path) -> list[str]:
    """Imports of a skill_library module that leave skill_library (relative level >= 2, or absolute)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    depth = len(path.relative_to(ROOT / "skill_library").parts) - 1  # 0 for skill_library/x.py
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level > depth + 1:
            bad.append(f"{'.' * node.level}{node.module or ''}")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("setdresser"):
            bad.append(node.module or "")
    return bad


@pytest.mark.parametrize("path", [p for p in _python_files() if _rel(p).startswith("skill_library/")], ids=_rel)
def test_skill_library_depends_on_nothing_above_it(path: Path) -> None:
    """core -> skill_library -> numpy: the library never imports the add-on."""
    assert not _reaches_outside(path), f"{_rel(path)} imports {_reaches_outside(path)}"


@pytest.mark.parametrize("path", _python_files(), ids=_rel)
def test_no_exec_outside_tests(path: Path) -> None:
    rel = _rel(path)
    if rel.startswith(EXEC_ALLOWED):
        return
    lines = _calls(path, {"exec", "eval"})
    assert not lines, f"{rel} calls exec/eval at lines {lines}; model output is interpreted (core/script), never executed"


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    test_lines = [line.strip() for line in readme.splitlines() if "pytest" in line and line.strip().startswith(("bash", "python"))]
    assert test_lines, "README must give the test command"
    assert any(line in ci for line in test_lines), "the CI script must run the README's test command"
