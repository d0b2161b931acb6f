"""Referring expressions as typed data: what a phrase like "the second chair from the left"
or "the nightstand with no lamp on it" asks of the scene (the parser builds these, the
grounding CSP in :mod:`.ground` solves them)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Relation:
    """x PREDICATE anchors (``reverse``: anchor PREDICATE x, e.g. "with a lamp on it")."""

    predicate: str
    anchors: tuple["Ref", ...]
    reverse: bool = False


@dataclass(frozen=True)
class Count:
    """How many objects the ``thing`` names stand in ``predicate`` to x: ``op`` is "==" or ">="
    ("with no lamp on it": ``==`` 0; "with at least two books on it": ``>=`` 2)."""

    predicate: str
    thing: "Ref"
    op: str
    n: int
    reverse: bool = True


@dataclass(frozen=True)
class Compare:
    """x's ``measure`` is ``mode`` ("more"/"less") than ``other``'s; a distance is to ``to``
    ("the chair farther from the tv than the sofa")."""

    measure: str
    mode: str
    other: "Ref"
    to: "Ref | None" = None


@dataclass(frozen=True)
class Extreme:
    """MIN_OF / MAX_OF applied last: the candidate with the least/most ``measure`` (to ``to``)."""

    measure: str
    mode: str
    to: "Ref | None" = None


@dataclass(frozen=True)
class Ordinal:
    """The ``n``-th candidate (1-based; -1 the last) ordered by ``measure`` ascending ("min") or
    descending ("max"); ``n == 0`` with mode "middle" picks the middle one."""

    n: int
    measure: str
    mode: str


@dataclass(frozen=True)
class Ref:
    """A reference to scene objects: the noun and everything said about them.

    ``many`` is set for plurals and "all"/"both"/"every": every candidate is meant.
    """

    noun: str
    many: bool = False
    color: str | None = None
    relations: tuple[Relation, ...] = ()
    negations: tuple[Relation, ...] = ()
    counts: tuple[Count, ...] = ()
    comparisons: tuple[Compare, ...] = ()
    ordinal: Ordinal | None = None
    extremes: tuple[Extreme, ...] = field(default=())
    ids: tuple[str, ...] = ()  # set: exactly these objects (an LLM's edit names ids, not words)

    def describe(self) -> str:
        """A short English rendering (for messages)."""
        if self.ids:
            return ", ".join(self.ids)
        parts = [self.noun + ("s" if self.many else "")]
        parts += [f"{r.predicate} {', '.join(a.describe() for a in r.anchors)}" for r in self.relations]
        parts += [f"not {r.predicate} {', '.join(a.describe() for a in r.anchors)}" for r in self.negations]
        parts += [f"with {c.op}{c.n} {c.thing.noun} {c.predicate}" for c in self.counts]
        return " ".join(parts)
