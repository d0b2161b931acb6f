"""Edit instructions in English -> typed :class:`EditOp` (the offline grammar of issue 17).

One instruction may hold several clauses ("remove the mug and move the lamp to the desk").
Each clause starts with an edit verb (``words.json``: move, add, remove, replace, swap,
rotate, resize, restyle and their synonyms); the object is a referring expression (read by
:mod:`.parse`), the destination a placement ("onto the desk", "next to the window", "into the
north-east corner", "closer to the sofa").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..assets.phrase import normalise, singular
from ..errors import BadInput
from ..offline.reading.lexicon import load_lexicon
from .ground import ground
from .parse import RefReader
from .refer import Ref
from .scene import Scene
from .words import load_words

_WHERE = "instruction"


@dataclass(frozen=True)
class Placement:
    """Where an object should go: a relation to an anchor reference, or a wall/corner/middle.

    ``predicate`` is a grounding predicate name or "to" (onto a surface, else next to),
    "closer", "away", "wall", "corner", "middle"; ``side`` names the wall or corner if given.
    """

    predicate: str
    anchors: tuple[Ref, ...] = ()
    side: str | None = None


@dataclass(frozen=True)
class EditOp:
    """One edit: ``verb`` with what it needs (``target`` for all but add)."""

    verb: str
    target: Ref | None = None
    new_noun: str | None = None
    count: int = 1
    place: Placement | None = None
    other: Ref | None = None
    angle_deg: float | None = None
    factor: tuple[float, float, float] | None = None
    color: str | None = None

    def target_text(self) -> str:
        """The target as the instruction named it ('' for none)."""
        return self.target.describe() if self.target else ""


def _clauses(tokens: list[str]) -> list[list[str]]:
    """Split at "and"/"then" followed by an edit verb."""
    out, start = [], 0
    for i, tok in enumerate(tokens):
        if tok in {"and", "then"} and i > start and i + 1 < len(tokens):
            j = i + 1 + (tokens[i + 1] == "then")
            if j < len(tokens) and _verb_at(tokens, j) is not None and tokens[j] not in {"face", "point"}:
                out.append(tokens[start:i])
                start = j
    out.append(tokens[start:])
    return [c for c in out if c]


def _verb_at(tokens: Sequence[str], i: int) -> tuple[str, int] | None:
    words = load_words()
    for n in (3, 2, 1):
        phrase = " ".join(tokens[i:i + n])
        if len(tokens) >= i + n and phrase in words.edit_verbs:
            return words.edit_verbs[phrase], n
    return None


def parse_instruction(text: str, scene: Scene) -> list[EditOp]:
    """Every edit in ``text``; raises :class:`BadInput` naming the part it cannot read."""
    tokens = normalise(text).split()
    if not tokens:
        raise BadInput("empty instruction", _WHERE)
    return [_clause(c, scene, text) for c in _clauses(tokens)]


def _clause(tokens: list[str], scene: Scene, text: str) -> EditOp:
    words = load_words()
    i = 0
    while i < len(tokens) and tokens[i] in words.fillers and _verb_at(tokens, i) is None:
        i += 1
    hit = _verb_at(tokens, i)
    if hit is None:
        raise BadInput(f"no edit verb (move, add, remove, replace, swap, rotate, resize, make...) in "
                       f"'{' '.join(tokens)}'", _WHERE)
    verb, n = hit
    rest = tokens[i + n:]
    if verb == "move" and rest and (rest[0] in words.add_articles or rest[0].isdigit()
                                     or rest[0] in load_lexicon().numbers) and tokens[i] in {"put", "place", "set"}:
        verb = "add"
    handler = _HANDLERS[verb]
    return handler(rest, scene, verb)


def _ref(tokens: Sequence[str], scene: Scene, *, stops: Sequence[str] = (), default: str = "thing") -> tuple[Ref, int]:
    return RefReader(tokens, scene, stops=stops, default_noun=default).read(0)


def _whole_ref(tokens: Sequence[str], scene: Scene, default: str = "thing") -> Ref:
    ref, end = _ref(tokens, scene, default=default)
    if end < len(tokens):
        raise BadInput(f"could not read '{' '.join(tokens[end:])}'", _WHERE)
    return ref


def read_placement(tokens: Sequence[str], scene: Scene) -> Placement | None:
    """A whole destination phrase, or None when ``tokens`` is not one."""
    words = load_words()
    toks = list(tokens)
    for table in (words.placements, words.relations):
        for n in range(min(4, len(toks)), 0, -1):
            phrase = " ".join(toks[:n])
            if phrase in table:
                placement = _placement_rest(table[phrase], toks[n:], scene)
                if placement is not None:
                    return placement
    return None


def _placement_rest(predicate: str, toks: list[str], scene: Scene) -> Placement | None:
    words = load_words()
    body = [t for t in toks if t not in words.article_words]
    if body[-2:] == ["of", "room"] and len(body) > 2:  # "the middle of the room", "the far corner of the room"
        body = body[:-2]
    if body and body[-1] in {"wall", "corner", "middle", "center", "centre"} and len(body) <= 3:
        kind = words.wall_words[body[-1]]
        side = " ".join(body[:-1]).replace("hand", "").strip() or None
        if kind == "corner" and side is not None:
            side = "".join(p[0] for p in side.split()) if len(side.split()) > 1 else side
        return Placement(kind, (), side)
    if body in (["room"], ["the", "room"]):
        return Placement("middle")
    try:
        if predicate == "between":
            first, end = _ref(toks, scene, stops=("and",))
            if end >= len(toks) or toks[end] != "and":
                return None
            return Placement(predicate, (first, _whole_ref(toks[end + 1:], scene)))
        return Placement(predicate, (_whole_ref(toks, scene),))
    except BadInput:
        return None


def _split_target(rest: list[str], scene: Scene) -> tuple[Ref, Placement | None]:
    """Target reference + destination: the rightmost split where both sides read and the
    target names something in the scene (else the rightmost that reads at all)."""
    readable: list[tuple[Ref, Placement]] = []
    for k in range(len(rest) - 1, 0, -1):
        place = read_placement(rest[k:], scene)
        if place is None:
            continue
        try:
            target = _whole_ref(rest[:k], scene)
        except BadInput:
            continue
        if ground(scene, target).ids:
            return target, place
        readable.append((target, place))
    if readable:
        return readable[0]
    return _whole_ref(rest, scene), None


def _move(rest: list[str], scene: Scene, verb: str) -> EditOp:
    target, place = _split_target(rest, scene)
    if place is None:
        raise BadInput(f"where to? 'move {' '.join(rest)}' names no destination (e.g. 'to the desk', "
                       "'next to the window', 'into the corner')", _WHERE)
    return EditOp("move", target=target, place=place)


def _remove(rest: list[str], scene: Scene, verb: str) -> EditOp:
    return EditOp("remove", target=_whole_ref(rest, scene))


def _new_noun(tokens: list[str]) -> tuple[str, int]:
    """(category words, count) of a new object phrase: "two small chairs" -> ("small chair", 2)."""
    words, lex = load_words(), load_lexicon()
    count, body = 1, list(tokens)
    while body and (body[0] in words.add_articles or body[0] in lex.numbers or body[0].isdigit()):
        word = body.pop(0)
        count = int(word) if word.isdigit() else lex.numbers.get(word, count)
    if not body:
        raise BadInput("no object named", _WHERE)
    return " ".join(body[:-1] + [singular(body[-1])]), count


def _add(rest: list[str], scene: Scene, verb: str) -> EditOp:
    place, k = None, len(rest)
    for cut in range(1, len(rest)):
        place = read_placement(rest[cut:], scene)
        if place is not None:
            k = cut
            break
    noun, count = _new_noun(rest[:k])
    return EditOp("add", new_noun=noun, count=count, place=place)


def _replace(rest: list[str], scene: Scene, verb: str) -> EditOp:
    target, end = _ref(rest, scene, stops=("with", "by", "for"))
    if end >= len(rest):
        raise BadInput(f"replace with what? '{' '.join(rest)}'", _WHERE)
    noun, count = _new_noun(rest[end + 1:])
    return EditOp("replace", target=target, new_noun=noun, count=count)


def _swap(rest: list[str], scene: Scene, verb: str) -> EditOp:
    body = [t for t in rest if t not in {"places", "positions", "of", "around"}]
    first, end = _ref(body, scene, stops=("and", "with", "for"))
    if end >= len(body) and first.many:  # "swap the nightstands": the two of them
        return EditOp("swap", target=first)
    if end >= len(body):
        raise BadInput(f"swap with what? '{' '.join(rest)}'", _WHERE)
    if body[end] == "for":  # "swap the chair for a sofa" is a replacement
        noun, count = _new_noun(body[end + 1:])
        return EditOp("replace", target=first, new_noun=noun, count=count)
    return EditOp("swap", target=first, other=_whole_ref(body[end + 1:], scene, default=first.noun))


def _rotate(rest: list[str], scene: Scene, verb: str) -> EditOp:
    """"turn the chair to face the window", "rotate the sofa 90 degrees", "turn the desk around"."""
    for k in range(len(rest) - 1, 0, -1):
        tail = rest[k:]
        lead = 1 if tail[0] in {"to", "so", "and"} else 0
        lead += 1 if tail[lead:lead + 1] in (["it"], ["that"]) else 0
        if tail[lead:lead + 1] and tail[lead] in {"face", "faces", "facing", "toward", "towards", "at"}:
            body = tail[lead + 1:]
            body = body[1:] if body[:1] in (["toward"], ["towards"], ["to"]) else body
            try:
                return EditOp("rotate", target=_whole_ref(rest[:k], scene), other=_whole_ref(body, scene))
            except BadInput:
                continue
    angle, k = _angle(rest)
    if angle is None:
        raise BadInput(f"turn how? '{' '.join(rest)}' (e.g. 'to face the window', '90 degrees', 'around')", _WHERE)
    return EditOp("rotate", target=_whole_ref(rest[:k], scene), angle_deg=angle)


def _angle(rest: list[str]) -> tuple[float | None, int]:
    """A turn at the end of ``rest`` ("90 degrees", "around", "to the left") and where it starts."""
    words = load_words()
    for k in range(len(rest) - 1, 0, -1):
        tail = [t for t in rest[k:] if t not in {"by", "to", "the", "degrees", "degree", "deg", "a", "quarter",
                                                 "turn", "half"}]
        if len(tail) == 1 and tail[0].lstrip("-").isdigit():
            sign = -1.0 if "clockwise" in rest[k:] and "counterclockwise" not in rest[k:] else 1.0
            return sign * float(tail[0]), k
        if tail and " ".join(tail) in words.directions and rest[k] not in words.article_words:
            return words.directions[" ".join(tail)], k
        if not tail and "half" in rest[k:]:
            return 180.0, k
    return None, len(rest)


def _make(rest: list[str], scene: Scene, verb: str) -> EditOp:
    """"make the sofa blue", "make the table bigger", "enlarge the rug", "shrink the desk"."""
    words = load_words()
    if verb in {"grow", "shrink"}:
        f = 1.25 if verb == "grow" else 0.8
        return EditOp("resize", target=_whole_ref(rest, scene), factor=(f, f, f))
    for k in range(len(rest) - 1, 0, -1):
        tail = [t for t in rest[k:] if t not in {"be", "look", "a", "bit", "little", "much", "slightly", "to",
                                                 "in", "color", "colour", "instead", "more"}]
        phrase = " ".join(tail)
        if phrase in words.size_words:
            f = words.size_words[phrase]
            factor = (1.0, 1.0, f) if phrase in {"taller", "shorter"} else (f, f, 1.0) if phrase in {
                "wider", "narrower"} else (f, f, f)
            return EditOp("resize", target=_whole_ref(rest[:k], scene), factor=factor)
        if phrase in words.colors:
            return EditOp("restyle", target=_whole_ref(rest[:k], scene), color=phrase)
    raise BadInput(f"make it what? '{' '.join(rest)}' (a size word like 'bigger' or a colour like 'blue')", _WHERE)


def _restyle(rest: list[str], scene: Scene, verb: str) -> EditOp:
    words = load_words()
    color = next((t for t in reversed(rest) if t in words.colors), None)
    if color is None:
        raise BadInput(f"which colour? '{' '.join(rest)}'", _WHERE)
    k = len(rest) - 1 - rest[::-1].index(color)
    k -= 1 if k > 0 and rest[k - 1] in {"in", "to"} else 0
    return EditOp("restyle", target=_whole_ref(rest[:k], scene), color=color)


_HANDLERS = {"move": _move, "remove": _remove, "add": _add, "replace": _replace, "swap": _swap,
             "rotate": _rotate, "make": _make, "resize": _make, "grow": _make, "shrink": _make,
             "restyle": _restyle}
