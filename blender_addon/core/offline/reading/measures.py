"""The tokenizer's readings of numbers: numbers said in several words, times signs, grids
("in a 3 by 4 grid", "three rows of five"), size orders ("smallest on top"), ratios ("twice as
tall as") and measures ("1 m apart", "2 m tall", "at least 3 m from").

:class:`NumberReader` is a mixin of :class:`.tokens.Tokenizer`; it reads only ``self.lex``.
"""

from __future__ import annotations

import re
from typing import Any

from .closed_words import word_set, word_table, word_tuple
from .lexicon import Lexicon
from .tokentype import Token

UNCOUNTED_ROWS = 3  # "rows of chairs": as many rows as "some" is things
GRID_ROW_NOUNS = word_set("grid_row_nouns")


class NumberReader:
    """Number-bearing patterns of a sentence's words, as :class:`Token`s."""

    lex: Lexicon

    def spoken_numbers(self, words: list[str]) -> list[str]:
        """Numbers said in several words, as one: "twenty-four" / "twenty four" -> "24"; a range
        "two or three", "3 to 4" -> its first number (the planner places that many)."""
        out: list[str] = []
        i = 0
        while i < len(words):
            value = self._number(words[i])
            after = [self._number(w) for w in words[i + 1:i + 3]] + [None, None]
            if value is not None and words[i] in self.lex.numbers and value % 10 == 0 and 20 <= value < 100 \
                    and after[0] is not None and 1 <= after[0] <= 9 and words[i + 1] in self.lex.numbers:
                out.append(str(int(value + after[0])))  # "twenty-four chairs"
                i += 2
                continue
            if words[i] == "x" and self._times_sign(out[-1:], words[i + 1:i + 3]):
                i += 1  # "2x armchairs", "x3 crates": a count
                continue
            if value is not None and words[i + 1:i + 4] == ["and", "a", "half"]:
                out.append(f"{value + 0.5:g}")  # "two and a half metres": 2.5
                i += 4
                continue
            out.append(words[i])
            upper = after[1]
            ranged = value is not None and upper is not None and upper > value and words[i + 1] in ("or", "to")
            i += 3 if ranged else 1  # "two or three armchairs": two
        return out

    def _times_sign(self, before: list[str], after: list[str]) -> bool:
        """Whether an "x" next to a number is a times sign before a noun ("2x chairs", "x3 crates"),
        not the "by" of a grid ("3 x 4")."""
        numbers = [self._number(w) is not None for w in after] + [False, False]
        if before and self._number(before[0]) is not None:
            return not numbers[0]
        return numbers[0] and not numbers[1] and after[1:2] != ["by"]

    def _number(self, word: str) -> float | None:
        if is_number(word):
            return float(word)
        value = self.lex.numbers.get(word)
        return float(value) if value is not None else None

    def _grid(self, words: list[str], i: int) -> tuple[Token | None, int]:
        j = i
        prefix = words[j] in ("in", "into") if j < len(words) else False
        j += prefix
        j += j < len(words) and words[j] in ("a", "an")
        rows = self._number(words[j]) if j < len(words) else None
        if rows is None and not prefix and words[j:j + 2] == ["rows", "of"] and j == i:
            return Token("COLLECT", "rows of", "grid", {"rows": UNCOUNTED_ROWS, "cols": 0}), 2  # "rows of chairs"
        if rows is None:
            return None, 0
        rest = words[j + 1:j + 6]
        if len(rest) >= 3 and rest[0] in ("by", "x") and self._number(rest[1]) is not None and rest[2] == "grid":
            cols = self._number(rest[1])
            used = j + 4 - i
            while i + used < len(words) and words[i + used] in ("pattern", "layout", "formation"):
                used += 1
            params = {"rows": int(rows), "cols": int(cols or 0)}
            if i + used < len(words) and words[i + used] == "of":
                return Token("COLLECT", " ".join(words[i:i + used + 1]), "grid", params), used + 1
            return Token("MOD", " ".join(words[i:i + used]), "grid", params), used
        if (len(rest) >= 2 and rest[0] in ("by", "x") and self._number(rest[1]) is not None
                and (len(rest) == 2 or rest[2] == ",")):  # "..., 3 by 3" closing a clause
            params = {"rows": int(rows), "cols": int(self._number(rest[1]) or 0)}
            return Token("MOD", " ".join(words[i:j + 3]), "grid", params), j + 3 - i
        if rest and rest[0] in GRID_ROW_NOUNS:  # "in two rows of four", "in two lines of four"
            used = j + 2 - i
            cols = None
            if len(rest) >= 3 and rest[1] == "of" and self._number(rest[2]) is not None:
                cols, used = self._number(rest[2]), used + 2
            params = {"rows": int(rows), "cols": int(cols) if cols else 0}
            text = " ".join(words[i:i + used])
            if prefix:
                return Token("MOD", text, "grid", params), used
            if i + used < len(words) and words[i + used] == "of":
                used += 1
            return Token("COLLECT", " ".join(words[i:i + used]), "grid", params), used
        return None, 0

    def _size_order(self, words: list[str], i: int) -> tuple[Token | None, int]:
        j = i
        if words[j:j + 2] == ["with", "the"]:
            j += 2
        elif words[j] == "the":
            j += 1
        if j >= len(words) or words[j] not in self.lex.superlatives:
            return None, 0
        key, extreme = self.lex.superlatives[words[j]]
        k = j + 1
        if k < len(words) and words[k] in ("one", "ones", "item", "items"):
            k += 1
        for n in (3, 2, 1):
            position = self.lex.stack_positions.get(" ".join(words[k:k + n]))
            if position is not None:
                # Listed bottom-to-top (or first-to-last): "smallest on top" = sizes descending.
                order = "descending" if (position == "top") == (extreme == "small") else "ascending"
                stack = words[k] not in ("first", "last")
                params = {"key": key, "order": order, "stack": stack}
                return Token("MOD", " ".join(words[i:k + n]), "size_order", params), k + n - i
        return None, 0

    def _ratio(self, words: list[str], i: int) -> tuple[Token | None, int]:
        """"twice as tall as", "3 times as big as", "as tall as", "the same height as" -> scaling."""
        j, ratio = i, 1.0
        if words[j] in RATIO_WORDS:
            ratio, j = RATIO_WORDS[words[j]], j + 1
        elif self._number(words[j]) is not None and words[j + 1:j + 2] == ["times"]:
            ratio, j = float(self._number(words[j]) or 1.0), j + 2
        tail = words[j:j + 3]
        same = words[j:j + 4] in (["the", "same", "height", "as"], ["the", "same", "size", "as"])
        sizes = self.lex.word_lists["comparison_sizes"]
        if same or (len(tail) == 3 and tail[0] == "as" and tail[1] in sizes and tail[2] == "as"):
            used = j + (4 if same else 3) - i
            return Token("REL", " ".join(words[i:i + used]), "scaling", {"ratio": ratio}), used
        return None, 0

    def _amount(self, words: list[str], j: int) -> tuple[float | None, int]:
        """The number before a unit at ``j`` and the index of its last word: "2", "two", and an
        article for one ("about a metre", "an inch") or half ("half a metre")."""
        if j >= len(words):
            return None, j
        if words[j] == "half" and words[j + 1:j + 2] in (["a"], ["an"]) and self._unit_at(words, j + 2)[0]:
            return 0.5, j + 1  # "half a metre"
        if words[j] in ("a", "an") and self._unit_at(words, j + 1)[0]:
            return 1.0, j  # "about a metre in front of it", "an arm's length from"
        value, upper = self._number(words[j]), self._number(words[j + 1]) if j + 1 < len(words) else None
        if value is not None and upper is not None and upper > value and self._unit_at(words, j + 2)[0]:
            return (value + upper) / 2, j + 1  # "3-4 metres from the table": about 3.5
        return value, j

    def _unit_at(self, words: list[str], k: int, vague: bool = False) -> tuple[float | None, int]:
        """Metres per unit of the unit at ``k`` and its word count: a lexicon unit ("m", "feet"), or a
        unit of distance only (:data:`DISTANCE_UNITS`: "paces", "arm length") when a distance word
        follows it ("ten paces behind"; for a unit that names things too only "away", "from",
        "apart", "between": "two steps from the door", not "three steps in front of the stage") and
        no vague amount ("a few steps from": the relation phrases' own); (None, 0) when none."""
        if k < len(words) and words[k] in self.lex.units:
            return self.lex.units[words[k]], 1
        for n in (2, 1):
            unit = DISTANCE_UNITS.get(" ".join(words[k:k + n])) if len(words[k:k + n]) == n else None
            follows = words[k + n] if k + n < len(words) else ""
            if unit is not None and not vague and follows in (
                    PLAIN_FOLLOWERS if words[k + n - 1] in THING_UNITS else DISTANCE_FOLLOWERS):
                return unit, n
        return None, 0

    def _measured(self, words: list[str], i: int) -> tuple[float, str, bool, int] | None:
        """The measure said at ``i`` ("about 2 m", "a few metres", "two and a half feet", "a metre and a
        half"): (metres, its qualifier, whether the amount is vague, the index after it); None when none."""
        j, qualifier = i, ""
        for q in QUALIFIERS:
            if tuple(words[j:j + len(q)]) == q:
                qualifier, j = " ".join(q), j + len(q)
                break
        vague = self._vague_amount(words, j)
        value, j = (vague[0], vague[1]) if vague else self._amount(words, j)
        unit, width = self._unit_at(words, j + 1, vague is not None)
        if value is None or unit is None:
            return None
        k = j + 1 + width
        if words[k:k + 3] == ["and", "a", "half"]:  # "a metre and a half from the bed"
            value, k = value + 0.5, k + 3
        return round(value * unit, 4), qualifier, vague is not None, k

    def _size(self, words: list[str], i: int, k: int, metres: float, vague: bool) -> tuple[Token | None, int]:
        """A measure that sizes its object: "2 m long", "1.5 m in length" (that side: lexicon
        dimension_words), "a 2 metre table", "a 65-inch TV" (between an article and a noun: its length)."""
        for n in (2, 1):
            side = self.lex.dimension_words.get(" ".join(words[k:k + n]))
            if side is not None:
                return Token("SIZE", " ".join(words[i:k + n]), metres, {"dimension": side}), k + n - i
        after = words[k] if k < len(words) else ""
        if i > 0 and words[i - 1] in SIZED_ARTICLES and not vague and after.isalpha() \
                and after not in DISTANCE_FOLLOWERS | NOT_SIZED:
            return Token("SIZE", " ".join(words[i:k]), metres, {"dimension": "length"}), k - i
        return None, 0

    def _measure(self, words: list[str], i: int) -> tuple[Token | None, int]:
        read = self._measured(words, i)
        start = i
        if read is None and words[i] in ("a", "an"):  # "keep a 1 m gap between the beds": the article too
            read, i = self._measured(words, i + 1), i + 1
            if read is None or space_between(words, read[3]) is None:
                return None, 0
        if read is None:
            return None, 0
        metres, qualifier, vague, k = read
        lower = qualifier in ("at least", "more than")
        least = measure_floor(metres, qualifier, vague)
        between = space_between(words, k)
        if between is not None:  # "3 feet between them", "2 m of space between the sofa and the TV"
            return gap_token(words, start, between, distance_params(metres, lower, least, vague)[1])
        size, used = self._size(words, i, k, metres, vague)
        if size is not None:
            return size, used
        after, text = (words[k] if k < len(words) else ""), " ".join(words[i:k])
        if after == "apart":
            return Token("MOD", f"{text} apart", "row", {"spacing": metres}), k + 1 - i
        used = next((len(f) for f in FROM_WORDS if tuple(words[k:k + len(f)]) == f), 0)  # "from", "back from"
        away = words[k:k + 1] == ["away"] and not used
        if used or away:
            used = used or 1
            kind, params = distance_params(metres, lower, least, vague)
            if away:  # "facing it about 3 m away": from the clause's landmark (the thing faced)
                params.update({"implicit": True, MEASURED: True})
            return Token("REL", " ".join(words[i:k + used]), kind, params), k + used - i
        measure = {"lower": lower} if least is None else {"lower": lower, "least": least}
        return Token("MEASURE", text, metres, measure), k - i

    def _vague_amount(self, words: list[str], j: int) -> tuple[float, int] | None:
        """"a few metres", "a couple of feet", "several metres": (how many, index of the amount's
        last word) when a vague count stands before a unit, else None."""
        for n in (3, 2, 1):
            phrase = " ".join(words[j:j + n])
            if phrase in VAGUE_AMOUNTS and self._unit_at(words, j + n, vague=True)[0]:
                return VAGUE_AMOUNTS[phrase], j + n - 1
        return None


APPROX = 0.3  # "about 1 m": from 70% of it
VAGUE_SPAN = 1.7  # "a few metres": from half to 1.7 times the count's metres
VAGUE_AMOUNTS = word_table("vague_amounts")
UPPER_ONLY = word_set("upper_only_qualifiers")
DISTANCE_UNITS = word_table("distance_units")  # "ten paces from", "an arm's length from"
DISTANCE_FOLLOWERS = word_set("distance_unit_followers")
GAP_WORDS = word_set("gap_between_words")
SPACE_NOUNS = word_set("gap_space_nouns")  # "2 m of space between", "a 1 m gap between"
FROM_WORDS = tuple(tuple(w.split()) for w in word_tuple("distance_from_words"))  # "from", "back from", "off"
GAP_BETWEEN = "gap_between"  # a REL kind: the measure is the gap between the two things named after it
THING_UNITS = word_set("thing_distance_units")  # "three steps in front of the stage" are steps
PLAIN_FOLLOWERS = word_set("distance_unit_plain_followers")
SIZED_ARTICLES = frozenset({"a", "an", "one", "the"})  # "a 2 metre table": a measure between article and noun
NOT_SIZED = frozenset({"by", "x", "and", "or", "square", "apart"})  # "a 3 m by 2 m rug": the size reader's
QUALIFIERS = tuple(tuple(q.split()) for q in word_tuple("measure_qualifiers"))  # "at least", "about"


MEASURED = "measured"  # a reading-only param: a distance said with no object ("3 m away"), from the landmark


def distance_params(metres: float, lower: bool, least: float | None, vague: bool) -> tuple[str, dict[str, Any]]:
    """The relation kind and params of a stated distance between two things (the gap between their boxes):
    "at least 2 m from" a floor (far), "within 1 m of" a ceiling (near), "about 2 m from" both (70% of it
    to all of it: the centres then stand about 2 m apart), "a few metres from" half to 1.7 times the
    count's metres; marked as the text's measure (:data:`.quantities.STATED`)."""
    kind, params = ("far", {"min_distance": metres}) if lower else ("near", {"max_distance": metres})
    if least is not None:
        most = round(metres * VAGUE_SPAN, 4) if vague else metres  # the gap stays within the measure: the
        # centres, half the two things further apart, are about that far apart ("a grill about 4 m away")
        params = {"min_distance": least, "max_distance": most}
    params["stated"] = True  # the text's measure, not a phrase's default
    return kind, params


def gap_token(words: list[str], start: int, between: int, params: dict[str, Any]) -> tuple[Token, int]:
    """The token of a measured gap said from ``start`` up to "between" at ``between``: "1 m between each
    one" spaces the group's neighbours (MOD spaced); else the gap between the things named after it, or
    "them" (REL :data:`GAP_BETWEEN`, "them" read with it)."""
    them = gap_words(words, between + 1)
    if them:
        return Token("MOD", " ".join(words[start:between + 1 + them]), "spaced", params), between + 1 + them - start
    end = between + 1 + (words[between + 1:between + 2] == ["them"])
    return Token("REL", " ".join(words[start:end]), GAP_BETWEEN, params), end - start


def space_between(words: list[str], k: int) -> int | None:
    """The index of "between" when the words from ``k`` (right after a measure) say it is the free space
    between things: "between", "of space between", "gap between" (closed_words gap_space_nouns); None
    otherwise ("2 m from ...")."""
    if k < len(words) and words[k] == "of":
        k += 1
    for n in (2, 1):
        if " ".join(words[k:k + n]) in SPACE_NOUNS:
            k += n
            break
    return k if k < len(words) and words[k] == "between" else None


def gap_words(words: list[str], k: int) -> int:
    """How many words from ``k`` say whose gap a measure before "between" is ("them", "each one",
    "each other"; closed_words gap_between_words); 0 when none ("3 m between the sofa and the TV")."""
    n = 0
    while k + n < len(words) and words[k + n] in GAP_WORDS:
        n += 1
    return n


def measure_floor(metres: float, qualifier: str, vague: bool) -> float | None:
    """The least distance a stated measure implies: "about 1 m in front" / "1 m in front" is not
    pressed against it (70% of the measure), "a few metres" at least half of it; None for the
    bounds that set no floor ("within 1 m") or that are floors themselves ("at least 2 m")."""
    if qualifier in UPPER_ONLY or qualifier in ("at least", "more than"):
        return None
    return round(metres * (0.5 if vague else 1 - APPROX), 4)


RATIO_WORDS = word_table("ratio_words")


def is_number(word: str) -> bool:
    """Whether a word is written in digits ("3", "2.5")."""
    return bool(re.fullmatch(r"\d+(?:\.\d+)?", word))
