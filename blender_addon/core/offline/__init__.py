"""Offline planner and coder: controlled English -> scene graph -> constraint program.

No network, no LLM: :func:`plan` reads the prompt with rules, :func:`code` sizes the
objects from the asset catalog and writes the constraints (see ARCHITECTURE.md).

Subpackages, one per responsibility (each ``__init__`` says which): ``reading``, ``referents``,
``relations``, ``distributions``, ``inference``, ``completion``, ``setting``, ``coding``;
``planner`` ties them together.
"""

from .coding.coder import code, code_script
from .planner import plan

__all__ = ["code", "code_script", "plan"]
