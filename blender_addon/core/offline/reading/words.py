"""A sentence's words as the tokenizer reads them: lower case, numbers and commas, with the spellings
that would mislead a word-by-word reading undone first: "3x4" is "3 by 4", "1.5m" "1.5 m", "the sofa's
right" "the right of the sofa", "a two-seater sofa" one describing word ("two_seater"), "a wall-mounted
TV" one ("wall_mounted"), "the wall facing the door" "the wall opposite" it, "the right-hand wall" "the
right wall"."""

from __future__ import annotations

import re

from .closed_words import word_pattern
from .particles import glue_particles

_WORD = re.compile(r"[a-z0-9]+_[a-z]+|\d+(?:\.\d+)?|[a-z]+|,|&")
_NUMBER_WORDS = rf"{word_pattern('compound_numbers')}|\d+"
_NOT_COMPOUND = word_pattern("not_number_compounds")  # "a 2-m bench": a measure, not one word
_NUMBER_COMPOUND = re.compile(rf"\b({_NUMBER_WORDS})-(?!{_NOT_COMPOUND}\b)([a-z]+)\b")
_GLUED_UNIT = re.compile(r"(\d)(m|cm|ft|x)\b")
_GLUED_BY = re.compile(r"(\d)x(\d)")
# "a wall-mounted TV", "a mounted TV": one adjective before the noun, not a wall and a verb;
# after "is" the verb alone ("the TV is wall mounted": it hangs, :data:`.lexicon` mount_verbs)
_WALL_MOUNTED = re.compile(r"\b(?:wall[ -](?:mounted|hung|fixed)|(?:(?<=\ba )|(?<=\ban ))mounted)\b"
                           r"(?=\s+(?!on\b|to\b|onto\b|against\b|above\b|over\b|in\b|at\b)[a-z])")
# "the wall facing the entrance", "the wall that faces the door": the wall opposite it (not before a compass side:
# "a sofa in front of the north wall facing south" faces south)
_WALL_FACING = re.compile(r"\bwall\s+(?:(?:that|which)\s+)?(?:facing|faces|looking at|across from)\b"
                          r"(?!\s+(?:due\s+)?(?:north|south|east|west)\b)")
_HAND_SIDE = re.compile(r"\b(left|right) hand(?=\s+(?:wall|side|corner)s?\b)")
_VERB_WALL_MOUNTED = re.compile(r"\b(is|are|was|were|be|been|being)\s+wall[ -](mounted|hung|fixed)\b")
# a decade or a century says a style, never a count: "a 1950s diner", "an '80s arcade", "an 18th-century library"
# are one describing word each ("1950s_era", "18th_century"); "from the 1890s" / "in the 1920s" only says when
_DECADE = r"'?(?:1[0-9]|20)?[0-9]0'?s"
_WHEN_DECADE = re.compile(rf"\b(?:from|in|of) the (?:(?:early|late|mid)[ -])?{_DECADE}(?![\w'])"
                          r"(?!\s+(?:style|styled|look|design|decor|fashion|theme)\b)")
_DECADE_WORD = re.compile(rf"(?<![\w']){_DECADE}(?![\w'])")
_CENTURY = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)[ -]centur(?:y|ies)\b")

# "to the sofa's right", "on the desk's north side", "at the bed's foot": the side *of* the owner
_POSSESSIVE_SIDE = re.compile(
    r"\b(the|a|an|its|their)\s+((?:[a-z]+\s+){0,2}?[a-z]+)'s\s+((?:(?:north|south|east|west|left|right|front|back"
    r"|far|near|long|short)(?:\s+hand)?\s+)?(?:side|end|edge|left|right|front|back|head|foot))\b")


def words_of(sentence: str) -> list[str]:
    """Lower-case words, numbers and commas of one sentence ("3x4" -> "3 by 4", "1.5m" -> "1.5 m")."""
    text = _POSSESSIVE_SIDE.sub(r"the \3 of \1 \2", sentence.lower().replace("\u2019", "'"))
    text = _era_words(text)
    text = text.replace("'s ", " ").replace("'", "")
    text = _GLUED_BY.sub(r"\1 by \2", text)
    text = _GLUED_UNIT.sub(r"\1 \2", text)
    text = re.sub(r"\b([a-z])-(?=shaped\b)", r"\1", text)  # "L-shaped" stays one adjective
    text = _NUMBER_COMPOUND.sub(r"\1_\2", text)  # "a two-seater sofa": one adjective, not two sofas
    text = glue_particles(text)  # "a walk-in dressing room": "walk_in", one describing word
    text = _WALL_FACING.sub("wall opposite", text)
    text = _WALL_MOUNTED.sub("wall_mounted", _VERB_WALL_MOUNTED.sub(r"\1 \2", text))  # "a wall-mounted TV"
    text = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", text)
    text = _HAND_SIDE.sub(r"\1", text)  # "on the right-hand wall": the right wall, not "on the right" + "hand wall"
    return _WORD.findall(text)


def _era_words(text: str) -> str:
    """Decades and centuries as style words, not counts ("a 1920s speakeasy" was 1920 speakeasies):
    "1950s" / "1950's" / "'50s" -> "1950s_era", "18th-century" -> "18th_century"; a time phrase
    ("from the 1890s") is dropped."""
    text = _WHEN_DECADE.sub("", text)
    text = _DECADE_WORD.sub(lambda m: m.group(0).replace("'", "") + "_era", text)
    return _CENTURY.sub(r"\1th_century", text)
