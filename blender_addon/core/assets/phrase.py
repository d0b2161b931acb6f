"""Word handling for asset lookup: tokens, singular forms and the head part of a noun phrase.

Pure string functions, no catalog knowledge, so the rules can be tested on their own.
The planner strips counts before asking for an asset, but a free phrase may still carry
them ("a pair of armchairs") or trail a prepositional part ("lamp on the desk"); the head
noun of an English noun phrase comes before such a part, so lookup keeps only that.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..datafiles import read_document

# Words that never name the object itself: articles, counts, collective nouns used with "of".
QUANTITY_WORDS = frozenset(
    "a an the this that these those some any one two three four five six seven eight nine ten "
    "eleven twelve dozen pair pairs couple set sets stack stacks pile piles row rows group groups "
    "bunch few several many lot lots number each every another other more".split()
)
# A prepositional or relative part starts here; the object's own name ends before it.
CUT_WORDS = frozenset(
    "on onto in into inside under underneath below beneath above over with without near next "
    "beside besides by behind between around at against along facing for from to that which "
    "who where while and or but left right front top".split()
)
PLURALS_FILE = Path(__file__).with_name("plurals.json")


def _load_plurals(path: Path) -> tuple[dict[str, str], frozenset[str], frozenset[str]]:
    """The irregular plurals, the uninflected words and the -ie nouns of ``plurals.json``."""
    data = read_document(path, "setdresser.plurals/1")
    return dict(data["irregular"]), frozenset(data["uninflected"]), frozenset(data["ie_nouns"])


# Plurals the spelling rules get wrong, words ending in s that are already singular, -ie nouns (data).
IRREGULAR_PLURALS, UNINFLECTED, IE_NOUNS = _load_plurals(PLURALS_FILE)
_TOKEN = re.compile(r"[a-z0-9]+")


def normalise(phrase: str) -> str:
    """Lower-case ``phrase`` and turn punctuation and hyphens into single spaces ("T.V." -> "tv")."""
    text = str(phrase).lower().replace("\u2019", "'")
    text = re.sub(r"\b((?:[a-z]\.){2,})", lambda m: m.group(1).replace(".", ""), text)
    text = text.replace("'s ", " ").replace("'", "")
    return " ".join(_TOKEN.findall(text))


def tokens(phrase: str) -> list[str]:
    """The words of ``phrase`` after :func:`normalise`."""
    return normalise(phrase).split()


def singular(word: str) -> str:
    """A best-effort singular of an English noun ("shelves" -> "shelf", "boxes" -> "box")."""
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if len(word) <= 3 or word in UNINFLECTED:
        return word
    if word.endswith("men"):  # "policemen", "fishermen" (a "specimen" is listed uninflected)
        return word[:-3] + "man"
    if not word.endswith("s"):
        return word
    if word.endswith("shelves"):
        return word[: -len("shelves")] + "shelf"
    if word.endswith("ies") and len(word) > 4:
        return word[:-1] if word[:-1] in IE_NOUNS else word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zzes")):
        return word[:-2]
    if word.endswith(("ss", "us", "is")):
        return word
    return word[:-1]


def plural(noun: str) -> str:
    """The regular plural of a thing's name, made on its last word ("box" -> "boxes", "shelf unit" ->
    "shelf units", "battery" -> "batteries", "waltz" -> "waltzes"); :func:`singular` reads back each but
    the ones it cannot tell from a noun in "-e" ("waltzes": "waltze")."""
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def head_region(words: list[str], protected: set[int]) -> list[str]:
    """The part of ``words`` that names the object: counts before "of" and everything
    after the first preposition are dropped (articles and counts inside are kept). Indices in
    ``protected`` belong to a multi-word name ("chest of drawers") and never cut the phrase."""
    start = 0
    for i, word in enumerate(words):
        if word == "of" and i not in protected:
            if not names_something(words[start:i]):
                start = i + 1
                continue
            return words[start:i]
        if word in CUT_WORDS and i not in protected and names_something(words[start:i]):
            return words[start:i]
    return words[start:]


def is_quantity(word: str) -> bool:
    """Whether ``word`` is an article or a count ("a", "six", "pair", "12")."""
    return word in QUANTITY_WORDS or word.isdigit()


def names_something(words: list[str]) -> bool:
    """Whether ``words`` hold anything besides articles and counts."""
    return not all(is_quantity(w) for w in words)
