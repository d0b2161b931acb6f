"""Architecture rules (docs/ARCHITECTURE.md): every import of every file, resolved into layer
edges by ``scripts/import_layers.py`` (relative, absolute, importlib, ``__import__``, exec/eval
references), checked against the allowed table; plus planted violations the checker must flag."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("import_layers", ROOT / "scripts" / "import_layers.py")
assert _spec is not None and _spec.loader is not None
layers = importlib.util.module_from_spec(_spec)
sys.modules["import_layers"] = layers
_spec.loader.exec_module(layers)


@pytest.mark.parametrize("rel", layers.python_files(), ids=str)
def test_every_import_follows_the_layer_table(rel: str) -> None:
    edges = layers.scan_source((ROOT / rel).read_text(encoding="utf-8"), rel)
    assert not layers.violations(edges)


def _flags(source: str, rel: str, tmp_path: Path) -> list[str]:
    """Write planted code into a file and scan it as if it lived at ``rel``."""
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source, encoding="utf-8")
    return layers.violations(layers.scan_source(path.read_text(encoding="utf-8"), rel))


def test_planted_relative_import_of_the_blender_shell_from_core(tmp_path: Path) -> None:
    found = _flags("from ..bl import build\n", "blender_addon/core/planted.py", tmp_path)
    assert found and "(bl)" in found[0]


def test_planted_relative_import_of_services_from_core(tmp_path: Path) -> None:
    found = _flags("def f():\n    from ..services import llm\n    return llm\n", "blender_addon/core/planted.py", tmp_path)
    assert found and "(services)" in found[0]


def test_planted_importlib_of_bpy_in_the_library(tmp_path: Path) -> None:
    source = "import importlib\nbpy = importlib.import_module('bpy')\n"
    found = _flags(source, "skill_library/planted.py", tmp_path)
    assert found and "bpy (bpy)" in found[0]
    found = _flags("from importlib import import_module\nm = import_module('bmesh')\n", "blender_addon/core/x.py", tmp_path)
    assert found and "(bpy)" in found[0]
    assert _flags("m = __import__('openai')\n", "blender_addon/core/x.py", tmp_path)


def test_planted_builtins_exec_anywhere(tmp_path: Path) -> None:
    for source in ("import builtins\nbuiltins.exec('x = 1')\n", "run = getattr(__import__('builtins'), 'eval')\n",
                   "from builtins import exec as run\n", "f = eval\n", "__builtins__['exec']('1')\n"):
        found = _flags(source, "blender_addon/core/planted.py", tmp_path)
        assert any("exec/eval" in v for v in found), source
        assert any("exec/eval" in v for v in _flags(source, "blender_addon/core/script/planted.py", tmp_path))


def test_planted_dynamic_imports_resolve_or_are_flagged(tmp_path: Path) -> None:
    relative = "import importlib\nm = importlib.import_module('..bl.build', __package__)\n"
    assert "(bl)" in _flags(relative, "blender_addon/core/planted.py", tmp_path)[0]
    fstring = "import importlib\nm = importlib.import_module(f'{__package__}.{NAME}')\n"
    assert not _flags(fstring, "blender_addon/core/planted.py", tmp_path)  # a module under core: allowed
    computed = "import importlib\nm = importlib.import_module(NAME)\n"
    assert "computed at run time" in _flags(computed, "blender_addon/core/planted.py", tmp_path)[0]


def test_the_library_imports_nothing_above_it(tmp_path: Path) -> None:
    found = _flags("from ...blender_addon.core import model\n", "skill_library/builtin/planted.py", tmp_path)
    assert found and "(core)" in found[0]
    found = _flags("from setdresser.blender_addon.core.learning import runtime\n", "skill_library/x.py", tmp_path)
    assert found and "(core)" in found[0]


def test_a_written_learned_version_is_data_not_python() -> None:
    """Learned versions are relation.json (the score in the script language, interpreted): no
    generated Python is written into the library, so nothing generated is ever imported."""
    import json

    from setdresser.blender_addon.core.learning.library import RELATION_FILE, render_relation_file

    document = json.loads(render_relation_file("left_of", 2, "x", "d"))
    assert RELATION_FILE == "relation.json" and document["source"] == "x" and document["relation"] == "left_of"


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    test_lines = [line.strip() for line in readme.splitlines() if "pytest" in line and line.strip().startswith(("bash", "python"))]
    assert test_lines, "README must give the test command"
    assert any(line in ci for line in test_lines), "the CI script must run the README's test command"


def test_the_layer_picture_is_drawn_from_the_edges() -> None:
    edges = layers.scan_source("from ..solver import api\nfrom ....skill_library import base\n",
                               "blender_addon/core/offline/planted.py")
    picture = layers.mermaid(edges)
    assert "core --> skill_library" in picture and "core_offline[offline] --> core_solver[solver]" in picture
    assert "bl" not in picture


def test_the_pure_layers_are_lint_clean() -> None:
    """ruff (E, F, B; pyproject.toml) over the skill library and the core, as CI runs it."""
    pytest.importorskip("ruff")
    import subprocess

    done = subprocess.run([sys.executable, "-m", "ruff", "check", "skill_library", "blender_addon/core"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-2000:]


def test_the_pure_layers_type_check(tmp_path: Path) -> None:
    """mypy (pyproject.toml) over the skill library and the core, as CI runs it. The checkout is
    reached through a link named ``setdresser`` (the package the repository root is), so a clone
    in a folder of any name ("set-dresser", "tmp.x1") type-checks the same."""
    pytest.importorskip("mypy")
    import subprocess

    (tmp_path / "setdresser").symlink_to(ROOT, target_is_directory=True)
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "setdresser/skill_library", "setdresser/blender_addon/core"], cwd=tmp_path,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
