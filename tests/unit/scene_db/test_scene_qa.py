"""The scene Q&A set: 60+ questions over 7 generated scenes, answered through the real client,
the query tool and the database by the scripted model (tests/support/scene_qa.py), checked with
the paper's comparison rules; and the rules themselves."""
from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("ladybug")

from setdresser.blender_addon.core.scene_db.answers import (AnswerError, Point, SetValue,  # noqa: E402
                                                            answers_equal, parse_answer)
from setdresser.blender_addon.core.scene_db.facts import facts_from_documents  # noqa: E402
from setdresser.blender_addon.core.scene_db.rows import build_rows  # noqa: E402
from setdresser.blender_addon.core.stages.ask import ask_question  # noqa: E402
from setdresser.blender_addon.services.llm import LLMClient  # noqa: E402
from setdresser.blender_addon.services.llm_config import LLMConfig  # noqa: E402
from setdresser.blender_addon.services.scene_store import SceneStore  # noqa: E402
from support.openai_server import OpenAIServer  # noqa: E402
from support.scene_qa import KINDS, load_questions, scripted_model  # noqa: E402
from support.scenes import SCENE_NAMES, documents  # noqa: E402

QUESTIONS = load_questions()


def test_the_set_covers_every_kind_over_six_scenes_or_more() -> None:
    assert len(QUESTIONS) >= 60 and len({q["id"] for q in QUESTIONS}) == len(QUESTIONS)
    assert len({q["scene"] for q in QUESTIONS}) >= 6 and {q["scene"] for q in QUESTIONS} <= set(SCENE_NAMES)
    kinds = Counter(q["kind"] for q in QUESTIONS)
    assert set(kinds) == set(KINDS) and min(kinds.values()) >= 4
    for entry in QUESTIONS:
        parse_answer(entry["answer"])  # every gold answer is a typed value


@pytest.mark.parametrize("scene", sorted({q["scene"] for q in QUESTIONS}))
def test_scripted_model_answers_every_question(scene: str) -> None:
    rows = build_rows(facts_from_documents(*documents(scene)))
    entries = [q for q in QUESTIONS if q["scene"] == scene]
    wrong = []
    with SceneStore.in_memory(rows) as store, OpenAIServer() as server:
        client = LLMClient(LLMConfig(base_url=server.url, api_key="sk-qa", max_attempts=1))
        for entry in entries:
            server.script(*scripted_model(entry))
            answer, trace = ask_question(client, rows, store.query, entry["question"])
            assert trace.protocol == "tools" and [q.query for q in trace.queries] == [entry["cypher"]]
            assert all(q.ok for q in trace.queries), trace.queries
            if not answers_equal(answer.value, parse_answer(entry["answer"])):
                wrong.append((entry["id"], answer.text, entry["answer"]))
    assert not wrong


@pytest.mark.parametrize("a, b, equal", [
    ("<chair_1, chair_2>", "<chair_2, chair_1>", True), ("[chair_1, chair_2]", "[chair_2, chair_1]", False),
    ("<a, b>", "<a>", False), ("<>", "<>", True), ("3", "3.004", True), ("3", "3.02", False),
    ("Point(1 2 0)", "Point(1.005 2 0)", True), ("Point(1 2 0)", "Point(1.02 2 0)", False),
    ("{chair: 4, table: 1}", "{table: 1, chair: 4}", True), ("{chair: 4}", "{chair: 4, table: 1}", False),
    ("chair_1", "Chair_1", False), ("'north'", "north", True), ("<[a, b], c>", "<c, [a, b]>", True),
    ("sofa_1", "<sofa_1>", False), ("1", "one", False)])
def test_comparison_rules(a: str, b: str, equal: bool) -> None:
    assert answers_equal(parse_answer(a), parse_answer(b)) is equal


@pytest.mark.parametrize("bad", ["", "<a, b", "[a,, b]", "{a 1}", "Point(x y z)", "<a> trailing"])
def test_malformed_answers(bad: str) -> None:
    with pytest.raises(AnswerError):
        parse_answer(bad)


def test_parsed_forms() -> None:
    assert parse_answer("⟨a, b⟩") == SetValue(("a", "b")) and parse_answer("POINT(1, 2, 3)") == Point((1.0, 2.0, 3.0))
    assert parse_answer("{a: [1, 2]}") == {"a": [1.0, 2.0]}
