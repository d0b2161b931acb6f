"""The reviewer through the scene query tool (issue 16), for scenes whose audit and script are
too large to paste: the prompt carries a summary of the audit and the database's schema and label
space; the model queries the constraints it needs and answers with edits to the program (remove
and add constraints) instead of a whole revised script. The edits are applied to the program and
the script is rendered from it, then checked like any revised script.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Mapping, Sequence

from ..model import Constraint, ConstraintResult, PhysicsChecks, Program
from ..prompts import load_template
from ..script_api import render_script
from .base import ChatMessage, ImageInput, ReplyParseError, build_messages, extract_json
from .catalog import RelationCatalog
from .reviewer import CRITIQUES_SCHEMA, Review, critiques_of, critiques_text, issues_of
from .reviewer import SCHEMA as REVIEW_SCHEMA
from .schema import validate

STAGE = "reviewer"
PROMPT = "reviewer_tool"
# The failing relations the summary lists by name; the rest are counted (the model queries them).
SUMMARY_FAILURES = 20

_CONSTRAINT_REF = {"type": "object", "properties": {"relation": {"type": "string"},
                                                    "args": {"type": "array", "items": {"type": "string"}}},
                   "required": ["relation", "args"], "additionalProperties": False}
_NEW_CONSTRAINT = {"type": "object", "properties": {
    "relation": {"type": "string"}, "args": {"type": "array", "items": {"type": "string"}},
    "params": {"type": "object"}, "weight": {"type": "number"}, "hard": {"type": "boolean"}},
    "required": ["relation", "args"], "additionalProperties": False}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "accepted": {"type": "boolean"},
        "issues": REVIEW_SCHEMA["properties"]["issues"],
        "edits": {"type": "object", "properties": {"remove": {"type": "array", "items": _CONSTRAINT_REF},
                                                   "add": {"type": "array", "items": _NEW_CONSTRAINT}},
                  "required": ["remove", "add"], "additionalProperties": False},
        "critiques": CRITIQUES_SCHEMA,
    },
    "required": ["accepted", "issues", "edits"],
    "additionalProperties": False,
}


def build_request_messages(images: Sequence[ImageInput], description: str, summary: str, tool_text: str,
                           catalog: RelationCatalog, used: Sequence[str] | None = None) -> list[ChatMessage]:
    """The reviewer prompt of the tool mode; the renders travel with the user turn. With ``used``
    (the relations the program states) the library is the short table with those in full."""
    views = ", ".join(f"{i + 1}) {image.label or 'render'}" for i, image in enumerate(images)) or "none"
    return build_messages(load_template(PROMPT), {
        "scene_tool": tool_text, "description": description, "views": views, "summary": summary,
        "relations": catalog.prompt_text() if used is None else catalog.table_text(used),
        "critiques": critiques_text(), "schema": json.dumps(SCHEMA)},
        images=images)


def audit_summary(results: Sequence[ConstraintResult], checks: PhysicsChecks, program: Program) -> str:
    """The audit in a few lines: counts, the first failing relations by name, the physics."""
    failed = [r for r in results if not r.satisfied]
    lines = [f"- {len(program.objects)} objects, {len(results)} relations: {len(results) - len(failed)} hold, "
             f"{len(failed)} fail"]
    for result in failed[:SUMMARY_FAILURES]:
        params = ", ".join(f"{k}={v!r}" for k, v in result.params.items())
        lines.append(f"- FAILS: {result.relation}({', '.join(result.args)}{', ' + params if params else ''}) "
                     f"score {result.score:.2f}")
    if len(failed) > SUMMARY_FAILURES:
        lines.append(f"- ... and {len(failed) - SUMMARY_FAILURES} more failing relations (RELATION.holds = false)")
    problems = len(checks.collisions) + len(checks.unsupported) + len(checks.out_of_bounds)
    lines.append("- physics: no collisions, everything supported and inside the bounds" if checks.valid else
                 f"- physics: {len(checks.collisions)} collisions, {len(checks.unsupported)} unsupported, "
                 f"{len(checks.out_of_bounds)} out of bounds ({problems} problems)")
    return "\n".join(lines)


def parse_reply(text: str, catalog: RelationCatalog, program: Program) -> Review:
    """The verdict; a rejection's edits are applied to ``program`` and its script rendered."""
    data = extract_json(text)
    validate(data, SCHEMA)
    issues = issues_of(data)
    edits = data["edits"]
    critiques = critiques_of(data)
    if data["accepted"]:
        return Review(accepted=True, issues=issues, revised_script=None)
    if not edits["remove"] and not edits["add"]:
        if critiques:
            return Review(accepted=False, issues=issues, revised_script=None, critiques=critiques)
        raise ReplyParseError("$.edits: 'accepted' is false, so give at least one edit (remove or add) or critiques")
    revised = apply_edits(program, edits["remove"], edits["add"], catalog)
    return Review(accepted=False, issues=issues, revised_script=render_script(revised, "Revised by the reviewer."),
                  critiques=critiques)


def apply_edits(program: Program, remove: Sequence[Mapping[str, Any]], add: Sequence[Mapping[str, Any]],
                catalog: RelationCatalog) -> Program:
    """``program`` less the removed constraints (each must exist) plus the added ones (checked
    against the library and the program's objects)."""
    constraints = list(program.constraints)
    for index, ref in enumerate(remove):
        key = (str(ref["relation"]), tuple(str(a) for a in ref["args"]))
        match = next((i for i, c in enumerate(constraints) if (c.relation, c.args) == key), None)
        if match is None:
            raise ReplyParseError(f"$.edits.remove[{index}]: the program has no {key[0]}({', '.join(key[1])}); "
                                  "query RELATION edges for the exact relation and args")
        constraints.pop(match)
    known = set(program.object_ids())
    for index, item in enumerate(add):
        where = f"$.edits.add[{index}]"
        args = tuple(str(a) for a in item["args"])
        unknown = [a for a in args if a not in known]
        if unknown:
            raise ReplyParseError(f"{where}: unknown object id(s) {unknown}")
        params = dict(item.get("params") or {})
        catalog.check_use(str(item["relation"]), len(args), params, where, frozenset(program.custom_functions))
        constraints.append(Constraint(relation=str(item["relation"]), args=args, params=params,
                                      weight=float(item.get("weight", 1.0)), hard=bool(item.get("hard", False))))
    return replace(program, constraints=constraints)


# Above this many characters of scene dump (the audit lines plus the script) the reviewer queries
# the scene instead: the crossover measured by scripts/benchmark_tokens.py (docs/benchmark_tokens.md),
# where the whole tool exchange (schema, label space, pitfalls, an audit summary, three queries and
# their results, the conversation resent with each) becomes cheaper than the pasted scene: ~320 objects
# with today's prompts (tests/unit/llm/test_scene_tool_threshold.py fails when a prompt change moves it).
TOOL_ABOVE_CHARS = 79_000
SCENE_MODES = ("auto", "on", "off")


def use_scene_tool(setting: str, dump_chars: int) -> bool:
    """Whether the reviewer queries the scene: ``on``, ``off``, or ``auto`` by the dump's size."""
    if setting not in SCENE_MODES:
        raise ValueError(f"scene tool setting must be one of {SCENE_MODES}, got {setting!r}")
    return setting == "on" or (setting == "auto" and dump_chars > TOOL_ABOVE_CHARS)
