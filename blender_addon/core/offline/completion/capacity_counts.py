"""Things the text names without a count take the number its room's capacity gives them (issue 14
counts7): "a meeting room for 8 with chairs evenly around the table" has eight chairs, "a classroom
for 30 students with desks in rows" thirty desks, "a dining room for ten, with chairs around the
table" ten chairs, as the room's archetype would have had; not the four a bare plural gets.

Read before the text's sentences are: the room the text names (its archetype), the capacity it
states, and the counts the archetype's item sentences say for that capacity ("{n} chairs", "{rows}
rows of {per_row} desks", "a chair behind each desk": as many as the desks); the first uncounted
plural of such a kind in the text is then said with that count ("with 8 chairs ..."). Without a
stated capacity, or with a count of its own ("with six chairs", "a few chairs"), the text is kept.
"""

from __future__ import annotations

import math
import re

from ...assets.phrase import singular
from ...knowledge.archetypes import Archetype, ArchetypeBook, load_archetypes
from ...knowledge.objects import load_knowledge
from ..reading.lexicon import Lexicon, Vocabulary
from ..reading.numbers import number_of
from ..reading.closed_words import word_set
from ..reading.sentences import STOPS_COLON, sentence_end
from ..reading.tokens import words_of
from .capacity import capacity_of
from .furnish import fill
from .stand_ins import SEAT_FAMILY

_ROWS = re.compile(r"\b(\d+) rows of (\d+) (?:[a-z'-]+ ){0,2}?([a-z]+s)\b")
_COUNTED = re.compile(r"\b(\d+) (?:[a-z'-]+ ){0,2}?([a-z]+s)\b")
_EACH = re.compile(r"^(?:an?|one) (?:[a-z'-]+ ){0,2}?([a-z]+)\b.*\beach ([a-z]+)\b")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'-]*")  # digits too: "3 student desks" is counted
UNCOUNTING = word_set("uncounting_words")  # "several chairs": their own number, or none


def count_by_capacity(text: str, vocab: Vocabulary, book: ArchetypeBook | None = None) -> str:
    """The text with the first uncounted plural of each kind its room's stated capacity counts
    said with that count; the text itself when it names no room or states no capacity."""
    book = book or load_archetypes()
    words = words_of(text)
    arch = book.find(words)
    capacity, _ = capacity_of(words, vocab, book)
    if capacity is None:
        return text
    counts = kind_counts(arch, capacity, vocab) if arch is not None else {}
    for kind, count in counts.items():
        text = _say_count(text, kind, count, vocab)
    return _say_holders(text, capacity, vocab, seats=arch is None)


def kind_counts(arch: Archetype, capacity: int, vocab: Vocabulary) -> dict[str, int]:
    """Kind (the catalog's name for a head noun) -> how many the archetype's items have of it for
    that capacity: "{rows} rows of {per_row} desks", "{n} chairs", then "a chair behind each desk"."""
    counts: dict[str, int] = {}
    filled = [fill(item.text, arch.counts(capacity)).lower() for item in arch.items]
    for text in filled:
        for rows, per_row, noun in _ROWS.findall(text):
            counts.setdefault(_kind(noun, vocab), int(rows) * int(per_row))
        for number, noun in _COUNTED.findall(_ROWS.sub("", text)):
            counts.setdefault(_kind(noun, vocab), int(number))
    for text in filled:
        each = _EACH.match(text)
        if each and _kind(each.group(2), vocab) in counts:
            counts.setdefault(_kind(each.group(1), vocab), counts[_kind(each.group(2), vocab)])
    return counts


def _kind(noun: str, vocab: Vocabulary) -> str:
    return vocab.canonical(singular(noun))


def _say_count(text: str, kind: str, count: int, vocab: Vocabulary) -> str:
    """The text with the first plural of ``kind`` said with ``count`` when nothing counts it yet."""
    for found in _WORD.finditer(text):
        word = found.group(0).lower()
        if singular(word) == word or not vocab.is_noun(word) or _kind(word, vocab) != kind:
            continue
        if _holder_compound(text, found):
            continue  # "bunk beds" are no archetype's beds: counted by the people one sleeps
        start = _uncounted_start(text, found, vocab)
        return text if start is None else f"{text[:start]}{count} {text[start:]}"
    return text


def _uncounted_start(text: str, found: re.Match[str], vocab: Vocabulary, capacity: int | None = None) -> int | None:
    """Where the name of the plural ``found`` starts ("with comfy office chairs": at "comfy"), or
    None when the text counts it ("six chairs", "a few chairs", "chairs ..., four rows of six"; not
    by the ``capacity`` itself: "bunk beds for four kids")."""
    lex = vocab.lexicon
    if _counted_after(text[found.end():], lex, capacity):
        return None  # "chairs for the audience, four rows of six": the text counts them after
    start = found.start()
    for previous in reversed(_WORD.findall(text[:found.start()])[-3:]):  # the count before the name's words
        low = previous.lower()
        if number_of(low, lex) is not None or low in UNCOUNTING or low in lex.count_phrases:
            return None  # "six chairs", "24 student desks", "a few chairs": the text's own number
        if not (vocab.looks_adjective(low) or vocab.is_noun(low)) or low in lex.determiners:
            break
        start = text.rindex(previous, 0, start)
    return start


def _holder_compound(text: str, found: re.Match[str]) -> bool:
    """Whether the plural ``found`` ends a two-word name of a kind whose one holds several people."""
    previous = _WORD.findall(text[:found.start()])[-1:]
    facts = load_knowledge().lookup(f"{previous[0].lower()} {found.group(0).lower()}") if previous else None
    return facts is not None and facts.people is not None and facts.category.count(" ") == 1


def _say_holders(text: str, capacity: int, vocab: Vocabulary, seats: bool = False) -> str:
    """"A kids' room with bunk beds for four kids": the first uncounted plural of each kind whose
    one sleeps or seats several (the knowledge base's ``people``: a bunk bed two) said with as many
    as the capacity needs (two bunk beds); with ``seats`` (no room's archetype counts them) a seat
    seats one ("a barbecue party for ten people with tables and chairs": ten chairs, not three)."""
    kb, done = load_knowledge(), set()
    for found in _WORD.finditer(text):
        word = found.group(0).lower()
        if singular(word) == word or not vocab.is_noun(word):
            continue
        previous = _WORD.findall(text[:found.start()])[-1:]
        facts = next((f for f in (kb.lookup(f"{p.lower()} {word}") for p in previous) if f is not None
                      and f.category.count(" ") == 1), None) or kb.lookup(word)
        people = facts.people or (1 if seats and facts.family == SEAT_FAMILY else None) if facts else None
        if facts is None or people is None or facts.category in done:
            continue
        done.add(facts.category)
        start = _uncounted_start(text, found, vocab, capacity)
        count = math.ceil(capacity / people)
        if start is not None and count > 1:
            text = f"{text[:start]}{count} {text[start:]}"
    return text


def _counted_after(rest: str, lex: Lexicon, capacity: int | None = None) -> bool:
    """Whether a number (other than ``capacity``) follows in the same sentence ("..., four rows of
    six", "in three rows of four")."""
    sentence = rest[:sentence_end(rest, 0, STOPS_COLON)]
    numbers = [number_of(w.lower(), lex) for w in re.findall(r"[A-Za-z]+|\d+", sentence)]
    return any(n is not None and n != capacity for n in numbers)
