"""The panel with an LLM endpoint: a local OpenAI-compatible server over real HTTP (loopback is
allowed even with online access off), LLM calls in the worker thread, tokens counted, the key
kept out of the transcript; the token budget turns the reviewer's verdict into "accept"."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

TESTS_DIR = Path(__file__).resolve().parents[1]
if str(TESTS_DIR) not in sys.path:  # tests/ holds the support package
    sys.path.insert(0, str(TESTS_DIR))

from support.openai_server import OpenAIServer, json_reply, text  # noqa: E402

pytestmark = pytest.mark.blender

KEY = "sk-h8-panel-test-4d1c7e0a9b"
ASSETS = {"assets": [{"name": "desk", "description": "a desk", "height": 0.75, "count": 1},
                     {"name": "lamp", "description": "a lamp", "height": 0.45, "count": 1}]}
GRAPH = {"assets": [{"id": "desk_1", "category": "desk", "description": "a desk", "height": 0.75},
                    {"id": "lamp_1", "category": "lamp", "description": "a lamp", "height": 0.45}],
         "relations": [{"id": "r1", "relation": "on_top_of", "args": ["lamp_1", "desk_1"], "params": {},
                        "source": "a lamp on a desk"}]}
SCRIPT = """from setdresser.script import *

bounds(min=(-2, -2, 0), max=(2, 2, 2.5))
add_object("desk_1", "desk", (1.2, 0.6, 0.75))
add_object("lamp_1", "lamp", (0.2, 0.2, 0.45))
relate("on_top_of", "lamp_1", "desk_1")
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
    prefs.base_url, prefs.api_key, prefs.model, prefs.timeout = server.url, KEY, "test-model", 20.0
    settings = bpy.context.scene.setdresser
    settings.prompt, settings.render_engine, settings.iterations = "a lamp on a desk", "none", 1
    settings.effort, settings.output_dir, settings.llm_mode = 0.167, str(tmp_path / "runs"), "openai"
    yield bpy
    addon_utils.disable(ROOT_PACKAGE, default_set=True)


def test_the_panel_drives_the_llm_stages_from_the_worker_thread(llm_addon: Any, server: OpenAIServer) -> None:
    bpy = llm_addon
    from setdresser.blender_addon import ops
    from setdresser.blender_addon.bl import panel_driver

    server.script(json_reply(ASSETS), json_reply(GRAPH), text(f"```python\n{SCRIPT}```"), json_reply(ACCEPT),
                  repeat_last=True)
    operator = SimpleNamespace(report=lambda level, message: None)
    assert ops.start_session(operator, bpy.context, "a lamp on a desk", "generate", blocking=False) == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    deadline = time.monotonic() + 120
    while panel_driver.active().running:
        assert time.monotonic() < deadline, run.message
        panel_driver.pump()
        time.sleep(0.02)
    assert run.status == "DONE", run.message
    assert run.backend == "openai (local endpoint)"
    assert run.tokens == 18 * len(server.requests) and len(server.requests) >= 3
    assert all(r.headers.get("authorization") == f"Bearer {KEY}" for r in server.requests)
    assert {r.body["model"] for r in server.requests} == {"test-model"}
    collection = bpy.data.collections[bpy.context.scene.setdresser.collection_name]
    assert {o["setdresser_id"] for o in collection.all_objects if "setdresser_id" in o} == {"desk_1", "lamp_1"}
    transcript = (Path(run.out_dir) / "transcript.jsonl").read_text(encoding="utf-8")
    assert len(transcript.splitlines()) == len(server.requests) and KEY not in transcript
    assert json.loads(transcript.splitlines()[0])  # one JSON record per request


def test_the_token_budget_makes_the_reviewer_accept(llm_addon: Any, tmp_path: Path) -> None:
    import dataclasses

    bpy = llm_addon
    from setdresser.blender_addon.bl.panel_session import PanelSession, RunOptions
    from setdresser.blender_addon.core import pipeline as pl
    from setdresser.blender_addon.core.stage_set import offline_stages

    reviewed: list[int] = []
    stages = dataclasses.replace(offline_stages(), review=lambda need: reviewed.append(need.iteration)
                                 or pl.ReviewOutcome(False))
    used = {"tokens": 0}
    options = RunOptions(prompt="a lamp on a desk", out_dir=tmp_path, render="none", max_tokens=100)
    session = PanelSession(options, stages, bpy.context.scene, tokens=lambda: used["tokens"])
    need = SimpleNamespace(iteration=1)
    session.stages.review(need)  # under budget: the real reviewer answers
    used["tokens"] = 100
    verdict = session.stages.review(need)
    assert reviewed == [1] and verdict.accepted and "token budget (100) reached" in verdict.notes
    assert session.log.budget_hit

