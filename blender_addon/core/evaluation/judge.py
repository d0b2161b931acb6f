"""The LLM judge (LEGO-Eval): the model splits the prompt into typed constraints and judges
each one from exact geometry queries and targeted renders.

Built like the generate stages (``core/stages``): prompt templates in ``prompts/``
(``evaluate_split``, ``evaluate_judge``), strict parsers, replies that do not parse are fed
back (bounded), and the backend is any :class:`ChatBackend` (the openai client, a replay,
or a fake in tests). Token counts are summed for the report.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence, TypeVar

from ..model import Layout
from ..prompts import load_template
from ..stages.base import (ChatBackend, ChatMessage, ChatReply, ImageInput, ReplyParseError, ask_stage,
                           build_messages, extract_json)
from ..stages.schema import validate
from .checks import check_relation
from .geometry import Box, xy_gap
from .verdicts import COUNT, KINDS, TypedConstraint, Verdict, category_key

T = TypeVar("T")
SPLIT, JUDGE = "evaluate_split", "evaluate_judge"
SPLIT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"constraints": {"type": "array", "minItems": 1, "items": {
        "type": "object",
        "properties": {"kind": {"type": "string", "enum": list(KINDS)}, "text": {"type": "string", "minLength": 1},
                       "category": {"type": "string"}, "count": {"type": "integer", "minimum": 0},
                       "objects": {"type": "array", "items": {"type": "string"}}},
        "required": ["kind", "text", "category", "count", "objects"], "additionalProperties": False}}},
    "required": ["constraints"], "additionalProperties": False,
}
_VERDICT = re.compile(r"<<\s*(True|False)\s*,\s*(.+?)\s*>>", re.DOTALL | re.IGNORECASE)
# Relations whose truth is listed as a fact for every ordered pair of objects in question.
FACT_RELATIONS = ("on_top_of", "inside", "under", "above", "in_front_of", "behind", "left_of", "right_of",
                  "facing", "parallel", "perpendicular")
MAX_FACT_OBJECTS = 6  # pairs grow quadratically; six objects give 30 ordered pairs


def object_rows(layout: Layout, ids: Sequence[str] | None = None) -> str:
    """One line per object: id, category, location, yaw (degrees), size."""
    wanted = None if ids is None else set(ids)
    rows = []
    for o in layout.objects:
        if wanted is None or o.id in wanted:
            loc = ", ".join(f"{v:.2f}" for v in o.location)
            size = " x ".join(f"{v:.2f}" for v in o.dimensions)
            rows.append(f"- {o.id}: {o.category}, at ({loc}), yaw {math.degrees(o.rotation_euler[2]):.0f}, "
                        f"size {size}")
    return "\n".join(rows) or "(none)"


def geometry_facts(ids: Sequence[str], boxes: Mapping[str, Box], layout: Layout) -> str:
    """What holds between the objects in question: gaps and every relation of FACT_RELATIONS
    that holds for an ordered pair, by the evaluator's own checks."""
    chosen = [i for i in ids if i in boxes][:MAX_FACT_OBJECTS]
    lines = []
    for i, a in enumerate(chosen):
        for b in chosen[i + 1:]:
            lines.append(f"- gap between {a} and {b}: {xy_gap(boxes[a], boxes[b]):.2f} m")
        for b in chosen:
            if a == b:
                continue
            holding = [rel for rel in FACT_RELATIONS
                       if check_relation(rel, (a, b), {}, boxes, layout.bounds).holds]
            if holding:
                lines.append(f"- {', '.join(f'{rel}({a}, {b})' for rel in holding)} hold")
    for a in chosen:
        if layout.bounds is not None:
            rooms = [rel for rel in ("against_wall", "in_corner", "centered")
                     if check_relation(rel, (a,), {}, boxes, layout.bounds).holds]
            if rooms:
                lines.append(f"- {', '.join(f'{rel}({a})' for rel in rooms)} hold")
    return "\n".join(lines) or "(no object of the constraint is in the scene)"


def parse_split(text: str, known_ids: Sequence[str]) -> list[TypedConstraint]:
    """Typed constraints from the split reply; unknown ids are an error fed back to the model."""
    data = extract_json(text)
    validate(data, SPLIT_SCHEMA)
    known = set(known_ids)
    out = []
    for index, item in enumerate(data["constraints"]):
        unknown = [i for i in item["objects"] if i not in known]
        if unknown:
            raise ReplyParseError(f"$.constraints[{index}].objects: unknown ids {unknown}; use ids from the list")
        out.append(TypedConstraint(id=f"c{index + 1}", kind=item["kind"], text=item["text"].strip(),
                                   category=category_key(item["category"]), count=int(item["count"]),
                                   args=tuple(item["objects"])))
    return out


def parse_judgement(text: str) -> tuple[bool, str]:
    """``<<True, reason>>`` -> (True, reason); the reason must name ids as ``(ID: ...)``."""
    match = _VERDICT.search(text)
    if match is None:
        raise ReplyParseError("answer with exactly <<True, description>> or <<False, description>>")
    reason = match.group(2).strip()
    if "ID:" not in reason:
        raise ReplyParseError("the description must name the objects it mentions as (ID: full_id)")
    return match.group(1).lower() == "true", reason


@dataclass
class LLMJudge:
    """The split and judge calls over one backend, counting calls and tokens."""

    backend: ChatBackend
    max_retries: int = 2
    calls: int = 0
    tokens: dict[str, int] = field(default_factory=lambda: {"prompt": 0, "completion": 0})

    def split(self, prompt: str, layout: Layout) -> list[TypedConstraint]:
        messages = build_messages(load_template(SPLIT), {"prompt": prompt, "objects": object_rows(layout),
                                                         "schema": json.dumps(SPLIT_SCHEMA)})
        ids = [o.id for o in layout.objects]
        return self._ask(SPLIT, messages, lambda text: parse_split(text, ids), SPLIT_SCHEMA)

    def judge(self, constraint: TypedConstraint, layout: Layout, boxes: Mapping[str, Box],
              images: Sequence[ImageInput] = ()) -> Verdict:
        ids = list(constraint.args)
        if constraint.kind == COUNT:
            ids = [o.id for o in layout.objects if category_key(o.category) == constraint.category] or ids
        variables = {"constraint": constraint.text, "objects": object_rows(layout, ids),
                     "facts": geometry_facts(ids, boxes, layout),
                     "views": ", ".join(i.label for i in images) or "(none)"}
        messages = build_messages(load_template(JUDGE), variables, images)
        holds, reason = self._ask(JUDGE, messages, parse_judgement)
        return Verdict(constraint, holds=holds, reason=reason, judge="llm",
                       views=[i.label for i in images])

    def _ask(self, stage: str, messages: list[ChatMessage], parse: Callable[[str], T],
             schema: Mapping[str, Any] | None = None) -> T:
        return ask_stage(self.backend, stage, messages, parse, schema=schema, max_retries=self.max_retries,
                         on_reply=self._count)

    def _count(self, reply: ChatReply) -> None:
        self.calls += 1
        self.tokens["prompt"] += reply.prompt_tokens
        self.tokens["completion"] += reply.completion_tokens
