"""The retry loop and the stage runner over a scripted in-process backend (no HTTP here;
tests/unit/llm drives the same runner through the real openai client)."""
from __future__ import annotations

import json
from typing import Any

import pytest
from stage_inputs import GRAPH, IMAGES, SCRIPT

from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.stages.base import (ChatMessage, ChatReply, ChatRequest, LLMError,
                                                       ReplyParseError, ask_with_retries)
from setdresser.blender_addon.core.stages.catalog import RelationCatalog
from setdresser.blender_addon.core.stages.runner import LLMStages, merge_graphs


class ScriptedBackend:
    """Answers each request with the next scripted text and keeps the requests."""

    endpoint = "scripted://test"

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.requests: list[ChatRequest] = []

    def complete(self, request: ChatRequest) -> ChatReply:
        self.requests.append(request)
        return ChatReply(text=self.replies.pop(0), model="fake")


def _parse_int(text: str) -> int:
    if not text.strip().isdigit():
        raise ReplyParseError(f"'{text}' is not a whole number")
    return int(text)


def test_a_bad_reply_is_fed_back_and_the_corrected_one_accepted() -> None:
    replies = iter(["seven", "7"])
    seen: list[list[ChatMessage]] = []

    def send(messages: list[ChatMessage]) -> str:
        seen.append(messages)
        return next(replies)

    first = [ChatMessage("user", "Give a number.")]
    assert ask_with_retries(send, first, _parse_int, max_retries=2, stage="counter") == 7
    assert len(seen) == 2 and seen[0] == first
    assert [m.role for m in seen[1]] == ["user", "assistant", "user"]
    assert seen[1][1].text == "seven"
    assert "counter stage" in seen[1][2].text and "'seven' is not a whole number" in seen[1][2].text


@pytest.mark.parametrize("max_retries", [0, 1, 3])
def test_garbage_forever_stops_after_the_bounded_number_of_retries(max_retries: int) -> None:
    calls: list[int] = []

    def send(messages: list[ChatMessage]) -> str:
        calls.append(len(messages))
        return "junk"

    with pytest.raises(ReplyParseError, match=f"{max_retries + 1} replies rejected; last: 'junk'"):
        ask_with_retries(send, [ChatMessage("user", "n?")], _parse_int, max_retries=max_retries)
    assert calls == [1 + 2 * i for i in range(max_retries + 1)]


def _assets_json(*names: str, count: int = 1) -> str:
    return json.dumps({"assets": [{"name": n, "description": f"a {n}", "height": 0.8, "count": count} for n in names]})


def _graph_json(prefix: str, ids_categories: list[tuple[str, str]], relations: list[tuple[str, list[str]]]) -> str:
    return json.dumps({
        "assets": [{"id": i, "category": c, "description": c, "height": 0.8} for i, c in ids_categories],
        "relations": [{"id": f"{prefix}{n}", "relation": name, "args": args, "params": {}, "source": ""}
                      for n, (name, args) in enumerate(relations)]})


def test_plan_without_decomposition_is_assets_then_one_planner_call(catalog: RelationCatalog) -> None:
    backend = ScriptedBackend(_assets_json("desk", "lamp"),
                              _graph_json("r", [("desk_1", "desk"), ("lamp_1", "lamp")], [("on_top_of", ["lamp_1", "desk_1"])]))
    graph = LLMStages(backend, catalog).plan("a lamp on a desk")
    assert [r.stage for r in backend.requests] == ["assets", "planner"]
    assert backend.requests[0].schema is not None and backend.requests[0].prompt_id == "assets/v1"
    assert graph.triples() == [("on_top_of", ("lamp_1", "desk_1"))] and graph.prompt == "a lamp on a desk"


def test_large_scenes_are_decomposed_planned_per_part_and_merged(catalog: RelationCatalog) -> None:
    subscenes = {"subscenes": [{"title": "table", "description": "a table with chairs around", "assets": ["table", "chair"]},
                               {"title": "top", "description": "a vase on the table", "assets": ["vase", "table"]}]}
    backend = ScriptedBackend(
        json.dumps({"assets": [{"name": "table", "description": "t", "height": 0.75, "count": 1},
                               {"name": "chair", "description": "c", "height": 0.9, "count": 12},
                               {"name": "vase", "description": "v", "height": 0.3, "count": 1}]}),
        json.dumps(subscenes),
        _graph_json("r", [("table_1", "table"), ("chair_1", "chair"), ("chair_2", "chair")],
                    [("around", ["chair_1", "chair_2", "table_1"])]),
        _graph_json("r", [("vase_1", "vase"), ("table_1", "table")], [("on_top_of", ["vase_1", "table_1"])]))
    graph = LLMStages(backend, catalog).plan("a dinner table")
    assert [r.stage for r in backend.requests] == ["assets", "decomposer", "planner", "planner"]
    assert [a.id for a in graph.assets] == ["table_1", "chair_1", "chair_2", "vase_1"]
    assert [r.id for r in graph.relations] == ["s1_r0", "s2_r0"]
    assert graph.triples() == [("around", ("chair_1", "chair_2", "table_1")), ("on_top_of", ("vase_1", "table_1"))]
    assert "a vase on the table" in backend.requests[3].messages[-1].text


def test_merge_keeps_the_first_definition_of_a_shared_asset() -> None:
    merged = merge_graphs([GRAPH, GRAPH], "p")
    assert len(merged.assets) == 3 and len(merged.relations) == 6 and len(merged.edges) == 10


def test_a_stage_without_a_usable_reply_raises_llm_error_naming_stage_and_endpoint(catalog: RelationCatalog) -> None:
    backend = ScriptedBackend("no", "still no", "never")
    with pytest.raises(LLMError, match=r"^LLM assets stage failed at scripted://test: no usable reply: 3 replies rejected"):
        LLMStages(backend, catalog, max_retries=2).assets("a desk")
    assert len(backend.requests) == 3


def test_code_and_run_feeds_a_sandbox_failure_back(catalog: RelationCatalog) -> None:
    broken = SCRIPT + "relate('on_top_of', 'lamp_1', 'shelf_9')\n"
    backend = ScriptedBackend(f"```python\n{broken}```", f"```python\n{SCRIPT}```")
    runs: list[str] = []

    def run(script: str) -> int:
        runs.append(script)
        if "shelf_9" in script:
            raise BadInput("unknown object id 'shelf_9'", "constraint 3 on_top_of(lamp_1, shelf_9)")
        return 42

    assert LLMStages(backend, catalog).code_and_run(GRAPH, run) == (SCRIPT, 42)
    assert runs == [broken, SCRIPT]
    assert "running the script failed: constraint 3 on_top_of(lamp_1, shelf_9): unknown object id" in \
        backend.requests[1].messages[-1].text
    assert backend.requests[0].schema is None  # a script is not JSON: no structured output


def test_review_and_run_checks_the_revised_script(catalog: RelationCatalog) -> None:
    verdict: dict[str, Any] = {"accepted": False, "revised_script": SCRIPT, "issues": [
        {"relation": "in_front_of", "ids": ["office_chair_1", "desk_1"], "problem": "too far", "fix": "closer"}]}
    backend = ScriptedBackend(json.dumps(verdict), json.dumps({"accepted": True, "issues": [], "revised_script": None}))
    stages = LLMStages(backend, catalog)
    review, program = stages.review_and_run(IMAGES, "d", "audit", SCRIPT, run=len)
    assert not review.accepted and program == len(SCRIPT)
    assert backend.requests[0].messages[-1].images == tuple(IMAGES)
    assert stages.review_and_run(IMAGES, "d", "audit", SCRIPT, run=len)[1] is None


def test_negative_retry_budget_is_refused(catalog: RelationCatalog) -> None:
    with pytest.raises(ValueError):
        LLMStages(ScriptedBackend(), catalog, max_retries=-1)


def test_a_count_split_across_sub_scenes_and_each_planner_sees_the_scene_so_far(catalog: RelationCatalog) -> None:
    """Issue 15: 6 chairs, 4 at the table and 2 at the desk; the second planner is told the ids placed
    before (with the relations placing them) and what is still to come, and relates to table_1."""
    subscenes = {"subscenes": [
        {"title": "dining", "description": "a table with four chairs", "assets": ["table", "chair: 4"]},
        {"title": "study", "description": "a desk with two chairs", "assets": ["desk", "chair: 2"]},
        {"title": "top", "description": "a vase on the table", "assets": ["vase"]}]}
    group = {"id": "chair", "category": "chair", "count": 2,
             "each": [{"relation": "proximity", "args": ["@", "desk_1"]}]}
    backend = ScriptedBackend(
        json.dumps({"assets": [{"name": n, "description": n, "height": 0.8, "count": c}
                               for n, c in (("table", 1), ("chair", 6), ("desk", 1), ("vase", 1))]}),
        json.dumps(subscenes),
        json.dumps({"assets": [{"id": "table_1", "category": "table"}], "groups": [
            {"id": "chair", "category": "chair", "count": 4,
             "arrangement": {"relation": "around", "args": ["table_1"]}}],
            "relations": []}),
        json.dumps({"assets": [{"id": "desk_1", "category": "desk"}], "groups": [group],
                    "relations": [{"id": "r1", "relation": "left_of", "args": ["desk_1", "table_1"], "params": {},
                                   "source": ""}]}),
        _graph_json("r", [("vase_1", "vase")], [("on_top_of", ["vase_1", "table_1"])]))
    graph = LLMStages(backend, catalog, decompose_above=5).plan("a dining corner and a study")
    assert [a.id for a in graph.assets] == ["table_1", "chair_1", "chair_2", "chair_3", "chair_4", "desk_1",
                                            "chair_5", "chair_6", "vase_1"]
    assert ("left_of", ("desk_1", "table_1")) in graph.triples()
    assert ("proximity", ("chair_6", "desk_1")) in graph.triples()
    second = backend.requests[3].messages[-1].text
    assert "- chair (x2, 0.8 m)" in second and "- group chair: 4 x chair, ~" in second
    assert ", ids chair_1..chair_4, around" in second
    assert "- table_1 (table, ~" in second  # about how big it is (the knowledge base's, at its planned height)
    assert "Still to place in later sub-scenes: vase x1" in second
    assert "- desk (x1" not in backend.requests[2].messages[-1].text  # the first planner gets its own share only
    third = backend.requests[4].messages[-1].text
    assert "- desk_1 (desk, ~" in third and "): left_of(desk_1, table_1)" in third
    assert "Still to place in later sub-scenes: nothing" in third


def test_the_decomposer_may_split_a_count_but_not_lose_or_invent_objects() -> None:
    from setdresser.blender_addon.core.stages import decomposer
    from setdresser.blender_addon.core.stages.base import ReplyParseError

    def parts(*steps: list[str]) -> str:
        return json.dumps({"subscenes": [{"title": f"s{k}", "description": "d", "assets": a}
                                         for k, a in enumerate(steps)]})
    split = decomposer.parse_reply(parts(["chair: 4", "table"], ["chair"]), ["table", "chair"], [1, 6])
    assert [s.shares() for s in split] == [[("chair", 4), ("table", 1)], [("chair", 2)]]
    with pytest.raises(ReplyParseError, match=r"7 'chair' in the steps, but the list has 6"):
        decomposer.parse_reply(parts(["chair: 4", "table"], ["chair: 3"]), ["table", "chair"], [1, 6])
    with pytest.raises(ReplyParseError, match=r"in no sub-scene: \['chair \(2 more\)'\]"):
        decomposer.parse_reply(parts(["chair: 4", "table"]), ["table", "chair"], [1, 6])
