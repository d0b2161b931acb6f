"""Planner stage (SceneCraft §2.2): the scene as a relational bipartite graph.

The model writes asset nodes and relation nodes; each relation node lists the asset ids it
links in argument order (``args``), from which the graph's edges are made (edge role =
position in ``args``). The reply is checked against :data:`SCHEMA`, then by
:func:`~..scene_graph.scene_graph_from_dict` and against the relation catalog.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from ..errors import BadInput
from ..prompts import load_template
from ..scene_graph import SceneGraph, scene_graph_from_dict
from .assets import AssetRecord, assets_text
from .base import ChatMessage, ReplyParseError, build_messages, extract_json
from .catalog import RelationCatalog
from .schema import validate

STAGE = "planner"

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "assets": {
            "type": "array", "minItems": 1,
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "string", "minLength": 1},
                    "category": {"type": "string", "minLength": 1},
                    "description": {"type": "string"},
                    "height": {"type": "number", "exclusiveMinimum": 0},
                },
                "required": ["id", "category", "description", "height"],
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
                    "args": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
                    "params": {"type": "object",
                               "additionalProperties": {"type": ["number", "string", "boolean"]}},
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


def build_request_messages(description: str, assets: Sequence[AssetRecord],
                           catalog: RelationCatalog) -> list[ChatMessage]:
    """The planner prompt: the description, the objects (may be empty) and the relation list."""
    listed = assets_text(list(assets), with_details=True) if assets else \
        "(no list given: choose the objects the description names)"
    return build_messages(load_template(STAGE), {
        "description": description, "assets": listed, "relations": catalog.prompt_text(),
        "schema": json.dumps(SCHEMA)})


def parse_reply(text: str, catalog: RelationCatalog, *, prompt: str = "",
                asset_names: Sequence[str] = ()) -> SceneGraph:
    """Parse and check the graph: schema, node ids, edges, categories, relation names/arity/params."""
    data = extract_json(text)
    validate(data, SCHEMA)
    allowed = {name.lower() for name in asset_names}
    for index, asset in enumerate(data["assets"]):
        if allowed and asset["category"].lower() not in allowed:
            raise ReplyParseError(f"$.assets[{index}]: category '{asset['category']}' is not one of the listed "
                                  f"objects {sorted(allowed)}")
    asset_ids: set[str] = set()
    for index, asset in enumerate(data["assets"]):
        if asset["id"] in asset_ids:
            raise ReplyParseError(f"$.assets[{index}]: duplicate asset id '{asset['id']}'; ids must be unique")
        asset_ids.add(asset["id"])
    for index, node in enumerate(data["relations"]):
        where = f"$.relations[{index}] ({node['relation']} {node['id']})"
        unknown = [a for a in node["args"] if a not in asset_ids]
        if unknown:
            raise ReplyParseError(f"{where}: args name unknown asset id(s) {unknown}; asset ids: {sorted(asset_ids)}")
        if len(set(node["args"])) != len(node["args"]):
            raise ReplyParseError(f"{where}: the same asset appears twice in args {node['args']}")
        catalog.check_use(node["relation"], len(node["args"]), node["params"], where)
    graph_dict = {
        "prompt": prompt,
        "assets": [{"id": a["id"], "category": a["category"].lower(), "description": a["description"],
                    "height": a["height"]} for a in data["assets"]],
        "relations": [{"id": r["id"], "relation": r["relation"], "params": r["params"], "source": r["source"]}
                      for r in data["relations"]],
        "edges": [{"relation": r["id"], "asset": asset, "role": role}
                  for r in data["relations"] for role, asset in enumerate(r["args"])],
    }
    try:
        return scene_graph_from_dict(graph_dict)
    except BadInput as exc:
        raise ReplyParseError(f"the graph is inconsistent: {exc}") from exc


def graph_prompt_json(graph: SceneGraph) -> str:
    """The graph as the coder and reviewer prompts show it: assets, and relations with args."""
    return json.dumps({
        "assets": [a.to_dict() for a in graph.assets],
        "relations": [{"id": r.id, "relation": r.relation, "args": list(graph.relation_args(r.id)),
                       "params": r.params} for r in graph.relations],
    }, indent=1)
