"""What the text stands along one wall fits that wall (solver triage #4, program11): "counters run
along the north wall" (three 2 m counters) and "the fridge against the north wall too" on a 4 m wall,
"three round tables near the window, each with two chairs": the things' widths side by side, with
what stands left and right of each, are longer than the wall, and the solver failed every
``against_wall`` past the wall's end.

A room the text did not size grows along that wall (:func:`grow_for_runs`); a room whose size the
text stated keeps it, and the wall's group of like things (the counters, the tables) narrows to fit,
at most to :data:`MIN_SHRINK` of its width (:func:`fit_wall_runs`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from .....skill_library.compass import SIDES as WALL_SIDES
from .....skill_library.roles import roles as relation_roles
from ...model import Bounds, Constraint, ObjectSpec
from .room_coder import RUN_GAP, RUN_MARGIN  # between things side by side; wall left at a run's ends

FIT_MARGIN = 0.1  # m of wall left over at the ends of a run in a room of a stated size
MIN_SHRINK = 0.4  # a group's things narrow to at most 40% of their width to fit their wall
ALONG_X = frozenset({"north", "south"})  # walls running along x (the others along y)

Sizes = Mapping[str, tuple[float, float, float]]


def runs(constraints: Sequence[Constraint], sizes: Sizes) -> dict[str, list[tuple[str, float]]]:
    """Per wall side, what stands against it: (id, the width it takes, with what stands left and
    right of it that is not at the wall itself)."""
    at: dict[str, list[str]] = {}
    cornered: dict[str, list[str]] = {}
    for con in constraints:
        wall, corner = con.params.get("wall"), str(con.params.get("corner", ""))
        if con.relation == "against_wall" and con.args and con.args[0] in sizes and wall in WALL_SIDES:
            at.setdefault(str(wall), []).append(con.args[0])
        if con.relation == "in_corner" and con.args and con.args[0] in sizes and len(corner) == 2:
            for side in (s for s in WALL_SIDES if s[0] in corner):
                cornered.setdefault(side, []).append(con.args[0])
    walled = {a for ids in at.values() for a in ids}
    wings: dict[str, float] = {}
    for con in constraints:
        if con.relation in relation_roles().left_right and len(con.args) == 2 and con.args[0] not in walled:
            wing = max(sizes[con.args[0]][:2]) + RUN_GAP if con.args[0] in sizes else 0.0  # turned either way
            wings[con.args[1]] = wings.get(con.args[1], 0.0) + wing
    out = {side: [(a, sizes[a][0] + wings.get(a, 0.0)) for a in dict.fromkeys(ids)] for side, ids in at.items()}
    for side, ids in cornered.items():  # a thing in a corner takes its footprint's larger side of both walls
        if side in out:
            out[side] += [(a, max(sizes[a][:2])) for a in dict.fromkeys(ids) if a not in walled]
    return out


def run_length(run: Sequence[tuple[str, float]], margin: float = RUN_MARGIN) -> float:
    """The wall a run needs: its widths, :data:`RUN_GAP` between them and ``margin``."""
    return sum(w for _, w in run) + RUN_GAP * (len(run) - 1) + margin if run else 0.0


def grow_for_runs(bounds: Bounds, constraints: Sequence[Constraint], sizes: Sizes) -> Bounds:
    """``bounds`` grown (about the origin) so that each wall is as long as the run along it."""
    need = {side: run_length(run) for side, run in runs(constraints, sizes).items()}
    half_x = max([bounds.max[0]] + [need[s] / 2 for s in need if s in ALONG_X])
    half_y = max([bounds.max[1]] + [need[s] / 2 for s in need if s not in ALONG_X])
    if (half_x, half_y) == (bounds.max[0], bounds.max[1]):
        return bounds
    hx, hy = round(half_x, 2), round(half_y, 2)
    return Bounds((-hx, -hy, bounds.min[2]), (hx, hy, bounds.max[2]))


def fit_wall_runs(objects: Sequence[ObjectSpec], constraints: Sequence[Constraint], bounds: Bounds) -> None:
    """Narrow the group of like things along a wall too short for its run (``dimensions`` change):
    the kinds with two or more things there share what the others leave of the wall."""
    by_id = {o.id: o for o in objects}
    for side, run in runs(constraints, {o.id: o.dimensions for o in objects}).items():
        axis = 0 if side in ALONG_X else 1
        wall = bounds.max[axis] - bounds.min[axis]
        if run_length(run, FIT_MARGIN) <= wall:
            continue
        kinds = Counter(by_id[a].category for a, _ in run)
        group = [a for a, _ in run if kinds[by_id[a].category] >= 2]
        own = sum(by_id[a].dimensions[0] for a in group)
        if not group or own <= 0:
            continue
        room = wall - (run_length(run, FIT_MARGIN) - own)
        factor = max(MIN_SHRINK, min(1.0, room / own))
        for oid in group:
            w, d, h = by_id[oid].dimensions
            by_id[oid].dimensions = (round(w * factor, 4), d, h)
