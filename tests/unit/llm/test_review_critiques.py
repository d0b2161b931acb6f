"""The reviewer's critiques in the LLM loop (issue 17 item 4): a reviewer reply with edits in
English, over real HTTP (the scripted test server), grounded over the round's layout and applied
as the next round's program; a critique naming nothing goes back to the model with the scene's
objects; an ambiguous target is the solver's choice, recorded; the next review is told."""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

import pytest

from support.openai_server import OpenAIServer, json_reply

from setdresser.blender_addon.core.solve_record import Budget
from setdresser.blender_addon.core.audit import make_audit
from setdresser.blender_addon.core.pipeline import NeedReview
from setdresser.blender_addon.core.script_api import render_script
from setdresser.blender_addon.services.llm_config import add_llm_arguments
from setdresser.blender_addon.services.llm_pipeline import llm_stage_set, open_session

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from edit.test_edits import LAYOUT, PROGRAM  # noqa: E402  - the bedroom of the edit tests

pytest.importorskip("openai")


def _stages(server: OpenAIServer, tmp_path: Path):
    parser = argparse.ArgumentParser()
    add_llm_arguments(parser)
    args = parser.parse_args(["--base-url", server.url, "--api-key", "sk-critique-0123456789abcdef",
                              "--llm-timeout", "5", "--scene-tool", "off"])
    return llm_stage_set(open_session(args, tmp_path))


def _need(stage_set, iteration: int = 1) -> NeedReview:
    results, checks = stage_set.evaluate(PROGRAM, LAYOUT.objects)
    return NeedReview(prompt="a bedroom", program=PROGRAM, script=render_script(PROGRAM), layout=LAYOUT,
                      audit=make_audit(results, checks, LAYOUT, LAYOUT.objects), iteration=iteration, renders={},
                      seed=3, budget=Budget(effort=0.167))


def _critiques(*texts: str) -> dict:
    return {"accepted": False, "issues": [], "revised_script": None, "critiques": list(texts)}


def test_critiques_become_the_next_programs_grounded_change(openai_server: OpenAIServer, tmp_path: Path) -> None:
    stage_set = _stages(openai_server, tmp_path)
    openai_server.script(json_reply(_critiques("move the sofa closer to the bed")),
                         json_reply(_critiques("the lamp on the left nightstand should be on the desk",
                                               "move the first chair from the right closer to the bed")))
    outcome = stage_set.review(_need(stage_set))
    assert not outcome.accepted and outcome.program is not None and outcome.script is not None
    hard = {(c.relation, tuple(c.args)) for c in outcome.program.constraints if c.hard}
    # "the first chair from the right" in the camera's frame (the render looks north): the east chair,
    # not the first chair by id
    assert hard == {("on_top_of", ("table_lamp_1", "desk_1")), ("proximity", ("chair_3", "bed_1"))}
    specs = {o.id: o for o in outcome.program.objects}
    assert not specs["table_lamp_1"].locked and not specs["chair_3"].locked
    assert specs["chair_1"].locked and specs["bed_1"].locked  # what no critique names stays where it stands
    assert 'relate("on_top_of", "table_lamp_1", "desk_1", hard=True)' in outcome.script
    assert "table_lamp_1: moved" in outcome.notes
    # the critique naming nothing went back to the model, with what the scene has
    told = openai_server.requests[1].message_texts()[-1]
    assert "nothing in the scene is 'sofa'" in told and "chair (chair_1, chair_2, chair_3)" in told
    # the prompt offered the critique format
    assert "the lamp on the left nightstand should be on the desk" in openai_server.requests[0].message_texts()[-1]


def test_an_ambiguous_target_is_the_solvers_choice_and_the_next_review_hears_of_it(
        openai_server: OpenAIServer, tmp_path: Path) -> None:
    stage_set = _stages(openai_server, tmp_path)
    openai_server.script(json_reply(_critiques("the lamp should be next to the desk")),
                         json_reply({"accepted": True, "issues": [], "revised_script": None}))
    outcome = stage_set.review(_need(stage_set))
    assert outcome.program is not None
    moved = [c.args[0] for c in outcome.program.constraints if c.hard and c.relation == "proximity"]
    assert len(moved) == 1 and moved[0] in ("table_lamp_1", "floor_lamp_1")
    assert "could be table_lamp_1, floor_lamp_1: the solver chose " + moved[0] in outcome.notes
    assert stage_set.review(_need(stage_set, iteration=2)).accepted
    told = openai_server.requests[1].message_texts()[-1]
    assert "Your critiques of the previous round did: " in told and "the solver chose" in told


def test_critiques_with_a_revised_script_apply_on_top_of_it(openai_server: OpenAIServer, tmp_path: Path) -> None:
    stage_set = _stages(openai_server, tmp_path)
    revised = dataclasses.replace(PROGRAM, constraints=[*PROGRAM.constraints[:3]])  # the row of chairs dropped
    reply = {"accepted": False, "issues": [], "revised_script": render_script(revised),
             "critiques": ["the bed should be blue"]}
    openai_server.script(json_reply(reply))
    outcome = stage_set.review(_need(stage_set))
    assert outcome.program is not None
    assert not any(c.relation == "row" for c in outcome.program.constraints)
    assert not any(o.locked for o in outcome.program.objects)  # the script's freedom is kept
    assert {o.id: o.color for o in outcome.program.objects}["bed_1"] == "blue"
    assert json.loads(json.dumps(outcome.notes))  # one line for the report


def test_the_reviewer_through_the_query_tool_may_critique_too(openai_server: OpenAIServer, tmp_path: Path) -> None:
    pytest.importorskip("ladybug")
    from support.openai_server import tool_calls

    parser = argparse.ArgumentParser()
    add_llm_arguments(parser)
    args = parser.parse_args(["--base-url", openai_server.url, "--api-key", "sk-critique-0123456789abcdef",
                              "--llm-timeout", "5", "--scene-tool", "on"])
    stage_set = llm_stage_set(open_session(args, tmp_path))
    query = "MATCH (o:Object) WHERE o.category = 'chair' RETURN o.id, o.x ORDER BY o.x"
    reply = {"accepted": False, "issues": [], "edits": {"remove": [], "add": []},
             "critiques": ["move the chair nearest the desk closer to the bed"]}
    openai_server.script(tool_calls(("cypher_query", {"reasoning": "where the chairs are", "query": query})),
                         json_reply(reply))
    outcome = stage_set.review(_need(stage_set))
    assert openai_server.requests[0].body["tools"]  # reviewed through the tool
    assert outcome.program is not None
    assert ("proximity", ("chair_1", "bed_1")) in {(c.relation, tuple(c.args)) for c in outcome.program.constraints
                                                   if c.hard}
    assert "critiques" in openai_server.requests[0].message_texts()[0] + openai_server.requests[0].message_texts()[-1]


def test_the_tool_reviewer_hears_what_its_critiques_did(openai_server: OpenAIServer, tmp_path: Path) -> None:
    pytest.importorskip("ladybug")
    parser = argparse.ArgumentParser()
    add_llm_arguments(parser)
    args = parser.parse_args(["--base-url", openai_server.url, "--api-key", "sk-critique-0123456789abcdef",
                              "--llm-timeout", "5", "--scene-tool", "on"])
    stage_set = llm_stage_set(open_session(args, tmp_path))
    edits = {"remove": [], "add": []}
    openai_server.script(json_reply({"accepted": False, "issues": [], "edits": edits,
                                     "critiques": ["the bed should be blue"]}),
                         json_reply({"accepted": True, "issues": [], "edits": edits}))
    assert stage_set.review(_need(stage_set)).program is not None
    assert stage_set.review(_need(stage_set, iteration=2)).accepted
    assert "Your critiques of the previous round did: bed_1: colour blue" in openai_server.requests[1].message_texts()[-1]


def test_a_critique_of_the_users_locked_object_goes_back_to_the_model(openai_server: OpenAIServer,
                                                                      tmp_path: Path) -> None:
    stage_set = _stages(openai_server, tmp_path)
    openai_server.script(json_reply(_critiques("move the first chair from the right closer to the bed")),
                         json_reply(_critiques("move chair_2 closer to the bed")))
    outcome = stage_set.review(dataclasses.replace(_need(stage_set), protected=("chair_3",)))
    assert outcome.program is not None
    assert ("proximity", ("chair_2", "bed_1")) in {(c.relation, tuple(c.args)) for c in outcome.program.constraints}
    assert "chair_3 is the user's locked object" in openai_server.requests[1].message_texts()[-1]
