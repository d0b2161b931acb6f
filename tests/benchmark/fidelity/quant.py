"""Quantifiers shared by the checks: a check names its subjects (``what``) and, for a
relation, its targets (``target``); ``quant`` says how many must hold:

- ``any`` (default): some subject (with some target) satisfies it — "a lamp behind the chair";
- ``all``: every subject does (each with some target) — "the chairs face the stage";
- ``most``: at least three quarters of the subjects do — "the students' chairs face the board";
- ``each_target``: every target has some subject that does — "a lamp on each nightstand";
- ``one_each``: every target has a subject of its own (a one-to-one matching) — "a chair at
  each desk" is not satisfied by one chair between two desks.

A predicate returns ``(ok, detail)``; the detail of a failure names the closest miss.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .geometry import Thing
from .scene import View

Outcome = tuple[bool, str]
Unary = Callable[[Thing], Outcome]
Binary = Callable[[Thing, Thing], Outcome]
MOST = 0.75


def describe(selector: Any) -> str:
    return selector if isinstance(selector, str) else "/".join(selector)


def unary(v: View, spec: dict[str, Any], pred: Unary) -> Outcome:
    """Apply a one-object predicate to the subjects with the check's quantifier."""
    subjects = v.select(spec["what"])
    if not subjects:
        return False, f"no {describe(spec['what'])}"
    results = [(t, *pred(t)) for t in subjects]
    quant = spec.get("quant", "any")
    if quant in ("all", "most"):
        bad = [(t, d) for t, ok, d in results if not ok]
        need = len(results) if quant == "all" else MOST * len(results)
        held = len(results) - len(bad)
        summary = f"{held} of {len(results)} hold"
        return (True, summary) if held >= need else (False, f"{summary}; {bad[0][0].id}: {bad[0][1]}")
    good = [(t, d) for t, ok, d in results if ok]
    if good:
        return True, f"{good[0][0].id}: {good[0][1]}"
    return False, "; ".join(f"{t.id}: {d}" for t, _, d in results[:3])


def binary(v: View, spec: dict[str, Any], pred: Binary) -> Outcome:
    """Apply a two-object predicate (subject, target) with the check's quantifier."""
    subjects, targets = v.select(spec["what"]), v.select(spec["target"])
    if not subjects or not targets:
        return False, f"no {describe(spec['what'] if not subjects else spec['target'])}"
    quant = spec.get("quant", "any")
    if quant == "one_each":
        return _one_each(subjects, targets, pred)
    if quant == "each_target":
        return _each(targets, subjects, lambda t, s: pred(s, t), "target")
    if quant in ("all", "most"):
        return _each(subjects, targets, pred, "subject", 1.0 if quant == "all" else MOST)
    misses = []
    for s in subjects:
        for t in targets:
            if s.id == t.id:
                continue
            ok, detail = pred(s, t)
            if ok:
                return True, f"{s.id}->{t.id}: {detail}"
            misses.append(f"{s.id}->{t.id}: {detail}")
    return False, "; ".join(misses[:3]) or "no distinct pair"


def _each(items: list[Thing], others: list[Thing], pred: Binary, role: str, share: float = 1.0) -> Outcome:
    """Every item (or ``share`` of them) has some other object the predicate holds with."""
    failures = []
    for item in items:
        misses = []
        for other in others:
            if other.id == item.id:
                continue
            ok, detail = pred(item, other)
            if ok:
                break
            misses.append(detail)
        else:
            failures.append(f"{role} {item.id} has none: {'; '.join(misses[:2]) or 'no other object'}")
    held = len(items) - len(failures)
    if held >= share * len(items):
        return True, f"{held} of {len(items)} {role}s hold"
    return False, f"{held} of {len(items)} {role}s hold; " + failures[0]


def _one_each(subjects: list[Thing], targets: list[Thing], pred: Binary) -> Outcome:
    """Every target matched to a distinct subject the predicate holds with (augmenting paths)."""
    fits = {t.id: [s.id for s in subjects if s.id != t.id and pred(s, t)[0]] for t in targets}
    owner: dict[str, str] = {}

    def claim(target: str, seen: set[str]) -> bool:
        for s in fits[target]:
            if s not in seen:
                seen.add(s)
                if s not in owner or claim(owner[s], seen):
                    owner[s] = target
                    return True
        return False
    matched = sum(1 for t in targets if claim(t.id, set()))
    lonely = [t.id for t in targets if t.id not in owner.values()]
    detail = f"{matched} of {len(targets)} targets have their own"
    return matched == len(targets), detail + (f"; none left for {', '.join(lonely[:3])}" if lonely else "")
