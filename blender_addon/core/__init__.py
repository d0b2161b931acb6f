"""Pure Python + numpy: the data model, pipeline, stages, offline planner, solver, script language.

Nothing under this package may import bpy, openai or torch (tests/architecture enforces it).
Importing it installs the script interpreter as the skill library's loader of learned
relations (``learned/<name>/v<N>/relation.json`` is data, interpreted, never imported).
"""

from pathlib import Path

from ...skill_library.base import Relation
from ...skill_library.registry import set_learned_loader


def _load_learned(path: Path, rel_file: str) -> Relation:
    from .learning.runtime import load_learned_file  # lazily: the interpreter loads only when needed

    return load_learned_file(path, rel_file)


set_learned_loader(_load_learned)
