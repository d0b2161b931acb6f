"""An output folder's documents as scene facts: ``layout.json`` (required), ``program.json`` and
``scene_graph.json`` (used when present)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..datafiles import read_json as read_file_json
from ..errors import BadInput
from .facts import SceneFacts, facts_from_documents

LAYOUT_FILE, PROGRAM_FILE, GRAPH_FILE = "layout.json", "program.json", "scene_graph.json"


def read_json(path: Path, required: bool) -> Any:
    """A JSON document, or None when an optional one is absent; bad JSON names the file and line."""
    if not path.is_file():
        if required:
            raise BadInput(f"no {path.name} here (is this a Set Dresser output folder?)", str(path.parent))
        return None
    return read_file_json(path, path.name)


def folder_facts(folder: str | Path) -> SceneFacts:
    """The scene facts of an output folder."""
    folder = Path(folder)
    if not folder.is_dir():
        raise BadInput("not a directory", str(folder))
    return facts_from_documents(read_json(folder / LAYOUT_FILE, True), read_json(folder / PROGRAM_FILE, False),
                                read_json(folder / GRAPH_FILE, False))


def newest_source_mtime(folder: str | Path) -> float:
    """When the folder's documents last changed (a database older than this is stale)."""
    folder = Path(folder)
    return max((folder / name).stat().st_mtime for name in (LAYOUT_FILE, PROGRAM_FILE, GRAPH_FILE)
               if (folder / name).is_file())
