"""Number agreement across a compound (issue 14, dev set instr8): "a tall plant stands in the
corner" is one plant that stands, not plant stands: a known compound ending in a plural word that
is also a verb ("plant stands") after a determiner of one thing ("a", "an", "each", with describing
words between) is its first words and that verb ("a chest of drawers" keeps its name). After a definite
article ("the microphone stands in the middle of the room", session 12) the compound's number is open:
it is one thing and a verb when its first words name a thing and a place word follows at once ("the TV
stands on the dresser"); before a verb it stays the plural ("the music stands are in a row", "the music
stands face the piano"). A subject of several things joined by "and" at the start of a clause agrees
with the base form: "a desk and a chair *stand* by the window" (:func:`joined_subject_verbs`, session 13)."""

from __future__ import annotations

from collections.abc import Callable

from ...assets.phrase import singular
from .closed_words import ARRANGEMENTS, PLURAL_VERBS, REFERENCE_DETERMINERS, word_set
from .tokens import SINGULAR_DETERMINERS
from .tokentype import Token

DEFINITE = word_set("definite_verb_splits")  # "the microphone stands ...": one or several
PLACE_STARTS = word_set("verb_split_places")  # "... stands *in* the middle": the verb, then the place
SUBJECT_KINDS = frozenset({"DET", "WORD", "NOUN", "COUNT", "AND"})  # what a clause's opening subject is made of


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


def joined_subject_verbs(tokens: list[Token]) -> list[Token]:
    """The tokens with the base-form verb of a subject joined by "and" read as the verb: "a desk and a
    chair stand by the window", "two armchairs and a lamp stand in the corner" (were a 'chair stand'
    and a 'lamp stand'); so after a subject of several things said before ("both stand ...", "the two
    stand ...", "all three stand ...": were 'stand' objects). The subject opens the clause (nothing
    but its noun phrases, "and" and commas before it: after "put" or "there's" the words are a thing)
    and a place phrase follows the verb at once. A compound the vocabulary knows stays a thing ("a
    sofa, a coffee table and a TV stand against the east wall" may be a list without a verb)."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token.kind == "WORD" and token.text in PLURAL_VERBS and i > 0 and _place_after(tokens, i) and (
                (tokens[i - 1].kind in ("WORD", "NOUN") and _joined_subject(tokens, i - 1))
                or _reference_subject(_clause_before(tokens, i))):
            out[i] = Token("FILL", token.text)
    return out


def _place_after(tokens: list[Token], i: int) -> bool:
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    return after is not None and (after.kind == "REL" or (after.kind == "MOD" and not _shape(after))) \
        and after.text.split()[0] in PLACE_STARTS


def _joined_subject(tokens: list[Token], i: int) -> bool:
    """Whether the noun ending at token ``i`` closes a subject of noun phrases joined by "and" that
    opens the sentence (or the clause after a semicolon)."""
    joined = False
    for j in range(i - 1, -1, -1):
        token = tokens[j]
        if token.kind == "SEP":
            if token.text == ",":
                continue
            return joined and token.text == ";"
        if token.kind not in SUBJECT_KINDS:
            return False
        joined = joined or token.kind == "AND"
    return joined


def _clause_before(tokens: list[Token], i: int) -> list[Token]:
    """The tokens of token ``i``'s clause before it (from the sentence's start or its last semicolon)."""
    start = max((j + 1 for j in range(i) if tokens[j].kind == "SEP" and tokens[j].text == ";"), default=0)
    return tokens[start:i]


def _reference_subject(before: list[Token]) -> bool:
    """Whether the clause so far is a subject of several things said before, with no noun: "both",
    "these", "all three", "the two", "two" (a determiner of several or a count over one)."""
    if not before or any(t.kind not in ("DET", "COUNT") for t in before):
        return False
    several = any(t.kind == "COUNT" and isinstance(t.value, (int, float)) and t.value >= 2 for t in before)
    return several or (before[0].kind == "DET" and before[0].text in REFERENCE_DETERMINERS - {"the"})
