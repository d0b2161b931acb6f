"""Procedural asset catalog (pure): metadata and noun-phrase lookup."""

from .catalog import AssetEntry, AssetMatch, Catalog, Finish, UNKNOWN_ASSET, load_catalog

__all__ = ["AssetEntry", "AssetMatch", "Catalog", "Finish", "UNKNOWN_ASSET", "load_catalog"]
