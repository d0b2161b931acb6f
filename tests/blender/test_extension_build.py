"""scripts/build_extension.py: the manifest validates (our rules and Blender's own validator),
the zip holds the package and no tests, and Blender installs and enables it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.blender

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "build_extension.py"


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def build() -> ModuleType:
    return load("setdresser_build_extension", SCRIPT)


@pytest.fixture(scope="module")
def blender_ext() -> ModuleType:
    """Blender's own extension validator (bundled with the bpy module's scripts)."""
    import bpy

    return load("blender_ext_validator", Path(bpy.utils.system_resource("SCRIPTS")) / "addons_core" / "bl_pkg" /
                "cli" / "blender_ext.py")


@pytest.fixture(scope="module")
def built_zip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, str(SCRIPT), "--no-wheels", "--out", str(out)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    manifest = tomllib.loads((ROOT / "blender_manifest.toml").read_text(encoding="utf-8"))
    path = out / f"setdresser-{manifest['version']}.zip"
    assert path.is_file()
    return path


def test_the_zip_holds_the_package_and_nothing_else(built_zip: Path) -> None:
    names = zipfile.ZipFile(built_zip).namelist()
    assert "blender_manifest.toml" in names and "__init__.py" in names
    for required in ("blender_addon/registration.py", "blender_addon/core/pipeline.py", "skill_library/manifest.json",
                     "prompts/planner.md", "assets_index/procedural.json", "blender_addon/bl/panel_driver.py"):
        assert required in names, required
    assert not [n for n in names if n.startswith(("tests/", "docs/", "scripts/", "dist/", ".")) or "/." in n]
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    assert "__main__.py" not in names and "pyproject.toml" not in names


def test_the_zipped_manifest_is_valid(built_zip: Path, build: ModuleType, blender_ext: ModuleType) -> None:
    with zipfile.ZipFile(built_zip) as archive:
        shipped = tomllib.loads(archive.read("blender_manifest.toml").decode("utf-8"))
        assert build.validate_manifest(shipped) == []
        assert "build" not in shipped and shipped["wheels"] == []
        assert shipped["id"] == "setdresser" and shipped["license"] == ["SPDX:GPL-3.0-or-later"]
        assert set(shipped["permissions"]) == {"network", "files"}
        verdict = blender_ext.pkg_manifest_from_zipfile_and_validate_all_errors(archive, "", strict=True)
    assert not isinstance(verdict, list), verdict
    assert verdict.id == "setdresser" and verdict.blender_version_min == "4.2.0"


def test_the_repository_manifest_is_valid(build: ModuleType) -> None:
    data = build.load_manifest(ROOT / "blender_manifest.toml")
    assert build.validate_manifest(data) == []
    assert data["schema_version"] == "1.0.0" and data["type"] == "add-on"


@pytest.mark.parametrize("change, complaint", [
    ({"id": "set-dresser"}, "identifier"),
    ({"tagline": "Text to scenes."}, "punctuation"),
    ({"tagline": "x" * 65}, "at most 64"),
    ({"blender_version_min": "4.1.0"}, "4.2.0"),
    ({"version": "1.0"}, "semantic"),
    ({"permissions": {"internet": "Talks to an LLM"}}, "unknown permission"),
    ({"permissions": {"network": "Talks to an LLM."}}, "punctuation"),
    ({"wheels": ["wheels/openai.whl"]}, "./wheels/"),
    ({"wheels": ["./wheels/openai.whl"]}, "naming spec"),
    ({"license": ["GPL"]}, "SPDX"),
])
def test_bad_manifests_are_rejected(build: ModuleType, change: dict[str, Any], complaint: str) -> None:
    data = {**build.load_manifest(ROOT / "blender_manifest.toml"), **change}
    errors = build.validate_manifest(data)
    assert any(complaint in error for error in errors), errors


def test_missing_fields_are_named(build: ModuleType) -> None:
    data = build.load_manifest(ROOT / "blender_manifest.toml")
    del data["maintainer"]
    assert build.validate_manifest(data) == ["missing or not a str: 'maintainer'"]


def test_the_packaged_manifest_lists_the_wheels_and_round_trips(build: ModuleType) -> None:
    data = build.load_manifest(ROOT / "blender_manifest.toml")
    names = ["openai-1.99.0-py3-none-any.whl", "jiter-0.9.0-cp311-cp311-win_amd64.whl"]
    shipped = build.packaged_manifest(data, names)
    assert shipped["wheels"] == ["./wheels/jiter-0.9.0-cp311-cp311-win_amd64.whl",
                                 "./wheels/openai-1.99.0-py3-none-any.whl"]
    assert tomllib.loads(build.dump_manifest(shipped)) == shipped
    assert build.validate_manifest(shipped) == []


@pytest.mark.slow
def test_blender_installs_and_enables_the_zip(built_zip: Path, tmp_path: Path) -> None:
    """Install from disk into a throw-away user folder, enable, generate (a separate process:
    the installed copy is the package ``bl_ext.user_default.setdresser``)."""
    script = (
        "import sys, bpy\n"
        "bpy.ops.extensions.package_install_files(filepath=sys.argv[-1], repo='user_default', enable_on_install=True)\n"
        "mod = 'bl_ext.user_default.setdresser'\n"
        "assert bpy.context.preferences.addons[mod].preferences is not None\n"
        "assert type(bpy.context.preferences.addons[mod].preferences).__module__.startswith(mod)\n"
        "s = bpy.context.scene.setdresser\n"
        "s.prompt, s.render_engine, s.iterations, s.effort = 'a lamp on a desk', 'none', 1, 0.1\n"
        "assert bpy.ops.setdresser.generate() == {'FINISHED'}\n"
        "print('RESULT', bpy.context.window_manager.setdresser_run.status)\n")
    env = {**os.environ, "BLENDER_USER_RESOURCES": str(tmp_path / "user")}
    done = subprocess.run([sys.executable, "-c", script, str(built_zip)], capture_output=True, text=True,
                          timeout=300, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "RESULT DONE" in done.stdout
    assert (tmp_path / "user" / "extensions" / "user_default" / "setdresser" / "blender_manifest.toml").is_file()


def test_graph_wheels_are_shipped_where_they_exist(build: ModuleType, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A platform without a ladybug wheel is skipped (logged); the others keep theirs."""

    def download(dest: Path, requirements: Any, platforms: dict[str, Any]) -> list[str]:
        (target,) = platforms
        if target == "windows-x64":
            raise subprocess.CalledProcessError(1, ["pip", "download"])
        (dest / f"ladybug-0.22.0-cp311-cp311-{target}.whl").write_bytes(b"")
        return []

    monkeypatch.setattr(build, "download_wheels", download)
    names = build.download_optional_wheels(tmp_path)
    assert names == sorted(f"ladybug-0.22.0-cp311-cp311-{t}.whl" for t in build.GRAPH_PLATFORMS if t != "windows-x64")
