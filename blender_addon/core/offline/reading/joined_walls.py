"""Walls named together and counts per wall (issue 14, class "count"): "bookcases along the
east and west walls", "pictures on the north and south walls, two on each", "lockers on both
walls, five per wall".

Read on a sentence's tokens before the noun phrases are grouped:

* two wall sides joined by "and" before a wall noun are one phrase naming both walls (the "and"
  dropped), so the phrase is a place of two walls (:attr:`.phrases.NounPhrase.walls`), never an
  object called "east" and a second phrase of one wall;
* a count "per wall" is a count "on each wall";
* a count "on each" ending a clause whose sentence named walls before is a count "on each wall".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...assets.phrase import singular
from .tokentype import Token

if TYPE_CHECKING:
    from .lexicon import Lexicon

WALL = "wall"
EACH_SIDE = "each_side"  # "on each side", "on either side": a side of the room after walls


def joined_walls(tokens: list[Token], lex: Lexicon) -> list[Token]:
    """The tokens with the three readings above."""
    return _each_wall(_per_wall(_joined(tokens, lex.wall_sides, lex.location_nouns), lex.location_nouns),
                      lex.location_nouns)


def _is_wall(token: Token, location_nouns: dict[str, str]) -> bool:
    return token.kind in ("WORD", "NOUN") and location_nouns.get(singular(token.text)) == WALL


def _per_wall(tokens: list[Token], location_nouns: dict[str, str]) -> list[Token]:
    """"five per wall": "five on each wall"."""
    out: list[Token] = []
    for i, token in enumerate(tokens):
        counted = i > 0 and tokens[i - 1].kind == "COUNT" and i + 1 < len(tokens)
        if counted and token.kind == "DET" and token.text == "per" and _is_wall(tokens[i + 1], location_nouns):
            out += [Token("REL", "on", "on"), Token("DET", "each", "each")]
            continue
        out.append(token)
    return out


def _each_wall(tokens: list[Token], location_nouns: dict[str, str]) -> list[Token]:
    """"pictures on the north and south walls, two on each": "two on each wall"; so "bookcases line
    the east and west walls, three on each side" (a side of the room: a wall named before)."""
    out: list[Token] = []
    for i, token in enumerate(tokens):
        ends = i + 1 == len(tokens) or tokens[i + 1].kind in ("SEP", "AND")
        if ends and i > 0 and tokens[i - 1].kind == "COUNT" and token.kind == "REL" and token.value == EACH_SIDE \
                and _walls_last(tokens[:i - 1], location_nouns):
            out += [Token("REL", "on", "on"), Token("DET", "each", "each"), Token("WORD", WALL)]
            continue
        out.append(token)
        bare = i > 1 and tokens[i - 1].kind == "REL" and tokens[i - 2].kind == "COUNT"
        if ends and bare and token.kind == "DET" and token.value == "each" \
                and any(_is_wall(t, location_nouns) for t in tokens[:i]):
            out.append(Token("WORD", WALL))
    return out


def _walls_last(tokens: list[Token], location_nouns: dict[str, str]) -> bool:
    """Whether the last noun before a count is a wall ("... the east and west walls, three on each
    side"), not a thing ("a bed against the north wall with nightstands, one on each side")."""
    nouns = [t for t in tokens if t.kind in ("WORD", "NOUN")]
    return bool(nouns) and _is_wall(nouns[-1], location_nouns)


def _joined(tokens: list[Token], wall_sides: dict[str, str], location_nouns: dict[str, str]) -> list[Token]:
    """The tokens with each "<side> and <side> wall(s)" read as one wall phrase."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        if _joined_at(tokens, i, wall_sides, location_nouns):
            out.append(tokens[i])
            i += 2  # the "and": both sides modify the one wall noun
            continue
        out.append(tokens[i])
        i += 1
    return out


def _joined_at(tokens: list[Token], i: int, wall_sides: dict[str, str], location_nouns: dict[str, str]) -> bool:
    """Whether tokens[i] is a wall side joined by "and" to another side before a wall noun."""
    if i + 3 >= len(tokens) or tokens[i + 1].kind != "AND":
        return False
    first, second, noun = tokens[i], tokens[i + 2], tokens[i + 3]
    sides = [t.text in wall_sides and t.kind in ("WORD", "NOUN") for t in (first, second)]
    return all(sides) and _is_wall(noun, location_nouns) and wall_sides[first.text] != wall_sides[second.text]
