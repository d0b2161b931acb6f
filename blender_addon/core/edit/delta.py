"""Edits -> a program delta: new and removed objects, new and removed relations, and every
untouched object locked where it stands, so only what changed is re-solved.

:func:`apply_edits` takes the scene's program and solved layout plus typed
:class:`~.instruction.EditOp` and returns the edited program with a record of what changed.
Groundings come from :mod:`.ground`; where a reference is ambiguous the caller passes the
choice (``picks``), see :func:`choice_points`.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Sequence

from ....skill_library.registry import default_registry
from ..assets.catalog import load_catalog
from ..errors import BadInput
from ..model import Constraint, ObjectSpec, PlacedObject, Program
from .ground import Grounding, ground
from .instruction import EditOp

from .scene import Scene

NEEDS_TARGET = frozenset({"move", "remove", "replace", "swap", "rotate", "resize", "restyle"})


@dataclass
class EditOutcome:
    """The edited program and what the edit did (for edit.json and the CLI)."""

    program: Program
    changes: list[str] = field(default_factory=list)
    affected: set[str] = field(default_factory=set)
    removed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    colors: dict[str, str] = field(default_factory=dict)
    posed: set[str] = field(default_factory=set)  # locked at a pose the edit chose (swap, turn, resize)
    groundings: list[dict[str, object]] = field(default_factory=list)


def targets_of(scene: Scene, op: EditOp, pick: str | None = None) -> Grounding:
    """The target's grounding; ``pick`` resolves an ambiguous one. Raises :class:`BadInput` when
    it names nothing, or is ambiguous and no pick was given."""
    assert op.target is not None
    g = ground(scene, op.target)
    if not g.ids:
        raise BadInput(f"nothing in the scene is '{op.target.describe()}'", "instruction")
    fixed = [o.id for o in scene.objects if o.fixture and o.id in g.ids]
    if fixed:
        raise BadInput(f"{', '.join(fixed)} is part of the room (a door or window) and cannot be edited; "
                       "name the furniture to change", "instruction")
    if pick is not None:
        if pick not in g.ids:
            raise BadInput(f"{pick} is not one of {', '.join(g.ids)}", "--pick")
        return dataclasses.replace(g, ids=(pick,), status="unique")
    if g.status == "ambiguous":
        raise BadInput(f"'{op.target.describe()}' could be {', '.join(g.ids)}: say which "
                       "(e.g. 'the left one', 'the one by the window')", "instruction")
    return g


def choice_points(scene: Scene, ops: Sequence[EditOp]) -> dict[int, tuple[str, ...]]:
    """For each op whose target is ambiguous, its candidates (the solver may choose among them)."""
    out: dict[int, tuple[str, ...]] = {}
    for k, op in enumerate(ops):
        if op.verb in NEEDS_TARGET and op.target is not None:
            g = ground(scene, op.target)
            if g.status == "ambiguous":
                out[k] = g.ids
    return out


class _Editor:
    """Mutable working copy of a program while edits apply."""

    def __init__(self, program: Program, placed: dict[str, PlacedObject], scene: Scene) -> None:
        self.specs = {o.id: o for o in program.objects}
        self.order = [o.id for o in program.objects]
        self.constraints = list(program.constraints)
        self.placed, self.scene, self.program = placed, scene, program
        self.out = EditOutcome(program=program)
        self.posed: set[str] = set()  # given a new pose by the edit itself (swap, turn, resize)

    def dependents(self, oid: str) -> list[str]:
        """Objects resting (directly or not) on ``oid``."""
        found, frontier = [], [oid]
        while frontier:
            cur = frontier.pop()
            for p in self.placed.values():
                if p.support == cur and p.id not in found and p.id != oid:
                    found.append(p.id)
                    frontier.append(p.id)
        return found

    def drop_object(self, oid: str) -> None:
        registry = default_registry()
        self.specs.pop(oid, None)
        self.order = [i for i in self.order if i != oid]
        kept = []
        for c in self.constraints:
            if oid not in c.args:
                kept.append(c)
                continue
            rest = tuple(a for a in c.args if a != oid)
            spec = registry.get(c.relation).spec if c.relation in registry.names() else None
            if spec is not None and spec.max_args is None and len(rest) >= max(spec.min_args, 2):
                kept.append(dataclasses.replace(c, args=rest))
        self.constraints = kept
        self.out.removed.append(oid)

    def free(self, oid: str, *, with_dependents: bool = True) -> None:
        self.out.affected.add(oid)
        if with_dependents:
            self.out.affected.update(self.dependents(oid))

    def new_object(self, noun: str) -> str:
        match = load_catalog().resolve(noun)
        base = match.category.replace(" ", "_")
        taken = set(self.specs) | set(self.placed)
        oid = next(f"{base}_{n}" for n in range(1, 10_000) if f"{base}_{n}" not in taken)
        self.specs[oid] = ObjectSpec(id=oid, category=match.category, dimensions=match.dimensions, asset=match.asset)
        self.order.append(oid)
        self.out.added.append(oid)
        self.out.affected.add(oid)
        return oid

    def pose(self, oid: str, *, location: tuple[float, float, float] | None = None, yaw: float | None = None,
             dimensions: tuple[float, float, float] | None = None) -> None:
        """Lock ``oid`` at a new pose (unchanged parts from its current one)."""
        p = self.placed[oid]
        rot = (p.rotation_euler[0], p.rotation_euler[1], p.rotation_euler[2] if yaw is None else yaw)
        self.specs[oid] = dataclasses.replace(self.specs[oid], locked=True, location=location or p.location,
                                              rotation_euler=rot, dimensions=dimensions or p.dimensions,
                                              scale_range=None)
        self.posed.add(oid)

    def relate(self, constraints: Sequence[Constraint]) -> None:
        self.constraints.extend(constraints)

    def drop_placement(self, oid: str) -> None:
        """Forget how ``oid`` was placed: relations with it as subject, and groups it was in."""
        registry = default_registry()

        def grouped(c: Constraint) -> bool:
            spec = registry.get(c.relation).spec if c.relation in registry.names() else None
            return spec is not None and spec.max_args is None and oid in c.args
        self.constraints = [c for c in self.constraints if not (c.args and c.args[0] == oid) and not grouped(c)]

    def finish(self) -> EditOutcome:
        objects = []
        for oid in self.order:
            spec = self.specs[oid]
            if oid in self.out.affected and oid not in self.posed and spec.locked:
                spec = dataclasses.replace(spec, locked=False, location=None, rotation_euler=None)
            elif oid not in self.out.affected and oid in self.placed and not spec.locked:
                p = self.placed[oid]
                spec = dataclasses.replace(spec, locked=True, location=p.location, rotation_euler=p.rotation_euler,
                                           dimensions=p.dimensions, scale_range=None)
            objects.append(spec)
        self.out.program = dataclasses.replace(self.program, objects=objects, constraints=self.constraints)
        self.out.posed = set(self.posed)
        return self.out


def relaxed(outcome: EditOutcome, placed: Sequence[PlacedObject]) -> EditOutcome:
    """When the poses an edit chose do not fit (a bookshelf swapped into a chair's spot): the
    same edit with those objects free, each kept near the two objects closest to the spot it
    was given (soft), so the solver finds the nearest pose that fits."""
    specs = {o.id: o for o in outcome.program.objects}
    extra: list[Constraint] = []
    for oid in sorted(outcome.posed):
        spot = specs[oid].location
        if spot is None:
            continue
        others = [p for p in placed if p.id not in outcome.posed and p.id in specs and p.support not in specs]
        others.sort(key=lambda p: (round(math.dist(p.location[:2], spot[:2]), 4), p.id))
        extra += [Constraint("proximity", (oid, p.id), {"max_distance": 1.0}) for p in others[:2]]
    objects = [dataclasses.replace(o, locked=False, location=None) if o.id in outcome.posed else o
               for o in outcome.program.objects]
    program = dataclasses.replace(outcome.program, objects=objects,
                                  constraints=list(outcome.program.constraints) + extra)
    return dataclasses.replace(outcome, program=program, changes=outcome.changes + [
        f"{', '.join(sorted(outcome.posed))}: the exact pose did not fit; placed nearby"])


def apply_edits(program: Program, placed: Sequence[PlacedObject], scene: Scene, ops: Sequence[EditOp],
                picks: dict[int, str] | None = None) -> EditOutcome:
    """The program after ``ops``: untouched objects locked at their ``placed`` poses."""
    from .verbs import VERBS

    ed = _Editor(program, {p.id: p for p in placed}, scene)
    for k, op in enumerate(ops):
        ids: tuple[str, ...] = ()
        if op.verb in NEEDS_TARGET:
            g = targets_of(scene, op, (picks or {}).get(k))
            ids = g.ids
            ed.out.groundings.append({"op": k, "verb": op.verb, "reference": op.target.describe() if op.target else "",
                                      "status": g.status, "ids": list(ids)})
        VERBS[op.verb](ed, op, ids)
    return ed.finish()


def face_yaw(frm: tuple[float, float], to: tuple[float, float]) -> float:
    """The yaw whose front (sin yaw, -cos yaw) points from ``frm`` to ``to``."""
    return math.atan2(to[0] - frm[0], -(to[1] - frm[1]))
