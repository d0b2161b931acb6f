"""What people and animals do (issue 14, session 15: a scene's people and animals doing things).

A word right after an ANIMATE subject (a person, a role, a group or an animal noun: :func:`.compound_heads.living`)
that is a form of a common verb agreeing with it is what the subject does, even when the word is
also a noun: "the baker *slides* loaves into the oven", "two kayakers *paddle* past", "its owner
*strokes* its head", "the farrier *shoes* her back hoof", "a watchmaker *hunched* over his bench".
Read word by word these were things named "baker slide", "kayakers paddle", drawn as labelled boxes
and counted as three. The verbs and their forms are data (``verb_forms.json``); the guard is the
subject: "the vegetable rows" is no verb (a vegetable does nothing), and a subject and word that
together name a known thing stay that thing ("a dog bed", "baby wipes").

Agreement says which form may follow which subject:

- the third person singular ("strokes") after one living thing with its determiner ("its owner",
  "the farrier", "a stable cat"), not after a count of several ("two child seats");
- the base form ("paddle") after several (a plural, "kayakers", or a group, "a couple");
- the -ing form after either ("grandchildren building a tower", "friends playing cards");
- a past participle ("hunched", "curled", "tied") only before a place or a particle ("curled up
  on the rug", "tied to the gate"): before a noun it describes it ("a horse drawn carriage").
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...assets.phrase import singular
from ...datafiles import read_document, read_only_cache
from .closed_words import SINGULAR_DETERMINERS, word_set
from .compound_heads import living
from .tokentype import Token

if TYPE_CHECKING:
    from .lexicon import Vocabulary

_DATA = Path(__file__).with_name("verb_forms.json")
SCHEMA = "setdresser.offline_verb_forms/1"
GROUP_NOUNS = word_set("acting_groups")  # "a couple dances", "the crew carry": one word for several
NOT_AFTER = word_set("not_verb_before")  # "the horse shoes *are* ...": a verb follows, so the word was a noun
OBJECT_STARTS = ("DET", "COUNT", "PRON", "WORD", "NOUN", "COLLECT")
PLACE_STARTS = ("REL", "MOD")


@dataclass(frozen=True)
class VerbForms:
    """The forms of the verbs in ``verb_forms.json``, by kind."""

    base: frozenset[str]
    third: frozenset[str]  # "strokes"
    ing: frozenset[str]  # "stroking"
    done: frozenset[str]  # "stroked", "hunched", "shod": past and past participle

    def kind(self, word: str) -> str | None:
        """Which form ``word`` is ("third", "base", "ing", "done"), the finite ones first; None for no verb."""
        for name in ("third", "base", "ing", "done"):
            if word in getattr(self, name):
                return name
        return None


@read_only_cache(maxsize=1)
def verb_forms() -> VerbForms:
    """The verb forms of ``verb_forms.json``; ValueError for an entry that is not four forms."""
    data = read_document(_DATA, SCHEMA)
    verbs: dict[str, list[str]] = data["verbs"]
    for base, forms in verbs.items():
        if not isinstance(forms, list) or len(forms) != 4 or not all(isinstance(f, str) and f for f in forms):
            raise ValueError(f"{_DATA}: verb {base!r} needs [third person, -ing, past, past participle]")
    return VerbForms(base=frozenset(verbs), third=frozenset(f[0] for f in verbs.values()),
                     ing=frozenset(f[1] for f in verbs.values()),
                     done=frozenset(f[i] for f in verbs.values() for i in (2, 3)))


def acts(tokens: list[Token], i: int, vocab: Vocabulary) -> bool:
    """Whether token ``i`` (a plain word) is what the living thing named right before it does: a
    form of a listed verb that agrees with that subject (see the module's rules), not part of a
    known thing's name with it."""
    word, prev = tokens[i].text, tokens[i - 1] if i else None
    if prev is None or prev.kind not in ("WORD", "NOUN") or " " in word or not living(prev.text):
        return False
    if vocab.is_noun(f"{prev.text} {word}") or vocab.is_noun(f"{prev.text} {singular(word)}"):
        return False  # "a dog bed", "cat toys": a thing of its own
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    if after is not None and after.text in NOT_AFTER:
        return False
    kind = verb_forms().kind(word)
    if kind == "third":
        return _one_said(tokens, i - 1)
    if kind == "base":
        return _several(prev.text) and not _one_said(tokens, i - 1)
    if kind == "done":  # "curled up on the rug", "tied to the gate"
        return after is not None and (after.kind in PLACE_STARTS or after.text in vocab.lexicon.verb_words["particles"])
    return kind == "ing"


def finite_verb(item: Any) -> bool:
    """Whether a reader's item is a finite verb read as filler ("sleeps", "paddle"): the noun phrase before
    it is the subject of a clause of its own, not one more object of the last relation."""
    return item.kind == "FILL" and verb_forms().kind(item.text) in ("third", "base")


def _several(noun: str) -> bool:
    """Whether a living thing's noun names several: a plural ("kayakers", "children") or a group ("couple")."""
    last = noun.split()[-1]
    return singular(last) != last or last in GROUP_NOUNS


def _one_said(tokens: list[Token], k: int) -> bool:
    """Whether the noun at token ``k`` is one thing said with its determiner ("its owner", "the farrier",
    "a stable cat"), describing words between; not after a count of several ("two child seats")."""
    if singular(tokens[k].text.split()[-1]) != tokens[k].text.split()[-1]:
        return False
    j = k - 1
    while j >= 0 and tokens[j].kind == "WORD" and j >= k - 3:
        j -= 1
    if j < 0 or tokens[j].kind not in ("DET", "COUNT"):
        return False
    return tokens[j].kind == "DET" and (tokens[j].text in SINGULAR_DETERMINERS or tokens[j].value == "definite") \
        or (tokens[j].kind == "COUNT" and tokens[j].value == 1)


def acting_nouns(tokens: list[Token], vocab: Vocabulary) -> list[Token]:
    """The tokens with a plural name that starts with an -ing verb right after a living thing split in
    two: "four friends playing cards" (were 'friends playing cards', one thing) is what the friends do
    and its object; a singular one stays whole ("a baby changing table")."""
    out: list[Token] = []
    forms = verb_forms()
    for i, token in enumerate(tokens):
        words = token.text.split()
        prev = tokens[i - 1] if i else None
        if token.kind == "NOUN" and len(words) > 1 and words[0] in forms.ing and prev is not None \
                and prev.kind in ("WORD", "NOUN") and living(prev.text) and singular(words[-1]) != words[-1]:
            out += [Token("FILL", words[0]), Token("WORD", " ".join(words[1:]))]
            continue
        out.append(token)
    return out
