"""Planner stage (SceneCraft §2.2): the scene as a relational bipartite graph.

The model writes asset nodes and relation nodes; each relation node lists the asset ids it
links in argument order (``args``), from which the graph's edges are made (edge role =
position in ``args``). The reply is checked against :data:`SCHEMA`, then by
:func:`~..scene_graph.scene_graph_from_dict` and against the relation catalog.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from ..errors import BadInput
from ..groups import SELF, GroupNode, group_from_dict
from ..prompts import load_template
from ..scene_graph import AssetNode, Edge, RelationNode, SceneGraph, add_groups
from .assets import AssetRecord, assets_text
from .base import ChatMessage, ReplyParseError, build_messages, extract_json
from .catalog import RelationCatalog
from .schema import validate

STAGE = "planner"

_PARAMS = {"type": "object", "additionalProperties": {"type": ["number", "string", "boolean"]}}
_ARGS = {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "assets": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "string", "minLength": 1},
                    "category": {"type": "string", "minLength": 1},
                    "description": {"type": "string"},
                    "height": {"type": "number", "exclusiveMinimum": 0},
                },
                "required": ["id", "category"],
                "additionalProperties": False,
            },
        },
        "groups": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "string", "minLength": 1},
                    "category": {"type": "string", "minLength": 1},
                    "count": {"type": "integer", "minimum": 2, "maximum": 200},
                    "first": {"type": "integer", "minimum": 1},
                    "arrangement": {"type": "object", "properties": {
                        "relation": {"type": "string", "minLength": 1}, "params": _PARAMS,
                        "args": {"type": "array", "items": {"type": "string", "minLength": 1}}},
                        "required": ["relation"], "additionalProperties": False},
                    "each": {"type": "array", "items": {"type": "object", "properties": {
                        "relation": {"type": "string", "minLength": 1}, "args": _ARGS, "params": _PARAMS},
                        "required": ["relation", "args"], "additionalProperties": False}},
                    "source": {"type": "string"},
                },
                "required": ["id", "category", "count"],
                "additionalProperties": False,
            },
        },
        "relations": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "string", "minLength": 1},
                    "relation": {"type": "string", "minLength": 1},
                    "args": _ARGS,
                    "params": _PARAMS,
                    "source": {"type": "string"},
                },
                "required": ["id", "relation", "args", "params", "source"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["assets", "relations"],
    "additionalProperties": False,
}


NO_CONTEXT = "(nothing is placed yet: this graph is the whole scene)"


def build_request_messages(description: str, assets: Sequence[AssetRecord], catalog: RelationCatalog,
                           context: str = "", used: Sequence[str] | None = None) -> list[ChatMessage]:
    """The planner prompt: the description, the objects (may be empty), the scene planned so far
    (``context``: :func:`scene_so_far_text`; empty for a scene planned in one call) and the relations
    (the whole library; with ``used``, the short table with those in full)."""
    listed = assets_text(list(assets), with_details=True) if assets else \
        "(no list given: choose the objects the description names)"
    return build_messages(load_template(STAGE), {
        "description": description, "assets": listed,
        "relations": catalog.prompt_text() if used is None else catalog.table_text(used),
        "context": context or NO_CONTEXT, "schema": json.dumps(SCHEMA)})


def parse_reply(text: str, catalog: RelationCatalog, *, prompt: str = "", asset_names: Sequence[str] = (),
                records: Sequence[AssetRecord] = (), earlier: SceneGraph | None = None,
                prefix: str = "") -> SceneGraph:
    """Parse and check the graph: schema, node ids, edges, categories, relation names/arity/params,
    groups (expanded, core/groups.py). An asset without description/height takes its category's
    from ``records``. With ``earlier`` (the sub-scenes planned before) the result is the scene so
    far: relations may name earlier objects, new relation ids get ``prefix``."""
    data = extract_json(text)
    validate(data, SCHEMA)
    base = earlier if earlier is not None else SceneGraph(assets=[], relations=[], edges=[], prompt=prompt)
    allowed = {name.lower() for name in asset_names}
    defaults = {r.name.lower(): r for r in records}
    assets = _new_assets(data["assets"], allowed, defaults, base)
    groups = _new_groups(data.get("groups", []), allowed, defaults, base, assets, catalog)
    if not assets and not groups:
        raise ReplyParseError("$.assets: the graph declares no objects; give asset nodes or groups")
    known = {a.id for a in base.assets} | {a.id for a in assets} | {m for g in groups for m in g.members}
    relations, edges = _new_relations(data["relations"], known, catalog, prefix)
    graph = SceneGraph(assets=[*base.assets, *assets], relations=[*base.relations, *relations],
                       edges=[*base.edges, *edges], prompt=prompt or base.prompt, groups=list(base.groups))
    try:
        return add_groups(graph, groups)
    except BadInput as exc:
        raise ReplyParseError(f"the graph is inconsistent: {exc}") from exc


def _category(category: str, allowed: set[str], where: str) -> str:
    if allowed and category.lower() not in allowed:
        raise ReplyParseError(f"{where}: category '{category}' is not one of the listed objects {sorted(allowed)}")
    return category.lower()


def _new_assets(items: Sequence[Mapping[str, Any]], allowed: set[str], defaults: Mapping[str, AssetRecord],
                base: SceneGraph) -> list[AssetNode]:
    """The reply's asset nodes; one that repeats an earlier object (same id and category) is that object."""
    earlier = {a.id: a for a in base.assets}
    ids: set[str] = set()
    assets = []
    for index, item in enumerate(items):
        where = f"$.assets[{index}]"
        if item["id"] in ids:
            raise ReplyParseError(f"{where}: duplicate asset id '{item['id']}'; ids must be unique")
        ids.add(item["id"])
        if item["id"] in earlier:
            if earlier[item["id"]].category != item["category"].lower():
                raise ReplyParseError(f"{where}: '{item['id']}' is already placed as a "
                                      f"{earlier[item['id']].category}; give a new object a new id")
            continue  # the earlier object, named again: relations may use it
        category = _category(item["category"], allowed, where)
        record = defaults.get(category)
        height = item.get("height", record.height_m if record else None)
        assets.append(AssetNode(id=item["id"], category=category,
                                description=item.get("description", record.description if record else ""),
                                height=float(height) if height is not None else None))
    return assets


def _new_groups(items: Sequence[Mapping[str, Any]], allowed: set[str], defaults: Mapping[str, AssetRecord],
                base: SceneGraph, assets: Sequence[AssetNode], catalog: RelationCatalog) -> list[GroupNode]:
    """The reply's groups, checked against the catalog; ``first`` continues an id series already used."""
    used = {a.id for a in base.assets} | {a.id for a in assets}
    groups = []
    for index, item in enumerate(items):
        where = f"$.groups[{index}] ({item['id']})"
        category = _category(item["category"], allowed, where)
        record = defaults.get(category)
        first = item.get("first") or 1 + max((k for k in _numbers(item["id"], used)), default=0)
        group = group_from_dict({**item, "category": category, "first": first,
                                 "description": record.description if record else "",
                                 "height": record.height_m if record else None})
        if group.arrangement:
            catalog.check_use(group.arrangement, group.count + len(group.arrangement_args),
                              group.arrangement_params, f"{where}.arrangement")
        for j, member in enumerate(group.each):
            catalog.check_use(member.relation, len(member.args), member.params, f"{where}.each[{j}]")
            if SELF not in member.args:
                raise ReplyParseError(f"{where}.each[{j}]: a member relation names the member as \"{SELF}\"")
        used.update(group.members)
        groups.append(group)
    return groups


def _numbers(prefix: str, ids: set[str]) -> list[int]:
    """k of every ``{prefix}_{k}`` in ``ids``."""
    head = f"{prefix}_"
    return [int(i[len(head):]) for i in ids if i.startswith(head) and i[len(head):].isdigit()]


def _new_relations(items: Sequence[Mapping[str, Any]], known: set[str], catalog: RelationCatalog,
                   prefix: str) -> tuple[list[RelationNode], list[Edge]]:
    relations: list[RelationNode] = []
    edges: list[Edge] = []
    for index, node in enumerate(items):
        where = f"$.relations[{index}] ({node['relation']} {node['id']})"
        unknown = [a for a in node["args"] if a not in known]
        if unknown:
            raise ReplyParseError(f"{where}: args name unknown asset id(s) {unknown}; asset ids: {sorted(known)}")
        if len(set(node["args"])) != len(node["args"]):
            raise ReplyParseError(f"{where}: the same asset appears twice in args {node['args']}")
        catalog.check_use(node["relation"], len(node["args"]), node["params"], where)
        relation_id = f"{prefix}{node['id']}"
        if any(r.id == relation_id for r in relations):
            raise ReplyParseError(f"{where}: duplicate relation node id '{node['id']}'")
        relations.append(RelationNode(id=relation_id, relation=node["relation"], params=dict(node["params"]),
                                      source=node["source"]))
        edges.extend(Edge(relation=relation_id, asset=a, role=k) for k, a in enumerate(node["args"]))
    return relations, edges
