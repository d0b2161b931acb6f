"""What each edit verb does to the working program (:class:`~.delta._Editor`)."""

from __future__ import annotations

import math
from typing import Callable

from ..errors import BadInput
from ..model import Constraint
from .delta import _Editor, face_yaw
from .instruction import EditOp, Placement
from .placement import anchor_ids, placement_constraints



def _move(ed: _Editor, op: EditOp, ids: tuple[str, ...]) -> None:
    assert op.place is not None
    for oid in ids:
        ed.drop_placement(oid)
        ed.free(oid)
        ed.relate(placement_constraints(ed.scene, oid, op.place))
        ed.out.changes.append(f"{oid}: moved ({op.place.predicate})")


def _remove(ed: _Editor, op: EditOp, ids: tuple[str, ...]) -> None:
    for oid in ids:
        for dep in ed.dependents(oid):
            if dep in ed.specs:
                ed.drop_object(dep)
                ed.out.changes.append(f"{dep}: removed (it stood on {oid})")
        ed.drop_object(oid)
        ed.out.changes.append(f"{oid}: removed")


def _add(ed: _Editor, op: EditOp, ids: tuple[str, ...]) -> None:
    assert op.new_noun is not None
    for _ in range(max(1, op.count)):
        oid = ed.new_object(op.new_noun)
        if op.place is not None:
            ed.relate(placement_constraints(ed.scene, oid, op.place))
        ed.out.changes.append(f"{oid}: added")


def _replace(ed: _Editor, op: EditOp, ids: tuple[str, ...]) -> None:
    assert op.new_noun is not None
    for oid in ids:
        new = ed.new_object(op.new_noun)
        old = ed.placed[oid]
        ed.constraints = [c if oid not in c.args else
                          Constraint(c.relation, tuple(new if a == oid else a for a in c.args), dict(c.params),
                                     c.weight, c.hard) for c in ed.constraints]
        if not any(new in c.args for c in ed.constraints):  # nothing said where it was: keep the spot
            ed.relate([Constraint("proximity", (new, d), {"max_distance": 0.6}) for d in _neighbours(ed, oid)])
        for dep in ed.dependents(oid):
            ed.free(dep, with_dependents=False)
        ed.specs.pop(oid)
        ed.order = [i for i in ed.order if i != oid]
        ed.out.removed.append(oid)
        ed.out.changes.append(f"{oid} ({old.category}): replaced by {new}")


def _neighbours(ed: _Editor, oid: str) -> list[str]:
    """Up to two objects nearest ``oid`` (a replacement with no relations stays near them)."""
    from .predicates import xy_gap
    by_id = ed.scene.by_id()
    others = [o for o in ed.scene.objects if o.id != oid and o.id in ed.specs and o.support != oid]
    others.sort(key=lambda o: (round(xy_gap(by_id[oid], o), 4), o.id))
    return [o.id for o in others[:2]]


def _swap(ed: _Editor, op: EditOp, ids: tuple[str, ...]) -> None:
    if op.other is None:
        if len(ids) != 2:
            raise BadInput(f"swap needs two objects; '{op.target_text()}' is {len(ids)}",
                           "instruction")
        a, b = ids
    else:
        others = anchor_ids(ed.scene, _as_place(op))
        a, b = ids[0], others[0]
    if a == b:
        raise BadInput(f"cannot swap {a} with itself", "instruction")
    pa, pb = ed.placed[a], ed.placed[b]
    ed.pose(a, location=(pb.location[0], pb.location[1], pb.location[2]), yaw=pb.rotation_euler[2])
    ed.pose(b, location=(pa.location[0], pa.location[1], pa.location[2]), yaw=pa.rotation_euler[2])
    # their own relations change hands (the chair in front of the desk is now the other one);
    # what stands on either rides along with it (on_top_of(lamp, nightstand) is kept)
    ed.constraints = [c if not c.args or c.args[0] not in (a, b) else
                      Constraint(c.relation, tuple(b if x == a else a if x == b else x for x in c.args),
                                 dict(c.params), c.weight, c.hard) for c in ed.constraints]
    for oid in (a, b):
        ed.free(oid)
    ed.out.changes.append(f"{a} <-> {b}: swapped")


def _as_place(op: EditOp) -> Placement:
    assert op.other is not None
    return Placement("near", (op.other,))


def _rotate(ed: _Editor, op: EditOp, ids: tuple[str, ...]) -> None:
    for oid in ids:
        p = ed.placed[oid]
        if op.other is not None:
            (to,) = anchor_ids(ed.scene, _as_place(op))  # type: ignore[arg-type]
            centre = ed.scene.by_id()[to].centre
            yaw = face_yaw((p.location[0], p.location[1]), (float(centre[0]), float(centre[1])))
            ed.constraints = [c for c in ed.constraints if not (c.relation == "facing" and c.args[:1] == (oid,))]
            ed.relate([Constraint("facing", (oid, to), {}, hard=True)])
        else:
            yaw = p.rotation_euler[2] + math.radians(op.angle_deg or 0.0)
        yaw = math.atan2(math.sin(yaw), math.cos(yaw))
        ed.pose(oid, yaw=yaw)
        ed.free(oid)
        ed.out.changes.append(f"{oid}: turned to yaw {math.degrees(yaw):.0f} deg")


def _resize(ed: _Editor, op: EditOp, ids: tuple[str, ...]) -> None:
    f = op.factor or (1.0, 1.0, 1.0)
    for oid in ids:
        p = ed.placed[oid]
        dims = (p.dimensions[0] * f[0], p.dimensions[1] * f[1], p.dimensions[2] * f[2])
        ed.pose(oid, dimensions=dims)
        ed.free(oid)
        ed.out.changes.append(f"{oid}: resized x{f[0]:.2f},{f[1]:.2f},{f[2]:.2f}")


def _restyle(ed: _Editor, op: EditOp, ids: tuple[str, ...]) -> None:
    for oid in ids:
        ed.out.colors[oid] = op.color or ""
        ed.out.changes.append(f"{oid}: colour {op.color}")


VERBS: dict[str, Callable[[_Editor, EditOp, tuple[str, ...]], None]] = {
    "move": _move, "remove": _remove, "add": _add, "replace": _replace, "swap": _swap,
    "rotate": _rotate, "resize": _resize, "restyle": _restyle,
}
