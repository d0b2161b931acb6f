"""LEGO-Eval-style verdicts: the prompt split into typed constraints, each judged True/False
with a reason naming object ids (``<<True, the lamp (ID: lamp_1) ...>>``).

Offline, the split comes from the scene graph's stated relations (inferred ones are not in
the prompt and are left out) plus object counts read from the prompt by the offline planner;
each constraint is then judged with the evaluator's own geometry. The LLM judge
(``judge.py``) replaces both steps when an endpoint is configured.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ..assets.phrase import singular
from ..errors import BadInput
from ..model import Layout
from ..scene_graph import SceneGraph
from .checks import check_relation
from .geometry import Box

log = logging.getLogger(__name__)

COUNT = "object_count"
PLACEMENT = "object_placement"
KINDS = (COUNT, PLACEMENT)
INFERRED_PREFIX = "inferred: "  # scene_graph relation sources the planner added, not the prompt


@dataclass(frozen=True)
class TypedConstraint:
    """One checkable statement of the prompt: a count of a category, or a placement relation."""

    id: str
    kind: str
    text: str
    category: str = ""
    count: int = 0
    relation: str = ""
    args: tuple[str, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "text": self.text}
        if self.kind == COUNT:
            out.update(category=self.category, count=self.count)
        else:
            out.update(relation=self.relation, args=list(self.args), params=dict(self.params))
        return out


@dataclass
class Verdict:
    """The judgement of one typed constraint; ``views`` are the targeted renders made for it."""

    constraint: TypedConstraint
    holds: bool
    reason: str
    judge: str = "geometry"
    views: list[str] = field(default_factory=list)

    def line(self) -> str:
        """LEGO-Eval's answer format."""
        return f"<<{self.holds}, {self.reason}>>"

    def to_dict(self) -> dict[str, Any]:
        return {"constraint": self.constraint.to_dict(), "holds": self.holds, "reason": self.reason,
                "verdict": self.line(), "judge": self.judge, "views": list(self.views)}


def category_key(category: str) -> str:
    """Categories compare as lower-case singular nouns ("Chairs" == "chair")."""
    words = category.lower().replace("_", " ").split()
    return " ".join(words[:-1] + [singular(words[-1])]) if words else ""


def count_constraints(planned: SceneGraph) -> list[tuple[str, int]]:
    """(category, count) of every object the planner read in the prompt, in first-seen order."""
    counts = Counter(category_key(a.category) for a in planned.assets)
    return list(counts.items())


def offline_split(graph: SceneGraph | None, counts: Sequence[tuple[str, int]]) -> list[TypedConstraint]:
    """Typed constraints: the counts, then every relation the prompt stated (not inferred)."""
    out: list[TypedConstraint] = []
    for category, count in counts:
        noun = category if count == 1 else f"{category}s"
        out.append(TypedConstraint(id=f"c{len(out) + 1}", kind=COUNT, text=f"There {'is' if count == 1 else 'are'} "
                                   f"{count} {noun}.", category=category, count=count))
    for relation in (graph.relations if graph is not None else []):
        if relation.source.startswith(INFERRED_PREFIX):
            continue
        args = graph.relation_args(relation.id) if graph is not None else ()
        words = f" ('{relation.source}')" if relation.source else ""
        out.append(TypedConstraint(id=f"c{len(out) + 1}", kind=PLACEMENT,
                                   text=f"{relation.relation}({', '.join(args)}){words}", relation=relation.relation,
                                   args=tuple(args), params=dict(relation.params)))
    return out


def judge_count(constraint: TypedConstraint, layout: Layout) -> Verdict:
    """Exactly ``count`` objects of the category must be in the layout."""
    found = [o.id for o in layout.objects if category_key(o.category) == constraint.category]
    listed = ", ".join(f"ID: {i}" for i in found)
    reason = (f"found {len(found)} {constraint.category} object(s)" + (f" ({listed})" if found else "")
              + f"; the prompt asks for {constraint.count}")
    return Verdict(constraint, holds=len(found) == constraint.count, reason=reason)


def judge_geometry(constraint: TypedConstraint, layout: Layout, boxes: Mapping[str, Box]) -> Verdict:
    """Judge one typed constraint with geometry queries alone."""
    if constraint.kind == COUNT:
        return judge_count(constraint, layout)
    if constraint.kind != PLACEMENT:
        raise BadInput(f"unknown constraint kind {constraint.kind!r} (expected one of {KINDS})", constraint.id)
    check = check_relation(constraint.relation, constraint.args, constraint.params, boxes, layout.bounds)
    return Verdict(constraint, holds=check.holds, reason=check.reason)


def summarise(verdicts: Sequence[Verdict]) -> dict[str, Any]:
    """LEGO-Eval's success rates: holistic (all hold) and partial (share that hold), by kind."""
    by_kind: dict[str, list[bool]] = {}
    for v in verdicts:
        by_kind.setdefault(v.constraint.kind, []).append(v.holds)
    total = [v.holds for v in verdicts]
    return {"constraints": len(total), "true": sum(total),
            "partial_sr": round(sum(total) / len(total), 4) if total else None,
            "holistic": bool(total) and all(total),
            "by_kind": {k: {"true": sum(x), "total": len(x)} for k, x in by_kind.items()}}
