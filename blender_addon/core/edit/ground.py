"""Grounding as constraint satisfaction (paper 000): which objects does a reference mean?

Every mention in a :class:`~.refer.Ref` (the target and each anchor it is related to) is a
variable over the scene's objects of its noun; relations and comparisons are constraints
between variables; all positive variables take different objects. Negations ("not on a
nightstand") and counts ("with no lamp on it", "with two books on it") are negative/counting
variables, checked as constraints over the objects they name. The search is backtracking
with forward checking; the target's ordinal and MIN_OF/MAX_OF are applied last, to the
targets that have a consistent assignment. An anchor's own ordinal or superlative ("next to
the largest table") is resolved first, on its own.

A reference that fits several objects is *ambiguous*: the result says so and lists them all
(the caller treats them as a choice or asks), never a silent guess.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from .predicates import BINARY, between, measure
from .refer import Compare, Count, Extreme, Ref, Relation
from .scene import Scene, SceneObject, matching

log = logging.getLogger(__name__)
MAX_NODES = 200_000
TIE = 1e-6


@dataclass(frozen=True)
class Grounding:
    """What a reference grounds to: the object ids, and whether that is one, all meant, or a choice."""

    ref: Ref
    ids: tuple[str, ...]
    status: str  # "unique" | "all" | "ambiguous" | "none"

    @property
    def unique(self) -> bool:
        return self.status == "unique"


@dataclass
class _Problem:
    domains: list[list[SceneObject]] = field(default_factory=list)
    constraints: list[tuple[tuple[int, ...], Callable[[Sequence[SceneObject]], bool]]] = field(default_factory=list)


def _test(scene: Scene, rel: Relation) -> Callable[[Sequence[SceneObject]], bool]:
    if rel.predicate == "between":
        return lambda objs: between(scene, objs[0], objs[1], objs[2])
    fn = BINARY[rel.predicate]
    if rel.reverse:
        return lambda objs: fn(scene, objs[1], objs[0])
    return lambda objs: fn(scene, objs[0], objs[1])


def _compare_test(scene: Scene, cmp: Compare) -> Callable[[Sequence[SceneObject]], bool]:
    sign = 1.0 if cmp.mode == "more" else -1.0

    def test(objs: Sequence[SceneObject]) -> bool:
        ref = objs[2] if len(objs) > 2 else None
        return sign * (measure(scene, cmp.measure, objs[0], ref) - measure(scene, cmp.measure, objs[1], ref)) > TIE
    return test


def pool(scene: Scene, ref: Ref) -> list[SceneObject]:
    """Every object ``ref`` may name as an anchor ("a nightstand": any; "the largest table": that one)."""
    if ref.ordinal is not None or ref.extremes:
        by_id = scene.by_id()
        return [by_id[i] for i in ground(scene, ref).ids]
    return candidates(scene, replace(ref, many=True))


def _holds(scene: Scene, rel: Relation, x: SceneObject) -> bool:
    """Whether some choice of the relation's anchors stands in it to ``x`` (negations test this)."""
    pools = [pool(scene, a) for a in rel.anchors]
    test = _test(scene, rel)
    if len(pools) == 1:
        return any(test((x, y)) for y in pools[0] if y.id != x.id)
    return any(test((x, y, z)) for y in pools[0] for z in pools[1] if len({x.id, y.id, z.id}) == 3)


def _count_ok(scene: Scene, x: SceneObject, count: Count) -> bool:
    fn = BINARY[count.predicate]
    things = [y for y in pool(scene, count.thing) if y.id != x.id]
    n = sum(1 for y in things if (fn(scene, y, x) if count.reverse else fn(scene, x, y)))
    return n == count.n if count.op == "==" else n >= count.n


def _unary(scene: Scene, ref: Ref) -> list[SceneObject]:
    if ref.ids:
        return [o for o in scene.objects if o.id in ref.ids]
    found = [o for o in matching(scene, ref.noun) if ref.color is None or o.color == ref.color]
    found = [o for o in found if not any(_holds(scene, rel, o) for rel in ref.negations)]
    return [o for o in found if all(_count_ok(scene, o, c) for c in ref.counts)]


def _build(scene: Scene, ref: Ref, problem: _Problem, top: bool) -> int:
    idx = len(problem.domains)
    problem.domains.append([])
    if not top and (ref.ordinal is not None or ref.extremes):
        problem.domains[idx] = [scene.by_id()[i] for i in ground(scene, ref).ids]
    else:
        problem.domains[idx] = _unary(scene, ref)
    for rel in ref.relations:
        anchors = tuple(_build(scene, a, problem, False) for a in rel.anchors)
        problem.constraints.append(((idx,) + anchors, _test(scene, rel)))
    for cmp in ref.comparisons:
        extra = (_build(scene, cmp.to, problem, False),) if cmp.to is not None else ()
        problem.constraints.append(((idx, _build(scene, cmp.other, problem, False)) + extra,
                                    _compare_test(scene, cmp)))
    return idx


def _consistent(problem: _Problem, assign: dict[int, SceneObject], domains: list[list[SceneObject]],
                nodes: list[int]) -> bool:
    """Backtracking with forward checking: can the unassigned variables be completed?"""
    nodes[0] += 1
    if nodes[0] > MAX_NODES:
        return False
    free = [v for v in range(len(domains)) if v not in assign]
    if not free:
        return True
    var = min(free, key=lambda v: (len(domains[v]), v))
    used = {o.id for o in assign.values()}
    for value in domains[var]:
        if value.id in used:
            continue
        trial = {**assign, var: value}
        pruned = _forward(problem, trial, domains)
        if pruned is not None and _consistent(problem, trial, pruned, nodes):
            return True
    return False


def _forward(problem: _Problem, assign: dict[int, SceneObject],
             domains: list[list[SceneObject]]) -> list[list[SceneObject]] | None:
    """Domains filtered by every constraint with one variable left open; None if one empties."""
    out = [list(d) for d in domains]
    for var, value in assign.items():
        out[var] = [value]
    for vars_, test in problem.constraints:
        open_ = [v for v in vars_ if v not in assign]
        if len(open_) > 1:
            continue
        if not open_:
            if not test([assign[v] for v in vars_]):
                return None
            continue
        slot = vars_.index(open_[0])
        fixed = [assign.get(v) for v in vars_]
        out[open_[0]] = [y for y in out[open_[0]]
                         if test([y if k == slot else fixed[k] for k in range(len(vars_))])]  # type: ignore[misc]
        if not out[open_[0]]:
            return None
    return out


def candidates(scene: Scene, ref: Ref) -> list[SceneObject]:
    """The objects ``ref`` can mean before its ordinal and superlatives (every consistent target)."""
    problem = _Problem()
    _build(scene, replace(ref, ordinal=None, extremes=()), problem, True)
    nodes = [0]
    out = [t for t in problem.domains[0] if _consistent(problem, {0: t}, _pinned(problem, t), nodes)]
    if nodes[0] > MAX_NODES:
        log.warning("grounding search stopped after %d nodes: the result may be incomplete", MAX_NODES)
    return out


def _pinned(problem: _Problem, target: SceneObject) -> list[list[SceneObject]]:
    return [[target]] + [list(d) for d in problem.domains[1:]]


def _apply_extreme(scene: Scene, found: list[SceneObject], ex: Extreme) -> list[SceneObject]:
    if not found:
        return found
    anchors = pool(scene, ex.to) if ex.to is not None else [None]

    def value(x: SceneObject) -> float:
        vals = [measure(scene, ex.measure, x, a) for a in anchors if a is None or a.id != x.id]
        return min(vals) if vals else float("inf")
    scored = [(value(x), x) for x in found]
    best = min(v for v, _ in scored) if ex.mode == "min" else max(v for v, _ in scored)
    return [x for v, x in scored if abs(v - best) <= TIE]


def _apply_ordinal(scene: Scene, found: list[SceneObject], ref: Ref) -> list[SceneObject]:
    ordinal = ref.ordinal
    if ordinal is None or not found:
        return found
    ordered = sorted(found, key=lambda o: (measure(scene, ordinal.measure, o), o.id), reverse=ordinal.mode == "max")
    if ordinal.n == 0:  # the middle one
        mid = len(ordered) // 2
        return ordered[mid:mid + 1] if len(ordered) % 2 else ordered[mid - 1:mid + 1]
    k = ordinal.n - 1 if ordinal.n > 0 else len(ordered) - 1
    return ordered[k:k + 1] if 0 <= k < len(ordered) else []


def ground(scene: Scene, ref: Ref) -> Grounding:
    """Ground ``ref`` in ``scene``: CSP over its mentions, then ordinal and MIN_OF/MAX_OF last."""
    if ref.ids:  # named by id: exactly those that exist
        ids = tuple(i for i in ref.ids if i in scene.by_id())
        status = "none" if not ids else "unique" if len(ids) == 1 else "all"
        return Grounding(ref=ref, ids=ids, status=status)
    found = candidates(scene, ref)
    for ex in ref.extremes:
        found = _apply_extreme(scene, found, ex)
    found = _apply_ordinal(scene, found, ref)
    ids = tuple(o.id for o in found)
    if not ids:
        status = "none"
    elif ref.many:
        status = "all"
    else:
        status = "unique" if len(ids) == 1 else "ambiguous"
    return Grounding(ref=ref, ids=ids, status=status)
