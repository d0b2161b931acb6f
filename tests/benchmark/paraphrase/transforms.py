"""Meaning-preserving rewrites of a prompt (the paraphrase-invariance benchmark).

Each transform takes a prompt and returns its paraphrase, or ``None`` where it cannot apply (nothing
of its kind in the text, or only in a place where the rewrite could change what is meant). A
transform rewrites every place it applies to in one go. Word knowledge comes from the reader's own
data (:mod:`.words`): number words, relation phrases with identical readings, knowledge-base
synonyms, determiners.
"""

from __future__ import annotations

import re
from typing import Callable

from setdresser.blender_addon.core.assets.catalog import load_catalog
from setdresser.blender_addon.core.knowledge.archetypes import load_archetypes
from setdresser.blender_addon.core.knowledge.objects import load_knowledge

from .words import (BACK_REFERENCES, PLACING_VERBS, POSITION_VERBS, ROOM_WORDS, WORD, capital, lower_words,
                    names_thing, place_phrase_at, sentences, singular, uncapital, words)

Transform = Callable[[str], "str | None"]
PLAIN_KINDS = ("on", "in", "at", "of", "from")
VERB_PHRASE_STARTS = ("face", "faces", "flank", "flanks", "surround", "surrounds", "encircle", "backs", "lines",
                      "line", "circling", "encircling", "surrounding", "flanking", "lining")
LANDMARK_PRONOUNS = ("it", "them", "him", "me", "us", "you", "each", "every", "both", "either", "one")
ROOM_NOUNS = frozenset(load_archetypes().room_heads)  # "lab", "room", "studio": "a computer lab" is a room
NUMBER = re.compile(r"(?<![\d.,:/\-])\b(\d{1,2})\b(?![\d.,:/\-]|st|nd|rd|th|%|°)")


def digits_to_words(prompt: str) -> str | None:
    """Counts written as digits become words ("3 chairs" -> "three chairs"); decimals, ordinals,
    times, ranges, measures ("3 m", "3 x 4") and numbers above twenty are left alone."""
    names = {n: w for w, n in words().numbers.items()}

    def word(m: re.Match[str]) -> str:
        before, after = lower_words(prompt[:m.start()])[-1:], lower_words(prompt[m.end():])[:1]
        if (after and after[0] in words().units) or (before and before[0] in ("x", "by")) or after[:1] == ["x"]:
            return m.group(1)
        return names.get(int(m.group(1)), m.group(1))
    out = NUMBER.sub(word, prompt)
    return out if out != prompt else None


def words_to_digits(prompt: str) -> str | None:
    """Count words from two to twenty become digits ("three chairs" -> "3 chairs"); "one" is left
    alone (it is also a pronoun: "one on each side")."""
    table = {w: n for w, n in words().numbers.items() if n >= 2}
    pattern = re.compile(r"(?<!-)\b(" + "|".join(sorted(table, key=len, reverse=True)) + r")\b(?!-)", re.I)
    out = pattern.sub(lambda m: str(table[m.group(1).lower()]), prompt)
    return out if out != prompt else None


def _same_case(old: str, new: str) -> str:
    return capital(new) if old[:1].isupper() else new


def noun_synonyms(prompt: str) -> str | None:
    """Thing names swapped for another name of the same category that both the knowledge base and
    the asset index give ("couch" -> "sofa", "fridge" <-> "refrigerator"), where the name is a noun
    phrase's head: not part of a longer name ("coffee" in "coffee table"), not a modifier of the
    noun or room noun after it ("a stone fireplace", "a computer lab"), not the head of a compound
    ("a train platform") and not a verb ("Plant three trees")."""
    swaps = words().noun_synonyms
    lowered = prompt.lower()
    found = sorted((k for k in swaps if k in lowered), key=lambda k: (-len(k), k))
    if not found:
        return None
    pattern = re.compile(r"(?<![\w'-])(" + "|".join(re.escape(k) for k in found) + r")(?![\w'-])", re.I)

    def swap(m: re.Match[str]) -> str:
        before, after = WORD.findall(prompt[:m.start()])[-1:], WORD.findall(prompt[m.end():])[:1]
        joined = (prompt[:m.start()].rstrip().endswith(tuple(before)) and before,
                  prompt[m.end():].lstrip().startswith(tuple(after)) and after)
        for longer in ([*joined[0], m.group(1)] if joined[0] else [], [m.group(1), *joined[1]] if joined[1] else []):
            if longer and load_knowledge().names_exactly(" ".join(longer)):
                return m.group(1)
        nxt = joined[1] or []
        if any(_is_noun(w) for w in (*(joined[0] or ()), *nxt)) or (
                nxt and (nxt[0].lower() in words().determiners or nxt[0].isdigit() or nxt[0].lower() in ROOM_NOUNS)):
            return m.group(1)
        return "\0" + _same_case(m.group(1), swaps[m.group(1).lower()])
    out = pattern.sub(swap, prompt)
    out = re.sub(r"\b([Aa])n? \0(?=([A-Za-z]))", lambda m: m.group(1) + ("n " if m.group(2).lower() in "aeiou"
                                                                            else " "), out).replace("\0", "")
    return out if out != prompt else None


def _is_noun(word: str) -> bool:
    """Whether ``word`` names a thing (the knowledge base knows it) and is no determiner or adjective."""
    low = word.lower()
    return low not in words().determiners and not load_catalog().is_adjective(low) and \
        load_knowledge().names_exactly(low)


def relation_synonyms(prompt: str) -> str | None:
    """Relation phrases swapped for another phrase the lexicon reads exactly alike ("next to" <->
    "beside"; see :func:`_relation_partner`), where a landmark follows (a determiner, a pronoun or a
    count: not "side by side", "a 3 by 3 grid", "the opposite wall") and no measure comes before
    ("two metres away from")."""
    swaps: dict[str, str] = {}
    for phrase in _phrases_in(prompt):
        other = _relation_partner(phrase)
        if other:
            swaps[phrase] = other
    if not swaps:
        return None
    pattern = re.compile(r"(?<![\w'-])(" + "|".join(re.escape(k) for k in sorted(swaps, key=lambda k: (-len(k), k)))
                         + r")(?![\w'-])", re.I)

    def swap(m: re.Match[str]) -> str:
        before, after = lower_words(prompt[:m.start()])[-1:], lower_words(prompt[m.end():])[:1]
        opens = after and (after[0] in words().determiners or after[0] in LANDMARK_PRONOUNS or after[0].isdigit())
        if not opens or (before and (before[0] in words().units or before[0].isdigit())):
            return m.group(1)
        return _same_case(m.group(1), swaps[m.group(1).lower()])
    out = pattern.sub(swap, prompt)
    return out if out != prompt else None


def _phrases_in(prompt: str) -> list[str]:
    """The relation phrases of the prompt, longest match at each word."""
    found: list[str] = []
    for sentence in sentences(prompt):
        ws, i = lower_words(sentence), 0
        while i < len(ws):
            phrase = place_phrase_at(ws, i)
            if phrase:
                found.append(phrase)
            i += len(phrase.split()) if phrase else 1
    return found


def _relation_partner(phrase: str) -> str | None:
    """The first of the first three phrases of ``phrase``'s group (the lexicon keeps phrases with and
    without a landmark in groups apart) that is no verb, ends in "of" when it does, and is not it
    with more words ("in the front of", "one either side of"); none for the plain "on", "in", "at" groups, whose
    other phrases say more ("on" -> "on top of": not on a wall)."""
    group = words().relation_groups.get(phrase, ())
    if phrase.split()[0] in VERB_PHRASE_STARTS or words().relation_kind(phrase) in PLAIN_KINDS:
        return None
    for other in group[:3]:
        if other == phrase or other.split()[0] in VERB_PHRASE_STARTS + ("one",) or set(phrase.split()) <= set(
                other.split()) or (other.endswith(" of") != phrase.endswith(" of")) or {"its", "their"} & set(
                other.split()):
            continue
        return other
    return None


def reorder_sentences(prompt: str) -> str | None:
    """Two neighbouring sentences that share no thing and do not point back (no pronoun, "another",
    "also", no "the X" for a thing the other names) swapped; the first sentence (it often names the
    scene) stays first. The last such pair is swapped."""
    parts = sentences(prompt)
    for i in range(len(parts) - 2, 0, -1):
        if _independent(parts[i], parts[i + 1]):
            parts[i], parts[i + 1] = parts[i + 1], parts[i]
            return " ".join(parts)
    return None


def _independent(first: str, second: str) -> bool:
    a, b = lower_words(first), lower_words(second)
    if BACK_REFERENCES & (set(a) | set(b)):
        return False
    content = {singular(w) for w in a if w not in words().determiners and len(w) > 2} - ROOM_WORDS
    return not content & {singular(w) for w in b}


def split_and_lists(prompt: str) -> str | None:
    """An instruction listing two placed things ("Put a desk by the window and a lamp on it.")
    becomes two instructions with the verb said again ("Put a desk by the window. Put a lamp on
    it."); both halves must say where their thing goes."""
    out, changed = [], False
    for sentence in sentences(prompt):
        split = _split_instruction(sentence)
        out.append(split or sentence)
        changed |= split is not None
    return " ".join(out) if changed else None


def _split_instruction(sentence: str) -> str | None:
    first = sentence.split(" ", 1)[0].lower()
    if first not in PLACING_VERBS or re.search("[;:]", sentence):
        return None
    m = re.search(r",? and (?=(\w+) )", sentence)
    if not m or m.group(1).lower() not in words().determiners or ", and" in sentence[m.end():]:
        return None
    left, right = sentence[:m.start()], sentence[m.end():]
    if not (_has_place(left.split(" ", 1)[1]) and _has_place(right)):
        return None
    return f"{left}. {sentence.split(' ', 1)[0]} {right}"


def _has_place(text: str) -> bool:
    """Whether a relation phrase stands after the first word (a thing first, then where it goes)."""
    ws = lower_words(text)
    return any(place_phrase_at(ws, i) for i in range(1, len(ws)))


def _simple(text: str) -> bool:
    """Whether a sentence is one clause with one place: no comma, colon, semicolon, "and", "with"."""
    return not re.search(r"[,;:]|\b(and|with)\b", text)


def _subject_place(sentence: str) -> tuple[str, str, str] | None:
    """(subject, verb, place) of "A lamp stands on the desk.": a noun phrase from a determiner that
    names a thing, a position verb, then one relation phrase to the end."""
    body = sentence.rstrip(".!")
    ws = body.split()
    if len(ws) < 4 or ws[0].lower() not in words().determiners or not _simple(body):
        return None
    for i in range(1, min(len(ws) - 1, 6)):
        if ws[i].lower() in POSITION_VERBS:
            place = ws[i + 1:]
            if load_knowledge().names_exactly(" ".join(ws[i - 1:i + 1])) or not names_thing(" ".join(ws[1:i])):
                return None  # "three music stands in a row": "stands" is the thing's name
            return (" ".join(ws[:i]), ws[i], " ".join(place)) if place_phrase_at(lower_words(" ".join(place)), 0) \
                else None
    return None


def _place_subject(sentence: str) -> tuple[str, str, str] | None:
    """(place, verb, subject) of "On the desk stands a lamp."."""
    body = sentence.rstrip(".!")
    ws = body.split()
    if not _simple(body) or not place_phrase_at([w.lower() for w in ws], 0):
        return None
    for i in range(2, len(ws) - 1):
        if ws[i].lower() in POSITION_VERBS and ws[i + 1].lower() in words().determiners:
            return (" ".join(ws[:i]), ws[i], " ".join(ws[i + 1:])) if names_thing(" ".join(ws[i + 2:])) else None
    return None


def _each_sentence(prompt: str, rewrite: Callable[[str], str | None]) -> str | None:
    out = [rewrite(s) or s for s in sentences(prompt)]
    return " ".join(out) if out != sentences(prompt) else None


def fronting(prompt: str) -> str | None:
    """"A lamp stands on the desk." <-> "On the desk stands a lamp."."""
    def rewrite(sentence: str) -> str | None:
        found = _subject_place(sentence)
        if found:
            return f"{capital(found[2])} {found[1]} {uncapital(found[0])}."
        back = _place_subject(sentence)
        return f"{capital(back[2])} {back[1]} {uncapital(back[0])}." if back else None
    return _each_sentence(prompt, rewrite)


def there_insertion(prompt: str) -> str | None:
    """"There is a rug under the table." <-> "A rug is under the table."."""
    def rewrite(sentence: str) -> str | None:
        m = re.match(r"There (is|are) (.+?)[.!]?$", sentence)
        if m:
            ws = m.group(2).split()
            for i in range(1, len(ws)):
                if place_phrase_at([w.lower() for w in ws], i) and ws[0].lower() in words().determiners:
                    if not (_simple(m.group(2)) and names_thing(" ".join(ws[1:i]))):
                        return None
                    return f"{capital(' '.join(ws[:i]))} {m.group(1)} {' '.join(ws[i:])}."
            return None
        found = _subject_place(sentence)
        if not found or found[1] not in ("is", "are"):
            return None
        return f"There {found[1]} {uncapital(found[0])} {found[2]}."
    return _each_sentence(prompt, rewrite)


def imperative_declarative(prompt: str) -> str | None:
    """"Place a chair by the desk." <-> "A chair is by the desk."."""
    def rewrite(sentence: str) -> str | None:
        ws = sentence.rstrip(".!").split()
        if len(ws) > 3 and ws[0].lower() in ("put", "place") and ws[1].lower() in words().determiners:
            body = ws[1:]
            for i in range(1, min(len(body), 6)):
                if place_phrase_at([w.lower() for w in body], i):
                    subject, place = " ".join(body[:i]), " ".join(body[i:])
                    if not (_simple(sentence) and names_thing(" ".join(body[1:i]))):
                        return None
                    verb = "is" if body[0].lower() in ("a", "an", "one", "the", "this") else "are"
                    return f"{capital(subject)} {verb} {place}."
            return None
        found = _subject_place(sentence)
        return f"Place {uncapital(found[0])} {found[2]}." if found else None
    return _each_sentence(prompt, rewrite)


def politeness(prompt: str) -> str | None:
    """A polite opening: "Please put ..." before an instruction, "I'd like a ..." before a bare
    noun phrase ("a forest clearing with boulders"), "Could you make ..." before "Make"/"Create"."""
    first = prompt.split(" ", 1)[0].lower()
    if first in ("make", "create", "build", "design"):
        body = uncapital(prompt).rstrip(".")
        return f"Could you {body}?" if len(sentences(prompt)) == 1 else "Please " + uncapital(prompt)
    if first in PLACING_VERBS:
        return "Please " + uncapital(prompt)
    if first in ("a", "an") and not _has_verb(sentences(prompt)[0]):
        return "I'd like " + uncapital(prompt)
    return None


def _has_verb(sentence: str) -> bool:
    ws = lower_words(sentence)
    return any(w in POSITION_VERBS or w in ("has", "have", "with") for w in ws[:1]) or any(
        w in POSITION_VERBS for w in ws)


TRANSFORMS: dict[str, Transform] = {
    "digits_to_words": digits_to_words,
    "words_to_digits": words_to_digits,
    "noun_synonyms": noun_synonyms,
    "relation_synonyms": relation_synonyms,
    "reorder_sentences": reorder_sentences,
    "split_and_lists": split_and_lists,
    "fronting": fronting,
    "there_insertion": there_insertion,
    "imperative_declarative": imperative_declarative,
    "politeness": politeness,
}
__all__ = ["TRANSFORMS", "WORD"]
