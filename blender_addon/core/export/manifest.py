"""A scene's ``manifest.json``: what made it (prompt, seed, settings, model names, library and
tool versions) and what it is made of (each asset with its source file and licence where
known), plus the size and SHA-256 of every output file, so a copy can be checked whole.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

MANIFEST_SCHEMA = "setdresser.manifest/1"
MANIFEST_FILE = "manifest.json"
PROCEDURAL_SOURCE = "assets_index/procedural.json (built by blender_addon/bl/assets)"
PROCEDURAL_LICENCE = "GPL-3.0-or-later (Set Dresser's own procedural builders)"
OFFLINE_MODELS = {"planner": "offline rule-based planner", "coder": "offline template coder",
                  "reviewer": "offline geometric audit"}


def models_from_transcript(lines: Iterable[str]) -> dict[str, str]:
    """``{stage: model}`` named by the transcript's request records (first model per stage)."""
    out: dict[str, str] = {}
    for line in lines:
        line = line.strip()
        if not line:
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict) and record.get("stage") and record.get("model"):
            out.setdefault(str(record["stage"]), str(record["model"]))
    return out


def asset_entries(layout: Mapping[str, Any], retrieval: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One entry per layout object: its asset, source file and licence (procedural or the
    user asset index's record, from report.json's ``asset_retrieval``)."""
    chosen = {str(c.get("object")): c for c in retrieval if c.get("asset")}
    out = []
    for obj in layout.get("objects", []):
        oid, asset = str(obj["id"]), str(obj.get("asset") or "")
        choice = chosen.get(oid)
        if choice is not None:
            entry = {"source": choice.get("file"), "licence": choice.get("license") or None,
                     "asset": choice.get("asset"), "method": choice.get("method")}
        else:
            entry = {"source": PROCEDURAL_SOURCE, "licence": PROCEDURAL_LICENCE, "asset": asset or None,
                     "method": "procedural"}
        out.append({"object": oid, "category": obj.get("category"), **entry})
    return out


def file_entries(folder: Path, exclude: Iterable[str] = (MANIFEST_FILE,)) -> list[dict[str, Any]]:
    """Every file under ``folder`` (relative path, bytes, sha256), sorted; ``exclude`` by name."""
    skip = set(exclude)
    out = []
    for path in sorted(p for p in folder.rglob("*")  # hidden: a run's lock file and temporaries
                       if p.is_file() and p.name not in skip and not p.name.startswith(".")):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        out.append({"path": path.relative_to(folder).as_posix(), "bytes": path.stat().st_size, "sha256": digest})
    return out


def build_manifest(report: Mapping[str, Any], layout: Mapping[str, Any], models: Mapping[str, str],
                   files: list[dict[str, Any]]) -> dict[str, Any]:
    """The manifest document of one generated scene."""
    backend = str(report.get("llm", {}).get("backend", "offline"))
    versions = dict(report.get("versions", {}))
    return {
        "schema": MANIFEST_SCHEMA, "prompt": report.get("prompt"), "seed": report.get("seed"),
        "settings": dict(report.get("settings", {})),
        "llm": {"backend": backend, "models": dict(models) if models or backend != "offline" else OFFLINE_MODELS,
                "tokens": dict(report.get("llm", {}).get("tokens", {}))},
        "library_version": versions.get("setdresser"), "versions": versions,
        "skill_library_versions": dict(report.get("function_edits", {}).get("library_versions", {})),
        "layout_schema": layout.get("schema"), "assets": asset_entries(layout, report.get("asset_retrieval", [])),
        "files": files,
    }


def write_manifest(folder: Path) -> Path:
    """Write ``folder/manifest.json`` from the folder's report, layout and transcript (atomically)."""
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    layout = json.loads((folder / "layout.json").read_text(encoding="utf-8"))
    transcript = folder / "transcript.jsonl"
    models = models_from_transcript(transcript.read_text(encoding="utf-8").splitlines()) if transcript.is_file() else {}
    doc = build_manifest(report, layout, models, file_entries(folder))
    target = folder / MANIFEST_FILE
    partial = target.with_name(f".{MANIFEST_FILE}.partial")
    partial.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    partial.replace(target)
    return target
