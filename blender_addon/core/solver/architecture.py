"""Architecture and mounting for the solver (issue 13).

* fixtures: the room's walls and openings join the problem as locked pseudo-objects after the
  program's objects (ids ``north_wall``, ``door_1``...), so relations can name them and the
  collision terms keep door zones and windows free;
* rest heights: a wall-mounted object's bottom rests at the ``height`` (centre) its wall relation
  carries minus half its height, a ceiling-mounted one hangs its knowledge-base drop below the ceiling;
* surface levels: a child of a support relation with a ``level`` (filled in from the parent's named
  surface by :func:`~..architecture.mounting.complete_program`) rests at that fraction of its parent's height;
* inner floors: a thing *inside* a container rests on the container's lowest named surface below its
  top (a bathtub's or a sink's basin, a crib's mattress, a boat's deck), or on its bottom when it has none.
No relation is recognised by its name: only by the parameters the completion filled in.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..architecture.geometry import Fixture, fixtures
from ..architecture.mounting import inner_floor, wall_height
from ..knowledge.objects import load_knowledge
from ..model import Program


def program_fixtures(program: Program) -> list[Fixture]:
    """The fixed architecture boxes of the program's room (none outdoors or without bounds): its
    openings and an L-shape's notch always, a wall only when a relation names it (``north_wall``);
    the bounds already keep everything inside the walls, and fewer boxes keep the solver fast."""
    named = {arg for con in program.constraints for arg in con.args}
    return [f for f in fixtures(program.bounds, program.room) if f.kind != "wall" or f.id in named]


def rest_heights(program: Program) -> np.ndarray:
    """[objects] bottom height above the ground of each free root object (0: standing on the floor)."""
    out = np.zeros(len(program.objects))
    if program.room is None:
        return out
    knowledge = load_knowledge()
    hung = {con.args[0]: con.params["height"] for con in program.constraints
            if con.args and con.params.get("height") is not None}
    for i, obj in enumerate(program.objects):
        facts = knowledge.lookup(obj.category)
        if obj.mount == "wall":
            out[i] = wall_height(obj, facts, program.room.height, hung.get(obj.id)) - obj.dimensions[2] / 2
        elif obj.mount == "ceiling":
            drop = knowledge.ceiling_drop
            if facts is not None and facts.ceiling_drop is not None:
                drop = facts.ceiling_drop
            out[i] = max(0.0, program.room.height - drop - obj.dimensions[2])
    return out


def surface_levels(program: Program, count: int) -> tuple[np.ndarray, dict[int, str]]:
    """[count] fraction of its parent's height each child of a named surface rests at (1 = the top),
    and the surface names by child index."""
    index = {o.id: i for i, o in enumerate(program.objects)}
    level = np.ones(count)
    names: dict[int, str] = {}
    for con in program.constraints:
        if "surface" not in con.params or len(con.args) != 2 or con.args[0] not in index:
            continue
        child = index[con.args[0]]
        if con.params.get("level") is not None:
            level[child] = float(con.params["level"])
        names[child] = str(con.params.get("surface") or "top")
    return level, names


def fixture_rows(found: list[Fixture]) -> dict[str, Any]:
    """Arrays for the fixtures: ids, sizes, positions, yaws, kinds."""
    return {"ids": [f.id for f in found], "size": np.array([f.size for f in found], dtype=float).reshape(-1, 3),
            "pos": np.array([f.pos for f in found], dtype=float).reshape(-1, 3),
            "yaw": np.array([f.yaw for f in found], dtype=float), "kinds": [f.kind for f in found]}


def inner_levels(program: Program, inside: list[tuple[int, int]], count: int) -> np.ndarray:
    """[count] fraction of its container's height each thing ``inside`` (child, container) rests at:
    the container's :func:`~..architecture.mounting.inner_floor` ("a rubber duck in the bathtub" on the
    tub's floor, not through it at the floor of the room). Only the program's objects have surfaces."""
    level = np.zeros(count)
    for child, container in inside:
        if container >= len(program.objects):
            continue
        obj = program.objects[container]
        if obj.dimensions[2] > 0:
            level[child] = inner_floor(obj.surfaces, obj.dimensions[2]) / obj.dimensions[2]
    return level
