"""Shared test fixtures. Tests marked ``blender`` are skipped when bpy is not importable."""
from __future__ import annotations

import importlib.util

import pytest

HAS_BPY = importlib.util.find_spec("bpy") is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if HAS_BPY:
        return
    skip = pytest.mark.skip(reason="bpy is not installed (pip install -e '.[blender]')")
    for item in items:
        if "blender" in item.keywords:
            item.add_marker(skip)
