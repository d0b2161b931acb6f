"""Fixtures shared by the extension tests (bpy module, background mode)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def bpy_addon(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """A factory-empty file with the add-on registered and the panel set to the test module's
    ``PROMPT``, offline, no render, 2 iterations of 0.5 s solves."""
    import bpy

    import setdresser

    bpy.ops.wm.read_factory_settings(use_empty=True)
    setdresser.register()
    settings = bpy.context.scene.setdresser
    settings.prompt, settings.render_engine, settings.iterations = request.module.PROMPT, "none", 2
    settings.effort, settings.output_dir, settings.llm_mode = 0.167, str(tmp_path / "runs"), "offline"
    yield bpy
    setdresser.unregister()


@pytest.fixture
def driver() -> Any:
    """The panel driver module, with the add-on registered in a factory-empty file."""
    import bpy

    import setdresser
    from setdresser.blender_addon.bl import panel_driver

    bpy.ops.wm.read_factory_settings(use_empty=True)
    setdresser.register()
    yield panel_driver
    setdresser.unregister()
