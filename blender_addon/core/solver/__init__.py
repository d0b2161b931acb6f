"""The layout solver: a constraint program in, a physically valid layout out.

Public API: :func:`solve`, :func:`evaluate`, :func:`physics_checks` (see ``api.py``,
``evaluate.py``, ``physics.py``). Pure Python + numpy.
"""

from .api import solve
from .evaluate import evaluate
from .physics import PhysicsRules, physics_checks

__all__ = ["solve", "evaluate", "physics_checks", "PhysicsRules"]
