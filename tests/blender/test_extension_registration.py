"""Registration leaves nothing behind, settings live in the .blend and run state does not, the
API key never reaches a .blend, and the backend choice respects configuration and online access."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.blender

SECRET_PREFS = "sk-h8-prefs-7f3a9c51d2e8"
SECRET_ENV = "sk-h8-env-0b6e4d2a9f17"


def leftovers() -> dict[str, Any]:
    """Everything the add-on could leave behind after unregister."""
    import bpy

    from setdresser.blender_addon import registration
    from setdresser.blender_addon.bl import panel_driver

    handlers = [f for name in ("load_pre", "load_post", "undo_pre", "redo_pre", "save_pre", "depsgraph_update_post")
                for f in getattr(bpy.app.handlers, name) if getattr(f, "__module__", "").startswith("setdresser")]
    return {
        # operators, panels and lists show in bpy.types; property groups and preferences only say is_registered
        "types": sorted({n for n in dir(bpy.types) if n.startswith("SETDRESSER")} | set(registration.registered_names())),
        "scene_prop": hasattr(bpy.types.Scene, "setdresser"),
        "wm_prop": hasattr(bpy.types.WindowManager, "setdresser_run"),
        "timer": bpy.app.timers.is_registered(panel_driver.pump),
        "handlers": handlers,
        "operator": "generate" in dir(bpy.ops.setdresser),
    }


NOTHING = {"types": [], "scene_prop": False, "wm_prop": False, "timer": False, "handlers": [], "operator": False}


@pytest.fixture
def fresh() -> Any:
    import bpy

    bpy.ops.wm.read_factory_settings(use_empty=True)
    yield bpy
    import setdresser

    setdresser.unregister()


def test_register_and_unregister_twice_leave_nothing(fresh: Any) -> None:
    import setdresser
    from setdresser.blender_addon import registration

    assert leftovers() == NOTHING
    for _ in range(2):
        setdresser.register()
        setdresser.register()  # idempotent: no error, nothing doubled
        state = leftovers()
        assert len(state["types"]) == len(registration.CLASSES) == len(registration.registered_names())
        assert state["scene_prop"] and state["wm_prop"] and state["timer"] and state["operator"]
        assert len(state["handlers"]) == 3  # load_pre, undo_pre, redo_pre: once each
        setdresser.unregister()
        setdresser.unregister()
        assert leftovers() == NOTHING


def test_unregister_stops_a_running_run(fresh: Any) -> None:
    import threading

    import setdresser
    from setdresser.blender_addon.bl import panel_driver

    setdresser.register()
    gate = threading.Event()

    def flow() -> Any:
        yield "work"

    run = panel_driver.start(panel_driver.PanelRun(flow(), panel_driver.RunHooks(
        fulfil_main=lambda e: None, fulfil_worker=lambda e: gate.wait(5), is_main=lambda e: False)))
    panel_driver.pump()
    setdresser.unregister()
    gate.set()
    assert run.state == panel_driver.CANCELLED and panel_driver.active() is None
    assert leftovers() == NOTHING


def test_enabled_as_an_add_on_it_has_preferences(fresh: Any) -> None:
    import addon_utils

    from setdresser.blender_addon.prefs import ROOT_PACKAGE, read_prefs

    assert ROOT_PACKAGE == "setdresser"
    addon_utils.enable(ROOT_PACKAGE, default_set=True)
    try:
        prefs = fresh.context.preferences.addons[ROOT_PACKAGE].preferences
        assert prefs.bl_rna.properties["api_key"].subtype == "PASSWORD"
        prefs.model, prefs.max_tokens = "local-model", 5000
        assert read_prefs().model == "local-model" and read_prefs().max_tokens == 5000
    finally:
        addon_utils.disable(ROOT_PACKAGE, default_set=True)
    assert leftovers() == NOTHING


def test_settings_survive_saving_and_reopening_the_file(fresh: Any, tmp_path: Path) -> None:
    import setdresser

    setdresser.register()
    settings = fresh.context.scene.setdresser
    settings.prompt, settings.seed, settings.iterations = "a sofa facing a tv", 42, 4
    settings.render_engine, settings.resolution, settings.llm_mode = "cycles", 320, "offline"
    settings.effort, settings.review_renders = 0.5, False
    run = fresh.context.window_manager.setdresser_run
    run.status, run.message = "DONE", "run state is not saved"
    run.constraints.add().label = "facing(sofa_1, tv_1)"
    path = tmp_path / "settings.blend"
    fresh.ops.wm.save_as_mainfile(filepath=str(path))
    fresh.ops.wm.read_factory_settings(use_empty=True)
    assert fresh.context.scene.setdresser.prompt == ""
    fresh.ops.wm.open_mainfile(filepath=str(path))
    settings = fresh.context.scene.setdresser
    assert (settings.prompt, settings.seed, settings.iterations) == ("a sofa facing a tv", 42, 4)
    assert (settings.render_engine, settings.resolution, settings.llm_mode) == ("cycles", 320, "offline")
    assert settings.effort == pytest.approx(0.5) and settings.review_renders is False
    run = fresh.context.window_manager.setdresser_run
    assert run.status == "IDLE" and run.message == "" and len(run.constraints) == 0


def test_the_api_key_never_reaches_the_blend(fresh: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import addon_utils

    from setdresser.blender_addon.prefs import ROOT_PACKAGE

    monkeypatch.setenv("OPENAI_API_KEY", SECRET_ENV)
    addon_utils.enable(ROOT_PACKAGE, default_set=True)
    try:
        fresh.context.preferences.addons[ROOT_PACKAGE].preferences.api_key = SECRET_PREFS
        settings = fresh.context.scene.setdresser
        settings.prompt = "a lamp on a desk, marker-prompt-5c1e"
        settings.llm_mode, settings.render_engine, settings.iterations = "offline", "none", 1
        settings.effort, settings.output_dir = 0.1, str(tmp_path / "runs")
        fresh.ops.setdresser.generate()
        path = tmp_path / "scene.blend"
        fresh.ops.wm.save_as_mainfile(filepath=str(path), compress=False)
        data = path.read_bytes()
        assert b"marker-prompt-5c1e" in data  # the scan sees the scene's own strings ...
        assert SECRET_PREFS.encode() not in data and SECRET_ENV.encode() not in data  # ... and no key
        written = b"".join(p.read_bytes() for p in (tmp_path / "runs").rglob("*") if p.is_file())
        assert SECRET_PREFS.encode() not in written and SECRET_ENV.encode() not in written
    finally:
        addon_utils.disable(ROOT_PACKAGE, default_set=True)


def test_backend_choice(fresh: Any) -> None:
    from setdresser.blender_addon.prefs import PrefValues, choose_backend

    nothing = PrefValues()
    keyed = PrefValues(api_key=SECRET_PREFS)
    local = PrefValues(base_url="http://127.0.0.1:8080/v1")
    assert choose_backend("auto", nothing, {}, True).backend == "offline"
    assert choose_backend("auto", keyed, {}, True).backend == "openai"
    assert choose_backend("auto", nothing, {"OPENAI_API_KEY": SECRET_ENV}, True).backend == "openai"
    assert choose_backend("offline", keyed, {}, True).backend == "offline"
    off = choose_backend("auto", keyed, {}, False)
    assert off.backend == "offline" and "online access is off" in off.reason and not off.error
    assert "online access is off" in choose_backend("openai", keyed, {}, False).error
    assert choose_backend("openai", local, {}, False).backend == "openai"  # loopback is not "online"
    assert "no LLM endpoint" in choose_backend("openai", nothing, {}, True).error
    assert SECRET_PREFS not in repr(keyed)


def test_preferences_become_the_llm_configuration(fresh: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse
    import dataclasses

    from setdresser.blender_addon.prefs import PrefValues, llm_settings
    from setdresser.blender_addon.services.llm_config import LLMSettings, add_llm_arguments

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    prefs = PrefValues(base_url="http://localhost:11434/v1", api_key=SECRET_PREFS, model="qwen",
                       reviewer_model="llava", timeout=30.0)
    parser = argparse.ArgumentParser()
    add_llm_arguments(parser)
    flags = parser.parse_args(["--base-url", "http://localhost:11434/v1", "--model", "qwen",
                               "--reviewer-model", "llava", "--llm-timeout", "30"])
    typed = llm_settings(prefs)
    assert isinstance(typed, LLMSettings)  # the same typed settings as the CLI flags make, no fake Namespace
    assert typed == dataclasses.replace(LLMSettings.from_args(flags), api_key=SECRET_PREFS)
    config = llm_settings(prefs).config(environ={})
    assert (config.base_url, config.api_key, config.model, config.timeout_s) == (prefs.base_url, SECRET_PREFS, "qwen", 30.0)
    assert config.model_for("reviewer") == "llava" and config.model_for("coder") == "qwen"
    assert SECRET_PREFS not in repr(config)
    from_env = llm_settings(PrefValues()).config(environ={"OPENAI_API_KEY": SECRET_ENV})
    assert from_env.api_key == SECRET_ENV
