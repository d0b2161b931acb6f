"""Procedural asset builders (bpy): ``build_asset`` makes one recognisable mesh per asset id."""

from .build import build_asset
from .registry import BUILDERS

__all__ = ["BUILDERS", "build_asset"]
