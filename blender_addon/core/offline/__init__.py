"""Offline planner and coder: controlled English -> scene graph -> constraint program.

No network, no LLM: :func:`plan` reads the prompt with rules, :func:`code` sizes the
objects from the asset catalog and writes the constraints (see ARCHITECTURE.md).
"""

from .coder import code, code_script
from .planner import plan

__all__ = ["code", "code_script", "plan"]
