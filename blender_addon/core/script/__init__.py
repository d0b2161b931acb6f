"""The script language: constraint scripts and scoring functions, parsed and interpreted.

Model output (a coder's constraint script, a custom or learned scoring function) is data:
:mod:`.parser` reads it with ``ast`` and accepts only the language's constructs,
:mod:`.evaluator` walks the tree with a step budget, and :mod:`.functions` is the only way
to reach numpy. Nothing is ever compiled to Python or executed. The language is described
in docs/script_language.md.
"""

from .custom import (
           CHECK_THRESHOLD,
           CUSTOM_PREFIX,
           check_custom_references,
           custom_relations,
           make_relation,
)
from .errors import ScriptError
from .runner import (
           MAX_OBJECTS,
           ScoreFunction,
           ScriptResult,
           check_script,
           compile_score,
           run_script,
)
from .values import SCORE_LIMITS, SCRIPT_LIMITS, Limits

__all__ = ["CHECK_THRESHOLD", "CUSTOM_PREFIX", "MAX_OBJECTS", "SCORE_LIMITS", "SCRIPT_LIMITS", "Limits",
           "ScoreFunction", "ScriptError", "ScriptResult", "check_custom_references", "check_script",
           "compile_score", "custom_relations", "make_relation", "run_script"]
