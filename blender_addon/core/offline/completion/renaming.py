"""Archetype sentences that name an item the user's object replaced name the user's object."""

from __future__ import annotations

import re

from ..reading.lexicon import Vocabulary
from ..reading.tokens import words_of
from ...assets.phrase import plural, singular


def renamed(text: str, renames: dict[str, str], vocab: Vocabulary) -> str:
    """An archetype sentence naming a replaced item, or a compound name of it, names the
    user's object instead ("two baskets on each market stall" -> "... on each stall"); a name
    that is itself the first word of a compound is left ("two table lamps on the table")."""
    for old in sorted(renames, key=len, reverse=True):
        def swap(match: re.Match[str], new: str = renames[old], old: str = old) -> str:
            after = words_of(match.string[match.end():])[:1]
            if after and f"{old} {singular(after[0])}" in vocab.names:
                return match.group(0)
            compound = match.group(1) is not None and modifier_noun(match.group(1).strip(), vocab)
            name = plural(new) if match.group(2) else new  # "the benches": "the seats"
            return (match.group(1) if match.group(1) and not compound else "") + name
        text = re.sub(rf"\b([a-z]+ )?{re.escape(old)}((?<=[sxzh])es|s)?\b", swap, text)
    return text


def modifier_noun(word: str, vocab: Vocabulary) -> bool:
    """Whether a word before a noun makes a compound name with it ("market" stall), not a
    determiner, count, adjective or grammar word ("each" stall, "three" stalls)."""
    lex = vocab.lexicon
    grammar = (lex.determiners.keys() | lex.numbers.keys() | lex.count_phrases.keys() | lex.pronouns.keys()
               | lex.fillers | lex.with_words | lex.and_words | lex.relation_phrases.keys())
    return word not in grammar and not vocab.looks_adjective(word)
