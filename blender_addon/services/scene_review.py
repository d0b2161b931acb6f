"""The LLM stages' access to the scene database during a run: an in-memory LadybugDB store of the
iteration under review (its layout, the audit's scores, the program), for the reviewer's query
tool, or of the user's objects a generation starts from, for the planner's. Without the
``graph`` extra the reviewer keeps the scene dump and the planner plans without the scene."""

from __future__ import annotations

import contextlib
import logging
from typing import Iterator, Sequence

from ..core.errors import SetDresserError
from ..core.model import ObjectSpec
from ..core.pipeline import NeedReview
from ..core.scene_db.facts import facts_from_documents
from ..core.scene_db.live import existing_layout
from ..core.scene_db.rows import build_rows
from ..core.stages.scene_tool import SceneAccess

log = logging.getLogger(__name__)


def graph_available() -> bool:
    """True when the scene database can be used (the graph extra is installed)."""
    try:
        from . import scene_store  # noqa: F401
    except SetDresserError:
        return False
    return True


@contextlib.contextmanager
def review_scene(need: NeedReview) -> Iterator[SceneAccess]:
    """The iteration under review as a queryable scene (closed afterwards)."""
    from .scene_store import SceneStore

    layout = need.layout.to_dict()
    layout["constraints"] = [r.to_dict() for r in need.audit.results]  # what the audit measured, in program order
    rows = build_rows(facts_from_documents(layout, need.program.to_dict()))
    with SceneStore.in_memory(rows) as store:
        yield SceneAccess(rows=rows, run_query=store.query)


@contextlib.contextmanager
def existing_scene(existing: Sequence[ObjectSpec], prompt: str = "") -> Iterator[SceneAccess]:
    """The user's objects a generation starts from, as a queryable scene (closed afterwards)."""
    from .scene_store import SceneStore

    rows = build_rows(facts_from_documents(existing_layout(existing, prompt)))
    with SceneStore.in_memory(rows) as store:
        yield SceneAccess(rows=rows, run_query=store.query)
