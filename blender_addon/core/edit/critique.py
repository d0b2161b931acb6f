"""The vision reviewer's critiques (issue 17 item 4) as edits of the next round's program.

A critique is one edit in English about the round the reviewer saw, imperative ("move the
second chair from the left closer to the table", "remove the chair nearest the door") or said
as what should be ("the lamp on the left nightstand should be on the desk", "the sofa is too far
from the tv", "there should be no chair in front of the door"). Each is read by the edit
grammar (:mod:`.instruction`), its references grounded over the round's layout by the grounding
CSP (:mod:`.ground`, "left" in the frame of the camera that rendered it), and applied as a
program delta (:mod:`.delta`). A reference that names nothing, or an anchor that could be
several objects, is bad input naming what the scene has (the model is told); a moved object
that could be several is a choice: the ``solver`` tries each (the layout that holds best wins)
and the choice is recorded, or without a solver it is bad input naming the candidates.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass, field
from typing import Callable, Collection, Sequence

from ..assets.phrase import normalise
from ..errors import BadInput
from ..model import Layout, Program
from .delta import EditOutcome, apply_edits, choice_points
from .ground import ground
from .instruction import EditOp, parse_instruction
from .scene import Scene, scene_from_layout
from .words import load_words

MAX_CRITIQUES = 10
MAX_CHOICES = 8  # combinations of ambiguous targets the solver tries
Solver = Callable[[Program], Layout]

_LEADS = (("it", "would", "be", "better", "to"), ("it", "would", "look", "better", "to"), ("you", "should"),
          ("we", "should"), ("i", "would"), ("i", "think"), ("try", "to"), ("consider",), ("maybe",), ("perhaps",),
          ("instead",), ("also",), ("please",))
_MODALS = (("would", "look", "better"), ("would", "be", "better"), ("needs", "to"), ("need", "to"),
           ("ought", "to"), ("has", "to"), ("have", "to"), ("should",), ("must",))
_TOO = {("too", "far", "from"): ("closer", "to"), ("too", "far", "away", "from"): ("closer", "to"),
        ("too", "close", "to"): ("away", "from"), ("too", "near", "to"): ("away", "from"),
        ("too", "near"): ("away", "from")}
_COPULAS = frozenset({"is", "are", "sits", "stands", "looks", "seems"})
_PARTICIPLES = frozenset({"be", "stand", "sit", "lie", "rest", "hang", "go", "placed", "moved", "put", "positioned",
                          "located", "set", "standing", "sitting", "lying", "resting", "hanging", "brought",
                          "pushed", "pulled", "shifted", "further", "a", "bit", "little", "slightly", "much", "more"})
_GONE = frozenset({"removed", "deleted", "gone", "taken", "eliminated", "dropped", "discarded", "omitted"})
_TURNED = frozenset({"turned", "rotated", "facing", "face", "pointing", "point", "looking", "look", "oriented"})


def imperative(tokens: Sequence[str]) -> list[str]:
    """A critique's words as an edit instruction: "X should be on Y" -> "move X on Y", "X is too
    far from Y" -> "move X closer to Y", "X should be removed" / "there should be no X" ->
    "remove X", "X should face Y" -> "turn X to face Y", "X should be blue" -> "make X blue";
    an instruction that already starts with an edit verb is left as it is."""
    t = list(tokens)
    for lead in _LEADS:
        if tuple(t[:len(lead)]) == lead:
            t = t[len(lead):]
    if t and (t[0] in load_words().edit_verbs or " ".join(t[:2]) in load_words().edit_verbs):
        return t
    if t[:3] in (["there", "should", "be"], ["there", "must", "be"]):
        rest = t[3:]
        if rest[:1] in (["no"], ["not"]):
            return ["remove", "all", *(rest[1:] if rest[:1] == ["no"] else rest[2:])]
        return ["add", *rest]
    for k in range(1, len(t)):
        for phrase, becomes in _TOO.items():
            if t[k] in _COPULAS and tuple(t[k + 1:k + 1 + len(phrase)]) == phrase:
                return ["move", *t[:k], *becomes, *t[k + 1 + len(phrase):]]
        for modal in _MODALS:
            if tuple(t[k:k + len(modal)]) == modal:
                return _after_modal(t[:k], t[k + len(modal):])
    return t


def _after_modal(subject: list[str], rest: list[str]) -> list[str]:
    words = load_words()
    if rest[:1] == ["not"]:
        if rest[1:] in (["be", "there"], ["be", "here"], ["be", "in", "the", "scene"], ["exist"]):
            return ["remove", *subject]
        raise BadInput(f"'{' '.join(subject + rest)}': say where it should be instead (e.g. 'should be next to "
                       "the sofa') or that it should be removed", "critique")
    rest = rest[1:] if rest[:1] == ["be"] else rest
    if rest[:1] and rest[0] in _GONE:
        return ["remove", *subject]
    if rest[:1] == ["replaced"]:
        return ["replace", *subject, *rest[1:]]
    if rest[:1] and rest[0] in {"swapped", "switched", "exchanged", "swap", "switch"}:
        return ["swap", *subject]
    if rest[:1] and rest[0] in _TURNED:
        body = [w for w in rest[1:] if w not in {"toward", "towards", "at", "to"}]
        turned_by_angle = any(w.isdigit() or w in words.directions for w in body)
        return ["turn", *subject, *body] if turned_by_angle else ["turn", *subject, "to", "face", *body]
    tail = [w for w in rest if w not in {"a", "bit", "little", "much", "slightly", "more"}]
    if " ".join(tail) in words.size_words or " ".join(tail) in words.colors:
        return ["make", *subject, *tail]
    while rest[:1] and rest[0] in _PARTICIPLES:
        rest = rest[1:]
    if rest[:1] and rest[0] in {"closer", "nearer"} and rest[1:2] != ["to"]:
        rest = [rest[0], "to", *rest[1:]]
    return ["move", *subject, *rest]


@dataclass(frozen=True)
class CritiqueEdits:
    """The critiques read and grounded: their operations, which critique each came from, and
    the ambiguous targets (op index -> candidate ids)."""

    texts: tuple[str, ...]
    ops: tuple[EditOp, ...]
    source: tuple[int, ...]
    points: dict[int, tuple[str, ...]] = field(default_factory=dict)
    ignored: tuple[str, ...] = ()  # explanations after an edit that were not read as edits


@dataclass
class CritiqueResult:
    """The next round's program and what the critiques did (one line each in ``changes``)."""

    program: Program
    changes: list[str]
    groundings: list[dict[str, object]]
    choices: dict[str, dict[str, object]]
    removed: list[str]
    added: list[str]
    ignored: list[str] = field(default_factory=list)

    def notes(self) -> str:
        """One line for the terminal, the report and the model's next review."""
        chosen = [f"'{what}' could be {', '.join(c['candidates'])}: "  # type: ignore[arg-type]
                  f"the solver chose {c['chosen']}" for what, c in self.choices.items()]
        return "; ".join(self.changes + chosen + self.ignored)


def _inventory(scene: Scene, limit: int = 30) -> str:
    by_category: dict[str, list[str]] = {}
    for o in scene.objects:
        by_category.setdefault(o.category, []).append(o.id)
    parts = [f"{c} ({', '.join(ids[:6])}{', ...' if len(ids) > 6 else ''})" for c, ids in by_category.items()]
    return "; ".join(parts[:limit]) + ("; ..." if len(parts) > limit else "")


def read_critiques(texts: Sequence[str], scene: Scene) -> CritiqueEdits:
    """Every critique read and its target grounded; raises :class:`BadInput` (``where``:
    ``$.critiques[k]``) for one it cannot read or whose target names nothing in ``scene``. A
    critique of several sentences is several edits; a sentence that reads only up to a clause
    ("..., not behind it", "... so that it lights the chair") is read that far and the rest is
    recorded as ignored."""
    if len(texts) > MAX_CRITIQUES:
        raise BadInput(f"at most {MAX_CRITIQUES} critiques, got {len(texts)}", "$.critiques")
    ops: list[EditOp] = []
    source: list[int] = []
    ignored: list[str] = []
    for k, text in enumerate(texts):
        where = f"$.critiques[{k}] {text.strip()[:120]!r}"
        for sentence in (s for s in _SENTENCES.split(text.strip()) if s.strip(" .;!?")):
            read, rest = _read_sentence(sentence.strip(" .;!?"), scene, where)
            ops += read
            source += [k] * len(read)
            ignored += [f"critique {k + 1}: ignored '{rest}'"] if rest else []
    return CritiqueEdits(texts=tuple(texts), ops=tuple(ops), source=tuple(source),
                         points=choice_points(scene, ops), ignored=tuple(ignored))


_SENTENCES = re.compile(r"(?<=[.;!?])\s+")
_ASIDE = re.compile(r",\s*(?:which|that|who|as)\b[^,]*,", re.IGNORECASE)
# Where a sentence's edit may end and an explanation begin.
_CLAUSE = re.compile(r"\s*(?:[,:(]\s*|\s[-\u2013\u2014]\s|\b(?:because|so that|so it|so the|since|rather than|"
                     r"instead of|to make|to give|to keep|to avoid|which would|but)\b)", re.IGNORECASE)


def _read_sentence(text: str, scene: Scene, where: str) -> tuple[list[EditOp], str]:
    """The edits of one sentence, and what after a clause boundary was left unread ("" if none)."""
    try:
        return _read(text, scene, where), ""
    except BadInput as whole:
        aside = _ASIDE.sub(" ", text)  # "move the chair, which is too far away, closer to the bed"
        if aside != text:
            try:
                return _read(aside, scene, where), ""
            except BadInput:
                pass
        for cut in sorted((m.start() for m in _CLAUSE.finditer(text) if m.start() > 0), reverse=True):
            try:
                return _read(text[:cut], scene, where), text[cut:].strip(" ,:;(-")
            except BadInput:
                continue
        raise whole from None


def _read(text: str, scene: Scene, where: str) -> list[EditOp]:
    try:
        read = parse_instruction(" ".join(imperative(normalise(text).split())), scene)
    except BadInput as exc:
        raise BadInput(f"{_message(exc)}; write one edit like 'move the second chair from the left closer to "
                       "the table' or 'the lamp should be on the desk'", where) from None
    for op in read:
        refs = ([op.target] if op.target is not None else []) + list(op.place.anchors if op.place else ())
        for ref in refs + ([op.other] if op.other is not None else []):
            if not ground(scene, ref).ids:
                raise BadInput(f"nothing in the scene is '{ref.describe()}'; the scene has: {_inventory(scene)}",
                               where)
    return read


def _message(exc: BadInput) -> str:
    text = str(exc)
    return text[len(exc.where) + 2:] if exc.where and text.startswith(f"{exc.where}: ") else text


def _score(solver: Solver, program: Program) -> tuple[bool, int, int]:
    """How well ``program`` solves: physics valid, hard relations held, relations held (a
    choice the solver cannot solve at all ranks last)."""
    try:
        layout = solver(program)
    except Exception:  # noqa: BLE001 - any failure of one candidate only rules that candidate out
        return False, -1, -1
    hard = sum(1 for c in layout.constraints if c.satisfied and c.hard)
    return layout.checks.valid, hard, sum(c.satisfied for c in layout.constraints)


def apply_critiques(program: Program, layout: Layout, texts: Sequence[str], *, keep_rest: bool = True,
                    solver: Solver | None = None, azimuth_deg: float | None = None,
                    protected: Collection[str] = ()) -> CritiqueResult:
    """``program`` with the critiques applied over ``layout`` (the round the reviewer saw).

    ``keep_rest``: every object the critiques do not touch is locked where it stands in
    ``layout`` (a critique-only revision); otherwise they keep ``program``'s freedom (the
    critiques come with a revised script). ``protected``: the user's locked objects, which no
    critique may change (an ambiguous target leaves them out). Raises :class:`BadInput`
    naming the critique."""
    scene = scene_from_layout(layout, azimuth_deg=azimuth_deg)
    edits = _unprotected(read_critiques(texts, scene), scene, set(protected))
    if edits.points and solver is None:
        k, ids = next(iter(edits.points.items()))
        raise BadInput(f"'{_what(edits.ops[k])}' could be {', '.join(ids)}: name it by id or say which "
                       "(e.g. 'the left one', 'the one nearest the window')", f"$.critiques[{edits.source[k]}]")
    combos = list(itertools.islice(itertools.product(*edits.points.values()), MAX_CHOICES)) or [()]
    best: tuple[tuple[bool, int, int], EditOutcome, dict[int, str]] | None = None
    for combo in combos:
        picks = dict(zip(edits.points, combo, strict=True))
        outcome = _apply(program, layout, scene, edits, picks, keep_rest)
        rank = _score(solver, outcome.program) if solver is not None and len(combos) > 1 else (True, 0, 0)
        if best is None or rank > best[0]:
            best = (rank, outcome, picks)
    assert best is not None
    _, outcome, picks = best
    choices = {_what(edits.ops[k]): {"candidates": list(ids), "chosen": picks[k], "critique": edits.source[k]}
               for k, ids in edits.points.items()}
    return CritiqueResult(program=outcome.program, changes=list(outcome.changes), groundings=outcome.groundings,
                          choices=choices, removed=list(outcome.removed), added=list(outcome.added),
                          ignored=list(edits.ignored))


def _unprotected(edits: CritiqueEdits, scene: Scene, protected: set[str]) -> CritiqueEdits:
    """``edits`` checked against the user's objects: a target (or swap partner) that is one is bad
    input; an ambiguous target's candidates leave them out (one left: it is the target)."""
    if not protected:
        return edits
    points: dict[int, tuple[str, ...]] = {}
    for k, op in enumerate(edits.ops):
        refs = [r for r in (op.target, op.other if op.verb == "swap" else None) if r is not None]
        ids = [i for r in refs for i in ground(scene, r).ids]
        kept = tuple(i for i in edits.points.get(k, ()) if i not in protected)
        if k in edits.points and kept:
            points[k] = kept
        elif set(ids) & protected:
            raise BadInput(f"{', '.join(sorted(set(ids) & protected))} is the user's locked object: it stays as it "
                           "is; critique the objects around it", f"$.critiques[{edits.source[k]}]")
    ops = tuple(dataclasses.replace(op, target=dataclasses.replace(op.target, ids=points[k], many=False))
                if k in points and len(points[k]) == 1 and op.target is not None else op
                for k, op in enumerate(edits.ops))
    return dataclasses.replace(edits, ops=ops, points={k: v for k, v in points.items() if len(v) > 1})


def _what(op: EditOp) -> str:
    return f"{op.verb} {op.target.describe() if op.target else ''}".strip()


def _apply(program: Program, layout: Layout, scene: Scene, edits: CritiqueEdits, picks: dict[int, str],
           keep_rest: bool) -> EditOutcome:
    """One combination of picks applied; colours set on the objects; untouched objects freed
    again unless ``keep_rest``."""
    try:
        outcome = apply_edits(program, layout.objects, scene, edits.ops, picks)
    except BadInput as exc:
        raise BadInput(_message(exc), f"$.critiques[{_failing(program, layout, scene, edits, picks)}]") from None
    before = {o.id: o for o in program.objects}
    touched = outcome.affected | outcome.posed
    objects = []
    for spec in outcome.program.objects:
        if not keep_rest and spec.id in before and spec.id not in touched and not before[spec.id].locked:
            spec = before[spec.id]
        if spec.id in outcome.colors:
            spec = dataclasses.replace(spec, color=outcome.colors[spec.id])
        objects.append(spec)
    outcome.program = dataclasses.replace(outcome.program, objects=objects)
    return outcome


def _failing(program: Program, layout: Layout, scene: Scene, edits: CritiqueEdits, picks: dict[int, str]) -> int:
    """The critique whose operation makes ``apply_edits`` fail (the first that does, on its own)."""
    for k, op in enumerate(edits.ops):
        pick = {0: picks[k]} if k in picks else {}
        try:
            apply_edits(program, layout.objects, scene, [op], pick)
        except BadInput:
            return edits.source[k]
    return edits.source[-1] if edits.source else 0
