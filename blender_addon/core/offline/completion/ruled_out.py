""""No other instruments", "no other seating", "and no rug", "no vehicles besides the car" (dev set
tests/benchmark/dev/scope13.json, issue 14, class "what the tool adds that the user did not ask for"):
a "no" phrase that places nothing (no relation after it: not "no chair in front of the door", which
:mod:`..reading.negations` reads) rules its kind out of the room's completion. The room's archetype
adds no item of that kind: a noun that names a knowledge-base family ("instruments", "vehicles",
"lamps") rules out the family, a mass noun of the lexicon's ``family_nouns`` ("seating", "storage")
the families of its names, any other noun ("rug") the things that answer to it. Was a guitar and a
piano in a studio said to have "no other instruments" (the words read as nothing, silently).

The "no" words are the lexicon's determiners read "no" ("no", "no other", "not any"); a phrase ends
at a clause's end, a comma, "and", "or" or "but", or a word of ``ruled_out_tails`` ("besides", "apart
from", "except", "at all").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...assets.phrase import singular
from ...knowledge.archetypes import Item
from ...knowledge.objects import load_knowledge
from ..reading.closed_words import word_pattern
from ..reading.lexicon import Vocabulary
from ..reading.tokens import Tokenizer
from .stand_ins import kinds_of

_NOUN = r"((?:[a-z-]+\s+)?[a-z-]+?)"


@dataclass(frozen=True)
class RuledOut:
    """The families and kinds a text ruled out of its room."""

    families: frozenset[str] = frozenset()
    kinds: frozenset[str] = frozenset()

    def rules_out(self, name: str, vocab: Vocabulary) -> bool:
        """Whether an archetype item of this name is of a family or kind ruled out."""
        facts = load_knowledge().lookup(name)
        return (facts is not None and facts.family in self.families) or bool(kinds_of(name, vocab) & self.kinds)


def ruled_out(text: str, vocab: Vocabulary) -> RuledOut:
    """The families and kinds the text's placeless "no" phrases rule out."""
    lex = vocab.lexicon
    nos = sorted((w for w, kind in lex.determiners.items() if kind == "no"), key=len, reverse=True)
    if not nos:
        return RuledOut()
    lead = "|".join(re.escape(w) for w in nos)
    ends = word_pattern("ruled_out_tails", space=r"\s+")
    tail = rf"(?=\s*(?:[.,;:!?)]|$|\b(?:and|or|but|{ends})\b))"
    families, kinds = set(), set()
    all_families = set(load_knowledge().families())
    for match in re.finditer(rf"\b(?:{lead})\s+{_NOUN}{tail}", text, flags=re.IGNORECASE):
        noun = match.group(1).lower()
        one = singular(noun)
        if one in all_families:
            families.add(one)
        elif noun in lex.family_nouns:
            families |= _families_of(lex.family_nouns[noun])
        elif vocab.is_noun(one.split()[-1]):
            kinds |= kinds_of(one, vocab)
    return RuledOut(frozenset(families), frozenset(kinds))


def _families_of(names: Sequence[str]) -> set[str]:
    kb = load_knowledge()
    return {f.family for f in map(kb.lookup, names) if f is not None}


def without_ruled_out(items: list[Item], ruled: RuledOut, vocab: Vocabulary) -> list[Item]:
    """The archetype's ``items`` less those of a family or kind the text ruled out, and the others'
    sentences less the places they take by one ("A sofa facing the tv." with no TV: "A sofa.")."""
    gone = {i.object for i in items if ruled.rules_out(i.object, vocab)}
    if not gone:
        return items
    tokenizer = Tokenizer(vocab)
    return [replace(i, text=_unplaced_by(i.text, gone, tokenizer)) for i in items if i.object not in gone]


def _unplaced_by(text: str, gone: set[str], tokenizer: Tokenizer) -> str:
    """``text`` less each relation phrase that places its thing by "the <gone thing>"."""
    tokens = tokenizer.tokenize(text.rstrip(" ."))
    for k, token in enumerate(tokens[:-1]):
        after = " ".join(t.text for t in tokens[k + 1:k + 4])
        if token.kind == "REL" and tokens[k + 1].text == "the" and any(
                re.match(rf"the {re.escape(g)}\b", after) for g in gone):
            thing = next(g for g in gone if re.match(rf"the {re.escape(g)}\b", after))
            text = re.sub(rf"\s*,?\s*\b{re.escape(token.text)}\s+the\s+{re.escape(thing)}\b", "", text, count=1)
    return text
