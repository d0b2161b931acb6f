"""Error types shared by the whole pipeline; defined in :mod:`skill_library.errors` (the lowest
layer, ARCHITECTURE.md: core -> skill_library -> numpy) and re-exported here for the core.

``BadInput`` is anything the user (or an LLM reply standing in for the user) got wrong:
the CLI turns it into exit status 2 and a one-line message that names what and where.
"""

from ...skill_library.errors import BadInput, ProgramError, SetDresserError

__all__ = ["BadInput", "ProgramError", "SetDresserError"]
