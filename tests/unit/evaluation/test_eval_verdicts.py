"""LEGO-Eval verdicts offline (scene graph + planner counts, judged by geometry), the LLM
judge over a fake backend, CLIP availability and the chart PNG."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field

import numpy as np
import pytest

from setdresser.blender_addon.core.evaluation.chart import Series, png_bytes, scatter_png
from setdresser.blender_addon.core.evaluation.clip import ClipResult, ClipSetup, find_clip, similarity_from_embeddings
from setdresser.blender_addon.core.evaluation.geometry import boxes_of
from setdresser.blender_addon.core.evaluation.judge import LLMJudge, parse_judgement, parse_split
from setdresser.blender_addon.core.evaluation.scene import planned_counts
from setdresser.blender_addon.core.evaluation.verdicts import (COUNT, PLACEMENT, TypedConstraint, judge_geometry,
                                                                offline_split, summarise)
from setdresser.blender_addon.core.model import layout_from_dict
from setdresser.blender_addon.core.scene_graph import AssetNode, Edge, RelationNode, SceneGraph
from setdresser.blender_addon.core.stages.base import ChatReply, ChatRequest, LLMError, ReplyParseError
from setdresser.tests.benchmark.layouts import layout, obj

PROMPT = "a lamp on a desk and two chairs in front of the desk"


def scene(lamp_z: float = 0.75):
    objects = [obj("desk_1", "desk", 0, 0, (1.4, 0.7, 0.75)), obj("lamp_1", "lamp", 0.2, 0, (0.3, 0.3, 0.5), z=lamp_z),
               obj("chair_1", "chair", -0.3, -0.9, (0.45, 0.5, 0.9)), obj("chair_2", "chair", 0.4, -0.9, (0.45, 0.5, 0.9))]
    parsed = layout_from_dict(layout(objects, prompt=PROMPT))
    return parsed, boxes_of(parsed.objects)


def graph() -> SceneGraph:
    assets = [AssetNode("lamp_1", "lamp"), AssetNode("desk_1", "desk"), AssetNode("chair_1", "chair"),
              AssetNode("chair_2", "chair")]
    relations = [RelationNode("r1", "on_top_of", {}, "on a desk"), RelationNode("r2", "in_front_of", {}, "in front of"),
                 RelationNode("r3", "parallel", {}, "inferred: chairs")]
    edges = [Edge("r1", "lamp_1", 0), Edge("r1", "desk_1", 1), Edge("r2", "chair_1", 0), Edge("r2", "desk_1", 1),
             Edge("r3", "chair_1", 0), Edge("r3", "chair_2", 1)]
    return SceneGraph(assets, relations, edges, prompt=PROMPT)


def test_offline_split_has_counts_then_stated_relations_without_inferred_ones() -> None:
    typed = offline_split(graph(), [("lamp", 1), ("chair", 2)])
    assert [t.kind for t in typed] == [COUNT, COUNT, PLACEMENT, PLACEMENT]
    assert typed[1].text == "There are 2 chairs."
    assert [t.relation for t in typed[2:]] == ["on_top_of", "in_front_of"]


def test_planner_counts_come_from_the_prompt() -> None:
    counts = dict(planned_counts(PROMPT, None))
    assert counts == {"lamp": 1, "desk": 1, "chair": 2}


def test_geometry_verdicts_both_ways_in_lego_eval_format() -> None:
    typed = offline_split(graph(), [("chair", 2), ("lamp", 2)])
    parsed, boxes = scene()
    verdicts = [judge_geometry(t, parsed, boxes) for t in typed]
    assert [v.holds for v in verdicts] == [True, False, True, True]
    assert verdicts[0].line().startswith("<<True, ") and "(ID: chair_1, ID: chair_2)" in verdicts[0].reason
    assert verdicts[1].line().startswith("<<False, ")
    floating, boxes = scene(lamp_z=1.2)
    assert not judge_geometry(typed[2], floating, boxes).holds
    assert "(ID: lamp_1)" in judge_geometry(typed[2], floating, boxes).reason
    summary = summarise(verdicts)
    assert summary["partial_sr"] == 0.75 and summary["holistic"] is False
    assert summary["by_kind"][COUNT] == {"true": 1, "total": 2}


@dataclass
class FakeBackend:
    """Scripted replies per stage; records the requests."""

    replies: dict[str, list[str]]
    endpoint: str = "fake://judge"
    requests: list[ChatRequest] = field(default_factory=list)

    def complete(self, request: ChatRequest) -> ChatReply:
        self.requests.append(request)
        return ChatReply(text=self.replies[request.stage].pop(0), prompt_tokens=100, completion_tokens=20)


SPLIT_REPLY = ('{"constraints": [{"kind": "object_count", "text": "There are two chairs.", "category": "chair", '
               '"count": 2, "objects": ["chair_1", "chair_2"]}, {"kind": "object_placement", "text": "The lamp is on '
               'the desk.", "category": "", "count": 0, "objects": ["lamp_1", "desk_1"]}]}')


def test_llm_judge_splits_and_judges_with_geometry_facts() -> None:
    backend = FakeBackend({"evaluate_split": [SPLIT_REPLY],
                           "evaluate_judge": ["<<True, two chairs (ID: chair_1) and (ID: chair_2).>>",
                                              "no verdict here", "<<False, the lamp (ID: lamp_1) floats.>>"]})
    judge = LLMJudge(backend)
    parsed, boxes = scene()
    typed = judge.split(PROMPT, parsed)
    assert [t.kind for t in typed] == [COUNT, PLACEMENT] and typed[1].args == ("lamp_1", "desk_1")
    first = judge.judge(typed[0], parsed, boxes)
    second = judge.judge(typed[1], parsed, boxes)
    assert first.holds and first.judge == "llm"
    assert not second.holds and "(ID: lamp_1)" in second.reason
    placement_prompt = backend.requests[2].messages[-1].text
    assert "on_top_of(lamp_1, desk_1)" in placement_prompt and "lamp_1: lamp" in placement_prompt
    retry = backend.requests[3].messages  # the unparsable reply went back with what was wrong
    assert retry[-2].role == "assistant" and retry[-2].text == "no verdict here"
    assert "<<True, description>>" in retry[-1].text
    assert judge.calls == 4 and judge.tokens == {"prompt": 400, "completion": 80}


def test_llm_judge_gives_up_after_bounded_retries() -> None:
    judge = LLMJudge(FakeBackend({"evaluate_judge": ["nope"] * 3}), max_retries=2)
    parsed, boxes = scene()
    with pytest.raises(LLMError, match="evaluate_judge"):
        judge.judge(TypedConstraint("c1", PLACEMENT, "The lamp is on the desk.", args=("lamp_1",)), parsed, boxes)


def test_split_and_judgement_parsers_reject_bad_replies() -> None:
    with pytest.raises(ReplyParseError, match="unknown ids"):
        parse_split(SPLIT_REPLY.replace("desk_1", "desk_9"), ["lamp_1", "desk_1", "chair_1", "chair_2"])
    with pytest.raises(ReplyParseError, match="ID"):
        parse_judgement("<<True, the lamp is on the desk>>")
    assert parse_judgement("Reasoning...\n<<false, the lamp (ID: lamp_1) floats>>") == (False,
                                                                                       "the lamp (ID: lamp_1) floats")


def test_clip_is_unavailable_without_open_clip_or_weights(tmp_path, monkeypatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None if name == "open_clip" else real(name))
    result = find_clip(None, environ={})
    assert isinstance(result, ClipResult) and not result.available and "open_clip" in result.reason
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: object() if name == "open_clip" else real(name))
    missing = find_clip(str(tmp_path / "nope.pt"), environ={})
    assert isinstance(missing, ClipResult) and "not found" in missing.reason
    assert "no local CLIP weights" in find_clip(None, environ={}).reason
    weights = tmp_path / "clip.pt"
    weights.write_bytes(b"weights")
    setup = find_clip(None, environ={"SETDRESSER_CLIP_WEIGHTS": str(weights)})
    assert isinstance(setup, ClipSetup) and setup.weights == weights
    assert similarity_from_embeddings([1, 0], [1, 0]) == 100.0 and similarity_from_embeddings([1, 0], [0, 1]) == 0.0


def _decode_png(data: bytes) -> np.ndarray:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    idat_length = struct.unpack(">I", data[33:37])[0]
    raw = zlib.decompress(data[41:41 + idat_length])
    rows = [raw[r * (3 * width + 1) + 1:(r + 1) * (3 * width + 1)] for r in range(height)]
    return np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(height, width, 3)


def test_png_round_trips_and_chart_draws_its_points(tmp_path) -> None:
    image = np.zeros((4, 5, 3), dtype=np.uint8)
    image[1, 2] = (10, 20, 30)
    assert np.array_equal(_decode_png(png_bytes(image)), image)
    path = scatter_png([Series("indoor", [30], [0.5], (0, 0, 255))], tmp_path / "c.png", title="t", x_label="x",
                       y_label="y", x_max=60, width=400, height=300)
    pixels = _decode_png(path.read_bytes())
    left, right, top, bottom = 70, 380, 40, 250
    x, y = round(left + (right - left) * 30 / 60), round(bottom - (bottom - top) * 0.5)
    assert tuple(pixels[y, x]) == (0, 0, 255)
    assert tuple(pixels[5, 395]) == (255, 255, 255)
