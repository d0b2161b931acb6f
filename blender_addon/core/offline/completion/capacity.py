"""How many people a room is furnished for (issue 14): "for 8 people", "for twelve guests",
"seating 20", "for twins", and the same with words between ("for newborn twins", "for my two
kids", "for our 12 staff"), "a class of ten", "a family of five".

A number (or a capacity word: "twins", "couple") counts when "for", "seating" or "seats" comes
before it with at most :data:`MAX_BETWEEN` words between that name no object (adjectives,
possessives: "for *my* two kids"); "of N" counts after a group noun ("a class of ten") or before
a capacity noun ("of 30 students").
"""

from __future__ import annotations

from collections.abc import Sequence

from ...knowledge.archetypes import ArchetypeBook
from ...knowledge.objects import load_knowledge
from ...assets.phrase import singular
from ..reading.lexicon import Vocabulary
from ..reading.numbers import number_of

MAX_BETWEEN = 2  # words between "for" and the number: "for my two", "for newborn twins"
DOZEN = 12
MAX_READINGS = 16  # texts whose reading is kept (one prompt's rewrites)
# words -> (vocabulary, book, capacity, words that said it): read by the vocabulary and book it was read with
_READINGS: dict[tuple[str, ...], tuple[Vocabulary, ArchetypeBook, int | None, frozenset[str]]] = {}


def capacity_of(words: Sequence[str], vocab: Vocabulary, book: ArchetypeBook) -> tuple[int | None, set[str]]:
    """The number of people the text furnishes the room for, and the words that said it. Read once
    per words, vocabulary and book: planning one prompt asks it of the same words up to five times
    (capacity counts, per-person counts, occasions, the archetype, a set table)."""
    key = tuple(words)
    hit = _READINGS.get(key)
    if hit is None or hit[0] is not vocab or hit[1] is not book:
        if len(_READINGS) >= MAX_READINGS:
            _READINGS.clear()
        capacity, used = _read(list(key), vocab, book)
        hit = _READINGS[key] = (vocab, book, capacity, frozenset(used))
    return hit[2], set(hit[3])


def _read(words: list[str], vocab: Vocabulary, book: ArchetypeBook) -> tuple[int | None, set[str]]:
    """:func:`capacity_of` read from the words."""
    for i, word in enumerate(words):
        sized = _sized(words, i, vocab, book)  # "a 12-person boardroom", "a twelve seat conference room"
        if sized is not None:
            return sized
        if i == len(words) - 1:
            break
        leads = vocab.lexicon.word_lists["capacity_leads"]
        if word in leads or (word == "with" and i + 2 < len(words) and words[i + 2] in book.capacity_nouns):
            found = _after_lead(words, i, vocab, book)
        elif word == "of":
            found = _after_of(words, i, vocab, book)
        else:
            continue
        if found is not None:
            return found
    return None, set()


def seated_for(words: Sequence[str], vocab: Vocabulary, book: ArchetypeBook) -> tuple[int, set[str]] | None:
    """The seats a table is said to be *for* ("a table for two", "set the table for four"), and
    the words that said it; None when the text states no capacity with "for"."""
    capacity, used = capacity_of(words, vocab, book)
    return (capacity, used) if capacity is not None and "for" in used else None


def counts_people(word: str, book: ArchetypeBook) -> bool:
    """Whether a noun after a capacity's number names the people counted: a capacity noun of the
    book ("guests", "pupils") or a plural the knowledge base knows as people ("hikers", "neighbours"):
    "a mountain hut for eight hikers"."""
    return word in book.capacity_nouns or people_plural(word)


PEOPLE_FAMILY = "person"  # the family of people: "for eight hikers", "for twenty neighbours"


def people_plural(word: str) -> bool:
    """Whether one word is a plural the knowledge base files under people ("hikers", "neighbours",
    "pilgrims", or an agent noun it reads as a person: "technicians"): people counted, as in
    "a mountain hut for eight hikers"; never a singular ("hiker") or a thing ("tables")."""
    if not word.isalpha() or singular(word) == word:
        return False
    facts = load_knowledge().lookup(word)
    return facts is not None and facts.family == PEOPLE_FAMILY


def _value(word: str, vocab: Vocabulary, book: ArchetypeBook, lead: str) -> int | None:
    """The number a word says ("8", "twelve"), or a capacity word's ("twins") after "for"."""
    if word == "dozen":
        return DOZEN
    if lead == "for" and word in book.capacity_words:
        return book.capacity_words[word]
    return number_of(word, vocab.lexicon)


def _after_lead(words: list[str], i: int, vocab: Vocabulary, book: ArchetypeBook) -> tuple[int, set[str]] | None:
    """"for 8 people", "for newborn twins", "seating 20": the number within a few words of the lead."""
    between: list[str] = []
    for j in range(i + 1, min(len(words), i + 2 + MAX_BETWEEN)):
        value = _value(words[j], vocab, book, words[i])
        if value is not None:
            after = words[j + 1] if j + 1 < len(words) else ""
            noun = {after} if counts_people(after, book) else set()
            hedged = set(between) <= set(vocab.lexicon.word_lists["capacity_hedges"])  # "for up to 16"
            if not hedged and not noun and words[j] not in book.capacity_words:
                return None  # "for a 2 metre table": no capacity
            return int(value), {words[i], words[j], *between} | noun
        if words[j] in (",", "and") or (vocab.is_noun(words[j]) and words[j] not in book.context_words):
            return None
        between.append(words[j])
    return None


def _modifies(following: str, vocab: Vocabulary, book: ArchetypeBook) -> bool:
    """Whether the capacity noun before ``following`` is a noun's modifier ("student desks")."""
    return bool(following) and following not in book.capacity_nouns and vocab.is_noun(following)


def _sized(words: list[str], i: int, vocab: Vocabulary, book: ArchetypeBook) -> tuple[int, set[str]] | None:
    """"a 12-person boardroom" (one word: "12_person"), "a twelve seat conference room": a number
    and a size noun before the room's name."""
    number, _, noun = words[i].partition("_")
    if not noun and i + 1 < len(words):
        number, noun = words[i], words[i + 1]  # "a twelve seat room", never "two guests": a count of them
        if noun not in vocab.lexicon.word_lists["capacity_size_nouns"]:
            return None
    value = _value(number, vocab, book, "")
    if value is None or singular(noun) not in vocab.lexicon.word_lists["capacity_size_nouns"]:
        return None
    return int(value), {words[i], noun}


def _after_of(words: list[str], i: int, vocab: Vocabulary, book: ArchetypeBook) -> tuple[int, set[str]] | None:
    """"a class of ten", "a family of five", "of 30 students"."""
    value = _value(words[i + 1], vocab, book, "of")
    if value is None:
        return None
    after = words[i + 2] if i + 2 < len(words) else ""
    group = i > 0 and words[i - 1] in book.capacity_groups
    if not counts_people(after, book) and not group:
        return None
    if after and _modifies(words[i + 3] if i + 3 < len(words) else "", vocab, book):
        return None  # "four rows of 3 student desks": desks, not three students
    return int(value), {"of", words[i + 1]} | ({after} if counts_people(after, book) else {words[i - 1]})
