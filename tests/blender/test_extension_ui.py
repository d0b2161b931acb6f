"""Every panel's draw() (and the UI lists' draw_item, and the preferences' draw) in every run
state, against a recording layout that checks each call against Blender's real UILayout API:
the method exists, its keywords are real parameters, ``prop`` names a real property,
``operator`` a registered operator (and only its real properties are set), icons exist. No
screen exists in background mode, so this is how a broken draw fails a test."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

pytestmark = pytest.mark.blender

CONTAINERS = {"row", "column", "box", "split", "grid_flow", "column_flow"}


class OperatorProps:
    """What ``layout.operator()`` returns: only the operator's real properties may be set."""

    def __init__(self, names: set[str], sink: dict[str, Any]) -> None:
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_sink", sink)

    def __setattr__(self, name: str, value: Any) -> None:
        assert name in self._names, f"operator has no property {name!r} (has {sorted(self._names)})"
        self._sink[name] = value


class RecordingLayout:
    """A stand-in for ``bpy.types.UILayout`` that records calls and validates them."""

    def __init__(self, calls: list[tuple[str, dict[str, Any]]], context: Any) -> None:
        object.__setattr__(self, "calls", calls)
        object.__setattr__(self, "context", context)

    def __setattr__(self, name: str, value: Any) -> None:
        import bpy

        assert name in bpy.types.UILayout.bl_rna.properties, f"UILayout has no attribute {name!r}"

    def __getattr__(self, name: str) -> Any:
        import bpy

        function = bpy.types.UILayout.bl_rna.functions.get(name)
        assert function is not None, f"UILayout has no method {name!r}"
        params = [p.identifier for p in function.parameters if not p.is_output]

        def call(*args: Any, **kwargs: Any) -> Any:
            assert len(args) <= len(params), f"{name}: too many positional arguments"
            named = dict(zip(params, args), **kwargs)
            unknown = set(named) - set(params)
            assert not unknown, f"{name}: unknown keyword(s) {sorted(unknown)}"
            for key, value in named.items():
                check_enum(function, key, value)
            return self._record(name, named)

        return call

    def _record(self, name: str, named: dict[str, Any]) -> Any:
        entry: dict[str, Any] = dict(named)
        self.calls.append((name, entry))
        if name in CONTAINERS:
            return RecordingLayout(self.calls, self.context)
        if name == "prop":
            assert named["property"] in named["data"].bl_rna.properties, \
                f"{type(named['data']).__name__} has no property {named['property']!r}"
        if name == "operator":
            return OperatorProps(operator_properties(named["operator"]), entry.setdefault("props", {}))
        if name == "template_list":
            self._draw_list(named)
        if name == "template_icon":
            assert named["icon_value"] > 0
        return None

    def _draw_list(self, named: dict[str, Any]) -> None:
        import bpy

        cls = getattr(bpy.types, named["listtype_name"])
        data, prop = named["dataptr"], named["propname"]
        assert prop in data.bl_rna.properties and named["active_propname"] in named["active_dataptr"].bl_rna.properties
        for index, item in enumerate(getattr(data, prop)):
            cls.draw_item(SimpleNamespace(), self.context, RecordingLayout(self.calls, self.context), data, item, 0,
                          named["active_dataptr"], named["active_propname"], index)


def check_enum(function: Any, key: str, value: Any) -> None:
    """Icon (and other enum) arguments must be real enum items."""
    param = function.parameters.get(key)
    if param is not None and param.type == "ENUM" and isinstance(value, str):
        assert value in param.enum_items.keys(), f"{function.identifier}({key}={value!r}): no such item"


def operator_properties(idname: str) -> set[str]:
    import bpy

    module, name = idname.split(".")
    op = getattr(getattr(bpy.ops, module), name)
    rna = op.get_rna_type()  # raises KeyError for an operator that is not registered
    return {p.identifier for p in rna.properties if p.identifier != "rna_type"}


def draw(panel: Any, context: Any) -> list[tuple[str, dict[str, Any]]]:
    calls: list[tuple[str, dict[str, Any]]] = []
    panel.draw(SimpleNamespace(layout=RecordingLayout(calls, context)), context)
    return calls


def labels(calls: list[tuple[str, dict[str, Any]]]) -> list[str]:
    return [c.get("text", "") for name, c in calls if name == "label"]


def operators(calls: list[tuple[str, dict[str, Any]]]) -> list[str]:
    return [c["operator"] for name, c in calls if name == "operator"]


@pytest.fixture
def ui(monkeypatch: pytest.MonkeyPatch) -> Any:
    import bpy

    import setdresser
    from setdresser.blender_addon import ui as ui_module

    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):  # "auto" must mean offline here
        monkeypatch.delenv(name, raising=False)
    bpy.ops.wm.read_factory_settings(use_empty=True)
    setdresser.register()
    yield ui_module
    setdresser.unregister()


def all_panels(ui: Any) -> list[Any]:
    return [ui.SETDRESSER_PT_main, ui.SETDRESSER_PT_constraints, ui.SETDRESSER_PT_history, ui.SETDRESSER_PT_edit]


def test_idle(ui: Any) -> None:
    import bpy

    context = bpy.context
    main = draw(ui.SETDRESSER_PT_main, context)
    assert "setdresser.generate" in operators(main) and "setdresser.stop" not in operators(main)
    props = {c["property"] for name, c in main if name == "prop"}
    assert {"prompt", "seed", "iterations", "render_engine", "resolution", "llm_mode"} <= props
    assert any("Backend: offline" in text for text in labels(main))
    assert any("no network" in text for text in labels(main)) == (not bpy.app.online_access)
    assert "No constraints yet: generate a scene" in labels(draw(ui.SETDRESSER_PT_constraints, context))
    assert "No iterations yet" in labels(draw(ui.SETDRESSER_PT_history, context))
    edit = draw(ui.SETDRESSER_PT_edit, context)
    assert {"setdresser.lock_selected", "setdresser.unlock_selected", "setdresser.resolve",
            "setdresser.accept"} <= set(operators(edit))


def test_running(ui: Any) -> None:
    import bpy

    from setdresser.blender_addon.bl import panel_driver

    gate = threading.Event()

    def flow() -> Any:
        yield "never answered"

    hooks = panel_driver.RunHooks(fulfil_main=lambda e: None, fulfil_worker=lambda e: gate.wait(5),
                                  is_main=lambda e: False)
    run = panel_driver.start(panel_driver.PanelRun(flow(), hooks))
    state = bpy.context.window_manager.setdresser_run
    state.status, state.stage, state.iteration, state.max_iterations = "RUNNING", "solve", 2, 3
    state.tokens, state.message = 1234, "solve: iteration 2: 4 objects placed (seed 7)"
    try:
        main = draw(ui.SETDRESSER_PT_main, bpy.context)
        assert "setdresser.stop" in operators(main) and "setdresser.generate" not in operators(main)
        text = labels(main)
        assert "Stage: solve" in text and "Iteration 2 of 3" in text and "Tokens: 1234" in text
        for panel in all_panels(ui):
            draw(panel, bpy.context)
    finally:
        run.cancel()
        gate.set()


def test_done_with_constraints_history_and_renders(ui: Any, tmp_path: Path) -> None:
    import bpy

    settings = bpy.context.scene.setdresser
    settings.prompt = "a lamp on a desk, a chair in front of the desk"
    settings.render_engine, settings.resolution, settings.iterations = "workbench", 64, 1
    settings.effort, settings.output_dir = 0.167, str(tmp_path)
    assert bpy.ops.setdresser.generate() == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    assert run.status == "DONE"
    constraints = draw(ui.SETDRESSER_PT_constraints, bpy.context)
    selects = [c["props"]["index"] for name, c in constraints if name == "operator"]
    assert selects == list(range(len(run.constraints))) and len(selects) >= 2
    assert any(text.startswith("on_top_of(lamp_1, desk_1)") for text in labels(constraints))
    history = draw(ui.SETDRESSER_PT_history, bpy.context)
    item = run.history[0]
    assert Path(item.render_path).is_file() and Path(item.top_path).is_file()
    # previews are loaded (perspective + labelled top view); background mode has no icon ids, so
    # the draw names the files instead of showing them
    assert tuple(ui._previews[item.render_path].image_size) == (64, 48)
    shown = [name for name, _ in history].count("template_icon") + sum(
        text in ("render.png", "review_top.png") for text in labels(history))
    assert shown == 2
    assert any(text.endswith("hold") for text in labels(history))
    main = draw(ui.SETDRESSER_PT_main, bpy.context)
    assert "Done" in labels(main)
    draw(ui.SETDRESSER_PT_edit, bpy.context)


def test_failed(ui: Any) -> None:
    import bpy

    settings = bpy.context.scene.setdresser
    settings.prompt, settings.render_engine = "zzkx qwv", "none"
    with pytest.raises(RuntimeError):
        bpy.ops.setdresser.generate()
    run = bpy.context.window_manager.setdresser_run
    assert run.status == "FAILED"
    main = draw(ui.SETDRESSER_PT_main, bpy.context)
    assert "Failed" in labels(main)
    assert any("no object to place" in text for text in labels(main))
    for panel in all_panels(ui):
        draw(panel, bpy.context)


def test_preferences_draw(ui: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import bpy  # first: it puts Blender's script modules (addon_utils) on sys.path
    import addon_utils  # noqa: I001

    from setdresser.blender_addon.prefs import ROOT_PACKAGE, SETDRESSER_AP_preferences

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    addon_utils.enable(ROOT_PACKAGE, default_set=True)
    try:
        prefs = bpy.context.preferences.addons[ROOT_PACKAGE].preferences
        calls: list[tuple[str, dict[str, Any]]] = []

        class Proxy:
            layout = RecordingLayout(calls, bpy.context)

            def __getattr__(self, name: str) -> Any:
                return getattr(prefs, name)

        SETDRESSER_AP_preferences.draw(Proxy(), bpy.context)  # type: ignore[arg-type]
        drawn = {c["property"] for name, c in calls if name == "prop"}
        assert {"base_url", "api_key", "model", "planner_model", "coder_model", "reviewer_model", "max_iterations",
                "max_tokens", "review_engine"} <= drawn
        assert any(text.startswith("Backend: offline") for text in labels(calls))
    finally:
        addon_utils.disable(ROOT_PACKAGE, default_set=True)


def test_the_recorder_catches_broken_draws(ui: Any) -> None:
    """The checks above would be worthless if the recorder accepted anything."""
    import bpy

    layout = RecordingLayout([], bpy.context)
    settings = bpy.context.scene.setdresser
    with pytest.raises(AssertionError, match="no property"):
        layout.prop(settings, "promt")
    with pytest.raises(AssertionError, match="no such item"):
        layout.label(text="x", icon="NOT_AN_ICON")
    with pytest.raises(AssertionError, match="unknown keyword"):
        layout.label(txt="x")
    with pytest.raises(AssertionError, match="no method"):
        layout.lable(text="x")
    with pytest.raises(KeyError):
        layout.operator("setdresser.does_not_exist")
    with pytest.raises(AssertionError, match="no property"):
        layout.operator("setdresser.select_constraint").indx = 1
