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
    if prev is None or prev.kind not in ("WORD", "NOUN") or " " in word or not living(prev.text) \
            or vocab.looks_adjective(prev.text):  # "a Victorian drawing room": a style, no one
        return False
    if vocab.is_noun(f"{prev.text} {word}") or vocab.is_noun(f"{prev.text} {singular(word)}"):
        return False  # "a dog bed", "cat toys": a thing of its own
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    if after is not None and (after.text in NOT_AFTER or (
            after.kind in ("WORD", "NOUN") and vocab.is_noun(f"{word} {after.text}"))):
        return False  # "the horse shoes are ...", "a ... dining table": the word starts a thing's name
    kind = verb_forms().kind(word)
    if kind == "base" and word in vocab.lexicon.scene_nouns:
        return False  # "the residents' lounge", "a farmers market": a place of theirs
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


def doers_clauses(tokens: list[Token]) -> list[Token]:
    """The tokens with "as" between two clauses of doers said as "and": "two old men argue in the park *as*
    pigeons peck at crumbs", "the children play as their parents watch" (was a thing called "park as
    pigeon"): "as" right before a living noun phrase and its finite verb."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token.text == "as" and token.kind in ("WORD", "FILL") and i and _clause_follows(tokens, i + 1):
            out[i] = Token("AND", "as")
    return out


def _clause_follows(tokens: list[Token], j: int) -> bool:
    """Whether a living noun phrase and a finite verb agreeing with it start at token ``j``."""
    j += j < len(tokens) and tokens[j].kind in ("DET", "COUNT")
    for k in range(j + 1, min(j + 4, len(tokens))):  # the noun's last word, then its verb
        if tokens[k - 1].kind != "WORD":
            return False
        kind = verb_forms().kind(tokens[k].text)
        if living(tokens[k - 1].text) and (kind == "third" or (kind == "base" and _several(tokens[k - 1].text))):
            return True
    return False


def beneficiaries(tokens: list[Token], near: Token | None) -> list[Token]:
    """The tokens with "for" / "to" before a person or an animal, after what a doer does, read as "near"
    (``near``, the phrase table's token): "the waiter pours wine *for* a couple", "a girl reads *to* her
    little brother", "a trainer holds the pads for a boxer": the one done for is with the doer (was a
    noun phrase with nothing before it, not understood, no person). Not after a thing alone ("a table
    for six people": how many it seats)."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if near is not None and token.text in ("for", "to") and token.kind in ("WORD", "FILL") \
                and _after_doing(tokens, i) and _living_follows(tokens, i + 1):
            out[i] = Token("REL", token.text, near.value, dict(near.params))
    return out


def _after_doing(tokens: list[Token], i: int) -> bool:
    """Whether a living thing's verb stands at most three tokens before token ``i`` in its clause."""
    forms = verb_forms()
    for k in range(i - 1, max(0, i - 4), -1):
        if tokens[k].kind in ("SEP", "AND"):
            return False
        if tokens[k].kind in ("REL", "FILL", "WITH") and forms.kind(tokens[k].text) is not None \
                and tokens[k - 1].kind in ("WORD", "NOUN") and living(tokens[k - 1].text):
            return True
    return False


def _living_follows(tokens: list[Token], j: int) -> bool:
    """Whether a person or an animal is named at token ``j`` ("a couple", "her little brother", "him")."""
    if j < len(tokens) and tokens[j].kind == "PRON":
        return tokens[j].value in ("someone", "them")
    if j >= len(tokens) or tokens[j].kind not in ("DET", "COUNT"):
        return False
    k = j + 1
    while k < len(tokens) and tokens[k].kind in ("WORD", "NOUN") and k < j + 4:
        k += 1
    return k > j + 1 and living(tokens[k - 1].text)
