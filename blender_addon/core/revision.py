"""What a revision of the constraint program changes, and what each round is audited against.

Pure helpers of the generate loop (core/pipeline.py): the audit of every round checks the
plan's relations (the user's intent, stable across rounds) together with the round's own
program, so relations a revision adds are checked and ones it drops still count; a revision
that cannot be solved becomes one message for the model naming the constraints it changed."""

from __future__ import annotations

from dataclasses import replace

from typing import TYPE_CHECKING, Any, Sequence

from ...skill_library.base import Relation
from ...skill_library.registry import default_registry
from .model import Constraint, ConstraintResult, Program
from .viewpoints import named_subjects
from .weights import STATED_WEIGHT

if TYPE_CHECKING:
    from .audit import Audit


Statement = tuple[str, tuple[str, ...]]  # (relation, args)


def _key(constraint: Constraint) -> Statement:
    return constraint.relation, tuple(constraint.args)


def _relation(name: str) -> Relation | None:
    registry = default_registry()
    return registry.get(name) if name in registry else None


def canonical(statement: Statement) -> Statement:
    """The one spelling of a relation statement among those that say the same (each relation's
    ``SPEC``): a converse's two arguments swapped (``under(b, a)`` is ``above(a, b)``), the
    alphabetically first of synonyms, arguments whose order says nothing sorted."""
    name, args = statement[0], tuple(statement[1])
    relation = _relation(name)
    if relation is None:
        return name, args  # a custom or unknown relation: only itself
    spec = relation.spec
    if spec.converse and len(args) == 2 and spec.converse < name and _relation(spec.converse) is not None:
        name, args = spec.converse, (args[1], args[0])
        spec = default_registry().get(name).spec
    name = min((name, *(s for s in spec.synonyms if _relation(s) is not None)))
    if spec.unordered is not None:
        part = slice(*spec.unordered)
        members = list(args)
        members[part] = sorted(members[part])
        args = tuple(members)
    return name, args


def constraint_text(constraint: Constraint) -> str:
    """``in_front_of(window_1, wall_1, max_distance=0.03, hard=True)`` as the script writes it."""
    extra = [f"{k}={v!r}" for k, v in constraint.params.items()]
    extra += ["hard=True"] if constraint.hard else []
    return f"{constraint.relation}({', '.join([*constraint.args, *extra])})"


def restates(planned: Statement, stated: Statement) -> bool:
    """Whether ``stated`` is ``planned`` again: the same relation over the same objects in any
    spelling that says the same (:func:`canonical`: a synonym, the converse, another order where
    order says nothing), or (a row, a grid, a circle the reviewer grew) over more objects that
    include the planned ones in order. Parameters never matter: a restatement may change them."""
    (name, args), (other, more) = canonical(planned), canonical(stated)
    if name != other or len(more) < len(args):
        return False
    if len(more) == len(args):
        return more == args
    rest = iter(more)
    return len(args) >= 2 and all(any(a == b for b in rest) for a in args)  # an ordered subsequence


def audited_program(intent: Program, current: Program) -> Program:
    """``current`` plus the relations of ``intent`` it no longer states (over objects it still
    declares): a relation the revision re-parameterised (or grew over more members) is checked
    as revised, one it dropped is checked as planned."""
    stated = [_key(c) for c in current.constraints]
    declared = set(current.object_ids())
    kept = [c for c in intent.constraints
            if not any(restates(_key(c), s) for s in stated) and set(c.args) <= declared]
    return replace(current, constraints=[*current.constraints, *kept]) if kept else current




def plan_held(intent: Program, results: Sequence[ConstraintResult], *, stated_only: bool = False) -> int:
    """How many of ``intent``'s relations hold among ``results`` (as planned or as revised);
    ``stated_only``: only those of at least :data:`STATED_WEIGHT` (what the text said, not what
    common sense added: a round holding the stated "armchair in the corner" outranks one holding the
    inferred "armchair facing the TV" and "at viewing distance" instead)."""
    held = [(r.relation, tuple(r.args)) for r in results if r.satisfied]
    return sum(1 for c in intent.constraints
               if (not stated_only or c.weight >= STATED_WEIGHT) and any(restates(_key(c), h) for h in held))


def changed_constraints(previous: Program, revised: Program) -> list[Constraint]:
    """The constraints of ``revised`` that ``previous`` does not have as they are (new or with
    other parameters; the same statement in another spelling, parameters in another order, is not new)."""
    def same(c: Constraint) -> tuple[Any, ...]:
        return canonical(_key(c)), tuple(sorted((k, repr(v)) for k, v in c.params.items())), c.hard
    before = {same(c) for c in previous.constraints}
    return [c for c in revised.constraints if same(c) not in before]


def revision_failure(error: BaseException, previous: Program, revised: Program) -> str:
    """One message for the model and the user: the revised program could not be solved, why,
    and the constraints the revision changed (the likely cause)."""
    reason = str(error).strip() or type(error).__name__
    changed = changed_constraints(previous, revised)
    named = "; ".join(constraint_text(c) for c in changed) if changed else "none (only objects changed)"
    return (f"the revised program could not be solved ({type(error).__name__}: {reason}); "
            f"the constraints it changed: {named}. Its round was discarded: revise the previous program "
            f"again with parameters the relation can satisfy (e.g. a looser distance or angle)")


def supersedes(intent: Program, old: "Audit", new: "Audit", removed: set[str]) -> bool:
    """Whether the round audited as ``new`` (made from the reviewer's critiques of the round audited
    as ``old``) replaces it: physics no worse, no more hard failures, and every relation of the plan
    ``old`` held still held, in whatever spelling the new round states it (:func:`restates`;
    relations over objects the critiques removed no longer count)."""
    planned = [_key(c) for c in intent.constraints if not removed & set(c.args)]

    def held(audit: "Audit") -> list[Statement]:
        return [(x.relation, tuple(x.args)) for x in audit.results if x.satisfied]
    before, after = held(old), held(new)
    kept = all(any(restates(p, h) for h in after) for p in planned if any(restates(p, h) for h in before))
    a, b = old.score, new.score
    return b.physics_valid >= a.physics_valid and len(b.hard_failed) <= len(a.hard_failed) and kept


def _places(constraint: Constraint, oid: str) -> bool:
    """Whether ``constraint`` places ``oid``: its first object, a member of its arrangement (a row,
    a grid, a ring) or one of its objects whose order says nothing (proximity(a, b) places both)."""
    args = tuple(constraint.args)
    if args[:1] == (oid,):
        return True
    relation = _relation(constraint.relation)
    if relation is None:
        return False
    if relation.placement.group is not None:
        return oid in [args[k] for k in relation.placement.members(tuple(range(len(args))))]
    return relation.spec.unordered is not None and oid in args[slice(*relation.spec.unordered)]


def missing_subjects(prompt: str, intent: Program, current: Program, results: Sequence[ConstraintResult],
                     removed: set[str]) -> list[str]:
    """The prompt's subjects (the plan's objects whose category the prompt names) that a round
    lost: not declared any more (unless the reviewer's critiques removed them), or placed by
    relations of the plan none of which holds (as planned or as revised): the girl hunter who
    left the lane she was planned in. Empty when the prompt names none of the objects."""
    subjects = named_subjects(prompt, [(o.id, o.category) for o in intent.objects])
    declared = set(current.object_ids())
    held = [(r.relation, tuple(r.args)) for r in results if r.satisfied]
    lost: list[str] = []
    for oid in subjects:
        placing = [_key(c) for c in intent.constraints if _places(c, oid)]
        if oid not in removed and (oid not in declared or (
                placing and not any(restates(p, h) for p in placing for h in held))):
            lost.append(oid)
    return lost
