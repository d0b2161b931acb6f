"""Compact request text (issue 15): fewer tokens for the same facts.

- :func:`graph_prompt_json`: the scene graph as the coder and reviewer read it: one line per
  node, each category's description and height once (not per instance), a group as its one
  node (core/groups.py) instead of its members and their relations;
- :func:`scene_so_far_text`: what a sub-scene planner is told about the sub-scenes before it
  (ids, about how big, where each was planned, what is still to come) and, in a scene that
  exists, :func:`placed_objects_text`: where the user's objects stand (centre, footprint, facing);
- :func:`fold_series`: audit lines of one relation stated over a numbered series of objects
  (``parallel(student_desk_1, student_desk_k)`` for k = 2..24) as one line that names the
  failures.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..groups import group_prompt_dict
from ..knowledge.objects import load_knowledge
from ..model import ObjectSpec
from ..scene_graph import AssetNode, SceneGraph, group_relation_ids

# A series shorter than this stays one line per relation (a reviewer reads small audits as they are).
FOLD_MIN = 4
MAX_VARYING = 2  # a relation over more series (rows of a grid) stays one line each: easier to read
PLACED_LIMIT = 40  # lines of the user's scene a planner reads (the token budget; the rest are counted)
_NUMBERED = re.compile(r"^(?P<stem>.*?)(?P<k>\d+)$")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def graph_prompt_json(graph: SceneGraph) -> str:
    """The graph for the coder/reviewer prompts (see module doc); ids, categories, arguments,
    parameters and sources are all there, nothing is repeated. One node per line."""
    grouped = {m for g in graph.groups for m in g.members}
    generated = group_relation_ids(graph)
    categories: dict[str, dict[str, Any]] = {}
    for asset in graph.assets:
        categories.setdefault(asset.category, {"height": asset.height, "description": asset.description})
    assets = []
    for asset in (a for a in graph.assets if a.id not in grouped):
        item: dict[str, Any] = {"id": asset.id, "category": asset.category}
        shared = categories[asset.category]
        if asset.description != shared["description"]:
            item["description"] = asset.description
        if asset.height != shared["height"]:
            item["height"] = asset.height
        assets.append(item)
    relations = [{"id": r.id, "relation": r.relation, "args": list(graph.relation_args(r.id)), "params": r.params}
                 for r in graph.relations if r.id not in generated]
    sections = [("categories", [f"{_dumps(name)}: {_dumps(info)}" for name, info in categories.items()], "{}"),
                ("assets", [_dumps(a) for a in assets], "[]"),
                ("groups", [_dumps(group_prompt_dict(g, shared=True)) for g in graph.groups], "[]"),
                ("relations", [_dumps(r) for r in relations], "[]")]
    body = [f' "{key}": {brackets[0]}\n' + ",\n".join(f"  {item}" for item in items) + brackets[1]
            for key, items, brackets in sections if items or key != "groups"]
    return "{\n" + ",\n".join(body) + "\n}"


def scene_so_far_text(graph: SceneGraph, remaining: Sequence[str], placed: Sequence[ObjectSpec] = ()) -> str:
    """For a sub-scene planner: the objects of the user's scene (``placed``: where they stand,
    :func:`placed_objects_text`), the objects planned before (id, category, about how big, the
    relations placing them; a door's or window's wall), the groups, and what later sub-scenes will
    add; first the user's own words for the whole scene (the planner's description is one part of it)."""
    whole = [f"The whole scene in the user's words (you plan one part of it): {_dumps(graph.prompt)}"] \
        if graph.prompt else []
    head = whole + ([placed_objects_text(placed)] if placed else [])
    if not graph.assets:
        return "\n".join([*head, "(nothing is planned yet)" if placed else "(nothing is placed yet)"])
    placing: dict[str, list[str]] = {}
    for relation in graph.relations:
        args = graph.relation_args(relation.id)
        params = ", ".join(f"{k}={v!r}" for k, v in relation.params.items())
        label = f"{relation.relation}({', '.join(args)}{', ' + params if params else ''})"
        placing.setdefault(args[0], []).append(label)
    grouped = {m: g for g in graph.groups for m in g.members}
    heights = {a.category: a.height for a in graph.assets}
    lines = [*head, "Already planned (relate to these ids where the description ties to them; do not declare them "
             "again; a new object of the same kind continues the numbering; ~ w x d x h: typical size in m "
             "at the planned height):"]
    for group in graph.groups:
        lines.append(f"- group {group.id}: {group.count} x {group.category}{_size(group.category, heights)}, "
                     f"ids {group.members_text()}" + (f", {group.arrangement}" if group.arrangement else ""))
    for asset in graph.assets:
        if asset.id not in grouped:
            where = "; ".join([*_opening(asset), *placing.get(asset.id, [])]) or "no relation yet"
            lines.append(f"- {asset.id} ({asset.category}{_size(asset.category, heights, asset.height)}): {where}")
    lines.append("Still to place in later sub-scenes: " + (", ".join(remaining) if remaining else "nothing"))
    return "\n".join(lines)


def _opening(asset: AssetNode) -> list[str]:
    """``an opening in the north wall`` for a door or window whose description names its wall."""
    if asset.category not in ("door", "window"):
        return []
    wall = re.search(r"\b(north|south|east|west)\b", asset.description.lower())
    return [f"an opening in the {wall.group(1)} wall" if wall else "an opening in a wall"]


def _size(category: str, heights: Mapping[str, float | None], height: float | None = None) -> str:
    """``, ~1.2 x 0.6 x 0.75``: the knowledge base's typical footprint scaled to the planned height
    (what a later sub-scene needs to attach things to it); empty for a category it does not know."""
    facts = load_knowledge().lookup(category)
    if facts is None:
        return ""
    w, d, h = facts.typical
    planned = height if height is not None else heights.get(category)
    scale = planned / h if planned and h > 0 else 1.0
    return f", ~{w * scale:.2g} x {d * scale:.2g} x {h * scale:.2g}"


COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


def facing_word(yaw: float) -> str:
    """The compass direction of an object's front (local -Y) at ``yaw``: 0 faces south."""
    x, y = math.sin(yaw), -math.cos(yaw)
    bearing = math.degrees(math.atan2(x, y)) % 360.0  # clockwise from north (+Y)
    return COMPASS[int((bearing + 22.5) // 45.0) % 8]


def placed_objects_text(placed: Sequence[ObjectSpec], limit: int = PLACED_LIMIT) -> str:
    """The user's objects already in the scene, for a planner that cannot query it (a scene planned
    sub-scene by sub-scene, or without the graph extra): id, category, centre (x, y), footprint,
    height and facing, one line each; at most ``limit`` lines (the rest counted)."""
    posed = [o for o in placed if o.location is not None]
    lines = [f"In the user's scene already, placed and locked ({len(posed)}): relate new objects to these ids "
             "(list one among your assets with its id and exactly this category to use it; never move or "
             "declare a copy). Centre x, y in m (north = +Y, east = +X), footprint w x d, height:"]
    for obj in posed[:limit]:
        x, y = obj.location[0], obj.location[1]  # type: ignore[index]
        w, d, h = obj.dimensions
        yaw = obj.rotation_euler[2] if obj.rotation_euler is not None else 0.0
        lines.append(f"- {obj.id} ({obj.category}) at ({x:.2f}, {y:.2f}), {w:.2g} x {d:.2g} m, {h:.2g} m high, "
                     f"facing {facing_word(yaw)}")
    if len(posed) > limit:
        lines.append(f"- and {len(posed) - limit} more (not listed)")
    return "\n".join(lines)


@dataclass(frozen=True)
class Line:
    """One audit entry: the relation, its args, its parameter text, whether it holds, its score, hard."""

    relation: str
    args: tuple[str, ...]
    params: str
    satisfied: bool
    score: float
    hard: bool


def fold_series(entries: Sequence[Line], render: Callable[[Line], str]) -> list[str]:
    """Audit lines; entries of one relation with the same parameters whose arguments differ only in
    positions that run through numbered series (``chair_1``, ``chair_2``...) become one line
    (at least :data:`FOLD_MIN` of them), at the place of the first; the rest stay as ``render`` writes them."""
    buckets: dict[tuple[Any, ...], list[int]] = {}
    for index, entry in enumerate(entries):
        stems = tuple(_stem(a) for a in entry.args)  # parallel(desk_1, desk_k) apart from parallel(desk_k, board_1)
        buckets.setdefault((entry.relation, entry.params, entry.hard, stems), []).append(index)
    folded: dict[int, str] = {}
    skipped: set[int] = set()
    for members in buckets.values():
        series = [entries[i] for i in members]
        line = _folded_line(series) if len(series) >= FOLD_MIN else None
        if line is not None:
            folded[members[0]] = line
            skipped.update(members[1:])
    return [folded.get(i, render(e)) for i, e in enumerate(entries) if i not in skipped]


def _folded_line(series: Sequence[Line]) -> str | None:
    arity = len(series[0].args)
    varying = [k for k in range(arity) if len({e.args[k] for e in series}) > 1]
    if not varying or len(varying) > MAX_VARYING or not all(_is_series([e.args[k] for e in series]) for k in varying):
        return None
    names = [f"${n + 1}" for n in range(len(varying))]
    shown = list(series[0].args)
    for name, k in zip(names, varying):
        shown[k] = name
    head = f"- {series[0].relation}({', '.join(shown)}{', ' + series[0].params if series[0].params else ''})"
    ranges = "; ".join(f"{name} = {_range_text([e.args[k] for e in series])}" for name, k in zip(names, varying))
    held = sum(e.satisfied for e in series)
    failing = [e for e in series if not e.satisfied]
    verdict = (f"all {len(series)} hold" if not failing else
               f"{held} of {len(series)} hold; FAILS for " + ", ".join(
                   f"{'/'.join(e.args[k] for k in varying)} (score {e.score:.2f})" for e in failing))
    hard = " (hard: must hold)" if series[0].hard else ""
    return f"{head} for {ranges}: {verdict}{hard}"


def _is_series(ids: Sequence[str]) -> bool:
    """Distinct ids ``stem{k}`` of one stem with increasing numbers."""
    matches = [_NUMBERED.match(i) for i in ids]
    if any(m is None for m in matches) or len({m.group("stem") for m in matches if m}) != 1:
        return False
    numbers = [int(m.group("k")) for m in matches if m]
    return all(b > a for a, b in zip(numbers, numbers[1:]))


def _stem(object_id: str) -> str:
    match = _NUMBERED.match(object_id)
    return match.group("stem") if match else object_id


def _range_text(ids: Sequence[str]) -> str:
    """``chair_1..chair_24`` when the numbers run without gaps, else the ids listed."""
    numbers = [int(m.group("k")) for m in (_NUMBERED.match(i) for i in ids) if m]
    if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"{ids[0]}..{ids[-1]}"
    return ", ".join(ids)
