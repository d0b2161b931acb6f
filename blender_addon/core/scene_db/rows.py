"""Scene facts -> typed node and edge rows of the scene database (:mod:`.schema`), pure and
deterministic: the same documents give the same rows in the same order."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from ....skill_library.compass import along_axis
from .facts import ConstraintFact, ObjectFact, SceneFacts, compass, yaw_degrees
from .geometry import Box, near_pairs
from .surfaces import surfaces_of
from .schema import NODES, RELS, node_table
from .space import floor_area, free_floor_area, surface_free_area, wall_free_runs
from .zones import ZoneFact, ZoneRules, derive_zones

ROOM_ID, SCENE_ID = "room", "scene"
DIGITS = 4


@dataclass(frozen=True)
class EdgeRow:
    """One relationship: type, endpoints (label, id) and properties."""

    rel: str
    src_label: str
    src: str
    dst_label: str
    dst: str
    props: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class GraphRows:
    """Every node row per label (each row has every property of its table) and every edge."""

    nodes: dict[str, list[dict[str, Any]]]
    edges: list[EdgeRow]
    zones: tuple[ZoneFact, ...] = ()
    skipped: list[str] = field(default_factory=list)  # constraint edges naming unknown ids

    def count(self, label: str) -> int:
        return len(self.nodes.get(label, ()))

    def edge_groups(self) -> Iterator[tuple[tuple[str, str, str], list[EdgeRow]]]:
        """Edges grouped by (type, from label, to label), in the schema's order."""
        groups: dict[tuple[str, str, str], list[EdgeRow]] = {}
        for edge in self.edges:
            groups.setdefault((edge.rel, edge.src_label, edge.dst_label), []).append(edge)
        for rel in RELS:
            for src, dst in rel.pairs:
                if (rel.name, src, dst) in groups:
                    yield (rel.name, src, dst), groups[(rel.name, src, dst)]


def _r(value: float) -> float:
    return round(float(value), DIGITS)


def _box_props(box: Box) -> dict[str, float]:
    return {"min_x": _r(box.min_x), "max_x": _r(box.max_x), "min_y": _r(box.min_y), "max_y": _r(box.max_y)}


def _row(label: str, **values: Any) -> dict[str, Any]:
    """A node row with every property of the label's table (missing ones are null)."""
    return {p.name: values.get(p.name) for p in node_table(label).props}


def build_rows(facts: SceneFacts, rules: ZoneRules | None = None) -> GraphRows:
    """The database rows of a scene."""
    rows = GraphRows(nodes={t.label: [] for t in NODES}, edges=[])
    rows.zones = derive_zones(facts.objects, facts.constraints, rules)
    _scene_and_room(rows, facts)
    _walls(rows, facts)
    _objects(rows, facts)
    for a, b, gap, centres in near_pairs(facts.objects):
        for src, dst in ((a, b), (b, a)):
            rows.edges.append(EdgeRow("NEAR", "Object", src, "Object", dst,
                                      {"distance": _r(gap), "center_distance": _r(centres)}))
    _relations(rows, facts)
    return rows


def _scene_and_room(rows: GraphRows, facts: SceneFacts) -> None:
    room = facts.room
    rows.nodes["Scene"].append(_row("Scene", id=SCENE_ID, prompt=facts.prompt, seed=facts.seed,
                                    objects=len(facts.objects)))
    rows.nodes["Room"].append(_row(
        "Room", id=ROOM_ID, kind=room.kind, shape=room.shape, **_box_props(room.box), height=_r(room.height),
        floor_area=_r(floor_area(room)), free_area=_r(free_floor_area(room, facts.objects)),
        floor_material=room.floor_material, wall_material=room.wall_material))
    rows.edges.append(EdgeRow("CONTAINS", "Scene", SCENE_ID, "Room", ROOM_ID))
    for zone in rows.zones:
        cx, cy = zone.box.center
        rows.nodes["Zone"].append(_row("Zone", id=zone.id, kind=zone.kind, name=zone.name, anchor=zone.anchor,
                                       x=_r(cx), y=_r(cy), **_box_props(zone.box), area=_r(zone.box.area)))
        rows.edges.append(EdgeRow("CONTAINS", "Room", ROOM_ID, "Zone", zone.id))


def _walls(rows: GraphRows, facts: SceneFacts) -> None:
    for wall in facts.room.walls:
        free, longest = wall_free_runs(wall, facts.objects, facts.room.openings)
        (x1, y1), (x2, y2) = wall.start, wall.end
        box = Box(min(x1, x2), min(y1, y2), 0.0, max(x1, x2), max(y1, y2), wall.height)
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        rows.nodes["Wall"].append(_row(
            "Wall", id=wall.id, side=wall.side, x1=_r(x1), y1=_r(y1), x2=_r(x2), y2=_r(y2), x=_r((x1 + x2) / 2),
            y=_r((y1 + y2) / 2), **_box_props(box), length=_r(length), height=_r(wall.height),
            free_length=_r(free), longest_free_run=_r(longest)))
        rows.edges.append(EdgeRow("CONTAINS", "Room", ROOM_ID, "Wall", wall.id))
    sides = {w.side: w.id for w in facts.room.walls}
    for opening in facts.room.openings:
        x, y, z = opening.center
        half = opening.width / 2.0
        along_x = along_axis(opening.wall) == 0
        box = Box(x - half, y, z, x + half, y, z) if along_x else Box(x, y - half, z, x, y + half, z)
        rows.nodes["Opening"].append(_row(
            "Opening", id=opening.id, kind=opening.kind, wall=opening.wall, x=_r(x), y=_r(y), z=_r(z),
            **_box_props(box), width=_r(opening.width), height=_r(opening.height), clearance=_r(opening.clearance)))
        rows.edges.append(EdgeRow("CONTAINS", "Wall", sides[opening.wall], "Opening", opening.id))


def _objects(rows: GraphRows, facts: SceneFacts) -> None:
    zone_of = {oid: zone.id for zone in rows.zones for oid in zone.members}
    by_id = {o.id: o for o in facts.objects}
    surfaces = surfaces_of(facts.objects)
    for obj in facts.objects:
        rows.nodes["Object"].append(_object_row(obj))
        key = (obj.support, obj.support_surface or "top")
        if obj.support in by_id and key in surfaces:
            surface_id = surfaces[key].id
            rows.edges.append(EdgeRow("CONTAINS", "Surface", surface_id, "Object", obj.id))
            rows.edges.append(EdgeRow("RESTS_ON", "Object", obj.id, "Surface", surface_id))
        elif obj.id in zone_of:
            rows.edges.append(EdgeRow("CONTAINS", "Zone", zone_of[obj.id], "Object", obj.id))
        else:
            rows.edges.append(EdgeRow("CONTAINS", "Room", ROOM_ID, "Object", obj.id))
        if obj.mount == "wall" and obj.support in {w.id for w in facts.room.walls}:  # facts.hung_supports
            rows.edges.append(EdgeRow("MOUNTED_ON", "Object", obj.id, "Wall", obj.support,
                                      {"height": _r(obj.location[2] + obj.dimensions[2] / 2.0)}))
    for surface in surfaces.values():
        items = [o for o in facts.objects if (o.support, o.support_surface or "top") == (surface.object, surface.name)]
        rows.nodes["Surface"].append(_row(
            "Surface", id=surface.id, name=surface.name, object=surface.object,
            category=by_id[surface.object].category, z=_r(surface.z), **_box_props(surface.box),
            area=_r(surface.box.area), free_area=_r(surface_free_area(surface.box, items)), items=len(items)))
        rows.edges.append(EdgeRow("CONTAINS", "Object", surface.object, "Surface", surface.id))


def _object_row(obj: ObjectFact) -> dict[str, Any]:
    width, depth, height = obj.dimensions
    return _row("Object", id=obj.id, category=obj.category, description=obj.description, asset=obj.asset,
                x=_r(obj.location[0]), y=_r(obj.location[1]), z=_r(obj.location[2]), width=_r(width),
                depth=_r(depth), height=_r(height), yaw=_r(yaw_degrees(obj.yaw)), facing=compass(obj.yaw),
                **_box_props(obj.box), top=_r(obj.box.max_z), locked=obj.locked, source=obj.source,
                mount=obj.mount, support=obj.support, color=obj.color, material=obj.material)


def _relations(rows: GraphRows, facts: SceneFacts) -> None:
    labels = {o.id: "Object" for o in facts.objects}
    labels.update({w.id: "Wall" for w in facts.room.walls})
    labels.update({o.id: "Opening" for o in facts.room.openings})
    sides = {w.side: w.id for w in facts.room.walls}
    for constraint in facts.constraints:
        unknown = [a for a in constraint.args if a not in labels]
        if unknown or not constraint.args:
            rows.skipped.append(f"{constraint.relation}({', '.join(constraint.args)}): unknown id(s) {unknown}")
            continue
        props = _relation_props(constraint)
        for src_label, src, dst_label, dst in _endpoints(constraint, labels, sides):
            rows.edges.append(EdgeRow("RELATION", src_label, src, dst_label, dst, props))


def _endpoints(constraint: ConstraintFact, labels: Mapping[str, str],
               sides: Mapping[str, str]) -> list[tuple[str, str, str, str]]:
    """First argument -> each other one; a one-argument constraint -> the wall it names, or the
    room (an opening's constraint goes room -> opening)."""
    first = constraint.args[0]
    if len(constraint.args) == 1:
        if labels[first] == "Opening":
            return [("Room", ROOM_ID, "Opening", first)]
        wall = sides.get(str(constraint.params.get("wall", "")))
        return [(labels[first], first, "Wall", wall) if wall else (labels[first], first, "Room", ROOM_ID)]
    if labels[first] != "Object":
        return []
    return [("Object", first, labels[other], other) for other in constraint.args[1:]]


def _relation_props(constraint: ConstraintFact) -> dict[str, Any]:
    return {"name": constraint.relation, "args": list(constraint.args),
            "params": json.dumps(dict(constraint.params), sort_keys=True, default=str),
            "weight": _r(constraint.weight), "hard": constraint.hard,
            "score": None if constraint.score is None else _r(constraint.score), "holds": constraint.holds,
            "constraint": constraint.index, "words": constraint.words}
