"""Fixtures of the scene-database tests: the generated scenes in tests/fixtures/scene_qa."""
from __future__ import annotations

import sys
from pathlib import Path

TESTS_DIR = Path(__file__).resolve().parents[2]
if str(TESTS_DIR) not in sys.path:  # tests/ holds the support package (no __init__.py above it)
    sys.path.insert(0, str(TESTS_DIR))
