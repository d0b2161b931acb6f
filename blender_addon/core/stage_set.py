"""The non-Blender stages a driver calls to fulfil pipeline effects.

A :class:`StageSet` bundles plan, code, solve, evaluate and review as plain callables, so
an LLM backend (issue 4) is another ``StageSet`` with the same shapes. The offline set uses
the rule-based planner/coder (``core/offline``), the numpy solver (``core/solver``) and the
geometric audit as reviewer. Pure Python: no bpy, no network.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Sequence

from .audit import revise_program
from .errors import BadInput
from .model import ConstraintResult, Layout, ObjectSpec, PhysicsChecks, PlacedObject, Program
from .pipeline import NeedReview, ProgramDraft, ReviewOutcome
from .scene_graph import AssetNode, Edge, SceneGraph
from .solve_record import Budget
from .script_api import render_script

PlanFn = Callable[[str], SceneGraph]
CodeFn = Callable[[SceneGraph], ProgramDraft]
SolveFn = Callable[[Program, int, Budget, str], Layout]
EvaluateFn = Callable[[Program, Sequence[PlacedObject]], tuple[list[ConstraintResult], PhysicsChecks]]
ReviewFn = Callable[[NeedReview], ReviewOutcome]
# A plan in a scene that exists (the user's locked objects): the LLM planner queries it (issue 16).
PlanExistingFn = Callable[[str, Sequence[ObjectSpec]], SceneGraph]


@dataclass(frozen=True)
class StageSet:
    """One implementation of each non-Blender stage, plus a name for the report."""

    name: str
    plan: PlanFn
    code: CodeFn
    solve: SolveFn
    evaluate: EvaluateFn
    review: ReviewFn
    plan_existing: PlanExistingFn | None = None  # None: plan, then bind_existing binds definite references


def _module(name: str) -> Any:
    """Import a sibling package of core lazily (the offline planner and solver are optional
    at import time so this module, and the pipeline tests, load without them)."""
    return importlib.import_module(f"{__package__}.{name}")


def offline_plan(prompt: str, *, complete: bool = True, seed: int = 0) -> SceneGraph:
    """The rule-based planner (``complete``: furnish a named room type from its archetype,
    ``seed`` picking the optional items); an empty plan is bad input (nothing to build)."""
    graph: SceneGraph = _module("offline").plan(prompt, complete=complete, seed=seed)
    if not graph.assets:
        unparsed = "; ".join(repr(u) for u in graph.unparsed) or repr(prompt)
        raise BadInput(f"found no object to place in the description (not understood: {unparsed})", "prompt")
    return graph


def offline_code(graph: SceneGraph) -> ProgramDraft:
    """The rule-based coder: the program and its re-runnable script."""
    offline = _module("offline")
    return ProgramDraft(program=offline.code(graph), script=offline.code_script(graph))


def numpy_solve(program: Program, seed: int, budget: Budget, prompt: str) -> Layout:
    """The numpy solver (``core/solver.solve``) with ``budget`` (counted work, optional time cap);
    the program's custom functions and the library's learned scores are interpreted (``core/script``),
    never executed."""
    extra = _module("script").custom_relations(program) if program.custom_functions else None
    layout: Layout = _module("solver").solve(program, seed=seed, budget=budget, prompt=prompt,
                                             extra_relations=extra)
    return layout


def numpy_evaluate(program: Program, placed: Sequence[PlacedObject]) -> tuple[list[ConstraintResult], PhysicsChecks]:
    """Every relation's crisp check and the physics on the given poses (``core/solver.evaluate``)."""
    results, checks = _module("solver").evaluate(program, list(placed))
    return list(results), checks


def geometric_review(need: NeedReview) -> ReviewOutcome:
    """The offline reviewer: accept a perfect iteration, otherwise re-weight (and lock what holds)."""
    if need.audit.score.perfect:
        return ReviewOutcome(accepted=True, notes="every relation holds")
    revised = revise_program(need.program, need.layout, need.audit, iteration=need.iteration + 1)
    failed = ", ".join(f"{r.relation}({', '.join(r.args)})" for r in need.audit.failed()) or "physics"
    locked = sum(o.locked for o in revised.objects) - sum(o.locked for o in need.program.objects)
    notes = f"raised the weight of {failed}" + (f"; kept {locked} objects in place" if locked else "")
    script = render_script(revised, comment=f"Revised after iteration {need.iteration}: {notes}.")
    return ReviewOutcome(accepted=False, program=revised, script=script, notes=notes)


def offline_stages(*, complete: bool = True, seed: int = 0) -> StageSet:
    """Everything offline: no network, no key (``complete`` and ``seed``: see :func:`offline_plan`)."""
    plan = offline_plan if complete and not seed else functools.partial(offline_plan, complete=complete, seed=seed)
    return StageSet(name="offline", plan=plan, code=offline_code, solve=numpy_solve,
                    evaluate=numpy_evaluate, review=geometric_review)


# ------------------------------------------------------------------ the user's existing objects

POSSESSIVES = ("my", "our", "your")
DEFINITE = ("the", "this", "that", *POSSESSIVES)
INDEFINITE = ("a", "an", "one", "another", "some", "any", "each", "every", "two", "three", "four", "several")
# Words that end the look-back from a noun to its determiner: the noun phrase starts after them
# ("put the lamp on desk": "desk" has no determiner, "the" belongs to the lamp).
PHRASE_BREAKS = ("on", "in", "at", "of", "to", "with", "and", "or", "by", "near", "next", "under", "above",
                 "behind", "beside", "front", "against", "between", "around", "facing", "for", "from", "put")
LOOK_BACK = 3  # determiner + up to two adjectives: "the small wooden desk"


@dataclass(frozen=True)
class Binding:
    """A graph whose definite references to existing objects carry those objects' ids."""

    graph: SceneGraph
    bound: dict[str, str] = field(default_factory=dict)  # planned asset id -> existing object id
    notes: list[str] = field(default_factory=list)  # why a definite reference stayed a new object


def bind_existing(graph: SceneGraph, existing: Sequence[ObjectSpec], prompt: str | None = None,
                  named: Collection[str] = ()) -> Binding:
    """Bind each asset the prompt refers to definitely ("the desk", "my desk", one asset of its
    category) to the one existing object of the same category (or the same head noun: "desk"
    ~ "office desk"): the asset takes that object's id, so the coder's constraints name it and
    the panel keeps it where it is. A possessive the planner left in a category ("my desk") is
    dropped on the way. Planned assets whose id happens to equal an existing id are renamed,
    except ``named``: existing ids a planner that queried the scene used for those objects.
    """
    text = (prompt if prompt is not None else graph.prompt).lower()
    assets, possessive = _without_possessives(graph.assets)
    bound = {a.id: a.id for a in assets if a.id in set(named)}  # asset id (after the possessives) -> existing id
    definite = {a.id for a in assets if a.id not in bound and (a.id in possessive
                                                                or _first_mention_definite(text, a.category))}
    notes: list[str] = []
    for asset in assets:
        if asset.id not in definite or sum(a.category == asset.category for a in assets) != 1:
            continue  # "a desk" is a new one; "the chairs" are several
        matches = _matching(asset.category, [o for o in existing if o.id not in bound.values()])
        if len(matches) == 1:
            bound[asset.id] = matches[0].id
        elif matches:
            notes.append(f"'the {asset.category}' may be any of {', '.join(o.id for o in matches)}: "
                         "a new one is placed")
    existing_ids = {o.id for o in existing}
    taken = existing_ids | {a.id for a in assets}
    final: dict[str, str] = {}  # the planner's id -> the id in the bound graph
    for old, asset in zip(graph.assets, assets):
        new = bound.get(asset.id, asset.id)
        if asset.id not in bound and asset.id in existing_ids:  # a new object, not the user's
            new = unique_id(asset.id, taken)
            taken.add(new)
        final[old.id] = new
    new_assets = [dataclasses.replace(a, id=final[old.id]) for old, a in zip(graph.assets, assets)]
    edges = [Edge(e.relation, final.get(e.asset, e.asset), e.role) for e in graph.edges]
    bound_graph = dataclasses.replace(graph, assets=new_assets, edges=edges)
    return Binding(graph=bound_graph, bound={old.id: final[old.id] for old, a in zip(graph.assets, assets)
                                             if a.id in bound}, notes=notes)


def normalise_category(name: str) -> str:
    """A category as words: lower case, no '_' or trailing number ("Office_Desk.001" -> "office desk")."""
    words = re.sub(r"[._]?\d+$", "", name.strip().lower()).replace("_", " ").split()
    while words and words[0] in POSSESSIVES + ("the",):
        words = words[1:]
    return " ".join(words)


def _matching(category: str, existing: Sequence[ObjectSpec]) -> list[ObjectSpec]:
    exact = [o for o in existing if normalise_category(o.category) == category]
    if exact:
        return exact
    head = category.split()[-1] if category else ""
    return [o for o in existing if normalise_category(o.category).split()[-1:] == [head]]


def _first_mention_definite(text: str, category: str) -> bool:
    """Is the first mention of ``category`` (or its head noun) in ``text`` definite?"""
    words = re.findall(r"[a-z]+", text)
    for phrase in (category.split(), category.split()[-1:]):
        n = len(phrase)
        for i in range(len(words) - n + 1):
            if words[i:i + n] == phrase:
                before = words[max(0, i - LOOK_BACK):i][::-1]
                for word in before:
                    if word in DEFINITE:
                        return True
                    if word in INDEFINITE or word in PHRASE_BREAKS:
                        return False
                return False
    return False


def _without_possessives(assets: Sequence[AssetNode]) -> tuple[list[AssetNode], set[str]]:
    """"my desk" -> category "desk", id "desk_<n>" (same order); returns them and the ids that
    had a possessive (a definite reference)."""
    taken = {a.id for a in assets}
    out: list[AssetNode] = []
    possessive: set[str] = set()
    for asset in assets:
        words = asset.category.split()
        if len(words) > 1 and words[0] in POSSESSIVES:
            category = " ".join(words[1:])
            new_id = unique_id(f"{category.replace(' ', '_')}_1", taken)
            taken.add(new_id)
            possessive.add(new_id)
            description = category if asset.description == asset.category else asset.description
            asset = dataclasses.replace(asset, id=new_id, category=category, description=description)
        out.append(asset)
    return out, possessive


def unique_id(oid: str, taken: set[str]) -> str:
    """``oid``, or ``oid_2``, ``oid_3``... : the first not in ``taken``."""
    if oid not in taken:
        return oid
    n = 2
    while f"{oid}_{n}" in taken:
        n += 1
    return f"{oid}_{n}"
