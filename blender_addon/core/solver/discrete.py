"""The discrete stage: global choices made CSP-style before any pose is searched.

* support: which object each one rests on (or in, or floats above). Variables are the
  objects with support relations, domains their declared parents plus the ground; the
  assignment must be a forest, each child must fit on (or in) its parent and a top face
  cannot carry more footprint than it has. Depth-first search with forward checking and
  branch-and-bound on the weight of the support relations given up (CSVG: all
  constraints at once, not one relation at a time).
* walls/corners: which side ``"any"`` means. A wall must be long enough for everything
  against it and a corner holds one object; relations between wall objects add
  preferences (facing -> opposite walls, proximity -> same wall), and a side out of reach of
  a fixed thing the object must stand by costs (:mod:`.walls`); the best few distinct
  assignments seed the restarts.
* scales: ``hierarchy`` and ``scaling`` fix an order of sizes; scales are assigned so the
  order holds strictly inside each object's ``scale_range``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import numpy as np

from .problem import Problem, SupportOption
from .walls import wall_assignments

log = logging.getLogger(__name__)

MODES = ("ground", "on", "inside", "above")
MAX_CSP_NODES = 20000  # support search cap; programs seen so far need < 500 nodes


@dataclass
class Plan:
    """The discrete decisions one restart of the continuous search works with."""

    parent: np.ndarray  # [N] int, -1 = ground
    mode: np.ndarray  # [N] int index into MODES
    gap: np.ndarray  # [N] float, `above` clearance
    levels: list[np.ndarray]  # non-root objects grouped by depth (parents before children)
    descendants: list[np.ndarray]  # object -> itself followed by everything resting on it
    params: list[dict[str, Any]]  # per constraint: params with "any" resolved for the search
    scale0: np.ndarray  # [N] initial uniform scales
    yaw_class: np.ndarray  # [N] 0 = along the axes, 1 = turned a quarter, -1 = free (see yaw_classes)


def plan_variants(problem: Problem, rng: np.random.Generator, count: int) -> list[Plan]:
    """Up to ``count`` plans: one support forest, distinct wall assignments, a scale assignment."""
    parent, mode, gap = solve_support(problem)
    scale0 = assign_scales(problem)
    yaw_class = yaw_classes(problem)
    levels, descendants = _forest_structure(parent)
    walls = wall_assignments(problem, rng, count)
    plans = []
    for assignment in walls:
        params = [dict(c.params) for c in problem.constraints]
        for pos, side in assignment.items():
            params[pos][str(problem.constraints[pos].placement.boundary_param)] = side
        plans.append(Plan(parent=parent, mode=mode, gap=gap, levels=levels, descendants=descendants,
                          params=params, scale0=scale0, yaw_class=yaw_class))
    return plans


# ---------------------------------------------------------------- support forest


def solve_support(problem: Problem) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Choose each object's support (parent index or -1, mode, gap) honouring the most relation weight."""
    variables, domains = _support_domains(problem)
    best: dict[str, Any] = {"cost": float("inf"), "assign": {}}
    nodes = [0]

    def cost_of(option: SupportOption | None, i: int) -> float:
        total = sum(problem.constraints[o.constraint].effective_weight for o in problem.support_options[i])
        return total - (problem.constraints[option.constraint].effective_weight if option else 0.0)

    def search(k: int, assign: dict[int, SupportOption | None], load: dict[int, float], cost: float) -> None:
        nodes[0] += 1
        if cost >= best["cost"] or nodes[0] > MAX_CSP_NODES:
            return
        if k == len(variables):
            if not _too_tall(problem, assign):
                best["cost"], best["assign"] = cost, dict(assign)
            return
        i = variables[k]
        for option in sorted(domains[i], key=lambda o: cost_of(o, i)):
            if option is not None:
                if _creates_cycle(assign, i, option.parent, problem):
                    continue
                area = _min_area(problem, i) if option.mode == "on" else 0.0
                if load.get(option.parent, 0.0) + area > _max_area(problem, option.parent) + 1e-9:
                    continue
                load[option.parent] = load.get(option.parent, 0.0) + area
            assign[i] = option
            search(k + 1, assign, load, cost + cost_of(option, i))
            del assign[i]
            if option is not None:
                load[option.parent] -= _min_area(problem, i) if option.mode == "on" else 0.0

    search(0, {}, {}, 0.0)
    log.info("support CSP: %d variables, %d nodes, %.2f weight given up", len(variables), nodes[0], best["cost"])
    return _support_arrays(problem.count, best["assign"])


def _support_domains(problem: Problem) -> tuple[list[int], dict[int, list[SupportOption | None]]]:
    """The objects whose support is to choose, most constrained first, and each one's options
    that fit (None: standing on the floor or on nothing)."""
    n = problem.count
    variables = [i for i in range(n) if i in problem.support_options and not problem.locked[i]]
    domains = {i: [o for o in problem.support_options[i] if _fits(problem, i, o)] + [None] for i in variables}
    for i in variables:
        dropped = len(problem.support_options[i]) + 1 - len(domains[i])
        if dropped:
            log.info("%s cannot fit on %d declared support(s)", problem.ids[i], dropped)
    variables.sort(key=lambda i: (len(domains[i]), i))  # most constrained first
    return variables, domains


def _support_arrays(n: int, assign: dict[int, SupportOption | None]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The chosen supports as arrays: parent index (-1: none), mode index and gap per object."""
    parent = -np.ones(n, dtype=int)
    mode = np.zeros(n, dtype=int)
    gap = np.zeros(n)
    for i, option in assign.items():
        if option is not None:
            parent[i], mode[i], gap[i] = option.parent, MODES.index(option.mode), option.gap
    return parent, mode, gap


def _too_tall(problem: Problem, assign: dict[int, SupportOption | None]) -> bool:
    """Some pile (at its smallest scales) would reach through the ceiling of the bounds."""
    if problem.bounds_max is None or problem.bounds_min is None:
        return False
    ceiling = float(problem.bounds_max[2] - problem.bounds_min[2])
    memo: dict[int, float] = {}

    def top(i: int) -> float:
        if i not in memo:
            own = float(problem.base_size[i, 2] * problem.scale_lo[i])
            option = assign.get(i)
            if option is None:
                memo[i] = own
            elif option.mode == "inside":  # on the container's inner floor (its bottom when it has none)
                parent_height = float(problem.base_size[option.parent, 2] * problem.scale_lo[option.parent])
                inner = float(problem.inner_level[i]) if problem.inner_level is not None else 0.0
                memo[i] = top(option.parent) - parent_height * (1.0 - inner) + own
            else:
                memo[i] = top(option.parent) + option.gap + own
        return memo[i]

    return any(top(i) > ceiling + 1e-9 for i in assign)


def _creates_cycle(assign: dict[int, SupportOption | None], child: int, parent: int, problem: Problem) -> bool:
    node: int | None = parent
    seen = 0
    while node is not None and seen <= problem.count:
        if node == child:
            return True
        option = assign.get(node)
        node = option.parent if option is not None else None
        seen += 1
    return False


def _min_area(problem: Problem, i: int) -> float:
    size = problem.base_size[i] * problem.scale_lo[i]
    return float(size[0] * size[1])


def _max_area(problem: Problem, i: int) -> float:
    size = problem.base_size[i] * problem.scale_hi[i]
    levels = {problem.surface_names.get(c.args[0], "top") for c in problem.constraints
              if c.physics == "support" and len(c.args) == 2 and c.args[1] == i}  # shelves carry one load each
    return float(size[0] * size[1]) * max(1, len(levels))


def _fits(problem: Problem, child: int, option: SupportOption) -> bool:
    """The child's smallest footprint fits the parent's largest top (either way round); inside: the
    box too, as far as the relation lets it stick out (its ``tolerance`` a side, ``above_rim`` over
    the top: a man seated in a bathtub, a cat curled up in a basket)."""
    if option.mode == "above":
        return True
    params = problem.constraints[option.constraint].params if option.mode == "inside" else {}
    slack = float(params.get("tolerance", 0.0))
    small = np.sort(problem.base_size[child, :2] * problem.scale_lo[child])
    big = np.sort(problem.base_size[option.parent, :2] * problem.scale_hi[option.parent])
    fits = bool(np.all(small <= big + 2.0 * slack + 1e-9))
    if option.mode == "inside":
        fits = fits and problem.base_size[child, 2] * problem.scale_lo[child] <= \
            problem.base_size[option.parent, 2] * problem.scale_hi[option.parent] + \
            float(params.get("above_rim", 0.0)) + slack + 1e-9
    return fits


def _forest_structure(parent: np.ndarray) -> tuple[list[np.ndarray], list[np.ndarray]]:
    n = len(parent)
    depth = np.zeros(n, dtype=int)
    for i in range(n):
        node, d = i, 0
        while parent[node] >= 0 and d <= n:
            node, d = parent[node], d + 1
        depth[i] = d
    levels = [np.nonzero(depth == d)[0] for d in range(1, int(depth.max(initial=0)) + 1)]
    children: list[list[int]] = [[] for _ in range(n)]
    for i in np.argsort(depth, kind="stable"):
        if parent[i] >= 0:
            children[parent[i]].append(int(i))
    descendants = []
    for i in range(n):
        out, stack = [i], list(children[i])
        while stack:
            j = stack.pop(0)
            out.append(j)
            stack.extend(children[j])
        descendants.append(np.array(out, dtype=int))
    return levels, descendants


# ---------------------------------------------------------------- orientation classes


def yaw_classes(problem: Problem) -> np.ndarray:
    """Which quarter turn each object takes, so `parallel`/`perpendicular` chains agree.

    A two-colouring of the graph whose edges are `parallel` (same class) and
    `perpendicular` (other class), breadth first from the most constrained object; on an
    odd cycle the heavier relations win. Locked objects seed their component with their
    own yaw. Objects in no such relation stay free (-1).
    """
    edges: list[list[tuple[int, int, float]]] = [[] for _ in range(problem.count)]
    for con in problem.constraints:
        if con.placement.quarter_turns is not None and len(con.args) == 2:
            a, b = con.args
            flip = con.placement.quarter_turns % 2
            edges[a].append((b, flip, con.effective_weight))
            edges[b].append((a, flip, con.effective_weight))
    out = -np.ones(problem.count, dtype=int)
    seeds = sorted(range(problem.count), key=lambda i: (not problem.locked[i], -len(edges[i]), i))
    for start in seeds:
        if out[start] >= 0 or not edges[start]:
            continue
        out[start] = int(round(problem.locked_yaw[start] / (np.pi / 2))) % 2 if problem.locked[start] else 0
        queue = [start]
        while queue:
            i = queue.pop(0)
            for j in sorted({j for j, _, _ in edges[i]} - set(np.nonzero(out >= 0)[0])):
                votes = [0.0, 0.0]
                for k, flip, w in edges[j]:
                    if out[k] >= 0:
                        votes[(out[k] + flip) % 2] += w
                out[j] = int(np.argmax(votes))
                queue.append(j)
    return out


# ---------------------------------------------------------------- scales


def assign_scales(problem: Problem) -> np.ndarray:
    """Initial scales: 1 clipped into range, then strict orders for `hierarchy` and ratios for `scaling`."""
    scale = np.clip(np.ones(problem.count), problem.scale_lo, problem.scale_hi)
    for con in problem.constraints:
        if con.placement.scale == "order":
            _order_scales(problem, scale, con.args, con.params)
        elif con.placement.scale == "ratio" and con.params.get("ratio") is not None:
            a, b = con.args
            target = float(con.params["ratio"]) * problem.base_size[b, 2] * scale[b] / problem.base_size[a, 2]
            scale[a] = float(np.clip(target, problem.scale_lo[a], problem.scale_hi[a]))
    return scale


def _size_key(size: np.ndarray, key: str) -> float:
    if key == "height":
        return float(size[2])
    if key == "width":
        return float(size[0])
    return float(np.prod(size))


def _order_scales(problem: Problem, scale: np.ndarray, args: tuple[int, ...], params: Any) -> None:
    """Scales making the key strictly monotone along ``args``: spread each within its feasible window."""
    key = str(params.get("key", "volume") or "volume")
    descending = str(params.get("order", "descending") or "descending") == "descending"
    power = 3.0 if key == "volume" else 1.0
    seq = list(args) if descending else list(args)[::-1]
    # value(i) = base_key(i) * s_i**power must strictly decrease along seq
    base = [_size_key(problem.base_size[i], key) for i in seq]
    lo = [base[j] * problem.scale_lo[i] ** power for j, i in enumerate(seq)]
    hi = [base[j] * problem.scale_hi[i] ** power for j, i in enumerate(seq)]
    values = np.geomspace(max(hi[0], 1e-9), max(lo[-1], 1e-9), len(seq)) if len(seq) > 1 else np.array(hi)
    for j, i in enumerate(seq):
        target = float(np.clip(values[j], lo[j], hi[j]))
        scale[i] = (target / max(base[j], 1e-12)) ** (1.0 / power)
