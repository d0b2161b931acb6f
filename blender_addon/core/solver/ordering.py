"""The member order of ``row``/``grid``/``around``/``stacked``: a discrete choice made before search.

The issue asks for these orders to be chosen globally, CSP-style, together with the other
constraints, rather than taken as listed. The set of args never changes, only their order
(``around`` keeps its centre last), and the chosen order is what every score, check and
report sees, so a relation holds with its args as reported. The choice depends on the
program alone (not on poses or seeds): compiling the same program twice, in the solver or
in an audit of the built scene, gives the same order.

For each such constraint the other constraints among its members become precedence edges
(``u`` must come before ``v``):

* ``stacked`` (bottom first): ``on_top_of``/``stacked``/``inside`` between members put the
  support first; ``hierarchy`` and ``scaling`` put the larger one first. Without such edges
  the listed order is kept when every object fits on the one below it, else the members go
  largest footprint first, so each child fits its parent.
* ``row``/``grid`` (along the line, either way): ``left_of``/``right_of`` and
  ``in_front_of``/``behind`` between members say who comes first (left before right,
  front before behind).
* ``around`` (around the centre): ``left_of(a, b)`` puts a next to b on b's left, which is
  counter-clockwise for objects facing the centre; ``right_of`` the other way.

The listed order is kept when it (or, except for a stack, the same order read backwards)
respects every edge: the program pinned it. Otherwise a topological sort of the edges gives
the order; among the members free to come next it takes the earliest listed one and, where
the edges form a cycle, it gives up the lightest edge into the cycle.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Protocol

import numpy as np

if TYPE_CHECKING:  # problem.py calls choose_orders while it compiles
    from .problem import BoundConstraint, Problem

log = logging.getLogger(__name__)


Edge = tuple[int, int, float]  # (before, after, weight)


class Ranked(Protocol):
    """A priority: anything ``<`` orders (a number, a tuple of numbers)."""

    def __lt__(self, other: Any, /) -> bool: ...


def choose_orders(problem: Problem) -> list[BoundConstraint]:
    """The problem's constraints, each row/grid/around/stacked with its members in the chosen order."""
    out = []
    for con in problem.constraints:
        if not (con.placement.ordered or _is_chain(con)):
            out.append(con)
            continue
        members = con.placement.members(con.args)
        order = _order_members(problem, con, members)
        if order != members:
            log.info("%s: members reordered to %s", con.label, ", ".join(problem.ids[i] for i in order))
            tail = con.args[len(members):]
            con = replace(con, args=tuple(order) + tuple(tail))
        out.append(con)
    return out


def _is_chain(con: BoundConstraint) -> bool:
    """A stack: each arg rests on the one before (its order is the support order)."""
    return con.physics == "stack"


def _order_members(problem: Problem, con: BoundConstraint, members: list[int]) -> list[int]:
    listed = {m: pos for pos, m in enumerate(members)}
    edges = _precedence(problem, con, set(members))
    # a row, grid or ring read backwards is the same arrangement (its check takes either direction)
    readings = [members] if _is_chain(con) else [members, members[::-1]]
    if any(_keeps(order, edges) for order in readings):
        order = list(members)
    else:
        order = topological_order(members, edges, lambda m: listed[m])
    if _is_chain(con) and not edges and not _fits_in_order(problem, order):
        order = topological_order(members, [], lambda m: (-_footprint_area(problem, m), listed[m]))
    return order


def _keeps(order: list[int], edges: list[Edge]) -> bool:
    position = {m: k for k, m in enumerate(order)}
    return all(position[before] < position[after] for before, after, _ in edges)


def _precedence(problem: Problem, con: BoundConstraint, members: set[int]) -> list[Edge]:
    """Precedence edges among ``members`` from every other constraint over two or more of them."""
    edges: list[Edge] = []
    for other in problem.constraints:
        if other.index == con.index:
            continue
        inside = [a for a in other.args if a in members]
        if len(inside) < 2:
            continue
        if _is_chain(con):
            edges.extend(_stack_edges(problem, other, members))
        elif con.placement.group != "ring":
            edges.extend(_side_edges(other))
        elif other.placement.side and other.placement.side_axis() == 0:  # around: left of b is counter-clockwise of b
            edges.extend(_side_edges(other))  # (left before right = clockwise; the check takes either way round)
    return [e for e in edges if e[0] in members and e[1] in members and e[0] != e[1]]


def _side_edges(con: BoundConstraint) -> list[Edge]:
    if con.placement.side is None or len(con.args) != 2:
        return []
    a, b = con.args
    return [(a, b, con.effective_weight) if con.placement.side_first() else (b, a, con.effective_weight)]


def _stack_edges(problem: Problem, con: BoundConstraint, members: set[int]) -> list[Edge]:
    w = con.effective_weight
    if con.physics in ("support", "inside") and len(con.args) == 2:
        return [(con.args[1], con.args[0], w)]
    if _is_chain(con):
        chain = [a for a in con.args if a in members]
        return [(lo, hi, w) for lo, hi in zip(chain, chain[1:])]
    if con.placement.scale == "order":
        chain = [a for a in con.args if a in members]
        descending = str(con.params.get("order", "descending") or "descending") == "descending"
        return [(big, small, w) if descending else (small, big, w) for big, small in zip(chain, chain[1:])]
    if con.placement.scale == "ratio" and con.params.get("ratio") not in (None, 1.0):
        a, b = con.args  # height(a) / height(b) = ratio: the taller one goes lower
        return [(a, b, w)] if float(con.params["ratio"]) > 1.0 else [(b, a, w)]
    return []


def topological_order(nodes: list[int], edges: list[Edge],
                      priority: Callable[[int], Ranked]) -> list[int]:
    """Nodes with every edge's ``before`` ahead of its ``after``, the lowest ``priority`` first
    among those free to come next; on a cycle the node whose pending incoming edges weigh least goes."""
    pending: dict[int, dict[int, float]] = {n: {} for n in nodes}  # node -> {predecessor: weight}
    for before, after, weight in edges:
        pending[after][before] = pending[after].get(before, 0.0) + weight
    order: list[int] = []
    left = list(nodes)
    while left:
        free = [n for n in left if not pending[n]]
        if free:
            chosen = min(free, key=priority)
        else:  # a cycle: break it where the least weight is given up
            chosen = min(left, key=lambda n: (sum(pending[n].values()), priority(n)))
            log.info("order cycle: %d's precedence given up", chosen)
        order.append(chosen)
        left.remove(chosen)
        for n in left:
            pending[n].pop(chosen, None)
    return order


def _footprint_area(problem: Problem, i: int) -> float:
    size = problem.base_size[i, :2] * problem.scale_hi[i]
    return float(size[0] * size[1])


def _fits_in_order(problem: Problem, order: list[int]) -> bool:
    """Each object's smallest footprint fits the largest top of the one below it (either way round)."""
    for below, above in zip(order, order[1:]):
        small = np.sort(problem.base_size[above, :2] * problem.scale_lo[above])
        big = np.sort(problem.base_size[below, :2] * problem.scale_hi[below])
        if not bool(np.all(small <= big + 1e-9)):
            return False
    return True
