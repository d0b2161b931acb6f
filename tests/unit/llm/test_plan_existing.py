"""The planner in a scene that exists (issue 16 item 2): the user's locked objects are a scene
database the LLM planner queries with the scene tool (over real HTTP, the scripted server); it
names the object the description refers to by its id, and the binding keeps that object (no
second desk), where the planner without the scene would have made a new one."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from support.openai_server import OpenAIServer, json_reply, tool_calls

from setdresser.blender_addon.core.model import ObjectSpec
from setdresser.blender_addon.core.stage_set import bind_existing
from setdresser.blender_addon.services.llm_config import add_llm_arguments
from setdresser.blender_addon.services.llm_pipeline import llm_stage_set, open_session

pytest.importorskip("ladybug")
pytest.importorskip("openai")

PROMPT = "a lamp on the desk by the window"
# two desks of the user's: the one by the window (east) is "Desk.001", not the first by name
EXISTING = (ObjectSpec("Desk", "desk", (1.2, 0.6, 0.75), locked=True, location=(-1.5, 0.0, 0.0),
                       rotation_euler=(0.0, 0.0, 0.0)),
            ObjectSpec("Desk.001", "desk", (1.2, 0.6, 0.75), locked=True, location=(1.8, 0.5, 0.0),
                       rotation_euler=(0.0, 0.0, 0.0)))
ASSETS = {"assets": [{"name": "lamp", "description": "a brass lamp", "height": 0.45, "count": 1}]}
QUERY = "MATCH (o:Object) WHERE o.category = 'desk' RETURN o.id, o.x, o.y ORDER BY o.x DESC"


def graph(desk: str) -> dict:
    return {"assets": [{"id": desk, "category": "desk", "description": "the user's desk", "height": 0.75},
                       {"id": "lamp_1", "category": "lamp", "description": "a brass lamp", "height": 0.45}],
            "relations": [{"id": "r1", "relation": "on_top_of", "args": ["lamp_1", desk], "params": {},
                           "source": "a lamp on the desk"}]}


def _stages(server: OpenAIServer, tmp_path: Path):
    parser = argparse.ArgumentParser()
    add_llm_arguments(parser)
    args = parser.parse_args(["--base-url", server.url, "--api-key", "sk-plan-existing-0123456789",
                              "--llm-timeout", "5"])
    return llm_stage_set(open_session(args, tmp_path))


def test_the_planner_queries_the_users_objects_and_names_the_one_it_means(openai_server: OpenAIServer,
                                                                          tmp_path: Path) -> None:
    stage_set = _stages(openai_server, tmp_path)
    bad = graph("Desk.001")
    bad["assets"][0]["category"] = "lamp"  # an existing id must be that object
    openai_server.script(json_reply(ASSETS),
                         tool_calls(("cypher_query", {"reasoning": "which desk is by the window", "query": QUERY})),
                         json_reply(bad), json_reply(graph("Desk.001")))
    planned = stage_set.plan_existing(PROMPT, EXISTING)
    binding = bind_existing(planned, EXISTING, PROMPT, named={"Desk.001"})
    assert binding.bound == {"Desk.001": "Desk.001"}
    assert binding.graph.triples() == [("on_top_of", ("lamp_1", "Desk.001"))]
    first, second, third, fourth = openai_server.requests
    planner_prompt = second.message_texts()
    assert second.body["tools"] and "<schema>" in planner_prompt[0] and "2 of the user's objects" in planner_prompt[0]
    assert "desk" in planner_prompt[0].split("<label_space>")[1]  # the label space names the user's categories
    rows = third.body["messages"][-1]["content"]
    assert '["Desk.001", 1.8, 0.5]\n["Desk", -1.5, 0.0]' in rows  # the user's desks, as the database holds them
    assert "'Desk.001' is the user's desk; give its category 'desk'" in fourth.message_texts()[-1]
    records = [json.loads(line) for line in (tmp_path / "transcript.jsonl").read_text().splitlines()]
    assert records[1]["prompt_id"].startswith("planner/v") and "+planner_scene/v1" in records[1]["prompt_id"]


def test_without_the_names_the_binding_would_not_keep_the_users_desk() -> None:
    """The same graph bound the old way: 'the desk' could be either, so a new desk is placed."""
    from setdresser.blender_addon.core.scene_graph import scene_graph_from_dict

    data = graph("Desk.001")
    planned = scene_graph_from_dict({"prompt": PROMPT, "assets": data["assets"],
                                     "relations": [{k: v for k, v in r.items() if k != "args"} for r in data["relations"]],
                                     "edges": [{"relation": "r1", "asset": "lamp_1", "role": 0},
                                               {"relation": "r1", "asset": "Desk.001", "role": 1}]})
    binding = bind_existing(planned, EXISTING, PROMPT)
    assert "Desk.001" not in binding.bound.values() and "Desk.001" not in {a.id for a in binding.graph.assets}


def test_a_plan_made_without_the_scene_never_names_the_users_objects(openai_server: OpenAIServer,
                                                                      tmp_path: Path) -> None:
    """Without a pose to build the database from, the planner plans blind: its "Desk" is a new
    desk (renamed), which the binding then treats by the prompt's words."""
    stage_set = _stages(openai_server, tmp_path)
    blind = tuple(ObjectSpec(o.id, o.category, o.dimensions, locked=True) for o in EXISTING)
    with_desk = {"assets": ASSETS["assets"] + [{"name": "desk", "description": "a desk", "height": 0.75, "count": 1}]}
    openai_server.script(json_reply(with_desk), json_reply(graph("Desk")))
    planned = stage_set.plan_existing(PROMPT, blind)
    assert not openai_server.requests[1].body.get("tools")
    assert {a.id for a in planned.assets} == {"Desk_2", "lamp_1"}
    assert planned.triples() == [("on_top_of", ("lamp_1", "Desk_2"))]


def test_without_the_graph_extra_the_planner_reads_where_they_stand_and_names_one(
        openai_server: OpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No scene database to query (the graph extra missing): the planner request lists the user's
    objects compactly (centre, footprint, facing) and the desk it names by id stays the user's."""
    from setdresser.blender_addon.services import llm_pipeline

    monkeypatch.setattr(llm_pipeline, "graph_available", lambda: False)
    stage_set = _stages(openai_server, tmp_path)
    openai_server.script(json_reply(ASSETS), json_reply(graph("Desk.001")))
    planned = stage_set.plan_existing(PROMPT, EXISTING)
    assert "Desk.001" in {a.id for a in planned.assets}  # not renamed: the planner was shown it
    binding = bind_existing(planned, EXISTING, PROMPT, named={"Desk.001"})
    assert binding.graph.triples() == [("on_top_of", ("lamp_1", "Desk.001"))]
    planner_prompt = "\n".join(openai_server.requests[1].message_texts())
    assert "- Desk.001 (desk) at (1.80, 0.50), 1.2 x 0.6 m, 0.75 m high, facing south" in planner_prompt
    assert "- Desk (desk) at (-1.50, 0.00)" in planner_prompt and not openai_server.requests[1].body.get("tools")
