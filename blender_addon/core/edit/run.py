"""One edit, end to end in the pure core: parse, ground, choose, delta, re-solve.

:func:`plan_edit` returns the edited program, its solved layout and the record of what was
done (``edit.json``). Where a reference is ambiguous and ``ask`` is off, the candidates are a
choice for the solver: each is tried (at most :data:`MAX_CHOICES` combinations) and the layout
that holds most (physics first, then hard relations, then all relations) wins; ties keep the
first candidate in scene order. The choice is reported, never silent.
"""

from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import BadInput
from ..model import Layout, Program
from ..scene_graph import SceneGraph
from .delta import EditOutcome, apply_edits, choice_points, relaxed
from .instruction import EditOp, parse_instruction
from .scene import scene_from_layout

log = logging.getLogger(__name__)
MAX_CHOICES = 8
EDIT_SCHEMA = "setdresser.edit/1"

Solver = Callable[[Program, int], Layout]


@dataclass
class EditResult:
    """The edited program and layout, and what the edit did."""

    instruction: str
    ops: list[EditOp]
    outcome: EditOutcome
    layout: Layout
    choices: dict[str, Any] = field(default_factory=dict)
    transcript: Any = None  # the LLM transcript's path (--llm openai), moved into the output folder

    def to_dict(self, source: str = "") -> dict[str, Any]:
        """``edit.json``."""
        held = sum(c.satisfied for c in self.layout.constraints)
        return {"schema": EDIT_SCHEMA, "source": source, "instruction": self.instruction,
                "operations": [op.verb for op in self.ops], "groundings": self.outcome.groundings,
                "choices": self.choices, "changes": self.outcome.changes, "added": self.outcome.added,
                "removed": self.outcome.removed, "re_solved": sorted(self.outcome.affected),
                "colors": self.outcome.colors,
                "result": {"relations_held": held, "relations": len(self.layout.constraints),
                           "physics_valid": self.layout.checks.valid}}


def _rank(layout: Layout) -> tuple[bool, int, int]:
    hard = sum(1 for c in layout.constraints if c.satisfied and c.params.get("hard"))
    return layout.checks.valid, hard, sum(c.satisfied for c in layout.constraints)


def plan_edit(program: Program, layout: Layout, instruction: str, solver: Solver, *, seed: int = 0,
              azimuth_deg: float | None = None, ask: bool = False,
              picks: dict[int, str] | None = None, ops: list[EditOp] | None = None) -> EditResult:
    """Edit ``program``/``layout`` by ``instruction`` (or by ``ops`` an LLM already gave for it);
    ``solver(program, seed)`` re-solves."""
    scene = scene_from_layout(layout, azimuth_deg=azimuth_deg)
    ops = ops if ops is not None else parse_instruction(instruction, scene)
    points = {k: v for k, v in choice_points(scene, ops).items() if k not in (picks or {})}
    if points and ask:
        k, ids = next(iter(points.items()))
        raise BadInput(f"'{ops[k].target_text()}' could be {', '.join(ids)}: "
                       "say which (or leave the choice to the solver without --ask)", "instruction")
    combos = list(itertools.islice(itertools.product(*points.values()), MAX_CHOICES)) if points else [()]
    best: tuple[tuple[bool, int, int], EditOutcome, Layout, dict[int, str]] | None = None
    for combo in combos:
        chosen = {**(picks or {}), **dict(zip(points, combo, strict=True))}
        outcome = apply_edits(program, layout.objects, scene, ops, chosen)
        solved = solver(outcome.program, seed)
        if not solved.checks.valid and outcome.posed:
            loose = relaxed(outcome, layout.objects)
            second = solver(loose.program, seed)
            if _rank(second) > _rank(solved):
                outcome, solved = loose, second
        if best is None or _rank(solved) > best[0]:
            best = (_rank(solved), outcome, solved, chosen)
    assert best is not None
    choices = {f"{ops[k].verb} {ops[k].target_text()}".strip():
               {"candidates": list(points[k]), "chosen": best[3][k]} for k in points}
    for what, c in choices.items():
        log.info("%s: ambiguous between %s; the solver chose %s", what, c["candidates"], c["chosen"])
    return EditResult(instruction=instruction, ops=ops, outcome=best[1], layout=best[2], choices=choices)


def restyled_graph(graph: SceneGraph | None, outcome: EditOutcome) -> SceneGraph | None:
    """The scene graph with added objects as assets, removed ones dropped, colours as hints."""
    if graph is None:
        return None
    import dataclasses

    from ..scene_graph import AssetNode
    removed = set(outcome.removed)
    assets = [a for a in graph.assets if a.id not in removed]
    assets += [AssetNode(id=o.id, category=o.category, description=o.category, asset=o.asset)
               for o in outcome.program.objects if o.id in outcome.added]
    assets = [dataclasses.replace(a, hints=tuple(h for h in a.hints if h not in _COLOUR_WORDS)
                                  + (outcome.colors[a.id],)) if a.id in outcome.colors else a for a in assets]
    gone = {e.relation for e in graph.edges if e.asset in removed}
    relations = [r for r in graph.relations if r.id not in gone]
    edges = [e for e in graph.edges if e.relation not in gone]
    return dataclasses.replace(graph, assets=assets, relations=relations, edges=edges)


def _colour_words() -> frozenset[str]:
    from .words import load_words
    return frozenset(load_words().colors)


_COLOUR_WORDS = _colour_words()
