"""Fixtures for the outer-loop tests: a temporary copy of the skill library, in use via
``SETDRESSER_LIBRARY_DIR`` (tests never write into the repository's library)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from setdresser.blender_addon.core.learning.library import copy_library  # noqa: E402
from setdresser.skill_library.registry import LIBRARY_DIR_ENV, ROOT, default_registry  # noqa: E402


@pytest.fixture
def library(tmp_path: Path) -> Path:
    """A fresh copy of the installed library (not in use)."""
    return copy_library(ROOT, tmp_path / "library")


@pytest.fixture
def library_in_use(library: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The copy, made the library in use for this process (and its sandbox children)."""
    monkeypatch.setenv(LIBRARY_DIR_ENV, str(library))
    default_registry.cache_clear()
    yield library
    monkeypatch.delenv(LIBRARY_DIR_ENV)
    default_registry.cache_clear()
