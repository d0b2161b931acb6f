"""The edit stage with a model (issue 17): the scripted OpenAI-compatible server queries the
scene database and answers with typed operations; the reply is validated as data (unknown ids,
verbs and relations go back to the model); the CLI writes the edited folder and the transcript."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("ladybug")
pytest.importorskip("openai")

from setdresser.blender_addon.core.edit.delta import apply_edits  # noqa: E402
from setdresser.blender_addon.core.edit.scene import scene_from_layout
from setdresser.blender_addon.core.stages.base import ReplyParseError
from setdresser.blender_addon.core.stages.edit import parse_reply

from .scenes import bedroom
from .test_edits import LAYOUT, PROGRAM

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from support.openai_server import OpenAIServer, openai_server, text, tool_calls  # noqa: E402,F401

KNOWN = [o.id for o in bedroom().objects]


def reply(ops: list[dict]) -> str:
    return "Done.\n<edit>" + json.dumps({"operations": ops}) + "</edit>"


def test_a_reply_becomes_operations_over_ids() -> None:
    move = {"verb": "move", "objects": ["table_lamp_1"], "to": {"relation": "on", "anchors": ["desk_1"]}}
    ops = parse_reply(reply([move,
                             {"verb": "restyle", "objects": ["bed_1"], "color": "blue"}]), KNOWN)
    out = apply_edits(PROGRAM, LAYOUT.objects, scene_from_layout(LAYOUT, azimuth_deg=0.0), ops)
    assert any(c.relation == "on_top_of" and c.args == ("table_lamp_1", "desk_1") for c in out.program.constraints)
    assert out.colors == {"bed_1": "blue"}


@pytest.mark.parametrize("ops, message", [
    ([{"verb": "move", "objects": ["unicorn_1"], "to": {"relation": "on", "anchors": ["desk_1"]}}], "no object"),
    ([{"verb": "teleport", "objects": ["bed_1"]}], "verb"),
    ([{"verb": "move", "objects": ["bed_1"], "to": {"relation": "inside_out", "anchors": ["desk_1"]}}], "relation"),
    ([{"verb": "resize", "objects": ["bed_1"], "factor": 100}], "between"),
    ([{"verb": "restyle", "objects": ["bed_1"], "color": "__import__('os')"}], "color"),
    ([], "operations"),
])
def test_bad_replies_are_rejected_with_the_reason(ops: list[dict], message: str) -> None:
    with pytest.raises(ReplyParseError, match=message):
        parse_reply(reply(ops), KNOWN)


def test_edit_command_with_a_model(openai_server: OpenAIServer, tmp_path: Path) -> None:  # noqa: F811
    from setdresser.blender_addon.cli import main
    from setdresser.blender_addon.core.model import program_from_dict
    scene = tmp_path / "bedroom"
    scene.mkdir()
    (scene / "layout.json").write_text(json.dumps(LAYOUT.to_dict()))
    (scene / "program.json").write_text(json.dumps(PROGRAM.to_dict()))
    query = ("cypher_query", {"reasoning": "which lamp is on a nightstand", "query": "MATCH (o:Object) RETURN o.id"})
    openai_server.script(tool_calls(query),
                         text(reply([{"verb": "unknown"}])),  # rejected, sent back with the reason
                         text(reply([{"verb": "move", "objects": ["table_lamp_1"],
                                      "to": {"relation": "on", "anchors": ["desk_1"]}}])))
    out = tmp_path / "edited"
    code = main(["edit", str(scene), "put the lamp on the desk", "--llm", "openai", "--base-url", openai_server.url,
                 "--api-key", "sk-test", "--out", str(out), "--render", "none"])
    assert code == 0
    record = json.loads((out / "edit.json").read_text())
    assert record["groundings"][0]["ids"] == ["table_lamp_1"]
    program = program_from_dict(json.loads((out / "program.json").read_text()))
    assert any(c.args == ("table_lamp_1", "desk_1") for c in program.constraints)
    assert len((out / "transcript.jsonl").read_text().splitlines()) >= 3
    assert "verb" in openai_server.requests[2].message_texts()[-1]
