"""Room and scene archetypes: ``archetypes.json`` (schema ``setdresser.archetypes/1``) and its loader."""

from .loader import (
    ARCHETYPES_PATH,
    ARCHETYPES_SCHEMA,
    Archetype,
    ArchetypeBook,
    Item,
    OnlyNamed,
    Style,
    load_archetypes,
    parse_archetypes,
)

__all__ = ["ARCHETYPES_PATH", "ARCHETYPES_SCHEMA", "Archetype", "ArchetypeBook", "Item", "OnlyNamed", "Style",
           "load_archetypes", "parse_archetypes"]
