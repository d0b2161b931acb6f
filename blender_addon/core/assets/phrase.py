"""Word handling for asset lookup: tokens, singular forms and the head part of a noun phrase.

Pure string functions, no catalog knowledge, so the rules can be tested on their own.
The planner strips counts before asking for an asset, but a free phrase may still carry
them ("a pair of armchairs") or trail a prepositional part ("lamp on the desk"); the head
noun of an English noun phrase comes before such a part, so lookup keeps only that.
"""

from __future__ import annotations

import re

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
# Words ending in s that are already singular (or have no singular worth guessing).
UNINFLECTED = frozenset(
    "glass grass canvas gas bus cactus tennis chess series species news lens dais "
    "always various octopus walrus iris compass mattress atlas bonus campus chaos gallows thermos mars "
    "bellows barracks crossroads".split()
)
IRREGULAR_PLURALS = {
    "people": "person", "men": "man", "women": "woman", "children": "child", "feet": "foot",
    "teeth": "tooth", "mice": "mouse", "geese": "goose", "knives": "knife", "wives": "wife",
    "leaves": "leaf", "loaves": "loaf", "wolves": "wolf", "halves": "half", "calves": "calf",
    "scarves": "scarf", "cacti": "cactus", "fungi": "fungus", "dice": "dice", "lives": "life",
    "potatoes": "potato", "tomatoes": "tomato", "heroes": "hero", "echoes": "echo",
    "benches": "bench", "couches": "couch", "elves": "elf", "dwarves": "dwarf", "thieves": "thief",
    "hooves": "hoof", "wharves": "wharf", "oxen": "ox", "buses": "bus", "gases": "gas", "canvases": "canvas",
    "octopuses": "octopus", "cactuses": "cactus", "walruses": "walrus", "mongooses": "mongoose",
    "volcanoes": "volcano", "mangoes": "mango", "dominoes": "domino", "torpedoes": "torpedo",
    "tvs": "tv", "pcs": "pc", "cds": "cd", "dvds": "dvd", "atms": "atm", "suvs": "suv", "ufos": "ufo",
}
# Nouns ending in "ie": their plural drops only the s ("cookies" -> "cookie", not "cooky").
IE_NOUNS = frozenset(
    "cookie movie brownie zombie hoodie smoothie selfie goalie calorie budgie birdie prairie necktie bowtie "
    "pixie genie beanie collie magpie goodie veggie rookie auntie sortie walkie talkie".split()
)
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
    if len(word) <= 3 or word in UNINFLECTED or not word.endswith("s"):
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
