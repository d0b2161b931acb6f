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


@pytest.fixture(autouse=True)
def _no_llm_endpoint_from_the_developer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A developer's own OPENAI_* variables must not turn offline tests into network calls
    (``generate`` picks the openai backend when they are set, CONTRACTS §2)."""
    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
