"""Giving verbs (issue 14, class "count"): "give every desk a monitor, a keyboard and a chair",
"give each of them a bed and a wardrobe", "give the tables each a lamp" say what each of them
gets, as "every desk gets a monitor, a keyboard and a chair" does: the text is said that way,
which the sentence reader already reads as one set per owner.

Read on the text before its sentences are. The verbs (``giving_verbs``) and the distributive
words (``each_words``) are lexicon data (``word_lists``); a giving verb with no distributive
word after it ("give the room a cosy feel") is left as it is.
"""

from __future__ import annotations

import re

from .lexicon import Vocabulary

_OWNER = r"(?:one\s+)?(?:of\s+(?:them|these|those|the\s+(?:[a-z'-]+\s+){0,3}?[a-z'-]+)|[a-z'-]+(?:\s+[a-z'-]+)?)"


def read_giving(text: str, vocab: Vocabulary) -> str:
    """The text with "give each X Y" said "each X gets Y", "give them each Y" "each of them gets Y"
    and "give the Xs each Y" "each of the Xs gets Y"; the text itself when it has none."""
    lists = vocab.lexicon.word_lists
    verbs, each = lists.get("giving_verbs", ()), lists.get("each_words", ())
    if not verbs or not each:
        return text
    verb = "|".join(map(re.escape, verbs))
    every = "|".join(map(re.escape, each))
    before = re.compile(rf"\b({verb})\s+({every})\s+({_OWNER})\s+(?=(?:an?|one|two|three|four|\d+)\b)", re.I)
    text = before.sub(lambda m: _said(m.group(1), f"{m.group(2)} {m.group(3)}"), text)
    after = re.compile(rf"\b({verb})\s+(them|the\s+(?:[a-z'-]+\s+){{0,2}}?[a-z'-]+s)\s+({every})\s+", re.I)
    return after.sub(lambda m: _said(m.group(1), f"{m.group(3)} of {m.group(2)}"), text)


def _said(verb: str, owner: str) -> str:
    """"Give every desk" -> "Every desk gets " (the verb's capital goes to the owner)."""
    owner = owner.strip()
    if verb[:1].isupper():
        owner = owner[:1].upper() + owner[1:]
    return f"{owner} gets "
