"""What a revision of the constraint program changes, and what each round is audited against.

Pure helpers of the generate loop (core/pipeline.py): the audit of every round checks the
plan's relations (the user's intent, stable across rounds) together with the round's own
program, so relations a revision adds are checked and ones it drops still count; a revision
that cannot be solved becomes one message for the model naming the constraints it changed."""

from __future__ import annotations

from dataclasses import replace

from typing import TYPE_CHECKING, Sequence

from .model import Constraint, ConstraintResult, Program

if TYPE_CHECKING:
    from .audit import Audit


def _key(constraint: Constraint) -> tuple[str, tuple[str, ...]]:
    return constraint.relation, tuple(constraint.args)


def constraint_text(constraint: Constraint) -> str:
    """``in_front_of(window_1, wall_1, max_distance=0.03, hard=True)`` as the script writes it."""
    extra = [f"{k}={v!r}" for k, v in constraint.params.items()]
    extra += ["hard=True"] if constraint.hard else []
    return f"{constraint.relation}({', '.join([*constraint.args, *extra])})"


def restates(planned: tuple[str, tuple[str, ...]], stated: tuple[str, tuple[str, ...]]) -> bool:
    """Whether ``stated`` is ``planned`` again: the same relation over the same objects, or (a row,
    a grid, a circle the reviewer grew) over more objects that include the planned ones in order."""
    (name, args), (other, more) = planned, stated
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


def plan_held(intent: Program, results: Sequence[ConstraintResult]) -> int:
    """How many of ``intent``'s relations hold among ``results`` (as planned or as revised)."""
    held = [(r.relation, tuple(r.args)) for r in results if r.satisfied]
    return sum(1 for c in intent.constraints if any(restates(_key(c), h) for h in held))


def changed_constraints(previous: Program, revised: Program) -> list[Constraint]:
    """The constraints of ``revised`` that ``previous`` does not have as they are (new or with
    other parameters)."""
    before = {constraint_text(c) for c in previous.constraints}
    return [c for c in revised.constraints if constraint_text(c) not in before]


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
    ``old`` held still held (relations over objects the critiques removed no longer count)."""
    planned = {(c.relation, tuple(c.args)) for c in intent.constraints if not removed & set(c.args)}

    def held(audit: "Audit") -> set[tuple[str, tuple[str, ...]]]:
        return {(x.relation, tuple(x.args)) for x in audit.results if x.satisfied} & planned
    a, b = old.score, new.score
    return (b.physics_valid >= a.physics_valid and len(b.hard_failed) <= len(a.hard_failed)
            and held(new) >= held(old))
