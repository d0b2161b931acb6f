"""A sentence's words as the tokenizer reads them: lower case, numbers and commas, with the spellings
that would mislead a word-by-word reading undone first: "3x4" is "3 by 4", "1.5m" "1.5 m", "the sofa's
right" "the right of the sofa", "a two-seater sofa" one describing word ("two_seater"), "a wall-mounted
TV" one ("wall_mounted"), "the wall facing the door" "the wall opposite" it, "the right-hand wall" "the
right wall"."""

from __future__ import annotations

import re

from ...assets.catalog import load_catalog
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
_COMPASS = word_pattern("compass_sides")
_MOUNTED = word_pattern("wall_mount_participles")
_WALL_MOUNTED = re.compile(rf"\b(?:wall[ -]{_MOUNTED}|(?:(?<=\ba )|(?<=\ban )){word_pattern('mount_adjectives')})\b"
                           rf"(?=\s+(?!{word_pattern('wall_mount_not_before')}\b)[a-z])")
# "the wall facing the entrance", "the wall that faces the door": the wall opposite it (not before a compass side:
# "a sofa in front of the north wall facing south" faces south)
_WALL_FACING = re.compile(rf"\bwall\s+(?:{word_pattern('relative_pronouns')}\s+)?{word_pattern('wall_facing_verbs')}\b"
                          rf"(?!\s+(?:due\s+)?{_COMPASS}\b)")
# "a half-finished quilt", "a hand-painted sign", "a well-worn saddle", "a glass-topped table": a word and a
# participle joined by a hyphen describe the noun after them as one word (no half, hand or well of their own)
_PARTICIPLE_COMPOUND = re.compile(rf"\b([a-z]+)-([a-z]{{3,}}ed|{word_pattern('irregular_participles')})\b")
_HAND_SIDE = re.compile(rf"\b({word_pattern('hands')}) hand(?=\s+{word_pattern('hand_side_nouns')}s?\b)")
_VERB_WALL_MOUNTED = re.compile(rf"\b({word_pattern('be_forms')})\s+wall[ -]({_MOUNTED})\b")
# a decade or a century says a style, never a count: "a 1950s diner", "an '80s arcade", "an 18th-century library"
# are one describing word each ("1950s_era", "18th_century"); "from the 1890s" / "in the 1920s" only says when
_DECADE = r"'?(?:1[0-9]|20)?[0-9]0'?s"
_WHEN_DECADE = re.compile(rf"\b(?:{word_pattern('era_time_prepositions')}) the (?:(?:{word_pattern('era_parts')})[ -])?"
                          rf"{_DECADE}(?![\w'])(?!\s+(?:{word_pattern('era_style_nouns')})\b)")
_DECADE_WORD = re.compile(rf"(?<![\w']){_DECADE}(?![\w'])")
_CENTURY = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)[ -](?:{word_pattern('century_nouns')})\b")

# "to the sofa's right", "on the desk's north side", "at the bed's foot": the side *of* the owner
_POSSESSIVE_SIDE = re.compile(
    rf"\b({word_pattern('possessive_determiners')})\s+((?:[a-z]+\s+){{0,2}}?[a-z]+)'s\s+"
    rf"((?:{word_pattern('side_qualifiers')}(?:\s+hand)?\s+)?{word_pattern('side_part_nouns')})\b")


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
    text = _PARTICIPLE_COMPOUND.sub(_participle_compound, text)  # "a half-finished quilt": one describing word
    text = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", text)
    text = _HAND_SIDE.sub(r"\1", text)  # "on the right-hand wall": the right wall, not "on the right" + "hand wall"
    return _WORD.findall(text)


def _participle_compound(match: re.Match[str]) -> str:
    """"half-finished" -> "half_finished"; a colour or material first ("a wood-fired oven", "a glass-topped
    table") stays two words, the finish read as the thing's own, and so does a theme ("space-themed")."""
    from ..setting.indoor_outdoor import load_setting_words  # (the setting reads words: imported when used)

    first, participle = match.groups()
    if load_catalog().is_finish(first) or participle in load_setting_words().theme_words:
        return match.group(0)  # "a space-themed bedroom": the scene word's theme (setting.theme_words)
    return f"{first}_{participle}"


def _era_words(text: str) -> str:
    """Decades and centuries as style words, not counts ("a 1920s speakeasy" was 1920 speakeasies):
    "1950s" / "1950's" / "'50s" -> "1950s_era", "18th-century" -> "18th_century"; a time phrase
    ("from the 1890s") is dropped."""
    text = _WHEN_DECADE.sub("", text)
    text = _DECADE_WORD.sub(lambda m: m.group(0).replace("'", "") + "_era", text)
    return _CENTURY.sub(r"\1th_century", text)
