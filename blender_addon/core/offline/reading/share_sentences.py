"""A share said in a sentence of its own (issue 14, class "count"): "Bookcases line the north and
south walls. There are three on each." is "Bookcases line the north and south walls, three on
each.", which the sentence reader reads as three at each wall; so "Chairs go down both sides of
the table. Four on each side." and "Lamps stand at either end. There's one at each end."

Read on the text before its sentences are. A sentence that is only a lead (``share_sentence_leads``,
lexicon data: "there are", "there's", "with"), a number, "of them" at will, and a place phrase
that starts with a preposition and a distributive word ("on each", "at either", "per") joins the
sentence before it as its trailing share; any other sentence is left as it is.
"""

from __future__ import annotations

import re

from .closed_words import word_pattern
from .lexicon import Vocabulary
from .numbers import number_of

_SPREAD = word_pattern("share_spread_words")  # closed_words.json: "each", "either", "per" ...
_PREP = word_pattern("share_prepositions")  # closed_words.json: "on", "at", "down" ...


def fold_share_sentences(text: str, vocab: Vocabulary) -> str:
    """The text with each share-only sentence joined to the sentence before it."""
    leads = vocab.lexicon.word_lists.get("share_sentence_leads", ())
    lead = "|".join(map(re.escape, sorted(leads, key=len, reverse=True)))
    lead_part = rf"(?:(?:{lead})\s+)?" if lead else ""
    pattern = re.compile(
        rf"([a-z0-9'\)])\s*[.;]\s+{lead_part}([a-z0-9-]+)\s+(?:of\s+them\s+)?"
        rf"((?:{_PREP}\s+)?{_SPREAD}\b[^.!?;]*)([.!?;]|$)", re.I)

    def fold(match: re.Match[str]) -> str:
        word = match.group(2)
        if number_of(word, vocab.lexicon) is None and word.lower() not in ("one", "a"):
            return match.group(0)
        return f"{match.group(1)}, {word.lower()} {match.group(3)}{match.group(4)}"
    return pattern.sub(fold, text)
