"""Restrictive relative clauses read as the participle they say (issue 14, paraphrases):
"elves who are building toys" is "elves building toys", "a dog that's sleeping by the fire" is
"a dog sleeping by the fire", so the clause's verb and place belong to the noun before it, as
the grammar reads a participle. A clause after a comma (", which is standing on a rug") is about
the last object and is left to the grammar; a noun after the verb ("which is a painting") is kept.
Right after "is" / "are" a bare -ing word is the verb even where it can name a thing ("who are
building toys"). A count of the noun before ("ten desks, two of which face the window") is a part
of it as "two of them" is.

A restrictive clause with a verb of its own ("the table that stands by the window holds a lamp", "put a
plant next to the sofa that faces the TV") is a sentence of its own about the noun it follows
(:func:`split_relatives`, session 12): "The table stands by the window. The table holds a lamp.", "Put a
plant next to the sofa. The sofa faces the TV." -- the sofa faces the TV, not the plant.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .closed_words import word_set
from .lexicon import Vocabulary

CLAUSE_VERBS = word_set("relative_clause_verbs")  # "the table that *stands* by the window"
CLAUSE_ENDS = word_set("relative_clause_ends")  # "... by the window *holds* a lamp": the main verb
HEAD_DETERMINERS = word_set("relative_head_determiners")  # "*the* shelf that ..."
HEAD_STOPS = word_set("relative_head_stops")  # "a lamp *on* the table that ...": not in the phrase
RESTRICTIVE = frozenset({"that", "which", "who"})
AGENTS = word_set("contact_agents")  # "the bike *someone* left"
AGENT_POSSESSIVES = word_set("agent_possessives")  # "the workbench *my* uncle built"
PASTS = word_set("contact_verbs") | word_set("irregular_participles")  # "left", "built": no -ed
GIVEN_TO = word_set("contact_objects")  # "the globe my aunt gave *me*"
HEADS = word_set("contact_heads")  # "*a* shed Dad built": the noun phrase's opening word
TIMES = word_set("contact_times")  # "the kayak we bought *last year*", "... *yesterday*"
_WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019-]*|[,;:]")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'\u2019-]*|[^\sA-Za-z]")  # words and every mark: "pond. Two" is no name

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


def drop_contact_relatives(text: str, names: Callable[[str], bool]) -> str:
    """The text without each relative clause said with no "that" right after a thing's noun, whose
    doer and past verb say nothing of the scene ("a shed Dad built stands by the fence": "a shed stands
    by the fence"; "the tractor someone left parked in front of it", "the globe my aunt gave me";
    ``names``: whether a word names a thing): never a thing called "shed dad" (attach14)."""
    words = list(_TOKEN.finditer(text))
    low = [w.group(0).lower() for w in words]
    cuts: list[tuple[int, int]] = []
    for i in range(len(words) - 2):
        headed = names(low[i]) and any(w in HEADS for w in low[max(0, i - 3):i])  # "a shed", not "Please can"
        end = _contact_clause(words, low, i + 1, names) if headed else None
        if end is not None:
            cuts.append((words[i].end(), words[end - 1].end()))
    for start, stop in reversed(cuts):
        text = text[:start] + text[stop:]
    return text


def _contact_clause(words: list[re.Match[str]], low: list[str], at: int, names: Callable[[str], bool]) -> int | None:
    """Where a contact relative clause opening at ``at`` ends (the index after it), or None: a doer
    (a pronoun, a possessive and a noun, a name) and a past verb, with the pronoun it was given to."""
    if low[at] in AGENTS:
        verb = at + 1
    elif low[at] in AGENT_POSSESSIVES and at + 2 < len(words) and low[at + 1].isalpha():
        verb = at + 2
    elif words[at].group(0)[:1].isupper() and low[at].isalpha() and len(low[at]) > 1:
        verb = at + 1  # "a shed Dad built": a name (mid-sentence, so capitalised)
    else:
        return None
    if verb >= len(words) or names(low[verb]):
        return None
    past = low[verb] in PASTS or (len(low[verb]) > 4 and low[verb].endswith("ed"))
    if not past:
        return None
    end = verb + 2 if verb + 1 < len(words) and low[verb + 1] in GIVEN_TO else verb + 1
    if end + 1 < len(words) and low[end] == "last" and low[end + 1] in TIMES:
        return end + 2  # "a kayak we bought last year"
    return end + 1 if end < len(words) and low[end] in TIMES else end


def split_relatives(text: str, names: Callable[[str], bool]) -> str:
    """The text with each restrictive relative clause that has a verb of its own said as a sentence
    about the thing before it (``names``: whether a word names a thing; at most three a sentence)."""
    out = []
    for sentence in _SENTENCE.split(text):
        for _ in range(3):
            split = _split_one(sentence, names)
            if split is None:
                break
            sentence = split
        out.append(sentence)
    return " ".join(out)


def _split_one(sentence: str, names: Callable[[str], bool]) -> str | None:
    """The sentence with its first relative clause split off, or None when it has none; a clause about the
    sentence's subject needs the main verb after it ("the table that stands by the window *holds* ...")."""
    words = list(_WORD.finditer(sentence))
    low = [w.group(0).lower() for w in words]
    for i in range(1, len(words) - 1):
        if low[i] not in RESTRICTIVE or low[i + 1] not in CLAUSE_VERBS:
            continue
        start = _head_start(low, i)
        if start is None or not names(low[i - 1]):  # "the wall that faces the bed": a place, not a thing
            continue
        end = next((k for k in range(i + 2, len(words)) if low[k] in ",;:"
                    or (low[k] in CLAUSE_ENDS and k > i + 2 and low[k - 1] not in RESTRICTIVE)), None)
        if start == 0 and end is None:
            continue
        said = sentence[words[i + 1].start():words[end - 1].end() if end else words[-1].end()]
        about = "The " + " ".join(w.group(0) for w in words[start + 1:i])
        rest = sentence[words[end].start():] if end is not None else sentence[words[-1].end():]
        rest = rest.lstrip()
        main = (sentence[:words[i].start()].rstrip() + ("" if rest[:1] in ",;:.!?" else " ") + rest).rstrip()
        main = main if main.endswith((".", "!", "?")) else main + "."
        clause = f"{about} {said}."
        return f"{clause} {main}" if start == 0 else f"{main} {clause}"
    return None


def _head_start(low: list[str], at: int) -> int | None:
    """Where the noun phrase before the relative pronoun at ``at`` opens (its determiner), or None."""
    for j in range(at - 1, max(-1, at - 6), -1):
        if low[j] in HEAD_DETERMINERS:
            return j if j < at - 1 else None
        if low[j] in HEAD_STOPS or low[j] in ",;:":
            return None
    return None
