"""The planner's relational scene graph (SceneCraft §2): a bipartite graph of assets and
relation nodes, written to ``scene_graph.json`` as ``setdresser.scene_graph/1``.

Asset nodes are the concrete objects (ids like ``chair_1``); relation nodes name a library
relation with its parameters; an edge joins a relation node to one asset with the asset's
position in the relation's argument list (``role`` = argument index).

An optional ``room`` holds the architecture the text asked for (issue 14): ``openings``
(``[{"id": "window_1", "kind": "window", "wall": "east"}]``; an edge may name an opening's id,
as a constraint argument may) and the ``floor`` / ``walls`` finishes
(``{"color": "blue", "material": "wood", "words": [...]}``).

A group node (core/groups.py) stands for many like objects; the graph holds its members and
relations expanded (:func:`add_groups`) and the group itself in ``groups`` (written only when
there are any), so readers that know nothing of groups see an ordinary graph.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .errors import BadInput
from .groups import GroupNode, expand_relations, group_from_dict
from .model import SCENE_GRAPH_SCHEMA
from .stated_size import size_from_dict


@dataclass
class AssetNode:
    """One object to place: ``category`` is the plain noun, ``description`` its look."""

    id: str
    category: str
    description: str = ""
    height: float | None = None
    hints: tuple[str, ...] = ()
    asset: str | None = None
    mount: str | None = None  # "wall": the text hangs it (issue 14); None: the knowledge base decides
    size: dict[str, Any] | None = None  # sides the text states: {"length": 2.0} (core/stated_size.py)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "category": self.category, "description": self.description}
        if self.mount is not None:
            out["mount"] = self.mount
        if self.height is not None:
            out["height"] = self.height
        if self.size:
            out["size"] = dict(self.size)
        if self.hints:
            out["hints"] = list(self.hints)
        if self.asset is not None:
            out["asset"] = self.asset
        return out


@dataclass
class RelationNode:
    """One relation instance; its arguments are the assets on its edges, in role order."""

    id: str
    relation: str
    params: dict[str, Any] = field(default_factory=dict)
    source: str = ""  # the words of the prompt it came from, for explanations

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "relation": self.relation, "params": dict(self.params)}
        if self.source:
            out["source"] = self.source
        return out


@dataclass(frozen=True)
class Edge:
    """``relation`` node → ``asset`` node, the asset being argument number ``role``."""

    relation: str
    asset: str
    role: int

    def to_dict(self) -> dict[str, Any]:
        return {"relation": self.relation, "asset": self.asset, "role": self.role}


@dataclass
class SceneGraph:
    """Assets, relation nodes and edges, plus the prompt parts no rule understood."""

    assets: list[AssetNode]
    relations: list[RelationNode]
    edges: list[Edge]
    prompt: str = ""
    unparsed: list[str] = field(default_factory=list)
    groups: list[GroupNode] = field(default_factory=list)
    room: dict[str, Any] | None = None

    def opening_ids(self) -> list[str]:
        """The ids of the doors and windows of ``room`` (edges may name them)."""
        return [str(o.get("id")) for o in (self.room or {}).get("openings", []) if isinstance(o, Mapping)]

    def relation_args(self, relation_id: str) -> tuple[str, ...]:
        """The asset ids of one relation node, in argument order."""
        edges = sorted((e for e in self.edges if e.relation == relation_id), key=lambda e: e.role)
        return tuple(e.asset for e in edges)

    def triples(self) -> list[tuple[str, tuple[str, ...]]]:
        """``(relation name, args)`` for every relation node: handy for tests and prompts."""
        return [(r.relation, self.relation_args(r.id)) for r in self.relations]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "schema": SCENE_GRAPH_SCHEMA, "prompt": self.prompt,
            "assets": [a.to_dict() for a in self.assets],
            "relations": [r.to_dict() for r in self.relations],
            "edges": [e.to_dict() for e in self.edges],
            "unparsed": list(self.unparsed),
            **({"groups": [g.to_dict() for g in self.groups]} if self.groups else {}),
        }
        if self.room is not None:
            out["room"] = self.room
        return out


def scene_graph_from_dict(data: Any) -> SceneGraph:
    """Parse and check a scene graph: unique ids, every edge joins known nodes, roles 0..n-1."""
    if not isinstance(data, Mapping):
        raise BadInput("a scene graph must be a JSON object", "scene_graph")
    try:
        assets = [AssetNode(id=str(a["id"]), category=str(a["category"]), description=str(a.get("description", "")),
                            height=float(a["height"]) if a.get("height") is not None else None,
                            hints=tuple(a.get("hints", ())), asset=a.get("asset"),
                            mount=str(a["mount"]) if a.get("mount") is not None else None,
                            size=size_from_dict(a.get("size"), f"asset '{a.get('id')}'"))
                  for a in data.get("assets", [])]
        relations = [RelationNode(id=str(r["id"]), relation=str(r["relation"]), params=dict(r.get("params") or {}),
                                  source=str(r.get("source", "")))
                     for r in data.get("relations", [])]
        edges = [Edge(relation=str(e["relation"]), asset=str(e["asset"]), role=int(e["role"]))
                 for e in data.get("edges", [])]
    except (KeyError, TypeError, ValueError) as exc:
        raise BadInput(f"malformed node or edge: {exc!r}", "scene_graph") from exc
    try:
        groups = [group_from_dict(g) for g in data.get("groups", [])]
    except (KeyError, TypeError, ValueError) as exc:
        raise BadInput(f"malformed group: {exc!r}", "scene_graph.groups") from exc
    room = data.get("room")
    if room is not None and (not isinstance(room, Mapping) or not isinstance(room.get("openings", []), list)):
        raise BadInput("'room' must be an object with a list of 'openings'", "scene_graph.room")
    graph = SceneGraph(assets=assets, relations=relations, edges=edges, prompt=str(data.get("prompt", "")),
                       unparsed=[str(u) for u in data.get("unparsed", [])], groups=groups,
                       room=dict(room) if room is not None else None)
    _check_graph(graph)
    return graph


def _check_graph(graph: SceneGraph) -> None:
    asset_ids = [a.id for a in graph.assets]
    if len(set(asset_ids)) != len(asset_ids):
        raise BadInput("duplicate asset id", "scene_graph.assets")
    relation_ids = {r.id for r in graph.relations}
    if len(relation_ids) != len(graph.relations):
        raise BadInput("duplicate relation node id", "scene_graph.relations")
    known = set(asset_ids) | set(graph.opening_ids())
    for edge in graph.edges:
        if edge.relation not in relation_ids:
            raise BadInput(f"edge names unknown relation node '{edge.relation}'", "scene_graph.edges")
        if edge.asset not in known:
            raise BadInput(f"edge names unknown asset '{edge.asset}'", f"scene_graph relation '{edge.relation}'")
    for rel in graph.relations:
        roles = sorted(e.role for e in graph.edges if e.relation == rel.id)
        if roles != list(range(len(roles))) or not roles:
            raise BadInput(f"argument roles must be 0..n-1, got {roles}", f"scene_graph relation '{rel.id}'")


def add_groups(graph: SceneGraph, groups: Sequence[GroupNode]) -> SceneGraph:
    """``graph`` plus each group's members (asset nodes with the group's description and height)
    and relation nodes (core/groups.py), the groups recorded; deterministic. An arg naming no
    object, an unknown ``@G`` or a member id already taken is :class:`BadInput` naming the group."""
    assets = list(graph.assets)
    relations, edges = list(graph.relations), list(graph.edges)
    by_id = {g.id: g for g in [*graph.groups, *groups]}
    taken = {a.id for a in assets}
    for group in groups:
        clash = sorted(taken & set(group.members))
        if clash or group.id in taken:
            raise BadInput(f"member id(s) {clash or [group.id]} already name another object", f"group '{group.id}'")
        taken.update(group.members)
        assets.extend(AssetNode(id=m, category=group.category, description=group.description, height=group.height)
                      for m in group.members)
    for group in groups:
        try:
            expanded = expand_relations(group, by_id)
        except ValueError as exc:
            raise BadInput(f"a member relation does not resolve: {exc}", f"group '{group.id}'") from None
        for node in expanded:
            unknown = [a for a in node.args if a not in taken]
            if unknown:
                raise BadInput(f"{node.relation} names unknown object id(s) {unknown}", f"group '{group.id}'")
            relations.append(RelationNode(id=node.id, relation=node.relation, params=dict(node.params),
                                          source=group.source))
            edges.extend(Edge(relation=node.id, asset=a, role=k) for k, a in enumerate(node.args))
    graph = SceneGraph(assets=assets, relations=relations, edges=edges, prompt=graph.prompt,
                       unparsed=list(graph.unparsed), groups=[*graph.groups, *groups])
    _check_graph(graph)
    return graph


def group_relation_ids(graph: SceneGraph) -> set[str]:
    """The ids of the relation nodes that the graph's groups stand for."""
    by_id = {g.id: g for g in graph.groups}
    return {node.id for g in graph.groups for node in expand_relations(g, by_id)}
