"""The room's floor size said in words ("The room is 5 by 4 metres", "a 6 m x 5 m room", "the
room measures 4.5 by 3.5 m", "a five by four metre bedroom", "the room is 5 metres wide and 4
metres deep"): read from the words before the sentence is parsed, so the numbers become the
room's size (scene graph ``room.size``: [east-west, north-south] metres) and never counts of
objects. Sizes of objects ("a 2 by 1 metre rug") are left to the noun phrase: a size is the
room's only when a room noun follows it, or comes before it in the sentence with nothing but
link words after the size. A size "4 metres square" is a square; an outdoor scene's ground
("a patio, 5 x 4 m") takes a size as a room does.
"""

from __future__ import annotations

from collections.abc import Sequence

from .closed_words import word_set, word_table
from .lexicon import Lexicon
from ..setting.indoor_scene import is_indoor_scene

CROSS = word_set("size_crosses")  # "5 by 4 m"
SPANS = word_table("room_spans")  # "5 m wide": the side (0 east-west, 1 north-south)
LINKS = word_set("size_links")  # "the room measures about 4 by 3 m"
ROOM_NOUNS = word_set("size_room_nouns")
MIN_SIDE, MAX_SIDE = 1.0, 200.0  # m: anything else is no room
AHEAD = 3  # words after a size that may still lead to its room noun ("a 6 x 5 m back garden")
SCENE_MODIFIERS = word_set("size_scene_modifiers")


def strip_room_size(lex: Lexicon, words: list[str]) -> tuple[list[str], tuple[float, float] | None]:
    """The sentence's words without a room-size phrase, and the size it says (None when none)."""
    for start in range(len(words)):
        found = _size_at(lex, words, start)
        if found is None:
            continue
        end, size = found
        after = words[end] if end < len(words) else ""
        before = words[:start]
        if _room_ahead(lex, words, end) or (any(_is_room(lex, w) for w in before) and after in ("", ",", "and")) \
                or _room_just_before(lex, before):
            while before and before[-1] in LINKS - {"is"}:
                before = before[:-1]  # "measures", "of about": they went with the size
            return before + words[end:], size
    return words, None


SHAPE_LINKS = word_set("shape_links")  # "the room should be perfectly square"
SHAPE_FOLLOWERS = word_set("shape_followers")


def strip_room_shape(lex: Lexicon, words: list[str]) -> tuple[list[str], bool]:
    """The sentence's words without a square room's "square", and whether it said so: "square" said
    of the room noun before it ("the room is square", "Make the room square with white walls", "I'd
    like the bedroom square") or an adjective right before it ("a square room") is the room's shape,
    never a town square (issue 14)."""
    for k, word in enumerate(words):
        if word == "square" and room_shape_at(lex, words, k):
            return words[:k] + words[k + 1:], True
    return words, False


def room_shape_at(lex: Lexicon, words: Sequence[str], k: int) -> bool:
    """Whether the shape word at ``k`` is said of the room: after the room noun and link words, at
    the clause's end or before "with", "and", "please"... ("the room is square", "make the room
    square with ..."), or right before the room noun ("a square bedroom")."""
    after = words[k + 1] if k + 1 < len(words) else ""
    j = k - 1
    while j >= 0 and words[j] in SHAPE_LINKS:
        j -= 1
    said_of = j >= 0 and _indoor_room(lex, words[j]) and (after == "" or after in SHAPE_FOLLOWERS)
    return said_of or _indoor_room(lex, after)


def _indoor_room(lex: Lexicon, word: str) -> bool:
    """A word naming the room or an indoor scene ("room", "bedroom"; not "town" or "market")."""
    return word in ROOM_NOUNS or is_indoor_scene(lex, word)


def _room_ahead(lex: Lexicon, words: list[str], end: int) -> bool:
    """Whether the room or ground noun follows the size, past describing words ("a 6 x 5 m back
    garden", "a 4 by 3 metre sunny balcony"); a thing's noun first ends the look ("a 2 by 1 m rug")."""
    for k in range(end, min(end + AHEAD, len(words))):
        if _is_room(lex, words[k]) or " ".join(words[k:k + 2]) in lex.scene_nouns:
            return True
        if words[k] not in lex.adjectives and words[k] not in SCENE_MODIFIERS:
            return False
    return False


def _room_just_before(lex: Lexicon, before: list[str]) -> bool:
    """"a patio of 5 x 4 m with a grill", "the balcony, 4 by 3 m, with ...": the room noun right
    before the size, only link words between."""
    rest = [w for w in before if w not in LINKS and w != ","]
    return bool(rest) and len(before) - before.index(rest[-1]) <= 3 and _is_room(lex, rest[-1])


def _is_room(lex: Lexicon, word: str) -> bool:
    """A word naming the room or the scene's ground ("the kitchen", "a patio, 5 x 4 m")."""
    return word in ROOM_NOUNS or (word in lex.scene_nouns and word != "square")


def _size_at(lex: Lexicon, words: list[str], i: int) -> tuple[int, tuple[float, float]] | None:
    """"5 by 4 metres", "6 m x 5 m", "5 metres wide and 4 metres deep" at ``i``: (end, size)."""
    first = _length_at(lex, words, i)
    if first is None:
        return None
    j, a = first
    if j == i + 2 and j < len(words) and words[j] == "square" and _fits(a, a):  # "4 metres square": 4 by 4
        return j + 1, (a, a)
    if j < len(words) and words[j] in CROSS:
        second = _length_at(lex, words, j + 1)
        if second is None:
            return None
        if j == i + 1 and second[0] == j + 3:  # "16 by 12 feet": the unit said once is both numbers'
            a *= lex.units[words[j + 2]]
        return (second[0], (a, second[1])) if _fits(a, second[1]) else None
    if j < len(words) - 2 and words[j] in SPANS and words[j + 1] == "and":
        second = _length_at(lex, words, j + 2)
        k = second[0] if second is not None else 0
        if second is not None and k < len(words) and words[k] in SPANS and SPANS[words[k]] != SPANS[words[j]]:
            x, y = (a, second[1]) if SPANS[words[j]] == 0 else (second[1], a)
            return (k + 1, (x, y)) if _fits(x, y) else None
    return None


def _length_at(lex: Lexicon, words: list[str], i: int) -> tuple[int, float] | None:
    """A number at ``i`` with an optional unit after it (metres when none): (end, metres)."""
    if i >= len(words):
        return None
    value = _number(lex, words[i])
    if value is None:
        return None
    unit = lex.units.get(words[i + 1]) if i + 1 < len(words) else None
    return (i + 2, value * unit) if unit is not None else (i + 1, value)


def _number(lex: Lexicon, word: str) -> float | None:
    if word in lex.numbers:
        return float(lex.numbers[word])
    try:
        return float(word)
    except ValueError:
        return None


def _fits(a: float, b: float) -> bool:
    return MIN_SIDE <= a <= MAX_SIDE and MIN_SIDE <= b <= MAX_SIDE
