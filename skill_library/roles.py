"""Relations grouped by the role they declare (``SPEC.physics``, ``PLACEMENT``, member params).

Code that treats a kind of relation alike (the offline coder: "everything that carries an
object", "the four sides") asks here instead of listing names, so a new relation plugin that
declares the role is treated like the built-ins that do.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable

from .base import Relation
from .quantifiers import MEMBER_PARAMS
from .registry import Registry, default_registry


@dataclass(frozen=True)
class Roles:
    """Relation names by role, read from one registry."""

    front_back: tuple[str, ...]  # Placement.side along args[1]'s depth: in front first, then behind
    left_right: tuple[str, ...]  # Placement.side along its width: left first, then right
    supporting: frozenset[str]  # physics support / inside: args[0] stands on / in args[1]
    stacking: frozenset[str]  # physics stack: each next argument rests on the one before
    floating: frozenset[str]  # physics above: args[0] hangs over args[1]
    groups: frozenset[str]  # Placement.group: arranges its objects as a line, lattice or ring
    walls: frozenset[str]  # Placement.boundary wall or corner: args[0] at the room's walls
    quantified: frozenset[str]  # over a member relation (its params): negation, counting
    apart: frozenset[str]  # a min_distance param: keeps args[0] that far from args[1] at least

    @property
    def sides(self) -> tuple[str, ...]:
        """Every side relation: in front, behind, left, right (as declared)."""
        return self.front_back + self.left_right

    @property
    def carrying(self) -> frozenset[str]:
        """Relations that put an object on or in another (supporting and stacking)."""
        return self.supporting | self.stacking


def _sides(relations: list[Relation], axis: int) -> tuple[str, ...]:
    """The side relations along one local axis, the negative direction first."""
    along = [r for r in relations if r.placement.side is not None and r.placement.side_axis() == axis]
    return tuple(r.name for r in sorted(along, key=lambda r: (sum(r.placement.side or (0.0, 0.0)), r.name)))


@functools.lru_cache(maxsize=4)
def _roles(registry: Registry) -> Roles:
    relations = [registry.get(name) for name in registry.names()]

    def named(test: Callable[[Relation], bool]) -> frozenset[str]:
        return frozenset(r.name for r in relations if test(r))

    return Roles(
        front_back=_sides(relations, 1), left_right=_sides(relations, 0),
        supporting=named(lambda r: r.spec.physics in ("support", "inside")),
        stacking=named(lambda r: r.spec.physics == "stack"),
        floating=named(lambda r: r.spec.physics == "above"),
        groups=named(lambda r: r.placement.group is not None),
        walls=named(lambda r: r.placement.boundary in ("wall", "corner")),
        quantified=named(lambda r: any(p.name == MEMBER_PARAMS.name for p in r.spec.params)),
        apart=named(lambda r: r.spec.max_args == 2 and any(p.name == "min_distance" for p in r.spec.params)))


def roles(registry: Registry | None = None) -> Roles:
    """The roles of ``registry``'s relations (default: the library in use), cached per registry."""
    return _roles(registry if registry is not None else default_registry())
