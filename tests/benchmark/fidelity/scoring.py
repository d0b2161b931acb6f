"""A prompt's scoring function is its list of named checks (data in the prompt set), run
here over the layout. Every prompt also gets the physics and asset checks of ``UNIVERSAL``.
A prompt passes when all its required checks pass; its score is the share of checks passed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import checks_groups as g
from . import checks_pairs as p
from . import checks_physics as ph
from . import checks_things as th
from . import checks_walls as w
from .quant import Outcome
from .scene import View
from .vocab import Vocabulary

Check = Callable[[View, dict[str, Any]], Outcome]
_REL = {"what", "target"}
_PAIR = {"max", "min"}

# kind -> (function, required keys, optional keys); every check also has name/kind/required/quant
KINDS: dict[str, tuple[Check, set[str], set[str]]] = {
    "count": (th.count, {"what"}, {"eq", "min", "max"}),
    "size": (th.size, {"what"}, {"long_min", "long_max", "short_min", "short_max", "height_min", "height_max"}),
    "colour": (th.colour, {"what", "colour"}, set()),
    "material": (th.material, {"what", "material"}, set()),
    "finish": (th.finish, {"part"}, {"colour", "material"}),
    "opening": (th.opening, {"opening"}, {"wall", "eq", "min"}),
    "furnished": (th.furnished, set(), {"min", "max"}),
    "room_size": (th.room_size, set(), {"width", "depth", "tol", "square"}),
    "varied": (th.varied, {"what"}, {"ratio"}),
    "outdoor": (th.outdoor, set(), set()),
    "no_boxes": (th.no_boxes, set(), set()),
    "no_phantoms": (th.no_phantoms, set(), set()),
    "against_wall": (w.against_wall, {"what"}, {"wall", "back", "tol"}),
    "on_wall": (w.on_wall, {"what"}, {"wall", "z"}),
    "in_corner": (w.in_corner, {"what"}, {"corner", "tol"}),
    "centered": (w.centered, {"what"}, {"tol"}),
    "facing_dir": (w.facing_dir, {"what", "dir"}, {"tol"}),
    "facing_center": (w.facing_center, {"what"}, {"tol"}),
    "on_floor": (w.on_floor, {"what"}, set()),
    "each_corner": (w.each_corner, {"what"}, {"tol"}),
    "clear": (w.clear, set(), {"opening", "wall", "depth"}),
    "under_window": (w.under_window, {"what"}, {"wall"}),
    "near_opening": (w.near_opening, {"what"}, {"opening", "wall", "max"}),
    "flank_opening": (w.flank_opening, {"what"}, {"opening", "wall", "max"}),
    "on": (p.on, _REL, {"surface"}),
    "near": (p.near, _REL, _PAIR),
    "far": (p.far, _REL, {"min"}),
    "in_front": (p.in_front, _REL, {"max"}),
    "behind": (p.behind, _REL, {"max"}),
    "left_of": (p.left_of, _REL, {"max"}),
    "right_of": (p.right_of, _REL, {"max"}),
    "beside": (p.beside, _REL, {"max"}),
    "flank": (p.flank, _REL, {"max"}),
    "between": (p.between, _REL, {"target2"}),
    "opposite": (p.opposite, _REL, {"tol", "min"}),
    "under": (p.under, _REL, set()),
    "above": (p.above, _REL, {"max_gap"}),
    "facing": (p.facing, _REL, {"tol"}),
    "same_facing": (p.same_facing, _REL, {"tol"}),
    "parallel": (p.parallel, _REL, {"tol"}),
    "taller": (p.taller, _REL, {"ratio"}),
    "nothing_on": (p.nothing_on, {"target"}, set()),
    "distance": (p.distance, _REL, _PAIR),
    "over": (p.over, _REL, set()),
    "inside": (p.inside, _REL, set()),
    "direction_of": (p.direction_of, {"what", "target", "dir"}, {"min"}),
    "on_side": (p.on_side, {"what", "target", "side"}, set()),
    "at_end": (p.at_end, _REL, {"max", "both"}),
    "around": (g.around, _REL, {"max", "n", "min_sides"}),
    "per_side": (g.per_side, {"what", "target", "n"}, {"max", "long", "short"}),
    "row": (g.row, {"what"}, {"n", "tol", "even", "wall", "wall_tol", "along"}),
    "rows": (g.rows, {"what"}, {"rows", "min_rows", "per_row", "target", "dir", "gap"}),
    "grid": (g.grid, {"what", "rows", "cols"}, {"gap"}),
    "circle": (g.circle, {"what"}, {"target", "inward"}),
    "semicircle": (g.semicircle, {"what"}, {"target"}),
    "scattered": (g.scattered, {"what"}, {"target"}),
    "l_shape": (g.l_shape, {"what"}, set()),
    "pyramid": (g.pyramid, {"what", "layers"}, set()),
    "stack": (g.stack, {"what"}, {"n", "order"}),
    "no_overlap": (ph.no_overlap, set(), {"allow"}),
    "grounded": (ph.grounded, set(), {"float_ok"}),
    "inside_room": (ph.inside_room, set(), set()),
}
SELECTOR_KEYS = ("what", "target", "target2", "along")
UNIVERSAL: tuple[dict[str, Any], ...] = (
    {"name": "no big overlaps", "kind": "no_overlap"},
    {"name": "nothing floating", "kind": "grounded"},
    {"name": "inside the room", "kind": "inside_room"},
    {"name": "no labelled grey boxes", "kind": "no_boxes"},
    {"name": "no phantom objects", "kind": "no_phantoms"},
)


@dataclass(frozen=True)
class CheckResult:
    name: str
    kind: str
    required: bool
    ok: bool
    detail: str


@dataclass
class PromptResult:
    """One prompt's checks and verdict."""

    id: str
    checks: list[CheckResult] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return bool(self.checks) and all(c.ok for c in self.checks if c.required)

    @property
    def score(self) -> float:
        return sum(c.ok for c in self.checks) / len(self.checks) if self.checks else 0.0

    def failing(self) -> list[CheckResult]:
        return [c for c in self.checks if not c.ok]


def all_checks(prompt: dict[str, Any]) -> list[dict[str, Any]]:
    """The prompt's own checks followed by the universal ones (with its ``physics`` params)."""
    physics = prompt.get("physics", {})
    universal = [{**u, **{k: v for k, v in physics.items() if k in KINDS[u["kind"]][2]}} for u in UNIVERSAL]
    return list(prompt["checks"]) + universal


def problems(prompt: dict[str, Any], vocab: Vocabulary) -> list[str]:
    """What is wrong with a prompt's check list (unknown kinds, keys, selectors); [] when fine."""
    out = []
    for spec in all_checks(prompt):
        where = f"{prompt.get('id')}: check {spec.get('name')!r}"
        if spec.get("kind") not in KINDS:
            out.append(f"{where}: unknown kind {spec.get('kind')!r}")
            continue
        _, required, optional = KINDS[spec["kind"]]
        keys = set(spec) - {"name", "kind", "required", "quant"}
        if missing := required - keys:
            out.append(f"{where}: missing {sorted(missing)}")
        if extra := keys - required - optional:
            out.append(f"{where}: unknown keys {sorted(extra)}")
        if spec.get("quant", "any") not in ("any", "all", "most", "each_target", "one_each"):
            out.append(f"{where}: quant {spec['quant']!r}")
        for key in SELECTOR_KEYS:
            if key in spec:
                out += [f"{where}: unknown concept {c!r}" for c in _selector_names(spec[key], vocab)]
    return out


def _selector_names(selector: Any, vocab: Vocabulary) -> list[str]:
    items = [selector] if isinstance(selector, str) else list(selector)
    return [i for i in items if (i[1:] not in vocab.groups if i.startswith("@") else i not in vocab.concepts)]


def score(prompt: dict[str, Any], v: View | None, failure: str = "no layout") -> PromptResult:
    """Run every check of the prompt over the view (all fail when there is no layout)."""
    result = PromptResult(id=prompt["id"])
    for spec in all_checks(prompt):
        func = KINDS[spec["kind"]][0]
        ok, detail = func(v, spec) if v is not None else (False, failure)
        result.checks.append(CheckResult(name=spec["name"], kind=spec["kind"], required=spec.get("required", True),
                                         ok=bool(ok), detail=detail))
    return result
