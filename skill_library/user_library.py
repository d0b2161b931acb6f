"""Where the learned library lives: the user's data folder, never the installed package.

Blender clears an extension's folder when it updates it, so learned versions written into the
package would be lost. The user library is a folder of its own (``manifest.json``,
``builtin/``, ``learned/``) in the user's data folder: ``bpy.utils.extension_path_user`` inside
Blender (the add-on calls :func:`set_user_library_dir` when it registers), else a platform data
dir (``$XDG_DATA_HOME`` or ``~/.local/share`` on Linux, ``~/Library/Application Support`` on
macOS, ``%APPDATA%`` on Windows) + ``setdresser/skill_library``. ``$SETDRESSER_LIBRARY_DIR``
overrides both (tests, ``learn`` children).

Its ``builtin/`` part is the installed package's, refreshed whenever the package's built-ins
change (an update): built-in files and manifest entries are replaced, the learned versions and
the user's ``"active"`` choices are kept (a pointer to a version that no longer exists falls
back to the newest).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sys
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

PACKAGE_ROOT = Path(__file__).resolve().parent
LIBRARY_DIR_ENV = "SETDRESSER_LIBRARY_DIR"
_USER_DIR: list[Path] = []


def set_user_library_dir(path: Path | None) -> None:
    """Use ``path`` as the user library (Blender: the extension's user folder); None: the platform default."""
    _USER_DIR[:] = [Path(path)] if path is not None else []


def platform_data_dir() -> Path:
    """The per-user application data folder of this platform."""
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    if sys.platform == "darwin":
        return home / "Library" / "Application Support"
    return Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")


def user_library_dir() -> Path:
    """The folder of the user library (it may not exist yet)."""
    return _USER_DIR[0] if _USER_DIR else platform_data_dir() / "setdresser" / "skill_library"


def _read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _builtin_entries(manifest: dict[str, Any]) -> dict[str, Any]:
    return {name: {v: info for v, info in entry["versions"].items() if info.get("origin") == "builtin"}
            for name, entry in manifest["relations"].items()}


def _merged(package: dict[str, Any], user: dict[str, Any]) -> dict[str, Any]:
    """The package's built-in entries with the user's learned versions and active pointers."""
    relations: dict[str, Any] = {}
    for name in sorted(set(package["relations"]) | set(user["relations"])):
        versions = dict(package["relations"].get(name, {}).get("versions", {}))
        mine = user["relations"].get(name, {})
        versions.update({v: info for v, info in mine.get("versions", {}).items() if info.get("origin") != "builtin"})
        if not versions:
            continue
        entry: dict[str, Any] = {"versions": dict(sorted(versions.items(), key=lambda kv: int(kv[0])))}
        if mine.get("active") is not None and str(mine["active"]) in versions:
            entry["active"] = mine["active"]
        relations[name] = entry
    return {**package, "relations": relations}


def sync_builtins(user: Path, package_root: Path = PACKAGE_ROOT) -> None:
    """Create the user library from the package, or refresh its built-ins after an update."""
    package = _read(package_root / "manifest.json")
    manifest_path = user / "manifest.json"
    mine = _read(manifest_path) if manifest_path.is_file() else {"relations": {}}
    if manifest_path.is_file() and _builtin_entries(mine) == _builtin_entries(package) \
            and (user / "builtin").is_dir():
        return
    user.mkdir(parents=True, exist_ok=True)
    (user / "learned").mkdir(exist_ok=True)
    staging = user / "builtin.new"
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(package_root / "builtin", staging, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.rmtree(user / "builtin", ignore_errors=True)
    staging.rename(user / "builtin")
    temporary = manifest_path.with_suffix(".json.tmp")
    temporary.write_text(json.dumps(_merged(package, mine), indent=2) + "\n", encoding="utf-8")
    temporary.replace(manifest_path)  # the learned entries are never half-written
    log.info("skill library at %s: built-ins %s from the package", user,
             "refreshed" if mine["relations"] else "copied")


def library_root() -> Path:
    """The library in use: ``$SETDRESSER_LIBRARY_DIR``, else the user library once it exists
    (built-ins kept current), else the package's own (nothing learned yet)."""
    configured = os.environ.get(LIBRARY_DIR_ENV, "").strip()
    if configured:
        return Path(configured).resolve()
    user = user_library_dir()
    if not (user / "manifest.json").is_file():
        return PACKAGE_ROOT
    sync_builtins(user)
    return user


def writable_library_root() -> Path:
    """The library that learning writes into: ``$SETDRESSER_LIBRARY_DIR``, else the user library
    (created from the package on first use). Never the installed package."""
    configured = os.environ.get(LIBRARY_DIR_ENV, "").strip()
    if configured:
        return Path(configured).resolve()
    user = user_library_dir()
    sync_builtins(user)
    return user
