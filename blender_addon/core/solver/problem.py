"""Compile a :class:`Program` into index arrays the solver works on.

Every constraint is bound through the skill-library registry (unknown relation, wrong
arity or a bad parameter raise :class:`ProgramError` naming the constraint), its args become
indices into the object arrays, the members of row/grid/around/stacked are put in the
order the other constraints call for (:mod:`.ordering`), and the relations' ``physics``
roles become the support candidates and collision exemptions of CONTRACTS §4.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Mapping

import numpy as np

from ....skill_library.base import Placement, Relation
from ....skill_library.registry import default_registry
from ..architecture.mounting import complete_program
from ..errors import ProgramError
from ..model import Program
from .architecture import fixture_rows, inner_levels, program_fixtures, rest_heights, surface_levels
from .ordering import choose_orders

log = logging.getLogger(__name__)

# Weight multiplier of a constraint marked ``hard``: it must dominate every soft term.
HARD_FACTOR = 10.0


@dataclass(frozen=True)
class BoundConstraint:
    """One constraint after binding: the relation, arg indices and filled-in params."""

    index: int  # position in program.constraints
    relation: Relation
    args: tuple[int, ...]
    params: Mapping[str, Any]
    weight: float
    hard: bool
    label: str
    relation_name: str  # as the program wrote it ("custom:NAME" for custom relations)

    @property
    def name(self) -> str:
        return self.relation.spec.name

    @property
    def physics(self) -> str:
        return self.relation.spec.physics

    @property
    def placement(self) -> Placement:
        """The relation's moves and discrete role (what the solver reads instead of its name)."""
        return self.relation.placement

    @property
    def effective_weight(self) -> float:
        return self.weight * (HARD_FACTOR if self.hard else 1.0)


@dataclass(frozen=True)
class SupportOption:
    """A way an object can rest: on/inside/above ``parent`` because of constraint ``constraint``."""

    parent: int
    mode: str  # "on" | "inside" | "above"
    constraint: int  # index into Problem.constraints
    gap: float = 0.0  # above: min_gap


@dataclass
class Problem:
    """A program as arrays: N objects, bound constraints, physics roles, bounds."""

    ids: list[str]
    base_size: np.ndarray  # [N, 3] dimensions at scale 1
    scale_lo: np.ndarray  # [N]
    scale_hi: np.ndarray  # [N]
    locked: np.ndarray  # [N] bool
    locked_pos: np.ndarray  # [N, 3] (meaningful where locked)
    locked_yaw: np.ndarray  # [N]
    constraints: list[BoundConstraint]
    bounds_min: np.ndarray | None
    bounds_max: np.ndarray | None
    support_options: dict[int, list[SupportOption]] = field(default_factory=dict)
    exempt_pairs: set[frozenset[int]] = field(default_factory=set)
    by_object: list[list[int]] = field(default_factory=list)  # object -> constraint positions
    categories: list[str] = field(default_factory=list)  # [N] nouns (masses for the stability rule)
    # issue 13: architecture fixtures (locked, after the program's objects), mounts, named surfaces
    n_objects: int = -1  # the program's objects come first; -1: all N
    fixture_kinds: dict[int, str] = field(default_factory=dict)  # index -> "wall" | "door" | "window"
    mounts: list[str] = field(default_factory=list)  # [N] floor | wall | ceiling | surface
    rest_z: np.ndarray | None = None  # [N] bottom above the ground of free roots (hung objects)
    surface_level: np.ndarray | None = None  # [N] fraction of the parent's height a child rests at
    surface_names: dict[int, str] = field(default_factory=dict)  # child -> named surface of its parent
    inner_level: np.ndarray | None = None  # [N] fraction of its container's height a thing inside it rests at

    @property
    def count(self) -> int:
        return len(self.ids)

    @property
    def ground_z(self) -> float:
        return float(self.bounds_min[2]) if self.bounds_min is not None else 0.0

    def index_of(self) -> dict[str, int]:
        return {oid: i for i, oid in enumerate(self.ids)}


def make_registry(extra_relations: Mapping[str, Relation] | None) -> Any:
    """The default registry, extended with ``custom:NAME`` relations when given."""
    registry = default_registry()
    if extra_relations:
        registry = registry.with_extra(dict(extra_relations))
    return registry


def compile_program(program: Program, extra_relations: Mapping[str, Relation] | None = None) -> Problem:
    """Bind every constraint and lay the program out as arrays; raises ProgramError on bad input.

    The knowledge base's defaults are filled in first (mounts, surfaces, wall heights:
    :func:`complete_program`); the room's walls and openings follow the objects as locked fixtures.
    """
    registry = make_registry(extra_relations)
    program = complete_program(program, registry)
    arch = fixture_rows(program_fixtures(program))
    ids = [o.id for o in program.objects] + arch["ids"]
    index = {oid: i for i, oid in enumerate(ids)}
    n, n_objects = len(ids), len(program.objects)
    base_size = np.concatenate([np.array([o.dimensions for o in program.objects], dtype=float).reshape(-1, 3),
                                arch["size"]])
    scale_lo = np.ones(n)
    scale_hi = np.ones(n)
    locked = np.zeros(n, dtype=bool)
    locked_pos = np.zeros((n, 3))
    locked_yaw = np.zeros(n)
    for i, obj in enumerate(program.objects):
        if obj.scale_range is not None and not obj.locked:
            scale_lo[i], scale_hi[i] = obj.scale_range
        if obj.locked:
            if obj.location is None:
                raise ProgramError("is locked but has no 'location'", f"object '{obj.id}'")
            locked[i] = True
            locked_pos[i] = obj.location
            locked_yaw[i] = obj.rotation_euler[2] if obj.rotation_euler is not None else 0.0
    locked[n_objects:], locked_pos[n_objects:], locked_yaw[n_objects:] = True, arch["pos"], arch["yaw"]
    constraints = [_bind(registry, con, k, index) for k, con in enumerate(program.constraints)]
    bounds_min = np.array(program.bounds.min, dtype=float) if program.bounds is not None else None
    bounds_max = np.array(program.bounds.max, dtype=float) if program.bounds is not None else None
    problem = Problem(ids=ids, base_size=base_size, scale_lo=scale_lo, scale_hi=scale_hi, locked=locked,
                      locked_pos=locked_pos, locked_yaw=locked_yaw, constraints=constraints,
                      bounds_min=bounds_min, bounds_max=bounds_max,
                      categories=[o.category for o in program.objects] + arch["kinds"], n_objects=n_objects,
                      fixture_kinds={n_objects + j: kind for j, kind in enumerate(arch["kinds"])},
                      mounts=[str(o.mount or "floor") for o in program.objects] + ["fixture"] * len(arch["ids"]),
                      rest_z=np.concatenate([rest_heights(program), np.zeros(len(arch["ids"]))]))
    _levels(problem, program)
    problem.constraints = choose_orders(problem)  # row/grid/around/stacked members in the chosen order
    _collect_roles(problem)
    log.debug("compiled %d objects, %d constraints, %d exempt pairs", n, len(constraints),
              len(problem.exempt_pairs))
    return problem


def _levels(problem: Problem, program: Program) -> None:
    """The share of its parent's height each child rests at: on a named surface, inside a container."""
    problem.surface_level, problem.surface_names = surface_levels(program, problem.count)
    inside = [(c.args[0], c.args[1]) for c in problem.constraints if c.physics == "inside" and len(c.args) == 2]
    problem.inner_level = inner_levels(program, inside, problem.count)


def _bind(registry: Any, con: Any, k: int, index: Mapping[str, int]) -> BoundConstraint:
    where = f"constraints[{k}] {con.label()}"
    registry.get(con.relation, where)  # an unknown relation is the first thing to report
    for arg in con.args:
        if arg not in index:
            raise ProgramError(f"unknown object id '{arg}'", where)
    if len(set(con.args)) != len(con.args):
        raise ProgramError("the same object appears twice in args", where)
    relation, params = registry.bind(con, f"constraints[{k}]")  # bind() appends the label itself
    return BoundConstraint(index=k, relation=relation, args=tuple(index[a] for a in con.args),
                           params=dict(params), weight=float(con.weight), hard=bool(con.hard),
                           label=con.label(), relation_name=con.relation)


def _collect_roles(problem: Problem) -> None:
    """Support options and collision exemptions from the relations' physics roles."""
    problem.by_object = [[] for _ in range(problem.count)]
    for pos, con in enumerate(problem.constraints):
        for i in con.args:
            problem.by_object[i].append(pos)
        role, args = con.physics, con.args
        if role == "support":
            _add_option(problem, args[0], SupportOption(args[1], "on", pos))
        elif role == "stack":
            for below, above in zip(args, args[1:]):
                _add_option(problem, above, SupportOption(below, "on", pos))
        elif role == "inside":
            _add_option(problem, args[0], SupportOption(args[1], "inside", pos))
        elif role == "above":
            gap = float(con.params.get("min_gap", 0.0) or 0.0)
            _add_option(problem, args[0], SupportOption(args[1], "above", pos, gap))
    problem.exempt_pairs = exempt_pairs_of(problem.constraints)
    for i, mount in enumerate(problem.mounts):  # hung objects keep their height: no parent sets it
        if mount in ("wall", "ceiling"):
            problem.support_options.pop(i, None)
    if problem.surface_level is not None:  # a child on an inner surface (a shelf, a seat) is inside b's box
        problem.exempt_pairs |= {frozenset(con.args[:2]) for con in problem.constraints
                                 if con.physics == "support" and problem.surface_level[con.args[0]] < 1.0}


def _add_option(problem: Problem, child: int, option: SupportOption) -> None:
    problem.support_options.setdefault(child, []).append(option)


def exempt_pairs_of(constraints: list[BoundConstraint]) -> set[frozenset[int]]:
    """Pairs a relation lets interpenetrate: `inside`, `under`, `overlap` (CONTRACTS §4.1).

    `on_top_of`/`stacked` pairs are not exempt: resting on a top face touches without
    overlapping (see :func:`resting_pairs_of` for the 2 cm a measured object may sink).
    """
    return {frozenset(con.args[:2]) for con in constraints
            if con.physics in ("inside", "under", "overlap") and len(con.args) >= 2}


def resting_pairs_of(constraints: list[BoundConstraint]) -> set[tuple[int, int]]:
    """(child, parent) pairs a support relation declares (`on_top_of`, consecutive `stacked`)."""
    out: set[tuple[int, int]] = set()
    for con in constraints:
        if con.physics == "support":
            out.add((con.args[0], con.args[1]))
        elif con.physics == "stack":
            out.update((above, below) for below, above in zip(con.args, con.args[1:]))
    return out
