"""Occasions and activities: ``occasions.json`` (schema ``setdresser.occasions/1``) and its loader."""

from .loader import (
    OCCASIONS_PATH,
    OCCASIONS_SCHEMA,
    Occasion,
    OccasionBook,
    load_occasions,
    parse_occasions,
)

__all__ = ["OCCASIONS_PATH", "OCCASIONS_SCHEMA", "Occasion", "OccasionBook", "load_occasions", "parse_occasions"]
