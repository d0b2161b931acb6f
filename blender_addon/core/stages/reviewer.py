"""Reviewer stage (SceneCraft §2.3, the LLM+V reviewer): renders + description + audit ->
accepted or not, the issues found (relation, objects, problem, fix) and a revised script, and/or
critiques: edits in English ("move the second chair from the left closer to the table") that are
grounded over the round's scene and applied as a program delta (core/edit/critique.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Sequence

from ..model import ConstraintResult, PhysicsChecks
from ..prompts import load_template
from .base import ChatMessage, ImageInput, ReplyParseError, build_messages, extract_json
from .catalog import RelationCatalog
from .coder import check_script, extract_script, script_relations
from .compact import Line, fold_series
from .schema import validate

STAGE = "reviewer"
CRITIQUES_PROMPT = "reviewer_critiques"  # the critique format, one fragment shared by both reviewer prompts
MAX_CRITIQUES = 10
CRITIQUES_SCHEMA: dict[str, Any] = {"type": "array", "maxItems": MAX_CRITIQUES,
                                    "items": {"type": "string", "minLength": 3}}

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "accepted": {"type": "boolean"},
        "issues": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "relation": {"type": "string"},
                    "ids": {"type": "array", "items": {"type": "string"}},
                    "problem": {"type": "string", "minLength": 1},
                    "fix": {"type": "string", "minLength": 1},
                },
                "required": ["relation", "ids", "problem", "fix"],
                "additionalProperties": False,
            },
        },
        "revised_script": {"type": ["string", "null"]},
        "critiques": CRITIQUES_SCHEMA,
    },
    "required": ["accepted", "issues", "revised_script"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class ReviewIssue:
    """One problem the reviewer found: which relation and objects, what is wrong, the fix."""

    relation: str
    ids: tuple[str, ...]
    problem: str
    fix: str

    def to_dict(self) -> dict[str, Any]:
        return {"relation": self.relation, "ids": list(self.ids), "problem": self.problem, "fix": self.fix}


@dataclass(frozen=True)
class Review:
    """The reviewer's verdict; when not accepted, ``revised_script`` or ``critiques`` (or both) is set."""

    accepted: bool
    issues: tuple[ReviewIssue, ...]
    revised_script: str | None
    critiques: tuple[str, ...] = ()  # edits in English, grounded over the round's scene

    def to_dict(self) -> dict[str, Any]:
        out = {"accepted": self.accepted, "issues": [i.to_dict() for i in self.issues],
               "revised_script": self.revised_script}
        return {**out, "critiques": list(self.critiques)} if self.critiques else out


def critiques_text() -> str:
    """The critique format the reviewer prompts carry (``prompts/reviewer_critiques.md``)."""
    return "".join(text for role, text in load_template(CRITIQUES_PROMPT).render({}) if role == "user").strip()


def issues_of(data: dict[str, Any]) -> tuple[ReviewIssue, ...]:
    """The reply's issues, their problem and fix trimmed (both reviewer modes' replies carry them)."""
    return tuple(ReviewIssue(relation=i["relation"], ids=tuple(i["ids"]), problem=i["problem"].strip(),
                             fix=i["fix"].strip()) for i in data["issues"])


def critiques_of(data: dict[str, Any]) -> tuple[str, ...]:
    """The reply's critiques, trimmed (a reply without the field has none)."""
    return tuple(" ".join(c.split()) for c in data.get("critiques") or ())


def build_request_messages(images: Sequence[ImageInput], description: str, audit: str, script: str,
                           catalog: RelationCatalog) -> list[ChatMessage]:
    """The reviewer prompt; the renders travel as images of the user turn."""
    views = ", ".join(f"{i + 1}) {image.label or 'render'}" for i, image in enumerate(images)) or "none"
    return build_messages(load_template(STAGE), {
        "description": description, "views": views, "audit": audit.strip() or "(no audit results)",
        "script": script.strip(), "relations": catalog.table_text(script_relations(script)),
        "critiques": critiques_text(),
        "schema": json.dumps(SCHEMA)},
        images=images)


def parse_reply(text: str, catalog: RelationCatalog) -> Review:
    """Parse the verdict; a rejection must come with a revised script that passes the coder checks."""
    data = extract_json(text)
    validate(data, SCHEMA)
    issues = issues_of(data)
    script = data["revised_script"]
    critiques = critiques_of(data)
    if data["accepted"]:
        return Review(accepted=True, issues=issues, revised_script=None)
    if not script or not script.strip():
        if critiques:
            return Review(accepted=False, issues=issues, revised_script=None, critiques=critiques)
        raise ReplyParseError("$.revised_script: 'accepted' is false, so give the complete revised script "
                              "or critiques")
    try:
        checked = check_script(extract_script(script if "```" in script else f"```python\n{script}\n```"), catalog)
    except ReplyParseError as exc:
        raise ReplyParseError(f"$.revised_script: {exc}") from None
    return Review(accepted=False, issues=issues, revised_script=checked, critiques=critiques)


def _audit_line(entry: Line) -> str:
    verdict = ("holds" if entry.satisfied else "FAILS") + (" (hard: must hold)" if entry.hard else "")
    return (f"- {entry.relation}({', '.join(entry.args)}{', ' + entry.params if entry.params else ''}): "
            f"{verdict} (score {entry.score:.2f})")


def _set_params(result: ConstraintResult) -> dict[str, Any]:
    """The parameters a result was checked with that say something: not None (not set) and not the
    relation's default (the default is what the relation table says; repeating it only costs tokens)."""
    from ....skill_library.registry import default_registry

    registry = default_registry()
    defaults = {p.name: p.default for p in registry.get(result.relation).spec.params} \
        if result.relation in registry else {}
    return {k: v for k, v in result.params.items() if v is not None and not (k in defaults and defaults[k] == v)}


def audit_text(results: Sequence[ConstraintResult], checks: PhysicsChecks) -> str:
    """The geometric audit as the reviewer reads it: one line per relation, then the physics."""
    entries = [Line(r.relation, tuple(r.args), ", ".join(f"{k}={v!r}" for k, v in _set_params(r).items()),
                    bool(r.satisfied), float(r.score), bool(r.hard)) for r in results]
    lines = fold_series(entries, _audit_line)
    if not lines:
        lines.append("- (no relations)")
    if checks.valid:
        lines.append("- physics: no collisions, everything supported and inside the bounds")
    for a, b, depth in checks.collisions:
        lines.append(f"- physics: {a} and {b} interpenetrate by {depth * 100:.0f} cm")
    lines.extend(f"- physics: {obj} is not supported (floating or sunk)" for obj in checks.unsupported)
    lines.extend(f"- physics: {obj} is out of the room bounds" for obj in checks.out_of_bounds)
    lines.extend(f"- physics: {obj} would topple (its load is not over what holds it)" for obj in checks.unstable)
    return "\n".join(lines)
