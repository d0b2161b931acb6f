"""Sentences that change what earlier sentences said, read before the sentence reader.

Users building a scene step by step correct themselves and describe objects after naming
them; each such sentence is folded into the sentence it changes and removed:

* a new count: "Hang a painting on the north wall. Actually, make it two paintings." ->
  "Hang two paintings on the north wall."; "Put three chairs along the wall. Actually, make
  that four." (the latest counted phrase); "Put two lamps on it. No wait, just one lamp.";
* a colour or material said later: "Make the crib white.", "Actually, make the chair black.",
  "They should all be red.", "Both chairs should be green." (of two armchairs): the words go
  before the noun where the object was introduced ("a white crib");
* "the former" / "the latter": the first / second of the last two objects named before.

Pure text in, text out; deterministic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...assets.phrase import plural, singular
from .closed_words import word_pattern, word_set
from .lexicon import Vocabulary
from .numbers import number_of, word_for
from .sentences import READER_ENDS, with_separators

_CUE = re.compile(rf"^(?:{word_pattern('correction_cues')}\b[\s,]*)+")  # "Actually, no, ..."
_MAKE = rf"{word_pattern('correction_make_verbs')} {word_pattern('correction_make_objects')}(?: to| into)? "
_RECOUNT = re.compile(rf"^({_MAKE}|(?:{word_pattern('recount_leads')} )?{word_pattern('recount_verbs')} |"
                      rf"{word_pattern('recount_limits')} |{word_pattern('recount_restatements')} )?(\w+)(?: (.+?))?"
                      rf"(?: {word_pattern('recount_tails')})?$")
_COLOUR_MAKE = re.compile(rf"^{word_pattern('colouring_verbs')} (.+?)(?: {word_pattern('colouring_tails')})?$")
_PLACING = word_pattern("placing_verbs")
_RELOCATE = re.compile(rf"^(?:{word_pattern('correction_relocate_leads')} )?{_PLACING} "
                       rf"{word_pattern('relocated_pronouns')} (.+?)(?: instead)?$")
_PLACED = re.compile(rf"^(?:{word_pattern('placing_leads')} )*{_PLACING} ")
_STATED_VERBS = word_set("stated_place_verbs")  # "A plant is on the desk.": a statement that places
_THERE = re.compile(r"^there(?: is|'s| are)? ")
_MODAL = rf"(?:{word_pattern('correction_modals')} )?"
_ALL = rf"(?:{word_pattern('colour_quantifiers')} )?"
_COLOUR_BE = re.compile(rf"^(.+?) {_MODAL}{_ALL}{word_pattern('colour_copulas')} {_ALL}"
                        rf"(?:{word_pattern('colour_links')} )?(.+?)(?: too)?$")


@dataclass(frozen=True)
class Counted:
    """A count phrase in a sentence: its number word, where it starts, where its noun starts and ends."""

    number: str
    start: int
    head: int
    end: int
    noun: str


_DETERMINERS = word_set("correction_determiners")
_PRONOUNS = word_set("correction_pronouns")
_ORDER = ("former", "latter")


def revise(text: str, vocab: Vocabulary) -> str:
    """The prompt with correction and late-attribute sentences folded into the earlier ones."""
    sentences = [(s.strip(), e) for s, e in with_separators(text, READER_ENDS) if s.strip()]
    kept: list[list[str]] = []
    pair: dict[str, str] | None = None
    for sentence, end in sentences:
        said = _said(sentence)
        sentence, pair = _former_latter(sentence, kept, vocab, pair)
        if kept and (_recount(said, kept, vocab) or _late_finish(said, kept, vocab) or _relocate(said, kept, vocab)):
            continue
        kept.append([sentence, end])
    return " ".join(s + (e if e.strip() else ".") for s, e in kept)


def _said(sentence: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[,\u2014\u2013]| - ", " ", sentence.lower().replace("\u2019", "'"))).strip()


def _number(word: str, vocab: Vocabulary) -> int | None:
    said = number_of(word, vocab.lexicon)
    return said if said is not None else {"a": 1, "an": 1, "single": 1}.get(word)


def _is_object(word: str, vocab: Vocabulary) -> bool:
    lex = vocab.lexicon
    return any(f in vocab.names and f not in lex.location_nouns and f not in lex.scene_nouns
               for f in (word, singular(word)))


def _counted(sentence: str, vocab: Vocabulary, noun: str | None) -> list[Counted]:
    """Count phrases in a sentence ("three chairs", "a painting"): a number, at most three
    words, an object noun (of ``noun``'s kind when given)."""
    words = list(re.finditer(r"[a-z0-9]+", sentence.lower()))
    found = []
    for i, first in enumerate(words):
        if _number(first.group(), vocab) is None:
            continue
        for j in range(i + 1, min(i + 5, len(words))):
            if _is_object(words[j].group(), vocab):
                while j + 1 < len(words) and _is_object(words[j + 1].group(), vocab):
                    j += 1  # "a coffee table": the last noun of a compound
                head = words[j]
                if noun is None or singular(head.group()) == singular(noun):
                    found.append(Counted(first.group(), first.start(), head.start(), head.end(), head.group()))
                break
    return found


def _recount(said: str, kept: list[list[str]], vocab: Vocabulary) -> bool:
    """"Actually, make it two paintings": the latest count phrase of that noun (or of any noun)
    in the sentences before gets the new count; True when the sentence was such a correction."""
    cue = _CUE.match(said)
    rest = said[cue.end():] if cue else said
    m = _RECOUNT.match(rest)
    if m is None or (cue is None and not (m.group(1) or "").startswith(("make", "change", "turn"))):
        return False
    n = _number(m.group(2), vocab)
    words = (m.group(3) or "").split()
    noun = words[-1] if words else None
    if n is None or (noun is not None and not _is_object(noun, vocab)) or (noun is None and m.group(3)):
        return False
    for entry in reversed(kept):
        found = _counted(entry[0], vocab, noun)
        explicit = [f for f in found if f.number not in ("a", "an")]
        if not found:
            continue
        target = (explicit or found)[-1]
        head, between = singular(target.noun), entry[0][target.start + len(target.number):target.head]
        new = f"{word_for(n, vocab.lexicon)}{between}{plural(head) if n > 1 else head}"
        entry[0] = entry[0][:target.start] + new + entry[0][target.end:]
        return True
    return False


def _relocate(said: str, kept: list[list[str]], vocab: Vocabulary) -> bool:
    """"Put a plant on the desk. No wait, put it on the floor next to the desk instead.": the
    latest sentence that placed something ("put/place/hang ... <object> <where>", or a statement:
    "A plant is on the desk.", :func:`_stated_place`) gets the new place after its object, replacing
    the old one; True when the sentence was such a correction.
    Without a cue ("actually", "no wait") a sentence moving "it" is read as it stands."""
    cue = _CUE.match(said)
    move = _RELOCATE.match(said[cue.end():]) if cue else None
    if move is None:
        return False
    for entry in reversed(kept):
        placed = _PLACED.match(_said(entry[0])) is not None
        found = _counted(entry[0], vocab, None) if placed else _stated_place(entry[0], vocab)
        placed = placed or bool(found)
        if placed and not found:  # "Put the plant on the desk": a definite object
            words = list(re.finditer(r"[a-z]+", entry[0].lower()))
            found = [Counted("the", w.start(), w.start(), w.end(), w.group()) for w in words[1:3]
                     if _is_object(w.group(), vocab)]
        if found:
            where = re.sub(r"^(?:over )?to (the (?:[a-z-]+ )*corner)", r"in \1", move.group(1))  # "to the corner"
            entry[0] = f"{entry[0][:found[0].end]} {where}"
            return True
        if placed:
            return False
    return False


def _stated_place(sentence: str, vocab: Vocabulary) -> list[Counted]:
    """The object a statement places ("A plant is on the desk.", "There is a lamp by the bed.",
    "The piano stands in the middle of the room."): its first count phrase (or a definite object)
    when the sentence opens with it and a verb of place follows it; [] otherwise."""
    opening = _THERE.match(sentence.lower())
    start = opening.end() if opening else 0
    found = [c for c in _counted(sentence, vocab, None) if c.start == start]
    if not found and sentence.lower().startswith("the ", start):
        word = re.match(r"[a-z]+", sentence.lower()[start + 4:])
        found = [Counted("the", start, start + 4, start + 4 + word.end(), word.group())] \
            if word and _is_object(word.group(), vocab) else []
    if not found:
        return []
    while (more := re.match(r" ([a-z]+)", sentence.lower()[found[0].end:])) and _is_object(more.group(1), vocab):
        found[0] = Counted(found[0].number, found[0].start, found[0].head, found[0].end + more.end(), more.group(1))
    verb = re.match(r" (\w+)", sentence.lower()[found[0].end:])
    return found[:1] if opening or (verb and verb.group(1) in _STATED_VERBS) else []


def _late_finish(said: str, kept: list[list[str]], vocab: Vocabulary) -> bool:
    """"Make the crib white" / "they should all be red": the colour words go before the noun
    where the object was introduced; True when the sentence was folded in."""
    cue = _CUE.match(said)
    rest = said[cue.end():] if cue else said
    who, finish = _finish_said(rest, vocab)
    if not who or not finish:
        return False
    head = who[-1]
    noun = None if head in _PRONOUNS else head
    if noun is not None and not _is_object(noun, vocab):
        return False
    modifiers = [w for w in who[:-1] if w not in _DETERMINERS]  # "the changing table": said where it was introduced
    for entry in (kept if noun is not None else reversed(kept)):
        found = [f for f in _counted(entry[0], vocab, None)
                 if noun is None or (singular(f.noun).endswith(singular(noun))
                                     and all(w in entry[0][f.start:f.end].lower().split() for w in modifiers))]
        if found:
            target = found[0] if noun is not None else found[-1]
            at = target.head
            entry[0] = entry[0][:at] + " ".join(finish) + " " + entry[0][at:]
            return True
    return False


def _finish_said(rest: str, vocab: Vocabulary) -> tuple[list[str], list[str]]:
    """(the words naming the object, the colour/material words) of "make the crib white" or
    "the crib should be white"; empty lists when the sentence is neither."""
    def is_finish(w: str) -> bool:
        return vocab.catalog.finish([w]) is not None or w in vocab.lexicon.colour_tones
    make = _COLOUR_MAKE.match(rest)
    if make is not None:
        words = make.group(1).split()
        cut = len(words)
        while cut > 1 and is_finish(words[cut - 1]):
            cut -= 1
        who = [w for w in words[:cut] if w not in ("in", "all", "both")] or words[:cut]
        finish = words[cut:]
    else:
        be = _COLOUR_BE.match(rest)
        if be is None:
            return [], []
        who, finish = be.group(1).split(), be.group(2).split()
    ok = finish and all(is_finish(w) for w in finish) and vocab.catalog.finish([finish[-1]]) is not None
    return (who, finish) if ok else ([], [])


def _former_latter(sentence: str, kept: list[list[str]], vocab: Vocabulary,
                   said: dict[str, str] | None = None) -> tuple[str, dict[str, str] | None]:
    """"the former" / "the latter": the noun of the first / second of the last two objects named
    before the clause that says it, in the sentences before or earlier in this one ("Prop a mirror
    behind the dressing table, and tuck a stool under the latter": the dressing table); the pair
    the sentence before ``said`` them of when it did ("Add a sofa and an armchair. Put the former
    against the wall. Put the latter in the corner.": the armchair, though the sofa was named last).
    Returns the sentence and the pair it used (None when it said neither)."""
    found = re.search(r"\b(former|latter)\b", sentence, re.I)
    if found is None:
        return sentence, None
    pair = said
    if pair is None:
        nouns: list[str] = []
        for text in [entry[0] for entry in kept] + [sentence[:_clause_start(sentence, found.start())]]:
            for head in _mentions(text, vocab):
                nouns = [n for n in nouns if n != head] + [head]
        if len(nouns) < 2:
            return sentence, None
        pair = dict(zip(_ORDER, nouns[-2:]))
    return re.sub(r"\b(former|latter)\b(?: one)?", lambda m: pair[m.group(1).lower()], sentence, flags=re.I), pair


def _clause_start(sentence: str, at: int) -> int:
    """Where the clause holding position ``at`` starts: after the last comma, semicolon or "and"
    before it (the start of the sentence when there is none)."""
    breaks = [m.end() for m in re.finditer(r"[,;:]|\band\b|\bthen\b", sentence[:at], re.I)]
    return breaks[-1] if breaks else 0


def _mentions(text: str, vocab: Vocabulary) -> list[str]:
    """The objects a text names, in order, each as its singular noun: a count phrase ("two lamps")
    or a determiner ("the", "his") before an object noun ("the ticket desk": desk)."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    stops = set(vocab.lexicon.determiners) | {k.split()[0] for k in vocab.lexicon.relation_phrases}
    found = []
    for i, first in enumerate(words):
        if first not in vocab.lexicon.determiners and _number(first, vocab) is None:
            continue
        for j in range(i + 1, min(i + 5, len(words))):
            if _is_object(words[j], vocab):
                while j + 1 < len(words) and _is_object(words[j + 1], vocab):
                    j += 1  # "a coffee table": the last noun of a compound
                found.append(singular(words[j]))
                break
            if words[j] in stops:
                break
    return found
