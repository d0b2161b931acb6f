"""Restrictive relative clauses read as the participle they say (issue 14, paraphrases):
"elves who are building toys" is "elves building toys", "a dog that's sleeping by the fire" is
"a dog sleeping by the fire", so the clause's verb and place belong to the noun before it, as
the grammar reads a participle. A clause after a comma (", which is standing on a rug") is about
the last object and is left to the grammar; a noun after the verb ("which is a painting") is kept.
Right after "is" / "are" a bare -ing word is the verb even where it can name a thing ("who are
building toys"). A count of the noun before ("ten desks, two of which face the window") is a part
of it as "two of them" is.
"""

from __future__ import annotations

import re

from .lexicon import Vocabulary

_BE = r"(?:\s+(?:is|are|was|were)|['\u2019](?:s|re))"


def _pattern(vocab: Vocabulary) -> re.Pattern[str]:
    """The relative pronoun (the lexicon's) and a form of "be" right after a word, before an -ing verb."""
    pronouns = sorted({p.split()[0] for p in vocab.lexicon.relative_pronouns})
    return re.compile(rf"(?<=[a-z])\s+(?:{'|'.join(map(re.escape, pronouns))}){_BE}\s+(?=[a-z]+ing\b)",
                      re.IGNORECASE)


_OF_WHICH = re.compile(r"\b(\d+|[a-z]+)\s+of\s+(?:which|whom)\b", re.IGNORECASE)


def reduce_relatives(text: str, vocab: Vocabulary) -> str:
    """The text with each restrictive "who/that/which is|are ...ing" read as the participle alone,
    and "N of which" as "N of them"."""
    text = _OF_WHICH.sub(lambda m: f"{m.group(1)} of them" if m.group(1).lower() in vocab.lexicon.numbers
                         or m.group(1).isdigit() else m.group(0), text)
    return _pattern(vocab).sub(" ", text)
