"""The versioned learned library on disk: write a version, list, show, diff, roll back.

Layout (under a library root, see ``registry.library_root()``)::

    learned/<name>/v<N>/relation.json    the learned score (script language, data) over the built-in contract
    learned/<name>/v<N>/provenance.json  prompts, model, per-scene diffs, gate results
    manifest.json                        every version's file and sha256; "active" per relation

A version is never overwritten or deleted: writing into an existing ``v<N>`` folder is refused
and ``rollback`` only moves the ``"active"`` pointer. Writing a version makes it active.
"""

from __future__ import annotations

import difflib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ....skill_library.registry import (LEARNED_FILE, ManifestError, active_version, load_relations,
                                         update_manifest)
from ..errors import BadInput
from .runtime import learned_document

PROVENANCE_FILE = "provenance.json"
RELATION_FILE = LEARNED_FILE  # relation.json: data, interpreted (never imported)


@dataclass(frozen=True)
class VersionInfo:
    """One listed version of a relation."""

    name: str
    version: int
    file: str
    origin: str
    active: bool
    description: str


def read_manifest(root: Path) -> dict[str, Any]:
    """``manifest.json`` under ``root``, parsed."""
    path = root / "manifest.json"
    if not path.is_file():
        raise BadInput("no manifest.json here: not a skill library", str(root))
    return json.loads(path.read_text(encoding="utf-8"))


def _write_manifest(root: Path, manifest: Mapping[str, Any]) -> None:
    """Replace manifest.json atomically (a temporary file renamed over it): never half-written."""
    path = root / "manifest.json"
    tmp = path.with_name(f".manifest.json.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _loads_with(root: Path, manifest: Mapping[str, Any]) -> None:
    """Load the library at ``root`` as ``manifest`` would make it, without writing it
    (raises :class:`ManifestError` when it would not load)."""
    with tempfile.TemporaryDirectory(prefix="setdresser-manifest-") as work:
        candidate = Path(work) / "manifest.json"
        candidate.write_text(json.dumps(manifest), encoding="utf-8")
        load_relations(root, candidate)


def _entry(manifest: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    entry = manifest["relations"].get(name)
    if entry is None:
        raise BadInput(f"no relation {name!r} in the library", "NAME")
    return entry


def versions(root: Path, name: str | None = None) -> list[VersionInfo]:
    """Every listed version (of ``name``, or of all relations), oldest first per relation."""
    manifest = read_manifest(root)
    names = [name] if name else sorted(manifest["relations"])
    out = []
    for relation in names:
        entry = _entry(manifest, relation)
        current = active_version(relation, entry)
        for number, info in sorted(entry["versions"].items(), key=lambda item: int(item[0])):
            out.append(VersionInfo(relation, int(number), info["file"], info.get("origin", "?"),
                                   int(number) == current, info.get("description", "")))
    return out


def version_info(root: Path, name: str, version: int | None = None) -> VersionInfo:
    """One version (default: the active one); unknown versions are bad input."""
    listed = versions(root, name)
    chosen = [v for v in listed if (v.version == version if version is not None else v.active)]
    if not chosen:
        raise BadInput(f"{name} has no version {version} (listed: {[v.version for v in listed]})", "--version")
    return chosen[0]


def version_text(root: Path, info: VersionInfo) -> str:
    """The scoring source of a version: the learned source of a learned one, the module of a built-in."""
    path = root / info.file
    if info.origin == "learned":
        provenance = root / Path(info.file).parent / PROVENANCE_FILE
        if provenance.is_file():
            return str(json.loads(provenance.read_text(encoding="utf-8")).get("learned_source", ""))
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def provenance(root: Path, info: VersionInfo) -> dict[str, Any] | None:
    """A learned version's provenance.json (None for built-ins)."""
    path = root / Path(info.file).parent / PROVENANCE_FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def diff_versions(root: Path, name: str, old: int, new: int) -> str:
    """A unified diff of two versions' scoring sources."""
    a, b = version_info(root, name, old), version_info(root, name, new)
    return "".join(difflib.unified_diff(version_text(root, a).splitlines(keepends=True),
                                        version_text(root, b).splitlines(keepends=True),
                                        fromfile=f"{name} v{old}", tofile=f"{name} v{new}"))


def next_version(root: Path, name: str) -> int:
    """One more than the highest listed version of ``name``."""
    return max(v.version for v in versions(root, name)) + 1


def render_relation_file(name: str, version: int, source: str, description: str) -> str:
    """The text of ``learned/<name>/v<N>/relation.json`` for a learned score."""
    return json.dumps(learned_document(name, version, source, description), indent=2) + "\n"


def write_version(root: Path, name: str, source: str, record: Mapping[str, Any], description: str = "") -> int:
    """Add ``name`` v<next> with ``source`` and provenance ``record``, make it active; the version.

    Refuses an existing folder (never overwrite) and rolls the files back when the new version
    does not load (the manifest is only written once it does).
    """
    version = next_version(root, name)
    folder = root / "learned" / name / f"v{version}"
    if folder.exists():
        raise ManifestError(f"{folder} already exists; a version is never overwritten")
    folder.mkdir(parents=True)
    (folder / RELATION_FILE).write_text(render_relation_file(name, version, source, description), encoding="utf-8")
    (folder / PROVENANCE_FILE).write_text(json.dumps({**record, "relation": name, "version": version,
                                                      "learned_source": source}, indent=2) + "\n", encoding="utf-8")
    manifest_before = (root / "manifest.json").read_text(encoding="utf-8")
    try:
        update_manifest(root)
        manifest = read_manifest(root)
        manifest["relations"][name]["active"] = version
        _write_manifest(root, manifest)
        load_relations(root)
    except Exception:
        (root / "manifest.json").write_text(manifest_before, encoding="utf-8")
        shutil.rmtree(folder)
        raise
    return version


def set_active(root: Path, name: str, version: int) -> int:
    """Point ``name`` at a listed ``version`` (rollback); returns the previously active one."""
    manifest = read_manifest(root)
    entry = manifest["relations"].get(name)
    if entry is None:
        raise BadInput(f"no relation {name!r} in the library", "NAME")
    if str(version) not in entry["versions"]:
        raise BadInput(f"{name} has no version {version} (listed: {sorted(int(v) for v in entry['versions'])})",
                       "--to")
    previous = active_version(name, entry)
    entry["active"] = int(version)
    try:
        _loads_with(root, manifest)  # checked before anything is written: a failed rollback changes nothing
    except ManifestError as exc:
        raise BadInput(f"cannot make {name} v{version} active, the library would not load: {exc}", "--to") from None
    _write_manifest(root, manifest)
    return previous


def copy_library(root: Path, target: Path) -> Path:
    """A working copy of a library (builtin/, learned/, manifest.json) at ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    for part in ("builtin", "learned"):
        if (root / part).is_dir():
            shutil.copytree(root / part, target / part, ignore=shutil.ignore_patterns("__pycache__"),
                            dirs_exist_ok=True)
        else:
            (target / part).mkdir(exist_ok=True)
    shutil.copy2(root / "manifest.json", target / "manifest.json")
    return target
