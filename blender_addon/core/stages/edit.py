"""The edit stage (``setdresser edit --llm openai``): the model reads the instruction, queries
the scene database through the scene query tool to find what it refers to, and answers with
typed edit operations (JSON between ``<edit>`` tags) over the scene's ids. The reply is data:
parsed and validated here into :class:`~..edit.instruction.EditOp`; a reply that names an
unknown id, verb or relation goes back to the model with the reason."""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Collection

from ....skill_library import compass
from ..edit.instruction import EditOp, Placement
from ..edit.refer import Ref
from ..edit.words import load_words
from ..prompts import load_template
from ..scene_db.labels import label_space
from ..scene_db.rows import GraphRows
from ..scene_db.schema import schema_text
from .base import ChatBackend, ChatMessage, ChatReply, ReplyParseError, build_messages
from .scene_tool import QueryRunner, SceneToolConfig, ToolTrace, ask_with_scene_tool, scene_tool_text

STAGE = "edit"
_EDIT = re.compile(r"<edit>(.*?)</edit>", re.DOTALL | re.IGNORECASE)
RELATIONS = frozenset({"on", "near", "left_of", "right_of", "in_front_of", "behind", "under", "between", "closer",
                       "away", "wall", "corner", "middle"})
SIDES = {"wall": frozenset({*compass.SIDES, "any"}), "corner": frozenset({*compass.CORNERS, "any"})}
MAX_OPERATIONS = 20


def build_request_messages(instruction: str, tool_text: str) -> list[ChatMessage]:
    """The edit prompt: the scene tool, the allowed colours and the instruction."""
    colours = ", ".join(sorted(load_words().colors))
    return build_messages(load_template(STAGE), {"scene_tool": tool_text, "colors": colours,
                                                 "instruction": instruction.strip()})


def _ids(op: dict[str, Any], key: str, known: Collection[str], where: str, *, need: int = 1) -> tuple[str, ...]:
    raw = op.get(key)
    if not isinstance(raw, list) or len(raw) < need or not all(isinstance(i, str) for i in raw):
        raise ReplyParseError(f"{where}.{key}: a list of at least {need} object id(s)")
    unknown = [i for i in raw if i not in known]
    if unknown:
        raise ReplyParseError(f"{where}.{key}: no object {unknown[0]!r} in the scene (query the ids)")
    return tuple(raw)


def _place(op: dict[str, Any], known: Collection[str], where: str) -> Placement:
    to = op.get("to")
    if not isinstance(to, dict) or to.get("relation") not in RELATIONS:
        raise ReplyParseError(f"{where}.to: an object with 'relation' one of {sorted(RELATIONS)}")
    relation = str(to["relation"])
    if relation in SIDES or relation == "middle":
        side = to.get("side", "any")
        if relation in SIDES and side not in SIDES[relation]:
            raise ReplyParseError(f"{where}.to.side: one of {sorted(SIDES[relation])}")
        return Placement(relation, (), None if side == "any" else str(side))
    anchors = _ids(to, "anchors", known, f"{where}.to", need=2 if relation == "between" else 1)
    return Placement(relation, tuple(Ref(noun="", ids=(a,)) for a in anchors))


def _number(op: dict[str, Any], key: str, low: float, high: float, where: str) -> float:
    value = op.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= float(value) <= high:
        raise ReplyParseError(f"{where}.{key}: a number between {low} and {high}")
    return float(value)


def _category(op: dict[str, Any], where: str) -> str:
    value = op.get("category")
    if not isinstance(value, str) or not value.strip() or len(value) > 60:
        raise ReplyParseError(f"{where}.category: a plain noun like 'armchair'")
    return value.strip().lower()


def _operation(op: Any, known: Collection[str], where: str) -> EditOp:
    if not isinstance(op, dict) or op.get("verb") not in {"move", "add", "remove", "replace", "swap", "rotate",
                                                            "resize", "restyle"}:
        raise ReplyParseError(f"{where}.verb: one of move, add, remove, replace, swap, rotate, resize, restyle")
    verb = str(op["verb"])
    if verb == "add":
        count = int(_number(op, "count", 1, 20, where)) if "count" in op else 1
        return EditOp("add", new_noun=_category(op, where), count=count,
                      place=_place(op, known, where) if "to" in op else None)
    target = Ref(noun="", ids=_ids(op, "objects", known, where, need=2 if verb == "swap" else 1), many=True)
    if verb == "move":
        return EditOp("move", target=target, place=_place(op, known, where))
    if verb == "replace":
        return EditOp("replace", target=target, new_noun=_category(op, where))
    if verb == "rotate":
        if "face" in op:
            (face,) = _ids({"face": [op["face"]]}, "face", known, where)
            return EditOp("rotate", target=target, other=Ref(noun="", ids=(face,)))
        return EditOp("rotate", target=target, angle_deg=_number(op, "degrees", -360, 360, where))
    if verb == "resize":
        f = _number(op, "factor", 0.2, 5.0, where)
        return EditOp("resize", target=target, factor=(f, f, f))
    if verb == "restyle":
        if op.get("color") not in load_words().colors:
            raise ReplyParseError(f"{where}.color: one of {', '.join(sorted(load_words().colors))}")
        return EditOp("restyle", target=target, color=str(op["color"]))
    return EditOp(verb, target=target)


def parse_reply(text: str, known: Collection[str]) -> list[EditOp]:
    """The operations of the last ``<edit>...</edit>`` of a reply."""
    found = _EDIT.findall(text)
    if not found:
        raise ReplyParseError("give the edits between <edit> and </edit> (or query the database first)")
    try:
        data = json.loads(found[-1])
    except json.JSONDecodeError as exc:
        raise ReplyParseError(f"the edit is not JSON: {exc.msg} at column {exc.colno}") from None
    ops = data.get("operations") if isinstance(data, dict) else None
    if not isinstance(ops, list) or not 1 <= len(ops) <= MAX_OPERATIONS:
        raise ReplyParseError(f"$.operations: a list of 1 to {MAX_OPERATIONS} operations")
    return [_operation(op, known, f"$.operations[{k}]") for k, op in enumerate(ops)]


def edit_operations(backend: ChatBackend, rows: GraphRows, run_query: QueryRunner, instruction: str, *,
                    known: Collection[str], config: SceneToolConfig | None = None,
                    on_reply: Callable[[ChatReply], None] | None = None) -> tuple[list[EditOp], ToolTrace]:
    """The model's edit operations for ``instruction`` (ids checked against ``known``, the layout's)."""
    if not instruction.strip():
        raise ValueError("the instruction is empty")
    config = config or SceneToolConfig()
    tool_text = scene_tool_text(schema_text(), label_space(rows), config)
    messages = build_request_messages(instruction, tool_text)
    return ask_with_scene_tool(backend, STAGE, messages, lambda text: parse_reply(text, set(known)), run_query,
                               config=config, on_reply=on_reply)
