"""The bundled data files' one reader: the JSON object of a file whose ``schema`` names what it
holds (knowledge is data, each file with its schema and a loader; the loaders share this step)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import BadInput


def read_document(path: Path, schema: str) -> dict[str, Any]:
    """The JSON object in ``path``; ValueError naming the file unless its ``schema`` is ``schema``."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("schema") != schema:
        raise ValueError(f"{path}: schema must be {schema!r}")
    return data


def read_json(source: Path, what: str) -> Any:
    """The JSON in a file the user may name (``what`` it is: "asset index"); a missing file or bad
    JSON is bad input naming the file (and the line)."""
    try:
        return json.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise BadInput(f"{what} not found", str(source)) from exc
    except json.JSONDecodeError as exc:
        raise BadInput(f"invalid JSON at line {exc.lineno}", str(source)) from exc
