"""The scene graph database's schema, written once: node tables, relationship tables and the
geometry macros, from which both the database DDL and the schema text of the LLM prompts are
generated (so the two cannot drift apart).

After the 3D-scene-graph Cypher paper (003), adapted to laid-out rooms: ``Scene`` contains
``Room``; a room contains its ``Wall``s (which contain their ``Opening``s), its ``Zone``s and
the objects in no zone; a zone contains its objects; an object contains its ``Surface``s and a
surface contains what rests on it, so ``(r:Room)-[:CONTAINS*]->(o:Object)`` is every object in
the room. Geometry the model would otherwise compute (distances, gaps, footprints, free space)
is stored as properties and edges or evaluated by the macros below: the model never does
arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

SCHEMA_VERSION = "setdresser.scene_db/1"

# Two objects closer than this (XY gap between their footprints, metres) get NEAR edges.
NEAR_THRESHOLD_M = 1.0


@dataclass(frozen=True)
class Prop:
    """One property: its name, Cypher type (DOUBLE, INT64, BOOLEAN, STRING, STRING[]) and meaning."""

    name: str
    type: str
    doc: str


@dataclass(frozen=True)
class NodeTable:
    """A node label with its properties; the first property is the primary key."""

    label: str
    doc: str
    props: tuple[Prop, ...]


@dataclass(frozen=True)
class RelTable:
    """A relationship type, the (from label, to label) pairs it joins, and its properties."""

    name: str
    doc: str
    pairs: tuple[tuple[str, str], ...]
    props: tuple[Prop, ...] = ()


@dataclass(frozen=True)
class Macro:
    """A Cypher macro the database evaluates: ``name(params) AS body``."""

    name: str
    params: tuple[str, ...]
    body: str
    doc: str


def _box(what: str) -> tuple[Prop, ...]:
    """The world-space axis-aligned box every located node carries."""
    return (Prop("min_x", "DOUBLE", f"{what} box, west edge (m)"), Prop("max_x", "DOUBLE", "east edge"),
            Prop("min_y", "DOUBLE", "south edge"), Prop("max_y", "DOUBLE", "north edge"))


_ID = Prop("id", "STRING", "unique id")

NODES: tuple[NodeTable, ...] = (
    NodeTable("Scene", "the generated scene", (
        _ID, Prop("prompt", "STRING", "the description it was made from"), Prop("seed", "INT64", "random seed"),
        Prop("objects", "INT64", "number of objects"))),
    NodeTable("Room", "the room (or the outdoor ground)", (
        _ID, Prop("kind", "STRING", "indoor | outdoor | open (no bounds)"), Prop("shape", "STRING", "rect | L"),
        *_box("floor"), Prop("height", "DOUBLE", "wall height (m)"),
        Prop("floor_area", "DOUBLE", "floor area (m^2)"),
        Prop("free_area", "DOUBLE", "floor area not covered by objects standing on the floor (m^2)"),
        Prop("floor_material", "STRING", "floor material"), Prop("wall_material", "STRING", "wall material"))),
    NodeTable("Zone", "a functional area grouping objects that belong together", (
        _ID, Prop("kind", "STRING", "dining | seating | work | sleeping | ... (see the label space)"),
        Prop("name", "STRING", "e.g. 'dining zone'"), Prop("anchor", "STRING", "id of the object it is built around"),
        Prop("x", "DOUBLE", "centre x (m)"), Prop("y", "DOUBLE", "centre y (m)"), *_box("zone"),
        Prop("area", "DOUBLE", "area of the zone's box (m^2)"))),
    NodeTable("Wall", "a wall of the room", (
        _ID, Prop("side", "STRING", "north | south | east | west"), Prop("x1", "DOUBLE", "start x"),
        Prop("y1", "DOUBLE", "start y"), Prop("x2", "DOUBLE", "end x"), Prop("y2", "DOUBLE", "end y"),
        Prop("x", "DOUBLE", "midpoint x"), Prop("y", "DOUBLE", "midpoint y"),
        *_box("segment"), Prop("length", "DOUBLE", "length (m)"), Prop("height", "DOUBLE", "height (m)"),
        Prop("free_length", "DOUBLE", "length not blocked by doors or by objects within 0.3 m of the wall (m)"),
        Prop("longest_free_run", "DOUBLE", "longest unblocked stretch along the wall (m)"))),
    NodeTable("Opening", "a door or window in a wall", (
        _ID, Prop("kind", "STRING", "door | window"), Prop("wall", "STRING", "side of its wall"),
        Prop("x", "DOUBLE", "centre x"), Prop("y", "DOUBLE", "centre y"), Prop("z", "DOUBLE", "bottom (sill) height"),
        *_box("opening"),
        Prop("width", "DOUBLE", "width (m)"), Prop("height", "DOUBLE", "height (m)"),
        Prop("clearance", "DOUBLE", "depth kept free in front of it (m)"))),
    NodeTable("Surface", "a named support surface of an object (table top, shelf_1, seat)", (
        _ID, Prop("name", "STRING", "top | shelf_1 | seat | ..."), Prop("object", "STRING", "id of its object"),
        Prop("category", "STRING", "category of its object"), Prop("z", "DOUBLE", "height above the floor (m)"),
        *_box("surface"), Prop("area", "DOUBLE", "area (m^2)"),
        Prop("free_area", "DOUBLE", "area not covered by the objects on it (m^2)"),
        Prop("items", "INT64", "number of objects resting on it"))),
    NodeTable("Object", "an object of the scene (generated, or the user's own)", (
        _ID, Prop("category", "STRING", "plain lower-case noun: chair, floor lamp"),
        Prop("description", "STRING", "its look, as planned ('a red velvet sofa')"),
        Prop("asset", "STRING", "the model standing in for it"),
        Prop("x", "DOUBLE", "origin x = footprint centre (m)"), Prop("y", "DOUBLE", "origin y (m)"),
        Prop("z", "DOUBLE", "bottom height (m)"), Prop("width", "DOUBLE", "size along its local x (m)"),
        Prop("depth", "DOUBLE", "size along its local y (m)"), Prop("height", "DOUBLE", "size along z (m)"),
        Prop("yaw", "DOUBLE", "turn about +z in degrees, -180..180; 0 = front faces south (-y)"),
        Prop("facing", "STRING", "compass direction its front faces: north | east | south | west"),
        *_box("footprint"), Prop("top", "DOUBLE", "height of its top (m)"),
        Prop("locked", "BOOLEAN", "kept in place by the solver"),
        Prop("source", "STRING", "generated | user (placed by the user)"),
        Prop("mount", "STRING", "floor | wall | ceiling | surface"),
        Prop("support", "STRING", "what holds it: id of the object it rests on, of the wall it hangs on "
                                  "(north_wall), 'ceiling' or 'ground'"),
        Prop("color", "STRING", "colour words or rgb, if set"), Prop("material", "STRING", "material, if set"))),
)

_RELATION_PROPS = (
    Prop("name", "STRING", "relation name (on_top_of, facing, proximity, ...)"),
    Prop("args", "STRING[]", "every argument id, in order"), Prop("params", "STRING", "parameters as JSON"),
    Prop("weight", "DOUBLE", "weight"), Prop("hard", "BOOLEAN", "must hold"),
    Prop("score", "DOUBLE", "how well it holds, 0..1"), Prop("holds", "BOOLEAN", "its check passes"),
    Prop("constraint", "INT64", "index of the constraint in the program"),
    Prop("words", "STRING", "the words of the description it came from, if known"))

RELS: tuple[RelTable, ...] = (
    RelTable("CONTAINS", "containment, transitive with CONTAINS*", (
        ("Scene", "Room"), ("Room", "Zone"), ("Room", "Wall"), ("Wall", "Opening"), ("Room", "Object"),
        ("Zone", "Object"), ("Object", "Surface"), ("Surface", "Object"))),
    RelTable("RESTS_ON", "an object rests on a surface (ON is a reserved word)", (("Object", "Surface"),)),
    RelTable("MOUNTED_ON", "an object hangs on a wall (the wall its support names)", (("Object", "Wall"),),
             (Prop("height", "DOUBLE", "its centre height above the floor (m)"),)),
    RelTable("NEAR", f"two objects whose footprints are within {NEAR_THRESHOLD_M:g} m; stored in both "
                     "directions", (("Object", "Object"),),
             (Prop("distance", "DOUBLE", "gap between the footprints (m), 0 when touching"),
              Prop("center_distance", "DOUBLE", "distance between the centres (m)"))),
    RelTable("RELATION", "one constraint of the program, from its first argument to each other argument "
                         "(to the wall it names, or to the room, when it has one argument)",
             (("Object", "Object"), ("Object", "Wall"), ("Object", "Opening"), ("Object", "Room"),
              ("Room", "Opening")), _RELATION_PROPS),
)

MACROS: tuple[Macro, ...] = (
    Macro("dist", ("a", "b"), "sqrt((a.x - b.x)^2 + (a.y - b.y)^2)",
          "distance between the centres of two located nodes on the floor plan (m)"),
    Macro("gap", ("a", "b"),
          "sqrt(list_max([0.0, a.min_x - b.max_x, b.min_x - a.max_x])^2 + "
          "list_max([0.0, a.min_y - b.max_y, b.min_y - a.max_y])^2)",
          "gap between the boxes of two nodes on the floor plan (m), 0 when they touch or overlap"),
    Macro("dist_to", ("a", "px", "py"), "sqrt((a.x - px)^2 + (a.y - py)^2)",
          "distance from a node's centre to the point (px, py) (m)"),
    Macro("inside_footprint", ("a", "b"),
          # written as a function call: LadybugDB 0.22 cannot reopen a file whose macro holds a
          # comparison or AND operator (an assertion when the catalog is read back)
          "greater_than_equals(list_min([a.x - b.min_x, b.max_x - a.x, a.y - b.min_y, b.max_y - a.y]), 0.0)",
          "true when a's centre lies inside b's box (b: Object, Surface, Zone or Room)"),
)


def node_table(label: str) -> NodeTable:
    """The node table of ``label`` (KeyError when unknown)."""
    return next(t for t in NODES if t.label == label)


def ddl() -> list[str]:
    """The statements creating every table and macro, in dependency order."""
    statements = []
    for table in NODES:
        columns = ", ".join(f"{p.name} {p.type}" for p in table.props)
        statements.append(f"CREATE NODE TABLE {table.label}({columns}, PRIMARY KEY ({table.props[0].name}))")
    for rel in RELS:
        pairs = ", ".join(f"FROM {a} TO {b}" for a, b in rel.pairs)
        columns = "".join(f", {p.name} {p.type}" for p in rel.props)
        statements.append(f"CREATE REL TABLE {rel.name}({pairs}{columns})")
    statements += [f"CREATE MACRO {m.name}({', '.join(m.params)}) AS {m.body}" for m in MACROS]
    return statements


def _props_text(props: tuple[Prop, ...]) -> str:
    """``name (doc), ...`` with a box's four edges written as one entry."""
    parts = []
    for prop in props:
        if prop.name == "min_x":
            parts.append(f"min_x, max_x, min_y, max_y ({prop.doc.split(',')[0]}, m)")
        elif prop.name not in ("max_x", "min_y", "max_y"):
            parts.append(f"{prop.name} ({prop.doc})" if prop.doc else prop.name)
    return ", ".join(parts)


def schema_text() -> str:
    """The schema as the LLM prompts show it: labels with their properties, edges, macros."""
    lines = ["Node labels (properties):"]
    for table in NODES:
        lines.append(f"- {table.label}: {table.doc}. {_props_text(table.props)}")
    lines.append("Relationships:")
    for rel in RELS:
        pairs = ", ".join(f"({a})-[:{rel.name}]->({b})" for a, b in rel.pairs)
        props = "; properties: " + ", ".join(f"{p.name} ({p.doc})" for p in rel.props) if rel.props else ""
        lines.append(f"- {rel.name}: {rel.doc}. {pairs}{props}")
    lines.append("Functions (macros the database evaluates; use them instead of arithmetic):")
    lines += [f"- {m.name}({', '.join(m.params)}): {m.doc}" for m in MACROS]
    return "\n".join(lines)
