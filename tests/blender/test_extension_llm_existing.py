"""The panel's LLM planner in a scene that exists (issue 16 item 2): two locked desks of the
user's; "a lamp on the desk by the window" is planned with the scene query tool (real HTTP, the
scripted server): the planner queries the desks and names the east one by id, so the lamp
lands on that desk and no desk is added. Binding by words alone could not choose ("the desk"
is either) and would place a new desk."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

TESTS_DIR = Path(__file__).resolve().parents[1]
if str(TESTS_DIR) not in sys.path:  # tests/ holds the support package
    sys.path.insert(0, str(TESTS_DIR))

from support.openai_server import OpenAIServer, json_reply, text, tool_calls  # noqa: E402

pytestmark = pytest.mark.blender
pytest.importorskip("ladybug")

PROMPT = "a lamp on the desk by the window"
EAST = "desk_001"  # the Blender object "Desk.001"
ASSETS = {"assets": [{"name": "lamp", "description": "a lamp", "height": 0.45, "count": 1}]}
QUERY = "MATCH (o:Object) WHERE o.category = 'desk' RETURN o.id, o.x ORDER BY o.x DESC"
GRAPH = {"assets": [{"id": EAST, "category": "desk", "description": "the user's desk", "height": 0.75},
                    {"id": "lamp_1", "category": "lamp", "description": "a lamp", "height": 0.45}],
         "relations": [{"id": "r1", "relation": "on_top_of", "args": ["lamp_1", EAST], "params": {},
                        "source": "a lamp on the desk"}]}
SCRIPT = f"""from setdresser.script import *

bounds(min=(-3, -3, 0), max=(3, 3, 2.5))
add_object("{EAST}", "desk", (1.2, 0.6, 0.75))
add_object("lamp_1", "lamp", (0.2, 0.2, 0.45))
relate("on_top_of", "lamp_1", "{EAST}")
"""
ACCEPT = {"accepted": True, "issues": [], "revised_script": None}


@pytest.fixture
def server() -> Any:
    with OpenAIServer() as running:
        yield running


@pytest.fixture
def llm_addon(server: OpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    import bpy  # first: it puts Blender's script modules (addon_utils) on sys.path
    import addon_utils  # noqa: I001

    from setdresser.blender_addon.prefs import ROOT_PACKAGE

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    bpy.ops.wm.read_factory_settings(use_empty=True)
    addon_utils.enable(ROOT_PACKAGE, default_set=True)
    prefs = bpy.context.preferences.addons[ROOT_PACKAGE].preferences
    prefs.base_url, prefs.api_key, prefs.model, prefs.timeout = server.url, "sk-existing-panel-test", "test-model", 20.0
    settings = bpy.context.scene.setdresser
    settings.prompt, settings.render_engine, settings.iterations = PROMPT, "none", 1
    settings.time_budget, settings.output_dir, settings.llm_mode = 0.5, str(tmp_path / "runs"), "openai"
    yield bpy
    addon_utils.disable(ROOT_PACKAGE, default_set=True)


def user_desk(bpy: Any, x: float, y: float) -> Any:
    bpy.ops.mesh.primitive_cube_add(size=1.0, location=(x, y, 0.375))
    desk = bpy.context.active_object
    desk.name = "Desk"
    desk.scale = (1.2, 0.6, 0.75)
    return desk


def test_the_planner_queries_the_users_desks_and_the_lamp_goes_on_the_one_it_named(
        llm_addon: Any, server: OpenAIServer) -> None:
    bpy = llm_addon
    from setdresser.blender_addon import ops
    from setdresser.blender_addon.bl import panel_driver
    from setdresser.blender_addon.bl.panel_session import LOCK_PROP

    west, east = user_desk(bpy, -1.5, 0.0), user_desk(bpy, 1.8, 0.5)
    for desk in (west, east):
        desk[LOCK_PROP] = True
    assert east.name == "Desk.001"
    bpy.context.view_layer.update()
    server.script(json_reply(ASSETS), tool_calls(("cypher_query", {"reasoning": "the desk by the window",
                                                                   "query": QUERY})),
                  json_reply(GRAPH), text(f"```python\n{SCRIPT}```"), json_reply(ACCEPT), repeat_last=True)
    operator = SimpleNamespace(report=lambda level, message: None)
    assert ops.start_session(operator, bpy.context, PROMPT, "generate", blocking=False) == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    deadline = time.monotonic() + 120
    while panel_driver.active().running:
        assert time.monotonic() < deadline, run.message
        panel_driver.pump()
        time.sleep(0.02)
    assert run.status == "DONE", run.message
    collection = bpy.data.collections[bpy.context.scene.setdresser.collection_name]
    ours = {o["setdresser_id"]: o for o in collection.all_objects if "setdresser_id" in o}
    assert set(ours) == {"lamp_1"}  # no new desk: the plan's desk is the user's east desk
    lamp = ours["lamp_1"]
    assert lamp.location.x == pytest.approx(1.8, abs=0.61) and lamp.location.z == pytest.approx(0.75, abs=0.03)
    assert tuple(east.location) == pytest.approx((1.8, 0.5, 0.375))  # the user's desk did not move
    planner = server.requests[1]
    assert planner.body["tools"] and "2 of the user's objects" in planner.message_texts()[0]
    assert EAST in server.requests[2].body["messages"][-1]["content"]  # the query's rows came back


def test_the_reviewers_critiques_move_the_generated_objects_never_the_users(
        llm_addon: Any, server: OpenAIServer) -> None:
    """A panel run with the LLM reviewer (round 1 cannot hold both corners, so it is reviewed): a
    critique naming the user's locked desk goes back to the model; the next critique is solved as
    round 2; the desk never moves."""
    bpy = llm_addon
    from setdresser.blender_addon import ops
    from setdresser.blender_addon.bl import panel_driver
    from setdresser.blender_addon.bl.panel_session import LOCK_PROP

    desk = user_desk(bpy, 1.8, 0.5)
    desk[LOCK_PROP] = True
    bpy.context.view_layer.update()
    bpy.context.scene.setdresser.iterations = 2
    prompt = "a chair in the corner"
    assets = {"assets": [{"name": "chair", "description": "a chair", "height": 0.9, "count": 1}]}
    graph = {"assets": [{"id": "chair_1", "category": "chair", "description": "a chair", "height": 0.9}],
             "relations": [{"id": "r1", "relation": "in_corner", "args": ["chair_1"], "params": {"corner": "sw"},
                            "source": "in the corner"}]}
    script = ('from setdresser.script import *\n\nbounds(min=(-3, -3, 0), max=(3, 3, 2.5))\n'
              'add_object("chair_1", "chair", (0.5, 0.5, 0.9))\nrelate("in_corner", "chair_1", corner="sw")\n'
              'relate("in_corner", "chair_1", corner="ne")\n')
    critique = {"accepted": False, "issues": [], "revised_script": None}
    server.script(json_reply(assets), json_reply(graph), text(f"```python\n{script}```"),
                  json_reply(dict(critique, critiques=["move the desk to the middle of the room"])),
                  json_reply(dict(critique, critiques=["the chair should be next to the desk"])),
                  json_reply(ACCEPT), repeat_last=True)
    operator = SimpleNamespace(report=lambda level, message: None)
    bpy.context.scene.setdresser.prompt = prompt
    assert ops.start_session(operator, bpy.context, prompt, "generate", blocking=False) == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    deadline = time.monotonic() + 180
    while panel_driver.active().running:
        assert time.monotonic() < deadline, run.message
        panel_driver.pump()
        time.sleep(0.02)
    assert run.status == "DONE", run.message
    told = [r.message_texts()[-1] for r in server.requests]
    assert any("desk is the user's locked object" in t for t in told), told[-1][-500:]
    assert tuple(desk.location) == pytest.approx((1.8, 0.5, 0.375))  # the user's desk did not move
    assert len(run.history) == 2  # the critique "the chair should be next to the desk" was solved as round 2
