"""Things said per person of the room's capacity (issue 14, class "count"): "a card room for six
players, one chair per person" has six chairs, "a nursery for three toddlers, with a crib for
each" three cribs, "a dining room for 6 guests with enough chairs for everyone" six chairs.

Read on the text before its sentences are: with a stated capacity (:func:`.capacity.capacity_of`),
a single thing said "per person" / "for each guest" / "for everyone" (and a bare "for each" when
no other object is named between the capacity and it), and a plural said "enough" (for
everyone), are said with the capacity as their count. The phrases are lexicon data
(``word_lists``: ``per_person``, ``everyone_words``, ``enough_words``); the people nouns are the
archetypes' ``capacity_nouns``.
"""

from __future__ import annotations

import re

from ...assets.phrase import singular
from ...knowledge.archetypes import ArchetypeBook, load_archetypes
from ..reading.lexicon import Vocabulary
from ..reading.numbers import number_of
from ..reading.sentences import STOPS_COLON, sentence_end
from ..reading.tokens import words_of
from .capacity import capacity_of

_NOUN = r"((?:[a-z'-]+ ){0,2}?[a-z'-]+)"
_SEPARATOR = re.compile(r"(,\s*(?:and\s+)?|\s+and\s+)", re.I)
_END = r"(?=\s*(?:[,.;:!?]|$|\band\b))"


def count_per_person(text: str, vocab: Vocabulary, book: ArchetypeBook | None = None) -> str:
    """The text with things said per person counted by the stated capacity; the text itself
    when it states none."""
    book = book or load_archetypes()
    capacity, said = capacity_of(words_of(text), vocab, book)
    if capacity is None or not said & book.capacity_nouns and "for" not in said:
        return text
    lists = vocab.lexicon.word_lists
    people = sorted(book.capacity_nouns | {singular(n) for n in book.capacity_nouns}, key=len, reverse=True)
    named = "|".join(["person", *map(re.escape, people)])
    every = "|".join(map(re.escape, lists.get("everyone_words", ())))
    per = rf"(?:per|for each|for every|each)\s+(?:{named})\b|for\s+(?:{every})\b" if every else \
        rf"(?:per|for each|for every|each)\s+(?:{named})\b"
    text = re.sub(rf"\b(?:an?|one)\s+{_NOUN}\s+(?:{per})", lambda m: _said(m, capacity, vocab), text, flags=re.I)
    bare = "|".join(map(re.escape, lists.get("per_person", ())))
    if bare:
        pattern = rf"\b(?:an?|one)\s+{_NOUN}\s+(?:{bare}){_END}"
        text = re.sub(pattern, lambda m: _said_bare(m, text, capacity, vocab, book), text, flags=re.I)
    text = _each_gets(text, capacity, vocab, book, named)
    enough = "|".join(map(re.escape, lists.get("enough_words", ())))
    if enough:
        tail = rf"(?:\s+for\s+(?:{every}))?" if every else ""
        text = re.sub(rf"\b(?:{enough})\s+{_NOUN}{tail}\b", lambda m: _said(m, capacity, vocab), text, flags=re.I)
    return text


def _said(match: re.Match[str], capacity: int, vocab: Vocabulary) -> str:
    """"one chair per person": "6 chair" (a digit counts the singular too); kept when not an object."""
    phrase = match.group(1)
    if not vocab.is_noun(phrase.split()[-1].lower()):
        return match.group(0)
    return f"{capacity} {phrase}"


def _said_bare(match: re.Match[str], text: str, capacity: int, vocab: Vocabulary, book: ArchetypeBook) -> str:
    """"with a crib for each" after "for three toddlers": each of them, when no object is named between."""
    if _named_since_people(text[:match.start()], vocab, book):
        return match.group(0)
    return _said(match, capacity, vocab)


def _each_gets(text: str, capacity: int, vocab: Vocabulary, book: ArchetypeBook, people: str) -> str:
    """"Every kid gets a cupcake and a hat" after "for six kids": six cupcakes and six hats, and
    no kid (the people are the capacity's, not objects); "each of them gets a bed" the same when
    no object is named between the capacity and it."""
    lists = vocab.lexicon.word_lists
    each = "|".join(map(re.escape, lists.get("each_words", ())))
    gets = "|".join(map(re.escape, sorted(vocab.lexicon.with_words, key=len, reverse=True)))
    if not each or not gets:
        return text
    subject = re.compile(rf"\b(?:{each})\s+(?P<who>(?:one\s+)?(?:of\s+(?:(?P<them>them)|the\s+(?:{people}))"
                         rf"|(?:{people}))\s+)?(?:{gets})\s+", re.I)
    out, start = [], 0
    for found in subject.finditer(text):
        bare = found.group("them") or not found.group("who")  # ", each with their own bed": the people's
        if found.start() < start or (bare and _named_since_people(text[:found.start()], vocab, book)):
            continue
        stop = sentence_end(text, found.end(), STOPS_COLON)
        if not found.group("who") and "," in text[found.end():stop]:  # ", each with a bed and a desk, and a rug"
            stop = text.index(",", found.end())
        out += [text[start:found.start()], _counted_list(text[found.end():stop], capacity, vocab)]
        start = stop
    return "".join(out) + text[start:]


def _named_since_people(before: str, vocab: Vocabulary, book: ArchetypeBook) -> bool:
    """Whether an object is named after the text's last people noun ("for two students with two
    beds. Each of them ...": the beds), or no people noun was said."""
    words = words_of(before)
    last = max((i for i, w in enumerate(words) if w in book.capacity_nouns), default=None)
    return last is None or any(vocab.is_noun(w) and w not in book.context_words for w in words[last + 1:])


def _counted_list(items: str, capacity: int, vocab: Vocabulary) -> str:
    """"a cupcake at their place, and the big cake goes ...": each item said with an article or a
    count ("two loungers and a cooler" each) and no verb of its own counted (the first that is not
    ends the list)."""
    own = "|".join(map(re.escape, vocab.lexicon.word_lists.get("own_words", ())))
    parts = _SEPARATOR.split(re.sub(rf"^(\s*)(?:{own})\s+", r"\1a ", items, flags=re.I) if own else items)
    finite = vocab.lexicon.verb_words.get("finite", frozenset())
    last: int | None = None
    for i in range(0, len(parts), 2):
        words = parts[i].lower().split()
        each = _each_has(words[0] if words else "", vocab)
        if each is None and last is not None and words and len(words) <= 2 and all(vocab.is_noun(w) for w in words):
            parts[i] = re.sub(r"^(\s*)", rf"\g<1>{last * capacity} ", parts[i])  # "their own bed and desk"
            continue
        if each is None or finite & set(words) or not any(vocab.is_noun(w) for w in words[1:]):
            break
        last = each
        lead = re.match(r"^(\s*)\S+\s+", parts[i])
        parts[i] = f"{lead.group(1) if lead else ''}{each * capacity} {parts[i][lead.end() if lead else 0:]}"
    return "".join(parts)


def _each_has(word: str, vocab: Vocabulary) -> int | None:
    """How many each person gets of an item led by ``word``: one for "a" / "an" / "one", the number
    a count says ("two loungers" each: twice the capacity); None for any other word."""
    if word in ("a", "an"):
        return 1
    number = number_of(word, vocab.lexicon)
    return number if number is not None and number > 0 else None
