"""Error types shared by the whole pipeline (defined at the bottom layer, so that the skill
library can raise them without importing the core; ``blender_addon.core.errors`` re-exports them).

``BadInput`` is anything the user (or an LLM reply standing in for the user) got wrong:
the CLI turns it into exit status 2 and a one-line message that names what and where.
"""


class SetDresserError(Exception):
    """Base class of the project's own errors."""


class BadInput(SetDresserError):
    """Input is malformed or inconsistent; ``where`` names the offending item."""

    def __init__(self, message: str, where: str | None = None) -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class ProgramError(BadInput):
    """A constraint program (``setdresser.program/1``) is invalid."""


class ManifestError(SetDresserError):
    """The library on disk does not match ``manifest.json`` (tampered, unlisted or missing file),
    or a relation's declaration (its ``PHRASES``...) is malformed."""
