"""The scene query tool over the real client and the scripted OpenAI-compatible server: tool calls,
the plain-text protocol where the server has no tools, errors and budgets fed back, replay."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("ladybug")
pytest.importorskip("openai")

from setdresser.blender_addon.cli import main  # noqa: E402
from setdresser.blender_addon.core.scene_db.facts import facts_from_documents  # noqa: E402
from setdresser.blender_addon.core.scene_db.rows import build_rows  # noqa: E402
from setdresser.blender_addon.core.stages.ask import ask_question  # noqa: E402
from setdresser.blender_addon.core.stages.base import LLMError  # noqa: E402
from setdresser.blender_addon.core.stages.scene_tool import SceneToolConfig  # noqa: E402
from setdresser.blender_addon.core.transcript import TranscriptWriter  # noqa: E402
from setdresser.blender_addon.services.llm import LLMClient  # noqa: E402
from setdresser.blender_addon.services.llm_config import LLMConfig  # noqa: E402
from setdresser.blender_addon.services.replay import ReplayClient  # noqa: E402
from setdresser.blender_addon.services.scene_store import SceneStore  # noqa: E402
from support.openai_server import OpenAIServer, openai_server, text, tool_calls  # noqa: E402,F401
from support.scenes import SCENES_DIR, documents  # noqa: E402

NEAREST_LAMP = ("MATCH (s:Object {category: 'sofa'}), (l:Object) WHERE l.category CONTAINS 'lamp' "
                "RETURN l.id, dist(s, l) AS d ORDER BY d LIMIT 1")


@pytest.fixture
def living():
    rows = build_rows(facts_from_documents(*documents("living_room")))
    with SceneStore.in_memory(rows) as store:
        yield rows, store


def client(server: OpenAIServer, transcript: TranscriptWriter | None = None) -> LLMClient:
    return LLMClient(LLMConfig(base_url=server.url, api_key="sk-test", max_attempts=1), transcript)


def query(reasoning: str, cypher: str) -> tuple[str, dict[str, str]]:
    return ("cypher_query", {"reasoning": reasoning, "query": cypher})


def test_tool_calls_reach_the_database_and_the_answer_is_typed(openai_server: OpenAIServer, living) -> None:
    rows, store = living
    openai_server.script(tool_calls(query("the lamps and their distance to the sofa", NEAREST_LAMP), content="Let me look."),
                         text("<answer>floor_lamp_1</answer>"))
    answer, trace = ask_question(client(openai_server), rows, store.query, "which lamp is closest to the sofa?")
    assert answer.text == "floor_lamp_1" and answer.ids == ("floor_lamp_1",)
    assert trace.protocol == "tools" and [q.query for q in trace.queries] == [NEAREST_LAMP]
    first, second = openai_server.requests
    assert first.body["tools"][0]["function"]["name"] == "cypher_query"
    system = first.message_texts()[0]
    assert "<schema>" in system and "RESTS_ON" in system and "floor lamp (1)" in system and "Pitfalls" in system
    assert "sofa_1" not in system  # the scene is queried, not pasted
    tool_turn = second.body["messages"][-1]
    assert tool_turn["role"] == "tool" and "floor_lamp_1" in tool_turn["content"]
    assert second.body["messages"][-2]["tool_calls"][0]["function"]["name"] == "cypher_query"


def test_a_server_without_tools_gets_the_text_protocol(living) -> None:
    rows, store = living
    with OpenAIServer(reject_tools=True) as server:
        server.script(text(f"I need the lamps.\n<cypher>{NEAREST_LAMP}</cypher>"), text("<answer>floor_lamp_1</answer>"))
        answer, trace = ask_question(client(server), rows, store.query, "which lamp is closest to the sofa?")
        assert answer.text == "floor_lamp_1" and trace.protocol == "text"
        sent = server.requests
        assert [bool(r.body.get("tools")) for r in sent] == [True, False, False]  # refused once, then plain text
        assert sent[-1].message_texts()[-1].startswith("Result of your query:") and "floor_lamp_1" in sent[-1].message_texts()[-1]


def test_errors_and_budgets_go_back_to_the_model(openai_server: OpenAIServer, living) -> None:
    rows, store = living
    openai_server.script(
        tool_calls(query("count objects", "MATCH (o:Objekt) RETURN count(*)")),
        tool_calls(query("write", "MATCH (o:Object) DETACH DELETE o")),
        tool_calls(query("count", "MATCH (o:Object) RETURN count(*)")),
        text("<answer>[6, 7</answer>"), text("<answer>6</answer>"))
    answer, trace = ask_question(client(openai_server), rows, store.query, "how many objects?",
                                 config=SceneToolConfig(max_queries=3))
    assert answer.value == 6.0 and len(trace.queries) == 3
    results = [r.body["messages"][-1]["content"] for r in openai_server.requests[1:4]]
    assert results[0].startswith("ERROR: Binder exception: Table Objekt does not exist") and "node labels:" in results[0]
    assert results[1].startswith("ERROR: the scene database is read-only")
    assert "no queries left" in results[2] and not openai_server.requests[3].body.get("tools")
    assert "typed value" in openai_server.requests[4].message_texts()[-1]
    assert store.run("MATCH (o:Object) RETURN count(*)").rows == ((6,),)


def test_results_are_cut_to_the_budget_with_a_note(openai_server: OpenAIServer, living) -> None:
    rows, store = living
    openai_server.script(tool_calls(query("all pairs", "MATCH (a:Object), (b:Object) RETURN a.id, b.id")),
                         text("<answer>36</answer>"))
    ask_question(client(openai_server), rows, store.query, "how many pairs?", config=SceneToolConfig(max_rows=5))
    result = openai_server.requests[1].body["messages"][-1]["content"]
    assert result.count("\n[") == 5 and "NOTE: result truncated: 5 of 36 rows shown" in result


def test_a_model_that_never_answers_fails_with_the_stage_named(openai_server: OpenAIServer, living) -> None:
    rows, store = living
    openai_server.script(tool_calls(query("again", "RETURN 1")), repeat_last=True)
    with pytest.raises(LLMError, match="LLM ask stage failed"):
        ask_question(client(openai_server), rows, store.query, "anything?", config=SceneToolConfig(max_queries=2))


def test_queries_are_transcribed_and_replayed(openai_server: OpenAIServer, living, tmp_path: Path) -> None:
    rows, store = living
    path = tmp_path / "transcript.jsonl"
    writer = TranscriptWriter(path)
    openai_server.script(tool_calls(query("lamps", NEAREST_LAMP)), text("<answer>floor_lamp_1</answer>"))
    ask_question(client(openai_server, writer), rows, store.query, "which lamp is closest to the sofa?")
    writer.close()
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert records[0]["request"]["tools"] == ["cypher_query"] and records[0]["reply"]["tool_calls"][0]["name"] == "cypher_query"
    assert records[1]["request"]["messages"][-1]["role"] == "tool"
    replayed, trace = ask_question(ReplayClient.from_file(path), rows, store.query, "which lamp is closest to the sofa?")
    assert replayed.text == "floor_lamp_1" and len(trace.queries) == 1
    with pytest.raises(LLMError, match="diverges"):  # another scene gives other rows: the replay says where
        other = build_rows(facts_from_documents(*documents("bedroom")))
        with SceneStore.in_memory(other) as bedroom:
            ask_question(ReplayClient.from_file(path), other, bedroom.query, "which lamp is closest to the sofa?")


def test_ask_command(openai_server: OpenAIServer, capsys: pytest.CaptureFixture[str]) -> None:
    folder = str(SCENES_DIR / "living_room")
    openai_server.script(tool_calls(query("lamps", NEAREST_LAMP)), text("<answer><floor_lamp_1></answer>"))
    assert main(["ask", folder, "which lamps are near the sofa?", "--llm", "openai", "--base-url", openai_server.url,
                 "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["answer"] == "<floor_lamp_1>" and shown["ids"] == ["floor_lamp_1"] and shown["protocol"] == "tools"
    assert main(["ask", folder, "which lamp?", "--llm", "offline"]) == 2
    assert "needs an LLM" in capsys.readouterr().err
