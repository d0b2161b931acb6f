"""Words in brackets, read as what they add to the phrase before them (issue 14, long
instructions): "the front wall (north)" and "at one end (the east one)" name the compass
side ("the north wall", "the east end"); "the door (east wall)" says where the door is ("the
door on the east wall"); "the door (it's on the east wall)" is a clause about it ("the door,
which is on the east wall,"); a count says parts of the objects before, at the end of the
sentence ("six chairs around a table, four white, two blue"); a bare count is the number of the
thing before ("chairs (six) around it": six chairs; "twelve (12) chairs": twelve). Any other
bracket only loses its brackets, as before ("a nursery (about 3x3 m, square)").

A dash between words sets a part off as a comma does ("a table for 4 people - a plate at each
place", "six chairs round it — three down each side"): :func:`undash`.
"""

from __future__ import annotations

import re

from .closed_words import word_pattern, word_set
from .lexicon import load_lexicon
from .numbers import number_of

_COMPASS = rf"{word_pattern('compass_sides')}(?:[ -]?{word_pattern('compass_second_sides')})?"
_PLACE_NOUN = r"wall|side|end|corner|edge"
_BRACKET = re.compile(r"\s*\(([^()]*)\)")
# "(north)", "(the north one)", "(north side)": only a compass side
_SIDE_ONLY = re.compile(rf"^(?:the\s+)?({_COMPASS})(?:ern)?(?:\s+(?:one|{_PLACE_NOUN}))?$", re.IGNORECASE)
# "(east wall)", "(the north wall)": where the thing before is
_WALL_ONLY = re.compile(rf"^(?:the\s+)?({_COMPASS})(?:ern)?\s+(wall)$", re.IGNORECASE)
# "(it's on the east wall)", "(which is by the window)": a clause about the thing before
_CLAUSE = re.compile(rf"^{word_pattern('bracket_clause_subjects')}(?:'s|\u2019s|'re|\u2019re|"
                     rf"\s+{word_pattern('bracket_clause_verbs')})?\s+", re.IGNORECASE)
# the place phrase a compass side renames: "the front wall", "one end", "the short wall"
# "(four white, two blue)": a count that is no measure begins a part of the objects before
_PARTS = re.compile(rf"^(?:{word_pattern('bracket_part_counts')}|\d+)\s+(?!{word_pattern('measure_words')}\b)[a-z]",
                    re.IGNORECASE)
_PARTS_AT = re.compile(r"\s*\(([^()]*)\)([^.!?;:\n()]*)")
_NOT_PREPOSITION = rf"(?!{word_pattern('not_place_prepositions')}\b)"
_PLACE_BEFORE = re.compile(rf"\b(?:(?:the|a|an|one)\s+)?(?:{_NOT_PREPOSITION}[a-z]+\s+){{0,2}}?\b({_PLACE_NOUN})\s*$",
                           re.IGNORECASE)
# a dash standing free between words (" - ", " -- ", an en or em dash with or without spaces); a
# dash inside a word ("north-east", "L-shaped") or between digits ("2–3 chairs") joins them instead
_FREE_DASH = re.compile(r"(?<=\S)[ \t]*(?:[\u2013\u2014]+|-{2,})[ \t]*(?=\S)|(?<=\S)[ \t]+-[ \t]+(?=\S)")
_NUMBER_DASH = re.compile(r"(?<=\d)[ \t]*(?:-+|[\u2013\u2014]+)[ \t]*(?=\d)")


def undash(text: str) -> str:
    """The text with each free-standing dash read as a comma ("a sofa - grey - against the north
    wall": "a sofa, grey, against the north wall"); a range of numbers keeps a hyphen ("2–3")."""
    return _FREE_DASH.sub(", ", _NUMBER_DASH.sub("-", text))


def unbracket(text: str) -> str:
    """The text with each bracketed part (no nesting) read into the sentence around it."""
    # "six chairs (four white, two blue) around a table"; a bare count "(6 in total)" is read below
    text = _PARTS_AT.sub(lambda m: f"{m.group(2)}, {m.group(1).strip()}" if _PARTS.match(m.group(1).strip())
                         and not _COUNT_ONLY.match(m.group(1).strip()) else m.group(0), text)
    out, last = [], 0
    for found in _BRACKET.finditer(text):
        before, inner = text[last:found.start()], found.group(1).strip()
        before, inner = _read(before, inner)
        out.append(before + inner)
        last = found.end()
    out.append(text[last:])
    return re.sub(r",\s*,", ",", "".join(out))


# "(six)", "(6)", "(x6)", "(6 in total)", "(6 of them)": a bare count of the thing before
_COUNT_ONLY = re.compile(r"^(?:x\s*)?([a-z]+|\d+)(?:\s*x)?(?:\s+(?:in\s+)?total|\s+of\s+them|\s+pieces?)?$",
                         re.IGNORECASE)
_NOUN_TAIL = re.compile(r"((?:[A-Za-z][\w'-]*\s+){0,3}[A-Za-z][\w'-]*)\s*$")
# words a noun phrase's own words come after: "with chairs (six)", "the chairs (six)"
_BEFORE_NOUNS = word_set("bracket_noun_leads")


def counted_before(before: str, inner: str) -> str | None:
    """The text before a bracket that holds only a count, with the count said before the noun
    phrase it counts ("with chairs (six)": "with 6 chairs"); None when the bracket is no count."""
    lex = load_lexicon()
    found = _COUNT_ONLY.match(inner)
    count = number_of(found.group(1), lex) if found else None
    tail = _NOUN_TAIL.search(before)
    if count is None or tail is None:
        return None
    words = tail.group(1).split()
    if number_of(words[-1], lex) is not None:
        return before  # "twelve (12) chairs": said twice
    stops = [i for i, w in enumerate(words) if w.lower() in _BEFORE_NOUNS or w.lower() in lex.determiners
             or number_of(w, lex) is not None]
    start = stops[-1] + 1 if stops else 0
    if start >= len(words) or (stops and number_of(words[stops[-1]], lex) is not None):
        return None if start >= len(words) else before  # "four chairs (six)": the count the text said first
    article = bool(stops) and lex.determiners.get(words[start - 1].lower()) == "indefinite"  # "a chair (x2)"
    kept = words[:start - 1] if article else words[:start]
    return before[:tail.start()] + " ".join([*kept, str(count), *words[start:]])


def _read(before: str, inner: str) -> tuple[str, str]:
    """(the text before the bracket, what replaces the bracket)."""
    counted = counted_before(before, inner)
    if counted is not None:  # "chairs (six)": six chairs
        return counted, ""
    side, place = _SIDE_ONLY.match(inner), _PLACE_BEFORE.search(before)
    if side and place:  # "the front wall (north)": the north wall
        return before[:place.start()] + f"the {side.group(1).lower()} {place.group(1)}", ""
    wall = _WALL_ONLY.match(inner)
    if wall:  # "the door (east wall)": on the east wall
        return before, f" on the {wall.group(1).lower()} wall"
    clause = _CLAUSE.match(inner)
    if clause:  # "(it's on the east wall)": a clause about the door
        return before, f", which is {inner[clause.end():]},"
    if _a_share(inner):  # "four stools around it (one per side)": a share of the count, as after a comma
        return before.rstrip(), f", {inner},"
    return before, f" {inner}" if inner else ""


def _a_share(inner: str) -> bool:
    """Whether a bracket says how a count is shared out: a number, then a word that places it
    ("one per side", "two on each side", "one at each end")."""
    words = inner.lower().split()
    return len(words) > 2 and number_of(words[0], load_lexicon()) is not None and words[1] in _SHARE_LEADS


_SHARE_LEADS = word_set("bracket_share_leads")
