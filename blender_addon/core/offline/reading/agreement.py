"""Number agreement across a compound (issue 14, dev set instr8): "a tall plant stands in the
corner" is one plant that stands, not plant stands: a known compound ending in a plural word that
is also a verb ("plant stands") after a determiner of one thing ("a", "an", "each", with describing
words between) is its first words and that verb ("a chest of drawers" keeps its name). After a definite
article ("the microphone stands in the middle of the room", session 12) the compound's number is open:
it is one thing and a verb when its first words name a thing and a place word follows at once ("the TV
stands on the dresser"); before a verb it stays the plural ("the music stands are in a row", "the music
stands face the piano")."""

from __future__ import annotations

from collections.abc import Callable

from ...assets.phrase import singular
from .closed_words import ARRANGEMENTS, word_set
from .tokens import SINGULAR_DETERMINERS
from .tokentype import Token

DEFINITE = word_set("definite_verb_splits")  # "the microphone stands ...": one or several
PLACE_STARTS = word_set("verb_split_places")  # "... stands *in* the middle": the verb, then the place


def singular_compounds(tokens: list[Token], describes: Callable[[str], bool],
                       table: dict[tuple[str, ...], Token], names: Callable[[str], bool] | None = None) -> list[Token]:
    """The tokens with each plural-ending compound noun after a singular determiner split into words
    when the phrase ``table`` reads its last word alone as a verb ("stands"; ``describes``: whether a
    word only describes the noun, "tall", "big"); after a definite article too when ``names`` knows the
    first words as a thing and a place phrase follows (:func:`_definite_verb`)."""
    out: list[Token] = []
    for i, token in enumerate(tokens):
        words = token.text.split()
        verb = table.get((words[-1],)) if len(words) > 1 and singular(words[-1]) != words[-1] else None
        if token.kind == "NOUN" and verb is not None and verb.kind == "FILL" and (
                _after_one(tokens, i, describes) or _definite_verb(tokens, i, names)):
            out += [Token("WORD", word) for word in words[:-1]] + [verb]
            continue
        out.append(token)
    return out


def _after_one(tokens: list[Token], i: int, describes: Callable[[str], bool]) -> bool:
    j = i - 1
    while j >= 0 and tokens[j].kind == "WORD" and describes(tokens[j].text):
        j -= 1
    return j >= 0 and tokens[j].kind == "DET" and tokens[j].text in SINGULAR_DETERMINERS


def _definite_verb(tokens: list[Token], i: int, names: Callable[[str], bool] | None) -> bool:
    """"The microphone stands in the middle": a definite compound (describing or owning words between) whose
    first words name a thing, right before a place phrase; not after a count ("the three music stands in a row")."""
    words, after = tokens[i].text.split(), tokens[i + 1] if i + 1 < len(tokens) else None
    place = after is not None and (after.kind == "REL" or (after.kind == "MOD" and not _shape(after)))
    if names is None or after is None or not place or after.text.split()[0] not in PLACE_STARTS \
            or not names(" ".join(words[:-1])):
        return False
    j = i - 1
    while j >= 0 and tokens[j].kind == "WORD":  # describing words or an owner ("the singer's microphone")
        j -= 1
    return j >= 0 and tokens[j].text in DEFINITE and tokens[j].kind != "COUNT"


def _shape(token: Token) -> bool:
    """Whether a modifier token names a group's shape ("in a row": said of several things)."""
    return any(word in ARRANGEMENTS or word.rstrip("s") in ARRANGEMENTS for word in token.text.split())
