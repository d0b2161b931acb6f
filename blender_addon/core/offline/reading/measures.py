"""The tokenizer's readings of numbers: numbers said in several words, times signs, grids
("in a 3 by 4 grid", "three rows of five"), size orders ("smallest on top"), ratios ("twice as
tall as") and measures ("1 m apart", "2 m tall", "at least 3 m from").

:class:`NumberReader` is a mixin of :class:`.tokens.Tokenizer`; it reads only ``self.lex``.
"""

from __future__ import annotations

import re

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
        if words[j] == "half" and words[j + 1:j + 2] in (["a"], ["an"]) and words[j + 2:j + 3] \
                and words[j + 2] in self.lex.units:
            return 0.5, j + 1  # "half a metre"
        if words[j] in ("a", "an") and words[j + 1:j + 2] and words[j + 1] in self.lex.units:
            return 1.0, j  # "about a metre in front of it"
        return self._number(words[j]), j

    def _measure(self, words: list[str], i: int) -> tuple[Token | None, int]:
        j = i
        qualifier = ""
        for q in QUALIFIERS:
            if tuple(words[j:j + len(q)]) == q:
                qualifier, j = " ".join(q), j + len(q)
                break
        vague = self._vague_amount(words, j)
        value, j = (vague[0], vague[1]) if vague else self._amount(words, j)
        unit = self.lex.units.get(words[j + 1]) if j + 1 < len(words) else None
        if value is None or unit is None:
            return None, 0
        metres = round(value * unit, 4)
        k = j + 2
        after = words[k] if k < len(words) else ""
        text = " ".join(words[i:k])
        for n in (2, 1):  # "2 m long", "1.5 m in length": that side of the object (lexicon dimension_words)
            side = self.lex.dimension_words.get(" ".join(words[k:k + n]))
            if side is not None:
                return Token("SIZE", " ".join(words[i:k + n]), metres, {"dimension": side}), k + n - i
        if after == "apart":
            return Token("MOD", f"{text} apart", "row", {"spacing": metres}), k + 1 - i
        lower = qualifier in ("at least", "more than")
        least = measure_floor(metres, qualifier, vague is not None)
        if words[k:k + 2] == ["away", "from"] or words[k:k + 1] in (["from"], ["of"]):
            used = 2 if words[k] == "away" else 1
            kind, params = ("far", {"min_distance": metres}) if lower else ("near", {"max_distance": metres})
            if least is not None:  # "about 2 m from", "a few metres from": not pressed against it either
                most = round(metres * (VAGUE_SPAN if vague else 1 + APPROX), 4)
                params = {"min_distance": least, "max_distance": most}
            params["stated"] = True  # the text's measure, not a phrase's default (:data:`.quantities.STATED`)
            return Token("REL", " ".join(words[i:k + used]), kind, params), k + used - i
        measure = {"lower": lower} if least is None else {"lower": lower, "least": least}
        return Token("MEASURE", text, metres, measure), k - i

    def _vague_amount(self, words: list[str], j: int) -> tuple[float, int] | None:
        """"a few metres", "a couple of feet", "several metres": (how many, index of the amount's
        last word) when a vague count stands before a unit, else None."""
        for n in (3, 2, 1):
            phrase = " ".join(words[j:j + n])
            if phrase in VAGUE_AMOUNTS and j + n < len(words) and words[j + n] in self.lex.units:
                return VAGUE_AMOUNTS[phrase], j + n - 1
        return None


APPROX = 0.3  # "about 1 m": within 30% of it either way
VAGUE_SPAN = 1.7  # "a few metres": from half to 1.7 times the count's metres
VAGUE_AMOUNTS = word_table("vague_amounts")
UPPER_ONLY = word_set("upper_only_qualifiers")
QUALIFIERS = tuple(tuple(q.split()) for q in word_tuple("measure_qualifiers"))  # "at least", "about"


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
