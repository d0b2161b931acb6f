"""Constraint programs of the issue's "Must show" scenes, as setdresser.program/1 dicts."""

from __future__ import annotations

from typing import Any


def obj(oid: str, dims: tuple[float, float, float], **extra: Any) -> dict[str, Any]:
    """A program object; the category is the id without its number."""
    return {"id": oid, "category": oid.rsplit("_", 1)[0], "dimensions": list(dims), **extra}


def rel(relation: str, *args: str, **params: Any) -> dict[str, Any]:
    """A constraint with the given params."""
    return {"relation": relation, "args": list(args), "params": params}


def room(x: float, y: float, z: float = 3.0) -> dict[str, list[float]]:
    """Bounds of an x-by-y room centred on the origin."""
    return {"min": [-x / 2, -y / 2, 0.0], "max": [x / 2, y / 2, z]}


def living_room() -> dict[str, Any]:
    """A living room of 12 objects: sofa facing a TV, tables, lamps, shelf, plants, rug."""
    objects = [
        obj("sofa_1", (2.0, 0.9, 0.85)), obj("tv_stand_1", (1.6, 0.45, 0.5)), obj("tv_1", (1.2, 0.1, 0.7)),
        obj("coffee_table_1", (1.1, 0.6, 0.45)), obj("armchair_1", (0.85, 0.85, 0.9)),
        obj("bookshelf_1", (0.9, 0.35, 1.9)), obj("floor_lamp_1", (0.35, 0.35, 1.6)),
        obj("rug_1", (2.0, 1.4, 0.01)), obj("plant_1", (0.4, 0.4, 1.0)),
        obj("side_table_1", (0.5, 0.5, 0.55)), obj("lamp_1", (0.25, 0.25, 0.4)), obj("book_1", (0.2, 0.15, 0.04)),
    ]
    constraints = [
        rel("against_wall", "tv_stand_1", wall="north"), rel("on_top_of", "tv_1", "tv_stand_1"),
        rel("against_wall", "sofa_1"), rel("facing", "sofa_1", "tv_1"),
        rel("in_front_of", "coffee_table_1", "sofa_1", max_distance=1.0),
        rel("proximity", "armchair_1", "coffee_table_1", max_distance=1.0),
        rel("facing", "armchair_1", "coffee_table_1"), rel("in_corner", "bookshelf_1"),
        rel("proximity", "floor_lamp_1", "sofa_1", max_distance=0.5), rel("under", "rug_1", "coffee_table_1"),
        rel("in_corner", "plant_1"), rel("left_of", "side_table_1", "sofa_1", max_distance=0.5),
        rel("on_top_of", "lamp_1", "side_table_1"), rel("on_top_of", "book_1", "coffee_table_1"),
    ]
    return {"schema": "setdresser.program/1", "bounds": room(6.0, 5.0), "objects": objects,
            "constraints": constraints}


def theater() -> dict[str, Any]:
    """A stage against the north wall and 3 rows of 6 seats facing it."""
    objects = [obj("stage_1", (6.0, 2.5, 0.8))]
    constraints = [rel("against_wall", "stage_1", wall="north")]
    for r in range(3):
        seats = [f"seat_{r * 6 + c + 1}" for c in range(6)]
        objects += [obj(s, (0.55, 0.55, 0.9)) for s in seats]
        constraints.append(rel("row", *seats))
        constraints += [rel("facing", s, "stage_1", tolerance_deg=20) for s in seats]
        if r:
            constraints.append(rel("behind", seats[0], f"seat_{(r - 1) * 6 + 1}", max_distance=1.2))
    return {"schema": "setdresser.program/1", "bounds": room(10.0, 10.0, 4.0), "objects": objects,
            "constraints": constraints}


def classroom() -> dict[str, Any]:
    """30 desks on a 5 x 6 grid, a chair in front of each desk, facing it."""
    objects, constraints = [], []
    desks = [f"desk_{k + 1}" for k in range(30)]
    objects += [obj(d, (1.1, 0.55, 0.75)) for d in desks]
    constraints.append(rel("grid", *desks, rows=5, cols=6))
    for k, desk in enumerate(desks):
        chair = f"chair_{k + 1}"
        objects.append(obj(chair, (0.45, 0.45, 0.85)))
        constraints.append(rel("in_front_of", chair, desk, max_distance=0.5))
    return {"schema": "setdresser.program/1", "bounds": room(11.0, 10.0), "objects": objects,
            "constraints": constraints}


def stacked_boxes() -> dict[str, Any]:
    """Four boxes of one size, stacked, which must be scaled so they shrink going up."""
    boxes = [f"box_{k + 1}" for k in range(4)]
    objects = [obj(b, (0.6, 0.6, 0.4), scale_range=[0.5, 1.5]) for b in boxes]
    constraints = [rel("stacked", *boxes), rel("hierarchy", *boxes, key="volume", order="descending")]
    return {"schema": "setdresser.program/1", "bounds": room(4.0, 4.0), "objects": objects,
            "constraints": constraints}


def dining() -> dict[str, Any]:
    """A dining table with six chairs around it and a vase and two plates on it."""
    chairs = [f"chair_{k + 1}" for k in range(6)]
    objects = [obj("table_1", (1.8, 0.9, 0.75))] + [obj(c, (0.45, 0.5, 0.9)) for c in chairs]
    objects += [obj("vase_1", (0.15, 0.15, 0.3)), obj("plate_1", (0.25, 0.25, 0.03)), obj("plate_2", (0.25, 0.25, 0.03))]
    constraints = [rel("centered", "table_1"), rel("around", *chairs, "table_1"),
                   rel("on_top_of", "vase_1", "table_1"), rel("on_top_of", "plate_1", "table_1"),
                   rel("on_top_of", "plate_2", "table_1"), rel("far_from", "plate_1", "plate_2", min_distance=0.3)]
    return {"schema": "setdresser.program/1", "bounds": room(5.0, 5.0), "objects": objects,
            "constraints": constraints}


ALL_SCENES = {"living_room": living_room, "theater": theater, "classroom": classroom,
              "stacked_boxes": stacked_boxes, "dining": dining}
