"""Prompt templates: strict rendering, versions, and snapshots of every stage's rendered prompt.

Regenerate the snapshots after an intended prompt change with
``SETDRESSER_UPDATE_SNAPSHOTS=1 python -m pytest tests/unit/stages/test_stage_prompts.py``.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from stage_inputs import ASSETS, AUDIT, DESCRIPTION, GRAPH, IMAGES, SCRIPT

from setdresser.blender_addon.core.prompts import PROMPTS_DIR, PromptError, load_template, parse_template
from setdresser.blender_addon.core.stages import assets, coder, decomposer, edit, planner, reviewer
from setdresser.blender_addon.core.stages.base import LLMError, ReplyParseError, repair_message
from setdresser.blender_addon.core.stages.catalog import RelationCatalog

SNAPSHOTS = Path(__file__).parent / "snapshots"
STAGES = ("assets", "decomposer", "planner", "coder", "reviewer", "repair", "edit")


def _render(stage: str, catalog: RelationCatalog) -> str:
    builders = {
        "assets": lambda: assets.build_request_messages(DESCRIPTION),
        "decomposer": lambda: decomposer.build_request_messages(DESCRIPTION, ASSETS),
        "planner": lambda: planner.build_request_messages(DESCRIPTION, ASSETS, catalog),
        "coder": lambda: coder.build_request_messages(GRAPH, DESCRIPTION, catalog),
        "reviewer": lambda: reviewer.build_request_messages(IMAGES, DESCRIPTION, AUDIT, SCRIPT, catalog),
        "edit": lambda: edit.build_request_messages("move the lamp from the left nightstand to the desk",
                                                    "(the scene query tool's description)"),
        "repair": lambda: [repair_message("planner", ReplyParseError("$.relations[0]: missing required key 'args'"))],
    }
    messages = builders[stage]()
    return "".join(f"=== {m.role} ({len(m.images)} image(s))\n{m.text}" for m in messages)


@pytest.mark.parametrize("stage", STAGES)
def test_rendered_prompt_matches_snapshot(stage: str, catalog: RelationCatalog) -> None:
    rendered = _render(stage, catalog)
    path = SNAPSHOTS / f"{stage}.txt"
    if os.environ.get("SETDRESSER_UPDATE_SNAPSHOTS"):
        path.write_text(rendered, encoding="utf-8")
    assert path.exists(), f"no snapshot {path}; run with SETDRESSER_UPDATE_SNAPSHOTS=1"
    assert rendered == path.read_text(encoding="utf-8"), f"{stage} prompt changed; update the snapshot if intended"


@pytest.mark.parametrize("stage", STAGES)
def test_every_template_is_versioned_and_named_after_its_file(stage: str) -> None:
    template = load_template(stage)
    assert template.name == stage and template.version >= 1
    assert (PROMPTS_DIR / f"{stage}.md").read_text().startswith(f"<!-- setdresser prompt: {stage} v")


def test_reviewer_prompt_carries_the_images_on_the_user_turn(catalog: RelationCatalog) -> None:
    messages = reviewer.build_request_messages(IMAGES, DESCRIPTION, AUDIT, SCRIPT, catalog)
    assert [m.role for m in messages] == ["system", "user"]
    assert messages[-1].images == tuple(IMAGES)
    assert "1) perspective view, 2) top-down view with ids" in messages[-1].text
    assert IMAGES[0].data_url().startswith("data:image/png;base64,")


TEMPLATE = "<!-- setdresser prompt: demo v2 -->\n@@ system\nBe {{mood}}.\n@@ user\nJSON like {\"a\": {\"b\": 1}} for {{ thing }}.\n"


def test_strict_rendering_fills_every_placeholder_and_keeps_single_braces() -> None:
    template = parse_template(TEMPLATE)
    assert template.id == "demo/v2" and template.placeholders() == {"mood", "thing"}
    assert template.render({"mood": "brief", "thing": "x{{y}}"}) == [
        ("system", "Be brief.\n"), ("user", 'JSON like {"a": {"b": 1}} for x{{y}}.\n')]


@pytest.mark.parametrize("variables, message", [
    ({"mood": "brief"}, "no value for placeholder(s) ['thing']"),
    ({"mood": "brief", "thing": "x", "extra": "y"}, "unknown variable(s) ['extra']"),
    ({"mood": "brief", "thing": 3}, "variable 'thing' must be text"),
])
def test_strict_rendering_rejects_missing_unknown_and_non_text_variables(variables: dict, message: str) -> None:
    with pytest.raises(PromptError, match=re.escape(message)):
        parse_template(TEMPLATE).render(variables)


@pytest.mark.parametrize("text, message", [
    ("@@ user\nhi\n", "first line must be"),
    ("<!-- setdresser prompt: x v1 -->\n@@ user\nhi {{ not-a-name }}\n", ":3: '{{' must open a placeholder"),
    ("<!-- setdresser prompt: x v1 -->\n@@ user\nhi {{name\n", ":3: '{{' must open a placeholder"),
    ("<!-- setdresser prompt: x v1 -->\n@@ tool\nhi\n", ":2: section 'tool' is unknown"),
    ("<!-- setdresser prompt: x v1 -->\n@@ user\na\n@@ user\nb\n", ":4: section 'user' is unknown or repeated"),
    ("<!-- setdresser prompt: x v1 -->\n@@ system\nonly a system turn\n", "needs an '@@ user' section"),
    ("<!-- setdresser prompt: x v1 -->\nstray\n@@ user\nhi\n", ":2: text before the first"),
])
def test_malformed_templates_are_rejected_with_the_line(text: str, message: str) -> None:
    with pytest.raises(PromptError, match=re.escape(message)):
        parse_template(text, source="t.md")


def test_a_template_whose_header_names_another_stage_is_rejected(tmp_path: Path) -> None:
    (tmp_path / "planner.md").write_text("<!-- setdresser prompt: coder v1 -->\n@@ user\nhi\n")
    with pytest.raises(PromptError, match="header names prompt 'coder', expected 'planner'"):
        load_template("planner", tmp_path)
    with pytest.raises(PromptError, match="cannot read prompt template"):
        load_template("missing", tmp_path)


def test_llm_error_is_one_line_naming_stage_and_endpoint() -> None:
    error = LLMError("planner", "http://127.0.0.1:1/v1", "server said:\n  HTTP 500\n  boom")
    assert str(error) == "LLM planner stage failed at http://127.0.0.1:1/v1: server said: HTTP 500 boom"
