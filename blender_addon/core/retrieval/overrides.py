"""Per-asset override files: what the user knows better than the file (front axis, units,
tags, licence).

Two places, the more specific winning field by field:

- ``overrides.json`` in the asset's folder: ``{"*": {...}, "chair.glb": {...}}`` (``"*"``
  applies to every file of that folder);
- ``<file>.setdresser.json`` beside the file (``chair.glb.setdresser.json``): ``{...}``.

Fields: ``front`` and ``up`` (axis names, default -Y and +Z), ``scale`` (metres per file unit,
default 1), ``tags`` (list of words), ``license``, ``author``, ``name``, ``description``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

from ..datafiles import read_json
from ..errors import BadInput
from .axes import FRONT, UP, axis_rotation, parse_axis

FOLDER_FILE = "overrides.json"
SIDECAR_SUFFIX = ".setdresser.json"
FIELDS = frozenset({"front", "up", "scale", "tags", "license", "author", "name", "description"})


@dataclass(frozen=True)
class Override:
    """The user's corrections for one asset file (defaults: nothing to correct)."""

    front: str = FRONT
    up: str = UP
    scale: float = 1.0
    tags: tuple[str, ...] = ()
    license: str = ""
    author: str = ""
    name: str = ""
    description: str = ""


def parse_override(data: Any, where: str, base: Override | None = None) -> Override:
    """One override object on top of ``base``; unknown fields and bad values are bad input."""
    if not isinstance(data, Mapping):
        raise BadInput("an override must be a JSON object", where)
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise BadInput(f"unknown field(s) {', '.join(unknown)} (known: {', '.join(sorted(FIELDS))})", where)
    out = base or Override()
    changes: dict[str, Any] = {}
    for key in ("front", "up"):
        if key in data:
            changes[key] = parse_axis(data[key], f"{where}: {key}")
    if "scale" in data:
        scale = data["scale"]
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not math.isfinite(scale) or scale <= 0:
            raise BadInput(f"must be a positive number, got {scale!r}", f"{where}: scale")
        changes["scale"] = float(scale)
    if "tags" in data:
        tags = data["tags"]
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise BadInput("must be a list of strings", f"{where}: tags")
        changes["tags"] = tuple(t.strip() for t in tags if t.strip())
    for key in ("license", "author", "name", "description"):
        if key in data:
            changes[key] = str(data[key])
    out = replace(out, **changes)
    axis_rotation(out.front, out.up)  # raises when front and up are not perpendicular
    return out


def _read_json(path: Path) -> Any:
    return read_json(path, "override file")


def override_for(asset_file: Path) -> Override:
    """The override of ``asset_file`` from its folder's ``overrides.json`` and its sidecar
    (BadInput naming the override file when one is malformed)."""
    result = Override()
    folder_file = asset_file.parent / FOLDER_FILE
    if folder_file.is_file():
        table = _read_json(folder_file)
        if not isinstance(table, Mapping):
            raise BadInput("must map file names to override objects", str(folder_file))
        for key in ("*", asset_file.name):
            if key in table:
                result = parse_override(table[key], f"{folder_file} [{key}]", result)
    sidecar = asset_file.with_name(asset_file.name + SIDECAR_SUFFIX)
    if sidecar.is_file():
        result = parse_override(_read_json(sidecar), str(sidecar), result)
    return result


def is_override_file(path: Path) -> bool:
    """True for the override files themselves (the scanner does not index them)."""
    return path.name == FOLDER_FILE or path.name.endswith(SIDECAR_SUFFIX)
