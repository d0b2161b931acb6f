"""The learned-relation runtime, re-exported for core: it lives in the skill library
(``skill_library/learned_relation.py``) because learned relation files import it, and the
library depends on nothing above it."""

from ....skill_library.learned_relation import (builtin_module, declared_source, has_learned, install,
                                                is_learned, learned_relation, learned_versions)

__all__ = ["builtin_module", "declared_source", "has_learned", "install", "is_learned", "learned_relation",
           "learned_versions"]
