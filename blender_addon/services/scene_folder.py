"""The scene database of an output folder: ``scene.db`` written by ``generate`` next to
``layout.json``, opened read-only by ``query`` and ``ask``.

A folder without ``scene.db`` (made before the database existed, or where the ``graph`` extra was
not installed), or whose ``scene.db`` is older than its layout (the layout was re-solved or
edited since), is read from its documents into an in-memory database instead, so a query never
answers from a stale scene.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Mapping

from ..core.errors import SetDresserError
from ..core.scene_db.facts import facts_from_documents
from ..core.scene_db.folder import folder_facts, newest_source_mtime
from ..core.scene_db.rows import GraphRows, build_rows

log = logging.getLogger(__name__)

DB_FILE = "scene.db"


def write_scene_documents(folder: str | Path, layout: Mapping[str, Any], program: Mapping[str, Any] | None = None,
                          scene_graph: Mapping[str, Any] | None = None) -> Path | None:
    """Write ``folder/scene.db`` from the run's documents (atomically); None, with a log line,
    when the ``graph`` extra is not installed (the scene itself is unaffected)."""
    rows = build_rows(facts_from_documents(layout, program, scene_graph))
    return write_rows(folder, rows)


def write_rows(folder: str | Path, rows: GraphRows) -> Path | None:
    """Write ``folder/scene.db`` from rows; None when ladybug is missing."""
    try:
        from .scene_store import write_scene_db
    except SetDresserError:  # MissingGraphExtra (the class lives in the module that failed to import)
        log.info("scene.db not written: the graph extra (ladybug) is not installed")
        return None
    return write_scene_db(rows, Path(folder) / DB_FILE)


def open_folder(folder: str | Path) -> tuple[Any, GraphRows, str]:
    """``(store, rows, note)``: the folder's ``scene.db`` read-only, or an in-memory database built
    from its documents when the file is missing or stale (``note`` says which, '' when the file is
    used); ``rows`` are the scene's rows either way (the prompts' label space is made of them)."""
    from .scene_store import SceneStore  # the error naming the extra when ladybug is missing

    folder = Path(folder)
    rows = build_rows(folder_facts(folder))  # checks the folder and its layout first, whichever way we go
    path = folder / DB_FILE
    if path.is_file() and path.stat().st_mtime >= newest_source_mtime(folder):
        return SceneStore.open(path), rows, ""
    why = "no scene.db" if not path.is_file() else "scene.db is older than layout.json"
    return SceneStore.in_memory(rows), rows, f"{why}: built the database from the folder's documents"
