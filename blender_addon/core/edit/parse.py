"""English referring expressions -> :class:`~.refer.Ref` (a recursive-descent reader over the
word tables of ``words.json`` and the offline lexicon's numbers and ordinals).

    the second chair from the left         Ref(chair, ordinal=Ordinal(2, view_x, min))
    the nightstand with no lamp on it      Ref(nightstand, counts=(Count(on, lamp, ==, 0),))
    the lamp that is not on a nightstand   Ref(lamp, negations=(Relation(on, (nightstand,)),))
    the chair farther from the tv than the sofa   Ref(chair, comparisons=(Compare(distance, more, sofa, tv),))
    the lamp closest to the window         Ref(lamp, extremes=(Extreme(distance, min, window),))

Nouns are resolved against the scene: the longest run of the written words that names a
category there ("the big office chair" -> "office chair"); unknown words before it are
adjectives the grounding does not use.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from ..assets.phrase import normalise, singular
from ..errors import BadInput
from ..offline.reading.lexicon import load_lexicon
from .refer import Compare, Count, Extreme, Ordinal, Ref, Relation
from .scene import Scene, known_noun
from .words import EditWords, load_words

_ORDINAL_DIGITS = re.compile(r"^(\d+)(st|nd|rd|th)$")
_PLACEHOLDERS = frozenset({"one", "ones", "it", "them"})
_IT_WORDS = frozenset({"it", "them", "top", "itself"})


def _longest(tokens: Sequence[str], i: int, table: object) -> tuple[str, int] | None:
    """The longest phrase of ``table`` (a mapping or set) starting at ``tokens[i]``."""
    for n in range(min(6, len(tokens) - i), 0, -1):
        phrase = " ".join(tokens[i:i + n])
        if phrase in table:  # type: ignore[operator]
            return phrase, n
    return None


class RefReader:
    """Reads referring expressions from a token list; ``stops`` are phrases that end one."""

    def __init__(self, tokens: Sequence[str], scene: Scene, *, stops: Sequence[str] = (),
                 default_noun: str = "thing") -> None:
        self.t = list(tokens)
        self.scene = scene
        self.w: EditWords = load_words()
        self.lex = load_lexicon()
        self.stops = frozenset(stops)
        self.default_noun = default_noun
        self._ids: dict[str, str] | None = None

    # -- helpers -------------------------------------------------------------------------
    def at(self, i: int, table: object) -> tuple[str, int] | None:
        return _longest(self.t, i, table) if i < len(self.t) else None

    def stop_here(self, i: int) -> bool:
        return i >= len(self.t) or self.at(i, self.stops) is not None

    def _number(self, i: int) -> int | None:
        if i >= len(self.t):
            return None
        word = self.t[i]
        return int(word) if word.isdigit() else self.lex.numbers.get(word)

    def _id_at(self, i: int) -> tuple[str, int] | None:
        """An object id written out at token ``i`` (normalised, "chair_2" reads as "chair 2") and
        its token count; only ids with a digit or an underscore, so a category word stays a noun."""
        if self._ids is None:
            self._ids = {"_".join(normalise(o.id).split()): o.id for o in self.scene.objects
                         if any(c.isdigit() or c in "_." for c in o.id)}
        for n in range(min(6, len(self.t) - i), 0, -1):
            key = "_".join(self.t[i:i + n])
            if key in self._ids:
                return self._ids[key], n
        return None

    def _ordinal(self, i: int) -> int | None:
        if i >= len(self.t):
            return None
        m = _ORDINAL_DIGITS.match(self.t[i])
        return int(m.group(1)) if m else self.lex.ordinals.get(self.t[i])

    # -- the reference -------------------------------------------------------------------
    def read(self, i: int = 0) -> tuple[Ref, int]:
        """The reference starting at token ``i`` and the index after it."""
        ref, i, pending = self._head(i)
        return self._modifiers(ref, i, pending)

    def _head(self, i: int) -> tuple[Ref, int, Extreme | None]:
        many, color, ordinal, pending = False, None, None, None
        extremes: list[Extreme] = []
        while i < len(self.t) and not self.stop_here(i):
            word = self.t[i]
            if (named := self._id_at(i)) is not None:  # "chair_2", as the labelled top view names it
                return Ref(noun=self.scene.by_id()[named[0]].category, ids=(named[0],)), i + named[1], None
            if (hit := self.at(i, self.w.all_words)) is not None:
                many, i = True, i + hit[1]
            elif word in self.w.article_words:
                i += 1
            elif self._ordinal(i) is not None and not (word == "last" and i + 1 >= len(self.t)):
                ordinal, i = Ordinal(self._ordinal(i) or 1, "view_x", "min"), i + 1
            elif self._number(i) is not None and word != "one":
                many, i = True, i + 1
            elif word in self.w.sides and self.at(i + 1, {"of", "side", "hand"}) is None:
                measure, mode = self.w.sides[word]
                ordinal, i = Ordinal(0 if mode == "middle" else 1, measure, mode), i + 1
            elif word in self.w.superlatives:
                measure, mode = self.w.superlatives[word]
                ex = Extreme(measure, mode)
                pending = ex if measure == "distance" else pending
                extremes += [] if measure == "distance" else [ex]
                i += 1
            elif word in self.w.colors:
                color, i = word, i + 1
            else:
                break
        noun, many_noun, i = self._noun(i)
        if ordinal is not None and ordinal.n != 0 and self.at(i, self.w.ordinal_axes):
            phrase, n = self.at(i, self.w.ordinal_axes)  # type: ignore[misc]
            ordinal, i = Ordinal(ordinal.n, *self.w.ordinal_axes[phrase]), i + n
        single = ordinal is not None or bool(extremes) or pending is not None
        ref = Ref(noun=noun, many=(many or many_noun) and not single, color=color, ordinal=ordinal,
                  extremes=tuple(extremes))
        return ref, i, pending

    def _is_noun_end(self, i: int) -> bool:
        if self.stop_here(i):
            return True
        word = self.t[i]
        return (self.at(i, self.w.relations) is not None or self.at(i, self.w.with_words) is not None
                or self.at(i, self.w.without_words) is not None or word in self.w.comparatives
                or word in self.w.superlatives or word in {"that", "which", "who", "and", "than", "from", "to",
                                                           "or", "but", "whose", "is", "are"}
                or self.at(i, self.w.ordinal_axes) is not None)

    def _noun(self, i: int) -> tuple[str, bool, int]:
        start = i
        while i < len(self.t) and not self._is_noun_end(i):
            i += 1
        words = self.t[start:i]
        if words in (["everything"], ["anything"], ["all"], ["things"], ["objects"], ["stuff"]):
            return "thing", True, i
        if not words or words[-1] in _PLACEHOLDERS:
            return self.default_noun, bool(words) and words[-1] in {"ones", "them"}, i
        plural = singular(words[-1]) != words[-1]
        for k in range(len(words)):  # drop adjectives the scene's categories do not carry
            if known_noun(self.scene, words[k:]):
                return " ".join(words[k:-1] + [singular(words[-1])]), plural, i
        return " ".join(words[:-1] + [singular(words[-1])]), plural, i

    def _modifiers(self, ref: Ref, i: int, pending: Extreme | None) -> tuple[Ref, int]:
        negate = False
        while i < len(self.t) and not self.stop_here(i):
            word = self.t[i]
            if pending is not None and word in {"to", "from"}:
                anchor, i = self.read(i + 1)
                ref, pending = replace(ref, extremes=ref.extremes + (replace(pending, to=anchor),)), None
            elif (side := self._side(i)) is not None:
                ref, i = replace(ref, many=False, ordinal=side[0]), side[1]
            elif word in {"the", "away"} and i + 1 < len(self.t) and (self.t[i + 1] in self.w.superlatives
                                                                    or self.t[i + 1] in {"from", "to"}):
                i += 1
            elif (neg := self.at(i, self.w.negations)) is not None and word not in {"without", "no", "nothing"}:
                negate, i = True, i + neg[1]
            elif (hit := self.at(i, self.w.without_words)) is not None:
                ref, i = self._count(ref, i + hit[1], "==", 0)
            elif (hit := self.at(i, self.w.with_words)) is not None and negate:
                ref, i, negate = *self._without(ref, i + hit[1]), False
            elif (hit := self.at(i, self.w.with_words)) is not None:
                ref, i = self._with(ref, i + hit[1])
            elif word in {"that", "which", "who", "is", "are", "stands", "sits", "being", "currently", "now"}:
                i += 1
            elif word in self.w.superlatives:
                ref, i = self._post_extreme(ref, i)
            elif word in self.w.comparatives:
                ref, i = self._compare(ref, i)
            elif (hit := self.at(i, self.w.relations)) is not None:
                ref, i = self._relation(ref, i + hit[1], self.w.relations[hit[0]], negate)
                negate = False
            elif word in {"and", "but"} and self._continues(i + 1):
                i += 1
            else:
                break
        if pending is not None:  # "the nearest chair" with no anchor: nearest to the camera
            ref = replace(ref, extremes=ref.extremes + (Extreme("view_depth", pending.mode),))
        return ref, i

    def _continues(self, i: int) -> bool:
        if self.stop_here(i):
            return False
        word = self.t[i]
        return (word in {"that", "which", "is", "not"} or self.at(i, self.w.relations) is not None
                or self.at(i, self.w.with_words) is not None or self.at(i, self.w.without_words) is not None
                or word in self.w.superlatives or word in self.w.comparatives)

    def _relation(self, ref: Ref, i: int, predicate: str, negate: bool) -> tuple[Ref, int]:
        anchor, i = self.read(i)
        anchors: tuple[Ref, ...] = (anchor,)
        if predicate == "between":
            if anchor.many and i >= len(self.t) or (i < len(self.t) and self.t[i] != "and"):
                anchors = (replace(anchor, many=False), replace(anchor, many=False))
            else:
                second, i = self.read(i + 1)
                anchors = (anchor, second)
        rel = Relation(predicate, anchors)
        if negate:
            return replace(ref, negations=ref.negations + (rel,)), i
        return replace(ref, relations=ref.relations + (rel,)), i

    def _side(self, i: int) -> tuple[Ordinal, int] | None:
        """"on the left", "at the back", "in the middle" after the noun (not "on the left of X")."""
        hit = self.at(i, self.w.side_phrases)
        if hit is None or (i + hit[1] < len(self.t) and self.t[i + hit[1]] in {"of", "side", "hand"}):
            return None
        if i + hit[1] < len(self.t) and not self._is_noun_end(i + hit[1]):
            return None  # "the lamp on the left nightstand": a relation to "the left nightstand"
        if hit[0] in {"left", "right"}:  # bare: only as the last word ("the lamp left" is not English)
            if i + 1 < len(self.t):
                return None
        measure, mode = self.w.side_phrases[hit[0]]
        return Ordinal(0 if mode == "middle" else 1, measure, mode), i + hit[1]

    def _without(self, ref: Ref, i: int) -> tuple[Ref, int]:
        """After a negated "has"/"have": "doesn't have a lamp on it" counts zero lamps."""
        if i < len(self.t) and self.t[i] in {"a", "an", "any"}:
            i += 1
        return self._count(ref, i, "==", 0)

    def _with(self, ref: Ref, i: int) -> tuple[Ref, int]:
        if self.at(i, {"at least", "more than", "at most", "exactly", "only"}):
            phrase, n = self.at(i, {"at least", "more than", "at most", "exactly", "only"})  # type: ignore[misc]
            count = self._number(i + n) or 1
            op, count = {"at least": (">=", count), "more than": (">=", count + 1)}.get(phrase, ("==", count))
            return self._count(ref, i + n + 1, op, count)
        number = self._number(i)
        if number is not None and (self.t[i] != "one" or (i + 1 < len(self.t) and not self._is_noun_end(i + 1))):
            return self._count(ref, i + 1, "==", number)
        return self._count(ref, i, ">=", 1)

    def _count(self, ref: Ref, i: int, op: str, n: int) -> tuple[Ref, int]:
        if i < len(self.t) and self.t[i] in {"nothing", "anything"}:
            thing, i = Ref("thing"), i + 1
        elif i >= len(self.t) or self.at(i, self.w.relations) is not None:  # "with nothing" already read
            thing = Ref("thing")
        else:
            thing, i = self.read(i)
        predicate = "on"
        hit = self.at(i, self.w.relations)
        if hit is not None and i + hit[1] < len(self.t) and self.t[i + hit[1]] in _IT_WORDS:
            predicate, i = self.w.relations[hit[0]], i + hit[1] + 1
        elif i < len(self.t) and self.t[i] == "on" and (i + 1 >= len(self.t) or self.t[i + 1] == "top"):
            i += 2 if i + 1 < len(self.t) else 1
        return replace(ref, counts=ref.counts + (Count(predicate, replace(thing, many=False), op, n),)), i

    def _post_extreme(self, ref: Ref, i: int) -> tuple[Ref, int]:
        measure, mode = self.w.superlatives[self.t[i]]
        i += 1
        anchor = None
        side = self._side(i) if measure == "distance" else None
        if side is not None:  # "furthest to the left": the extreme along the view
            return replace(ref, many=False, extremes=ref.extremes + (Extreme(side[0].measure, side[0].mode),)), side[1]
        i += 1 if i < len(self.t) and self.t[i] == "away" else 0
        if measure == "distance" and i < len(self.t) and self.t[i] in {"to", "from"}:
            i += 1
        if measure == "distance":
            anchor, i = self.read(i)
        measure = "view_depth" if measure == "distance" and anchor is None else measure
        return replace(ref, many=False, extremes=ref.extremes + (Extreme(measure, mode, anchor),)), i

    def _compare(self, ref: Ref, i: int) -> tuple[Ref, int]:
        measure, mode = self.w.comparatives[self.t[i]]
        i += 1
        to = None
        if measure == "distance":
            i += 1 if i < len(self.t) and self.t[i] in {"to", "from"} else 0
            to, i = self.read(i)
        if i >= len(self.t) or self.t[i] != "than":
            raise BadInput(f"'{' '.join(self.t)}': a comparison needs 'than' (e.g. 'bigger than the desk')",
                           "reference")
        other, i = self.read(i + 1)
        return replace(ref, comparisons=ref.comparisons + (Compare(measure, mode, other, to),)), i


def parse_reference(text: str, scene: Scene, *, default_noun: str = "thing") -> Ref:
    """The :class:`Ref` of a whole referring expression; raises :class:`BadInput` when words are
    left over that it could not read."""
    tokens = normalise(text).split()
    if not tokens:
        raise BadInput("empty reference", "reference")
    ref, end = RefReader(tokens, scene, default_noun=default_noun).read(0)
    if end < len(tokens):
        raise BadInput(f"could not read '{' '.join(tokens[end:])}' in '{text}'", "reference")
    return ref
