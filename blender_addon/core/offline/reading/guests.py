"""Counts given by whom they are for: "plates for four" reads as "four plates", "glasses and
napkins for six" as six of each; a table "for two" and "tables for 12" keep the number for
the seats (room completion and the place setting read it)."""

from __future__ import annotations

import re

from ...assets.phrase import singular
from ...knowledge.archetypes import load_archetypes
from ...knowledge.objects import load_knowledge
from .closed_words import word_map, word_pattern
from .lexicon import Vocabulary, role_group
from .numbers import number_of
from .sentences import sentence_end

TABLE_ROLES = role_group("meal_tables")

_FOR_N = re.compile(r"\bfor (\d+|[a-z]+)\b", re.IGNORECASE)
_JOINS = frozenset({"and", "&"})
MAX_CONJUNCT_WORDS = 3  # "wine glasses and cloth napkins for six": each conjunct up to three words


def count_for_guests(prompt: str, vocab: Vocabulary) -> str:
    """"Plates for four" reads as "four plates": the things listed right before "for N" ("glasses
    and napkins for six", "cutlery for four") take N as their count when each is a plural object
    noun or a table-top thing (a table "for two" keeps it: that is a place setting)."""
    out, done, book = [], 0, load_archetypes()
    prompt = _seat_places(prompt, vocab)
    for match in _FOR_N.finditer(prompt):
        number = match.group(1)
        if number_of(number, vocab.lexicon) is None:
            continue
        words = prompt[done:match.start()].split(" ")
        starts = _counted_conjuncts(words, vocab)
        if not starts:
            continue
        for start in sorted(starts, reverse=True):
            words.insert(start, number)
        out.append(" ".join(words).rstrip(" "))
        after = re.match(r"\s+([a-z]+)\b", prompt[match.end():], re.IGNORECASE)  # "chairs for ten guests"
        done = match.end() + (after.end() if after and after.group(1).lower() in book.capacity_nouns else 0)
    return "".join(out) + prompt[done:]


def _seat_places(prompt: str, vocab: Vocabulary) -> str:
    """"Places for thirty", "sitting places for 12": the seats they name ("seats for thirty"), a number only."""
    places = word_map("seat_places")
    pattern = re.compile(rf"\b({'|'.join(sorted(map(re.escape, places), key=len, reverse=True))}) for (\d+|[a-z]+)\b",
                         re.IGNORECASE)

    def rewrite(match: re.Match[str]) -> str:
        if number_of(match.group(2).lower(), vocab.lexicon) is None:
            return match.group(0)  # "places for dancing"
        return f"{places[match.group(1).lower()]} for {match.group(2)}"
    return pattern.sub(rewrite, prompt)


_SEATS_N = re.compile(rf"\b([a-z]+)(,? {word_pattern('relative_pronouns')} (?:can )?| (?:can )?)"
                      rf"{word_pattern('seating_verbs')} (\d+|[a-z]+)\b", re.IGNORECASE)


def seats_as_for(prompt: str, vocab: Vocabulary) -> str:
    """"The table seats six", "a dining table that seats eight": the table "for six" / "for
    eight" (its seats and place setting, as "a table for two"); a number only after a table's noun."""
    def rewrite(match: re.Match[str]) -> str:
        noun, number = match.group(1), match.group(3)
        counted = number_of(number, vocab.lexicon) is not None
        table = vocab.is_noun(noun.lower()) and bool(vocab.roles(singular(noun.lower())) & TABLE_ROLES)
        return f"{noun} for {number}" if counted and table else match.group(0)
    return _seats_a_side(_each_seating(_SEATS_N.sub(rewrite, prompt), vocab), vocab)


_EACH_SEATING = re.compile(r"\b((?:\d+|[a-z]+) (?:[a-z'-]+ ){0,2}?([a-z]+s))((?: [a-z'-]+){0,6}?),? each "
                           rf"{word_pattern('seating_each_verbs')} (\d+|[a-z]+)\b(?: ([a-z]+)\b)?", re.IGNORECASE)


def _each_seating(prompt: str, vocab: Vocabulary) -> str:
    """"Two long tables, each seating eight": eight chairs at each of them ("..., each with eight
    chairs"), as "a table that seats eight" is the table for eight, and so with what the tables do
    said in between ("Three long tables run down the middle, each seating eight"); tables with no
    seats of their own (not picnic tables: the knowledge base's ``people``), a number only."""
    people = load_archetypes().capacity_nouns

    def rewrite(match: re.Match[str]) -> str:
        noun, between, number, after = singular(match.group(2).lower()), match.group(3), match.group(4), match.group(5)
        facts = load_knowledge().lookup(noun)
        table = vocab.is_noun(noun) and bool(vocab.roles(noun) & TABLE_ROLES) and (facts is None or not facts.people)
        if not table or number_of(number.lower(), vocab.lexicon) is None:
            return match.group(0)
        rest = f" {after}" if after and after.lower() not in people else ""  # "each seating four people"
        return f"{match.group(1)}{between}, each with {number} chairs{rest}"
    return _EACH_SEATING.sub(rewrite, prompt)


_SIDES = rf"{word_pattern('side_share_prepositions')} {word_pattern('side_share_words')} (?:long )?sides?"
_A_SIDE = re.compile(rf"\b([a-z]+) (for (?:\d+|[a-z]+)(?: [a-z]+)?),\s+(\d+|[a-z]+)\s+({_SIDES})\b", re.IGNORECASE)


def _seats_a_side(prompt: str, vocab: Vocabulary) -> str:
    """"A banquet table for fourteen guests, seven down each side, with a glass at every place": the
    table's seats said a side in a sentence of their own after its sentence ("... Seven chairs go down
    each side of the table."), so that the with-list stays the table's; a bare number only."""
    book = load_archetypes()
    for match in reversed(list(_A_SIDE.finditer(prompt))):
        noun, said, number = match.group(1), match.group(2).split(), match.group(3)
        table = vocab.is_noun(noun.lower()) and bool(vocab.roles(singular(noun.lower())) & TABLE_ROLES)
        people = len(said) == 2 or said[2].lower() in book.capacity_nouns
        counted = number_of(said[1].lower(), vocab.lexicon) is not None and number_of(number.lower(),
                                                                                       vocab.lexicon) is not None
        if not (table and people and counted):
            continue
        stop = sentence_end(prompt, match.end())
        go = "chair goes" if number_of(number.lower(), vocab.lexicon) == 1 else "chairs go"
        seats = f". {number[:1].upper()}{number[1:]} {go} {match.group(4)} of the {noun}"
        prompt = f"{prompt[:match.start(2) + len(match.group(2))]}{prompt[match.end():stop]}{seats}{prompt[stop:]}"
    return prompt


def _counted_conjuncts(words: list[str], vocab: Vocabulary) -> list[int]:
    """Where each listed thing before "for N" starts (an index into ``words``), from the last."""
    starts: list[int] = []
    end = len(words) - 1 if words and words[-1] == "" else len(words)  # the space before "for"
    while end > 0:
        last = words[end - 1].lower().rstrip(",")
        if not re.fullmatch(r"[a-z]+", last) or not _countable(last, vocab):
            break
        start = end - 1
        while start > max(0, end - MAX_CONJUNCT_WORDS) and _describes(words[start - 1], vocab):
            start -= 1
        if start > 0 and words[start - 1].lower() in vocab.lexicon.numbers:
            break  # "two glasses for four": counted already
        starts.append(start)
        joined = start > 0 and (words[start - 1].lower() in _JOINS or words[start - 1].endswith(","))
        end = start - 1 if start > 0 and words[start - 1].lower() in _JOINS else start
        if not joined:
            break
    return starts


def _countable(word: str, vocab: Vocabulary) -> bool:
    """Plural things and table-top things take the N; tables do not ("tables for 12" seat 12)."""
    plural = singular(word) != word and vocab.is_noun(word) and not vocab.roles(singular(word)) & TABLE_ROLES
    return plural or (vocab.is_noun(word) and "tabletop" in vocab.roles(word))


def _describes(word: str, vocab: Vocabulary) -> bool:
    """A word inside a listed thing's name: an adjective or a noun ("wine" glasses), no comma."""
    low = word.lower()
    return bool(re.fullmatch(r"[a-z]+", low)) and (vocab.looks_adjective(low) or vocab.is_noun(low)) \
        and low not in vocab.lexicon.determiners

