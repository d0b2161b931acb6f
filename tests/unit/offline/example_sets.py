"""The offline planner's example prompts with their expected scene graphs: ``examples.json``
(the set the planner was built on) and ``heldout.json`` (prompts written without looking at
how the planner reads them, then kept as regression tests once they passed)."""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent
EXAMPLE_FILES = ("examples.json", "heldout.json")


def load_examples(*names: str) -> list[dict]:
    """The examples of the named files (all of :data:`EXAMPLE_FILES` by default), in order."""
    out: list[dict] = []
    for name in names or EXAMPLE_FILES:
        out += json.loads((HERE / name).read_text(encoding="utf-8"))["examples"]
    return out
