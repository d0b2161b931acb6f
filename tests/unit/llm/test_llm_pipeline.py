"""The LLM stage set the generate pipeline uses: real HTTP (test server), the real sandbox
and the real numpy solver; no Blender (renders are stand-in PNG files)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from llm_replies import ACCEPT, ARCH_ASSETS, ARCH_GRAPH, ARCH_SCRIPT, ASSETS, CODE_REPLY, GRAPH, REVIEW, SCRIPT
from support.openai_server import OpenAIServer, json_reply, text
from support.relations import DESCRIBED

from setdresser.blender_addon.core.solve_record import Budget
from setdresser.blender_addon.core.audit import make_audit
from setdresser.blender_addon.core.pipeline import NeedReview
from setdresser.blender_addon.core.scene_graph import scene_graph_from_dict
from setdresser.blender_addon.core.stages.catalog import RelationCatalog
from setdresser.blender_addon.core.stages.planner import parse_reply
from setdresser.blender_addon.services.llm_config import add_llm_arguments
from setdresser.blender_addon.services.llm_pipeline import llm_stage_set, open_session

CUSTOM_SCRIPT = SCRIPT + '''
@custom_relation("left_half")
def left_half(poses, idx, params):
    x = poses.pos[:, idx[0], 0]
    return np.clip(0.5 - x, 0.0, 1.0)

relate("custom:left_half", "desk_1")
'''


def _args(server: OpenAIServer, *extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_llm_arguments(parser)
    return parser.parse_args(["--base-url", server.url, "--api-key", "sk-pipeline-test-0123456789abcdef",
                              "--llm-timeout", "5", "--reviewer-model", "vision", *extra])


def _review_need(stage_set, program, script: str, renders: dict[str, str]) -> NeedReview:
    layout = stage_set.solve(program, 0, Budget(effort=0.167), "a lamp on a desk")
    results, checks = stage_set.evaluate(program, layout.objects)
    audit = make_audit(results, checks, layout, layout.objects)
    return NeedReview(prompt="a lamp on a desk", program=program, script=script, layout=layout, audit=audit,
                      iteration=1, renders=renders)


def test_plan_code_solve_review_through_the_stage_set(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(json_reply(ASSETS), json_reply(GRAPH), text(CODE_REPLY), json_reply(REVIEW), json_reply(ACCEPT))
    session = open_session(_args(openai_server), tmp_path)
    stage_set = llm_stage_set(session)
    graph = stage_set.plan("a lamp on a desk")
    draft = stage_set.code(graph)
    assert draft.script == SCRIPT and draft.program.object_ids() == ["desk_1", "lamp_1"]
    render = tmp_path / "render.png"
    render.write_bytes(b"\x89PNG\r\n\x1a\nstand-in")
    need = _review_need(stage_set, draft.program, draft.script, {"final": str(render), "top": str(tmp_path / "gone.png")})
    outcome = stage_set.review(need)
    assert not outcome.accepted and outcome.program is not None
    assert outcome.program.constraints[0].weight == 2.0 and "the desk floats off the wall" in outcome.notes
    review_request = openai_server.requests[3]
    assert review_request.body["model"] == "vision" and len(review_request.image_urls()) == 1
    assert "on_top_of(lamp_1, desk_1): " in review_request.message_texts()[-1]
    assert stage_set.review(need).accepted
    session.close()
    usage = session.usage_by_stage()
    assert [usage[s]["calls"] for s in ("assets", "planner", "coder", "reviewer")] == [1, 1, 1, 2]
    assert session.token_totals() == {"prompt": 55, "completion": 35, "images": 2, "image_bytes": 32}
    assert session.tokens_used() == 90 and session.call_count() == 5
    lines = (tmp_path / "transcript.jsonl").read_text().splitlines()
    assert len(lines) == 5 and "sk-pipeline-test" not in "".join(lines)


def test_a_script_the_sandbox_rejects_goes_back_to_the_coder(openai_server: OpenAIServer, tmp_path: Path) -> None:
    broken = SCRIPT.replace('relate("on_top_of", "lamp_1", "desk_1")', 'relate("on_top_of", "lamp_1", "shelf_1")')
    openai_server.script(text(f"```python\n{broken}```"), text(CODE_REPLY))
    stage_set = llm_stage_set(open_session(_args(openai_server), tmp_path))
    graph = parse_reply(json.dumps(GRAPH), RelationCatalog.from_describe(DESCRIBED))
    assert stage_set.code(graph).script == SCRIPT
    feedback = openai_server.requests[1].message_texts()[-1]
    assert "running the script failed" in feedback and "shelf_1" in feedback


def test_custom_relations_are_solved_and_scored_in_the_sandbox(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(text(f"```python\n{CUSTOM_SCRIPT}```"))
    stage_set = llm_stage_set(open_session(_args(openai_server), tmp_path))
    graph = scene_graph_from_dict({"assets": [{"id": "desk_1", "category": "desk"}, {"id": "lamp_1", "category": "lamp"}]})
    draft = stage_set.code(graph)
    assert set(draft.program.custom_functions) == {"left_half"}
    layout = stage_set.solve(draft.program, 0, Budget(effort=0.167), "p")
    results, _ = stage_set.evaluate(draft.program, layout.objects)
    assert [r.relation for r in results] == ["against_wall", "on_top_of", "custom:left_half"]
    custom = results[2]
    assert custom.score == pytest.approx(next(c.score for c in layout.constraints if c.relation == "custom:left_half"))


def test_replay_session_reads_its_own_previous_transcript(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(json_reply(ASSETS), json_reply(GRAPH))
    live = open_session(_args(openai_server), tmp_path)
    graph = live.stages.plan("a lamp on a desk")
    live.close()
    replayed = open_session(_args(openai_server, "--replay", str(tmp_path / "transcript.jsonl")), tmp_path)
    assert replayed.name == "replay" and replayed.stages.plan("a lamp on a desk").to_dict() == graph.to_dict()
    replayed.close()
    assert len((tmp_path / "transcript.jsonl").read_text().splitlines()) == 2
    assert len(openai_server.requests) == 2  # the replay made no request


def test_coder_and_reviewer_scripts_must_keep_every_object(openai_server: OpenAIServer, tmp_path: Path) -> None:
    without_lamp = "\n".join(line for line in SCRIPT.splitlines() if "lamp_1" not in line) + "\n"
    revision = dict(REVIEW, revised_script=without_lamp)
    openai_server.script(text(f"```python\n{without_lamp}```"), text(CODE_REPLY), json_reply(revision), json_reply(REVIEW))
    stage_set = llm_stage_set(open_session(_args(openai_server), tmp_path))
    graph = parse_reply(json.dumps(GRAPH), RelationCatalog.from_describe(DESCRIBED))
    draft = stage_set.code(graph)
    assert draft.script == SCRIPT
    assert "missing: ['lamp_1']" in openai_server.requests[1].message_texts()[-1]
    outcome = stage_set.review(_review_need(stage_set, draft.program, draft.script, {}))
    assert not outcome.accepted and outcome.program is not None and "lamp_1" in outcome.program.object_ids()
    feedback = openai_server.requests[3].message_texts()[-1]
    assert "$.revised_script: running the script failed" in feedback and "missing: ['lamp_1']" in feedback


def test_a_door_the_planner_listed_is_declared_by_add_opening_under_its_id(
        openai_server: OpenAIServer, tmp_path: Path) -> None:
    """Recorded (docs/llm_trial.md): the planner lists the door as an asset, the coder follows its
    own prompt and cuts it with add_opening(id="door_1"); that declares it, no retry is asked."""
    graph = scene_graph_from_dict({"assets": [{"id": "desk_1", "category": "desk"}, {"id": "door_1", "category": "door"}],
                                   "relations": []})
    with_door = SCRIPT.replace('add_object("lamp_1", "lamp", (0.2, 0.2, 0.45))\n', "").replace(
        'relate("on_top_of", "lamp_1", "desk_1")\n',
        'door = add_opening("door", "south", id="door_1", offset=-1.0)\nrelate("clear", door)\n')
    elsewhere = with_door.replace('id="door_1"', 'id="doorway_1"')
    openai_server.script(text(f"```python\n{with_door}```"))
    stage_set = llm_stage_set(open_session(_args(openai_server), tmp_path))
    draft = stage_set.code(graph)
    assert draft.program.object_ids() == ["desk_1"] and draft.program.room is not None
    assert [o.id for o in draft.program.room.openings] == ["door_1"] and len(openai_server.requests) == 1
    openai_server.script(text(f"```python\n{elsewhere}```"), text(f"```python\n{with_door}```"))
    assert [o.id for o in stage_set.code(graph).program.room.openings] == ["door_1"]
    feedback = openai_server.requests[2].message_texts()[-1]
    assert "missing: ['door_1']" in feedback and "add_opening(kind, wall, id=...)" in feedback


def test_a_window_a_door_and_a_red_wall_the_planner_lists_are_architecture_not_boxes(
        openai_server: OpenAIServer, tmp_path: Path) -> None:
    """The planner lists a window, a door and a red wall as objects and the coder declares them with
    add_object: the window and door are openings under their ids, the relations to them resolve
    in the solve, the wall is the room's (painted red), and nothing is a box or a fence."""
    openai_server.script(json_reply(ARCH_ASSETS), json_reply(ARCH_GRAPH), text(f"```python\n{ARCH_SCRIPT}```"))
    stage_set = llm_stage_set(open_session(_args(openai_server), tmp_path))
    draft = stage_set.code(stage_set.plan("a desk under the window, a sofa facing the door, a red wall"))
    program = draft.program
    assert program.object_ids() == ["desk_1", "sofa_1"] and len(openai_server.requests) == 3  # no retry
    assert {(o.id, o.kind, o.wall) for o in program.room.openings} == {("window_1", "window", "north"),
                                                                       ("door_1", "door", "east")}
    assert program.room.walls.words == ("red",) and program.room.walls.color[0] > program.room.walls.color[1]
    layout = stage_set.solve(program, 0, Budget(effort=0.167), "a desk under the window")
    assert sorted(o.id for o in layout.objects) == ["desk_1", "sofa_1"]
    results = {c.relation: c for c in layout.constraints}
    assert results["under_window"].args == ("desk_1", "window_1") and results["facing"].args == ("sofa_1", "door_1")
    assert results["under_window"].satisfied
