"""The reviewer through the scene query tool (issue 16): the iteration under review in an
in-memory scene database, queries over real HTTP (test server), edits applied to the program and
the revised script checked in the real sandbox."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

pytest.importorskip("ladybug")

from support.openai_server import OpenAIServer, json_reply, tool_calls  # noqa: E402

from setdresser.blender_addon.core.solve_record import Budget
from setdresser.blender_addon.core.audit import make_audit  # noqa: E402
from setdresser.blender_addon.core.model import program_from_dict  # noqa: E402
from setdresser.blender_addon.core.pipeline import NeedReview  # noqa: E402
from setdresser.blender_addon.core.script_api import render_script  # noqa: E402
from setdresser.blender_addon.core.stages.reviewer_tool import TOOL_ABOVE_CHARS, use_scene_tool  # noqa: E402
from setdresser.blender_addon.services.llm_config import add_llm_arguments  # noqa: E402
from setdresser.blender_addon.services.llm_pipeline import llm_stage_set, open_session  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from support.scenes import documents  # noqa: E402

FAILING = "MATCH (a:Object)-[r:RELATION]->(b) WHERE r.name = 'proximity' RETURN a.id, b.id, r.params, r.holds"
LAMP_ARGS = ["floor_lamp_1", "sofa_1"]


def _args(server: OpenAIServer, *extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_llm_arguments(parser)
    return parser.parse_args(["--base-url", server.url, "--api-key", "sk-scene-review-0123456789abcdef",
                              "--llm-timeout", "5", *extra])


def _need(stage_set) -> NeedReview:
    _, program_doc, _ = documents("living_room")
    program = program_from_dict(program_doc)
    layout = stage_set.solve(program, 0, Budget(effort=0.167), "a living room")
    results, checks = stage_set.evaluate(program, layout.objects)
    return NeedReview(prompt="a living room", program=program, script=render_script(program), layout=layout,
                      audit=make_audit(results, checks, layout, layout.objects), iteration=1, renders={})


def _verdict(remove: list, add: list) -> dict:
    return {"accepted": False, "issues": [{"relation": "proximity", "ids": LAMP_ARGS, "problem": "the lamp stands too far",
                                           "fix": "bring it within 0.3 m"}], "edits": {"remove": remove, "add": add}}


def test_the_reviewer_queries_the_scene_and_edits_the_program(openai_server: OpenAIServer, tmp_path: Path) -> None:
    stage_set = llm_stage_set(open_session(_args(openai_server, "--scene-tool", "on"), tmp_path))
    need = _need(stage_set)
    bad = _verdict([{"relation": "proximity", "args": ["floor_lamp_1", "tv_1"]}], [])
    good = _verdict([{"relation": "proximity", "args": LAMP_ARGS}],
                    [{"relation": "proximity", "args": LAMP_ARGS, "params": {"max_distance": 0.3}, "weight": 2.0}])
    openai_server.script(tool_calls(("cypher_query", {"reasoning": "which proximity constraints hold", "query": FAILING})),
                         json_reply(bad), json_reply(good))
    outcome = stage_set.review(need)
    assert not outcome.accepted and outcome.program is not None and outcome.script is not None
    lamp = [c for c in outcome.program.constraints if c.relation == "proximity" and list(c.args) == LAMP_ARGS]
    assert len(lamp) == 1 and lamp[0].params == {"max_distance": 0.3} and lamp[0].weight == 2.0
    assert len(outcome.program.constraints) == len(need.program.constraints)
    assert 'relate("proximity", "floor_lamp_1", "sofa_1", max_distance=0.3, weight=2.0)' in outcome.script
    first, second, third = openai_server.requests
    prompt = first.message_texts()
    assert first.body["tools"] and "<schema>" in prompt[0] and "12 relations: " in prompt[1]
    assert 'relate("' not in "".join(prompt)  # the script is not pasted: the database holds it
    assert "floor_lamp_1" in second.body["messages"][-1]["content"]  # the query's rows
    assert "the program has no proximity(floor_lamp_1, tv_1)" in third.message_texts()[-1]


def test_small_scenes_keep_the_dump_in_auto_mode(openai_server: OpenAIServer, tmp_path: Path) -> None:
    stage_set = llm_stage_set(open_session(_args(openai_server), tmp_path))
    openai_server.script(json_reply({"accepted": True, "issues": [], "revised_script": None}))
    assert stage_set.review(_need(stage_set)).accepted
    request = openai_server.requests[0]
    assert not request.body.get("tools") and 'relate("proximity", "floor_lamp_1", "sofa_1"' in request.message_texts()[-1]


def test_the_mode_follows_the_setting_and_the_measured_threshold() -> None:
    assert not use_scene_tool("auto", TOOL_ABOVE_CHARS) and use_scene_tool("auto", TOOL_ABOVE_CHARS + 1)
    assert use_scene_tool("on", 10) and not use_scene_tool("off", 10 ** 9)
    with pytest.raises(ValueError):
        use_scene_tool("sometimes", 1)
