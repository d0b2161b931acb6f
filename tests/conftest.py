"""Shared test fixtures. Tests marked ``blender`` are skipped when bpy is not importable."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

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


# The checkout root is itself a package (it is the Blender extension), so pytest's default import
# mode puts the folder *above* the checkout on sys.path when it sets up that package. Anything
# there named like a top-level import (a stray ``setdresser`` folder, say) would then shadow the
# installed package for tests that re-import it. Keep that folder off the path.
_CHECKOUT_PARENT = str(Path(__file__).resolve().parents[1].parent)


@pytest.fixture(autouse=True)
def _checkout_parent_off_sys_path() -> None:
    while _CHECKOUT_PARENT in sys.path:
        sys.path.remove(_CHECKOUT_PARENT)


@pytest.fixture(autouse=True)
def _no_learned_library_from_the_developer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A developer's own learned library (in their data folder) must not change what tests solve:
    each test's platform data folder is its own empty one (subprocesses inherit it)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data-home"))
