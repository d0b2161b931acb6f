"""'a <unit> of <noun>': the object is the noun, not the unit ("a bar of soap" is soap, never a
bar counter). Three kinds of unit, all data (lexicon ``unit_nouns``):

* a *package* or any unit whose "<noun> <unit>" the knowledge base names as another thing than
  the unit is that one thing ("a box of tissues": a tissue box, "a bar of soap": soap; "a bottle
  of wine" stays a bottle, described "of wine");
* a *measure* only measures the noun out ("a loaf of bread", "three bars of soap", "a slice of
  cake"): the noun, as many as the units, with the unit's size word when it has one;
* a *bundle* counting phrase before a plural that is itself one thing's name ("a bunch of
  flowers", "a pair of shoes"): that one thing; before any other plural the count stands.

A package with no such name ("a plate of cookies", "a bowl of fruit") is left to the holder
reading (:func:`.of_with.holds`). Stacks, piles and rows are collectives, read elsewhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...datafiles import read_only_cache
from ...assets.phrase import normalise, singular
from ...knowledge.objects import ObjectFacts, load_knowledge
from .tokens import Token

if TYPE_CHECKING:
    from .lexicon import Vocabulary

NOUN_KINDS = ("WORD", "NOUN")


def fold_units(tokens: list[Token], vocab: Vocabulary) -> list[Token]:
    """``tokens`` with each "<unit> of" read as what it measures or packages (see the module)."""
    out = list(tokens)
    i = 0
    while i < len(out):
        folded = _bundle(out, i, vocab) or _unit(out, i, vocab)
        if folded is not None:
            out[i:folded[1]] = folded[0]
        i += 1
    return out


def _bundle(tokens: list[Token], i: int, vocab: Vocabulary) -> tuple[list[Token], int] | None:
    """"a bunch of flowers": one bouquet (an article and that one thing's name for the count)."""
    token = tokens[i]
    if token.kind != "COUNT" or token.text not in vocab.lexicon.unit_nouns.get("bundles", ()):
        return None
    noun = tokens[i + 1] if i + 1 < len(tokens) else None
    if noun is None or noun.kind not in NOUN_KINDS or (i + 2 < len(tokens) and tokens[i + 2].kind in NOUN_KINDS):
        return None  # "a bunch of flower pots": the count stands
    name = one_thing(noun.text, vocab)
    return ([Token("DET", "a", "indefinite"), Token("NOUN", name, name)], i + 2) if name else None


def one_thing(plural: str, vocab: Vocabulary) -> str | None:
    """A singular name of the one thing a plural names ("flowers": "bouquet", "drums": "drum kit",
    "shoes": "pair of shoes"), or None when the plural is just several of its singular ("penguins")."""
    knowledge = load_knowledge()
    facts = _exact_names().get(plural) if singular(plural) != plural else None
    if facts is None:
        return None
    one = knowledge.lookup(singular(plural))
    if one is not None and one.category == facts.category and not _plural_name(facts.category):
        return None  # "penguins": several penguins
    names = sorted((facts.category, *facts.synonyms), key=lambda n: " of " in f" {n} ")
    return next((n for n in names if not _plural_name(n) and knowledge.lookup(n) == facts
                 and (vocab.is_noun(n) or " of " in n)), None)


@read_only_cache(maxsize=None)
def _exact_names() -> dict[str, ObjectFacts]:
    """Each knowledge-base category's own names (category and synonyms), exactly as written."""
    return {normalise(n): facts for facts in load_knowledge().all_facts() for n in (facts.category, *facts.synonyms)}


def _plural_name(name: str) -> bool:
    """Whether a name's head is plural ("flowers"; "pair of shoes" is one pair)."""
    last = name.split(" of ")[0].split()[-1]
    return singular(last) != last


def _unit(tokens: list[Token], i: int, vocab: Vocabulary) -> tuple[list[Token], int] | None:
    """"a bar of soap" -> "a soap"; "a box of tissues" -> "a tissue box"; None for other words."""
    units = vocab.lexicon.unit_nouns
    token = tokens[i]
    unit, plural = singular(token.text), singular(token.text) != token.text
    measure = units.get("measures", {}).get(unit)
    if (i == 0 or tokens[i - 1].kind not in ("DET", "COUNT", "WORD") or i + 2 >= len(tokens)
            or tokens[i + 1].kind != "OF" or tokens[i + 2].kind not in NOUN_KINDS):
        return None
    if measure is None and unit not in units.get("packages", ()):
        return None
    end = i + 2
    while end + 1 < len(tokens) and tokens[end + 1].kind in NOUN_KINDS:
        end += 1  # "a bottle of red wine": the noun is the run's last word
    noun = tokens[end].text
    for name in (f"{singular(noun)} {unit}", f"{noun} {unit}"):
        known = _exact_names().get(name)  # the knowledge base's own name for it, another thing than the unit
        if known is not None and name in vocab.names and known != load_knowledge().lookup(unit):
            text = f"{name}s" if plural else name
            return [*tokens[i + 2:end], Token("NOUN", text, text)], end + 1
    if measure is None:
        return None
    size = [Token("WORD", measure)] if measure else []
    last = tokens[end]  # "a roll of paper towels": one paper towel (roll), as many as the rolls
    return [*size, *tokens[i + 2:end], Token(last.kind, singular(last.text), last.value)], end + 1
