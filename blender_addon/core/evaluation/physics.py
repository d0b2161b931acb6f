"""Physical validity (CONTRACTS §4, SetItUp's feasibility): collision-free %, supported %,
in-bounds %, from the evaluator's own oriented boxes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ....skill_library.registry import default_registry
from ..model import Bounds, ConstraintResult
from .geometry import Box, penetration

COLLISION_TOL = 0.01  # m: boxes may overlap by 1 cm
SUPPORT_TOL = 0.02  # m: a bottom within 2 cm of its support
BOUNDS_TOL = 0.01  # m
# Physics roles (CONTRACTS §4, declared by each relation's SPEC): pairs in contact or inside
# each other are not collisions; objects held up by an `above`/`inside` role may float.
EXEMPTING_ROLES = frozenset({"support", "stack", "inside", "under", "overlap"})
FLOATING_ROLES = frozenset({"above", "inside"})


def physics_role(relation: str) -> str:
    """A relation's physics role from the skill library ("none" for an unknown or custom one)."""
    registry = default_registry()
    return registry.get(relation).spec.physics if relation in registry else "none"


@dataclass
class PhysicsReport:
    """Who collides (with depth), who floats, who pokes out, and the three shares in %."""

    objects: int
    collisions: list[tuple[str, str, float]] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    out_of_bounds: list[str] = field(default_factory=list)
    has_bounds: bool = True

    def _share(self, bad: set[str]) -> float:
        return 100.0 if self.objects == 0 else 100.0 * (self.objects - len(bad)) / self.objects

    @property
    def collision_free_pct(self) -> float:
        return self._share({x for a, b, _ in self.collisions for x in (a, b)})

    @property
    def supported_pct(self) -> float:
        return self._share(set(self.unsupported))

    @property
    def in_bounds_pct(self) -> float | None:
        return self._share(set(self.out_of_bounds)) if self.has_bounds else None

    @property
    def valid(self) -> bool:
        return not (self.collisions or self.unsupported or self.out_of_bounds)

    def to_dict(self) -> dict[str, Any]:
        in_bounds = self.in_bounds_pct
        return {"objects": self.objects, "collision_free_pct": round(self.collision_free_pct, 2),
                "supported_pct": round(self.supported_pct, 2),
                "in_bounds_pct": None if in_bounds is None else round(in_bounds, 2), "valid": self.valid,
                "collisions": [[a, b, round(d, 4)] for a, b, d in self.collisions],
                "unsupported": list(self.unsupported), "out_of_bounds": list(self.out_of_bounds)}


def exempt_pairs(constraints: Sequence[ConstraintResult]) -> set[frozenset[str]]:
    """Object pairs a relation allows to touch or interpenetrate."""
    pairs: set[frozenset[str]] = set()
    for con in constraints:
        role = physics_role(con.relation)
        if role == "stack":
            pairs.update(frozenset(p) for p in zip(con.args, con.args[1:]))
        elif role in EXEMPTING_ROLES and len(con.args) >= 2:
            pairs.add(frozenset(con.args[:2]))
    return pairs


def collisions(boxes: Mapping[str, Box], exempt: set[frozenset[str]]) -> list[tuple[str, str, float]]:
    """Every pair overlapping by more than 1 cm, deepest first."""
    items = list(boxes.values())
    found = []
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if frozenset((a.id, b.id)) in exempt:
                continue
            depth = penetration(a, b)
            if depth > COLLISION_TOL:
                found.append((a.id, b.id, depth))
    return sorted(found, key=lambda item: -item[2])


def hangs(box: Box, support: str | None, bounds: Bounds | None) -> bool:
    """Held by what ``setdresser.layout/4`` names as its support: a wall (``north_wall``) its box
    touches (within :data:`SUPPORT_TOL` of that wall's inner plane), or the ceiling it hangs below."""
    if bounds is None or not support:
        return False
    lo, hi = box.world_aabb()
    if support == "ceiling":
        return bool(hi[2] <= bounds.max[2] + SUPPORT_TOL)
    gaps = {"north_wall": bounds.max[1] - hi[1], "south_wall": lo[1] - bounds.min[1],
            "east_wall": bounds.max[0] - hi[0], "west_wall": lo[0] - bounds.min[0]}
    return support in gaps and abs(float(gaps[support])) <= SUPPORT_TOL


def is_supported(box: Box, boxes: Mapping[str, Box], ground_z: float) -> bool:
    """On the ground, or on the top face of some object with its centre over that object."""
    if abs(box.z0 - ground_z) <= SUPPORT_TOL:
        return True
    return any(other.id != box.id and abs(box.z0 - other.z1) <= SUPPORT_TOL and other.contains_xy(box.centre)
               for other in boxes.values())


def out_of_bounds(box: Box, bounds: Bounds) -> bool:
    lo, hi = box.world_aabb()
    return bool(any(lo[i] < bounds.min[i] - BOUNDS_TOL or hi[i] > bounds.max[i] + BOUNDS_TOL for i in range(3)))


def physics_report(boxes: Mapping[str, Box], constraints: Sequence[ConstraintResult],
                   bounds: Bounds | None, supports: Mapping[str, str | None] | None = None) -> PhysicsReport:
    """Check the three implicit rules; objects an ``above``/``inside`` relation holds up may float,
    and a hung object (``supports``: the layout's, a wall or ``ceiling``) is held where it touches."""
    ground = bounds.ground_z if bounds is not None else 0.0
    may_float = {c.args[0] for c in constraints if physics_role(c.relation) in FLOATING_ROLES and c.args}
    report = PhysicsReport(objects=len(boxes), has_bounds=bounds is not None)
    report.collisions = collisions(boxes, exempt_pairs(constraints))
    held = {b.id for b in boxes.values() if hangs(b, (supports or {}).get(b.id), bounds)}
    report.unsupported = [b.id for b in boxes.values()
                          if b.id not in may_float | held and not is_supported(b, boxes, ground)]
    if bounds is not None:
        report.out_of_bounds = [b.id for b in boxes.values() if out_of_bounds(b, bounds)]
    return report
