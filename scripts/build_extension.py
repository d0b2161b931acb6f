"""Build the installable Blender extension zip: ``dist/setdresser-<version>.zip``.

    python scripts/build_extension.py              # download the wheels, then zip
    python scripts/build_extension.py --no-wheels  # offline: no wheels (offline mode only)

Steps: validate ``blender_manifest.toml`` (the rules Blender's extension validator applies
to the fields we use); download the ``openai`` client and its dependencies as binary wheels
for Blender's Python (3.11) on Linux, Windows and macOS (arm64, x86_64) into ``./wheels``, and
the scene database's ``ladybug`` where a wheel exists (Linux x64, Windows x64, macOS 15+ arm64);
write the wheel list into a copy of the manifest (without the ``[build]`` table, which only
Blender's own builder reads); zip the package files only (``__init__.py``, the manifest,
``blender_addon/``, ``skill_library/``, ``prompts/``, ``assets_index/``, ``wheels/``) with the
manifest at the zip's root. Install it with Edit > Preferences > Get Extensions > Install
from Disk (or drag the zip onto Blender).
"""

from __future__ import annotations

import argparse
import logging
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from typing import Any, Iterable, Sequence

log = logging.getLogger("build_extension")

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = "blender_manifest.toml"
PACKAGE_DIRS = ("blender_addon", "skill_library", "prompts", "assets_index")
PACKAGE_FILES = ("__init__.py",)
SKIP_PARTS = {"__pycache__", ".pytest_cache", ".hypothesis"}
SKIP_SUFFIXES = {".pyc", ".pyo"}
LLM_REQUIREMENTS = ("openai>=1.40",)
PYTHON_VERSION = "3.11"  # Blender 4.2 to 5.0 ship Python 3.11
# pip --platform tags per target (pip also accepts older compatible manylinux/macOS tags).
PLATFORMS = {
    "linux-x64": ("manylinux_2_28_x86_64", "manylinux2014_x86_64"),
    "windows-x64": ("win_amd64",),
    "macos-arm64": ("macosx_11_0_arm64",),
    "macos-x64": ("macosx_10_12_x86_64",),
}

# The scene database (the `graph` extra): LadybugDB publishes CPython 3.11 wheels for these
# platforms only (none for Intel macOS, and on macOS only for 15 or newer); a platform without one
# ships without it and the panel's Ask box names the missing extra.
GRAPH_REQUIREMENTS = ("ladybug>=0.22",)
GRAPH_PLATFORMS = {
    "linux-x64": ("manylinux_2_28_x86_64",),
    "windows-x64": ("win_amd64",),
    "macos-arm64": ("macosx_15_0_arm64",),
}

REQUIRED = {"schema_version": str, "id": str, "version": str, "name": str, "tagline": str, "maintainer": str,
            "type": str, "blender_version_min": str, "license": list}
PERMISSIONS = {"files", "network", "clipboard", "camera", "microphone"}
TERSE_MAX = 64
VERSION_RE = re.compile(r"^\d+\.\d+\.\d+([-+][0-9A-Za-z.+-]+)?$")
BLENDER_VERSION_RE = re.compile(r"^\d+\.\d+\.\d+$")
WHEEL_RE = re.compile(r"^\./wheels/[^/\\\"]+\.whl$")


# ------------------------------------------------------------------ manifest


def load_manifest(path: Path) -> dict[str, Any]:
    """Parse a manifest (TOML)."""
    with path.open("rb") as handle:
        return tomllib.load(handle)


def terse_error(value: str) -> str | None:
    """Blender's rule for taglines and permission reasons: short, one line, no final punctuation."""
    if not value.strip() or value != value.strip():
        return "must be a non-empty string without surrounding spaces"
    if len(value) > TERSE_MAX:
        return f"at most {TERSE_MAX} characters, found {len(value)}"
    if any(ord(ch) < 32 for ch in value):
        return "must not contain control characters"
    if not (value[-1].isalnum() or value[-1] in ")]}"):
        return "must not end with punctuation"
    return None


def validate_manifest(data: dict[str, Any]) -> list[str]:
    """Every problem with the manifest (empty list: valid)."""
    errors = [f"missing or not a {kind.__name__}: {key!r}" for key, kind in REQUIRED.items()
              if not isinstance(data.get(key), kind)]
    if errors:
        return errors
    if data["schema_version"] != "1.0.0":
        errors.append(f"schema_version must be '1.0.0', found {data['schema_version']!r}")
    pkg_id = data["id"]
    if not pkg_id.isidentifier() or "__" in pkg_id or pkg_id.startswith("_") or pkg_id.endswith("_"):
        errors.append(f"id {pkg_id!r} must be a Python identifier without leading/trailing/double '_'")
    if not VERSION_RE.match(data["version"]):
        errors.append(f"version {data['version']!r} is not semantic (X.Y.Z)")
    if not BLENDER_VERSION_RE.match(data["blender_version_min"]) or _version(data["blender_version_min"]) < (4, 2, 0):
        errors.append(f"blender_version_min {data['blender_version_min']!r} must be X.Y.Z and at least 4.2.0")
    if data["type"] not in ("add-on", "theme"):
        errors.append(f"type must be 'add-on' or 'theme', found {data['type']!r}")
    if (problem := terse_error(data["tagline"])) is not None:
        errors.append(f"tagline: {problem}")
    if not data["license"] or not all(isinstance(x, str) and x.startswith("SPDX:") for x in data["license"]):
        errors.append("license must be a non-empty list of 'SPDX:...' strings")
    errors += _permission_errors(data.get("permissions", {}))
    errors += _wheel_errors(data.get("wheels", []))
    return errors


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _permission_errors(permissions: Any) -> list[str]:
    if not isinstance(permissions, dict):
        return ["permissions must be a table of reasons"]
    errors = []
    for key, reason in permissions.items():
        if key not in PERMISSIONS:
            errors.append(f"unknown permission {key!r} (known: {', '.join(sorted(PERMISSIONS))})")
        elif not isinstance(reason, str) or (problem := terse_error(reason)) is not None:
            errors.append(f"permissions.{key}: {problem if isinstance(reason, str) else 'must be a string'}")
    return errors


def _wheel_errors(wheels: Any) -> list[str]:
    if not isinstance(wheels, list):
        return ["wheels must be a list of paths"]
    errors = []
    for wheel in wheels:
        if not isinstance(wheel, str) or not WHEEL_RE.match(wheel):
            errors.append(f"wheel path {wheel!r} must look like './wheels/NAME.whl'")
        elif not 5 <= len(Path(wheel).name[:-4].split("-")) <= 6:
            errors.append(f"wheel file name {Path(wheel).name!r} does not follow the wheel naming spec")
    return errors


def dump_manifest(data: dict[str, Any]) -> str:
    """TOML text for a manifest: top-level values first, then one table per dict."""
    lines = [f"{key} = {_toml_value(value)}" for key, value in data.items() if not isinstance(value, dict)]
    for key, value in data.items():
        if isinstance(value, dict):
            lines += ["", f"[{key}]"] + [f"{k} = {_toml_value(v)}" for k, v in value.items()]
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to the manifest")


def packaged_manifest(data: dict[str, Any], wheel_names: Sequence[str]) -> dict[str, Any]:
    """The manifest as shipped: the wheel list filled in, no ``[build]`` table."""
    shipped = {key: value for key, value in data.items() if key != "build"}
    shipped["wheels"] = [f"./wheels/{name}" for name in sorted(wheel_names)]
    return shipped


# ------------------------------------------------------------------ wheels and zip


def download_wheels(dest: Path, requirements: Sequence[str] = LLM_REQUIREMENTS,
                    platforms: dict[str, tuple[str, ...]] = PLATFORMS,
                    python_version: str = PYTHON_VERSION) -> list[str]:
    """``pip download`` binary wheels of ``requirements`` for every platform into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    abi = "cp" + python_version.replace(".", "")
    for target, tags in platforms.items():
        log.info("downloading wheels for %s", target)
        command = [sys.executable, "-m", "pip", "download", "--only-binary=:all:", "--python-version", python_version,
                   "--implementation", "cp", "--abi", abi, "--dest", str(dest), "--quiet"]
        for tag in tags:
            command += ["--platform", tag]
        subprocess.run(command + list(requirements), check=True)
    return sorted(p.name for p in dest.glob("*.whl"))


def download_optional_wheels(dest: Path, requirements: Sequence[str] = GRAPH_REQUIREMENTS,
                             platforms: dict[str, tuple[str, ...]] = GRAPH_PLATFORMS) -> list[str]:
    """Like :func:`download_wheels` for an optional extra: a platform with no wheel is skipped
    (logged), the others are kept."""
    for target, tags in platforms.items():
        try:
            download_wheels(dest, requirements, {target: tags})
        except subprocess.CalledProcessError:
            log.warning("no %s wheel for %s: the extension ships without it there", ", ".join(requirements), target)
    return sorted(p.name for p in dest.glob("*.whl"))


def package_files(root: Path) -> list[Path]:
    """The extension's own files, relative to ``root`` (no tests, docs, caches or build output)."""
    files = [Path(name) for name in PACKAGE_FILES]
    for folder in PACKAGE_DIRS:
        for path in sorted((root / folder).rglob("*")):
            rel = path.relative_to(root)
            if path.is_file() and not SKIP_PARTS & set(rel.parts) and path.suffix not in SKIP_SUFFIXES:
                files.append(rel)
    return files


def build_zip(out_dir: Path, manifest: dict[str, Any], entries: Iterable[tuple[Path, str]]) -> Path:
    """Write ``out_dir/<id>-<version>.zip``: the manifest at its root, then ``(source, name)`` entries."""
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{manifest['id']}-{manifest['version']}.zip"
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(MANIFEST, dump_manifest(manifest))
        for source, name in entries:
            archive.write(source, name)
    return target


def main(argv: Sequence[str] | None = None) -> int:
    """Validate, gather wheels, zip; exit 2 when the manifest is invalid."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-wheels", action="store_true", help="do not download wheels (offline build)")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument("--wheels-dir", type=Path, default=ROOT / "wheels", help="where wheels are downloaded")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    data = load_manifest(ROOT / MANIFEST)
    wheel_names: list[str] = []
    if not args.no_wheels:
        download_wheels(args.wheels_dir)
        wheel_names = download_optional_wheels(args.wheels_dir)
    shipped = packaged_manifest(data, wheel_names)
    errors = validate_manifest(shipped)
    if errors:
        for error in errors:
            log.error("%s: %s", MANIFEST, error)
        return 2
    entries = [(ROOT / rel, rel.as_posix()) for rel in package_files(ROOT)]
    entries += [(args.wheels_dir / name, f"wheels/{name}") for name in wheel_names]
    target = build_zip(args.out, shipped, entries)
    log.info("built %s (%d files, %d wheels)", target, len(entries) + 1, len(wheel_names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
