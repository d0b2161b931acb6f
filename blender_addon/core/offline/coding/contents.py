"""Things made to fit what holds them (issue 14): the contents of a container, and the rows
that line a long stretch of ground.

* What must go *inside* something shrinks until it fits ("a ball inside the basket"); a person
  or an animal keeps its size, seated when standing does not fit (:mod:`.figures`).
* A street, a road or a path (flat, at least :data:`LENGTHWISE` times longer than wide) that
  things stand beside grows lengthwise when its longest side's row overflows it (by
  :data:`END_ROOM` more at each end): "a street lined with houses, eight on each side" is as long
  as eight houses, never 12 m with the houses overflowing its ends (the solver could keep none of
  them beside it); what faces it from beside it stands square to it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .....skill_library.roles import roles as relation_roles
from ...model import Constraint, ObjectSpec
from ..inference.figures import fitted_figure, is_figure

INSIDE_FILL = 0.8  # contents take at most this share of their container on every axis
LENGTHWISE = 2.0  # long side / short side of a street, a road, a path
FLAT = 0.2  # m: ground is no higher than this
LINE_GAP = 0.3  # m between neighbours in a row lining a street
END_ROOM = 1.0  # m of street left beyond each end of its longest row
SIDE_FACING_DEG = 85.0  # a thing square to the street it faces: its front toward the street's side


def fit_contents(objects: Sequence[ObjectSpec], constraints: Sequence[Constraint]) -> None:
    """Shrink what must go *inside* something until it fits (see module doc)."""
    by_id = {o.id: o for o in objects}
    for con in constraints:
        if con.relation != "inside":
            continue
        inner, outer = by_id[con.args[0]], by_id[con.args[1]]
        factor = min(o / i for o, i in zip(outer.dimensions, inner.dimensions)) * INSIDE_FILL
        if is_figure(inner.category):
            inner.dimensions = fitted_figure(inner.category, inner.dimensions, outer.dimensions)
        elif factor < 1.0:
            inner.dimensions = tuple(round(v * factor, 4) for v in inner.dimensions)  # type: ignore[assignment]


def lengthen_hosts(objects: Sequence[ObjectSpec], constraints: Sequence[Constraint]) -> list[str]:
    """Grow each long flat host along its length to hold the row beside each of its long sides
    (see module doc); returns the ids of the hosts that grew."""
    by_id = {o.id: o for o in objects}
    faces = _faces(constraints)
    runs: dict[tuple[str, str], list[float]] = {}
    for (host_id, side), guests in _lining(by_id, constraints).items():
        runs[(host_id, side)] = [by_id[g].dimensions[0] if (g, host_id) in faces else max(by_id[g].dimensions[:2])
                                 for g in guests]
    grown = []
    for (host_id, _), widths in sorted(runs.items()):
        row = sum(widths) + LINE_GAP * (len(widths) - 1)
        host = by_id[host_id]
        axis = 1 if host.dimensions[1] >= host.dimensions[0] else 0
        if row > host.dimensions[axis]:
            size = list(host.dimensions)
            size[axis] = round(row + 2 * END_ROOM, 2)
            host.dimensions = tuple(size)  # type: ignore[assignment]
            grown.append(host_id)
    return sorted(set(grown))


def square_rows(objects: Sequence[ObjectSpec], constraints: Sequence[Constraint]) -> list[Constraint]:
    """Constraints that stand what faces a street from beside it square to the street: its front
    across it (``perpendicular`` to a street running along its depth, ``parallel`` to one along its
    width), and its ``facing`` then only picks the street's side (:data:`SIDE_FACING_DEG`). Facing
    the street's middle within 30 degrees turned a row's ends every which way, and cannot hold at
    all at the ends of a long row."""
    by_id = {o.id: o for o in objects}
    faces = _faces(constraints)
    lining = {(g, host) for (host, _), guests in _lining(by_id, constraints).items() for g in guests}
    out = []
    for con in constraints:
        pair = tuple(con.args)
        if con.relation == "facing" and pair in lining and "tolerance_deg" not in con.params:
            host = by_id[pair[1]]
            square = "perpendicular" if host.dimensions[1] >= host.dimensions[0] else "parallel"
            con.params["tolerance_deg"] = SIDE_FACING_DEG
            out.append(Constraint(square, pair, {}, faces[pair]))  # type: ignore[arg-type]
    return out


def _faces(constraints: Sequence[Constraint]) -> dict[tuple[str, str], float]:
    """(a, b) -> the weight of ``facing(a, b)``."""
    return {(c.args[0], c.args[1]): c.weight for c in constraints if c.relation == "facing" and len(c.args) == 2}


def _lining(by_id: dict[str, ObjectSpec], constraints: Sequence[Constraint]) -> dict[tuple[str, str], list[str]]:
    """(long flat host, side relation) -> the things standing by that long side, in program order."""
    out: dict[tuple[str, str], list[str]] = {}
    for con in constraints:
        if con.relation not in relation_roles().sides or len(con.args) != 2 or con.args[1] not in by_id:
            continue
        host = by_id[con.args[1]]
        if con.args[0] in by_id and _is_long_ground(host) and con.relation in _long_sides(host) \
                and con.args[0] not in out.get((host.id, con.relation), []):
            out.setdefault((host.id, con.relation), []).append(con.args[0])
    return out


def _is_long_ground(obj: ObjectSpec) -> bool:
    w, d, h = obj.dimensions
    return h <= FLAT and max(w, d) >= LENGTHWISE * max(min(w, d), 1e-6)


def _long_sides(host: ObjectSpec) -> tuple[str, ...]:
    """The side relations that put a thing by the host's long sides: left/right of a street
    running along its depth, in front/behind one running along its width."""
    found = relation_roles()
    return found.left_right if host.dimensions[1] >= host.dimensions[0] else found.front_back
