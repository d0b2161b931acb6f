"""Tokens: a sentence cut into typed chunks the grammar reads (the prompt cut into sentences: :mod:`.sentences`;
a sentence into its words: :mod:`.words`).

Multi-word phrases are matched longest first ("on top of each other" before "on top of"
before "on"), so every token already says what it is: a count, a determiner, a relation
phrase, a modifier ("in a row"), a connector, a pronoun, a filler, or a plain word that
will be part of a noun phrase. A few patterns with numbers are read here too: grids
("in a 3 by 4 grid", "three rows of five"), measures ("1 m apart", "2 m tall") and size
orders ("smallest on top"), in the :class:`.measures.NumberReader` mixin.
"""

from __future__ import annotations

import functools

from ...assets.phrase import singular
from .count_tokens import read_counts
from .lexicon import Vocabulary
from .memo import shared
from .particles import unglue_known
from .shape_words import shapes_with_in
from .measures import UNCOUNTED_ROWS, NumberReader, is_number
from .compound_heads import VERB_NOUNS, living
from .tokentype import Token
from .words import words_of
from .closed_words import SINGULAR_DETERMINERS
from .objectless import objectless_distance
from .verb_tokens import VerbReader
from .owned_parts import owned_parts
from .animate_verbs import beneficiaries, doers_clauses

__all__ = ["Token", "Tokenizer", "UNCOUNTED_ROWS", "words_of"]

OPTIONAL = "optional"  # a phrase param: "implicit" unless an object follows ("a bench nearby" / "nearby the lake")


class Tokenizer(NumberReader, VerbReader):
    """Turns a sentence into :class:`Token`s using the vocabulary's phrase tables."""

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab
        self.lex = vocab.lexicon
        self.table = shared(self.lex, vocab.catalog, "tokens", self._build_table)
        # the longest phrase of the table ("on the opposite side of the town square from": 9 words)
        self.longest = shared(self.lex, vocab.catalog, "longest", lambda: max(map(len, self.table), default=1))

    def _build_table(self) -> dict[tuple[str, ...], Token]:
        lex = self.lex
        table: dict[tuple[str, ...], Token] = {}

        def add(phrase: str, token: Token) -> None:
            table.setdefault(tuple(phrase.split()), token)

        for phrase, (kind, params) in lex.modifier_phrases.items():
            add(phrase, Token("MOD", phrase, kind, params))
        for phrase, (kind, params) in lex.relation_phrases.items():
            add(phrase, Token("OF", phrase) if kind == "of" else Token("REL", phrase, kind, params))
        for phrase in lex.with_words:
            add(phrase, Token("WITH", phrase))
        for phrase in lex.and_words:
            add(phrase, Token("AND", phrase))
        for phrase, kind in lex.collectives.items():
            add(phrase, Token("COLLECT", phrase, kind))
        for phrase, count in lex.count_phrases.items():
            add(phrase, Token("COUNT", phrase, count))
        for phrase, kind in lex.determiners.items():
            add(phrase, Token("DET", phrase, kind))
        for phrase, kind in lex.pronouns.items():
            add(phrase, Token("PRON", phrase, kind))
        for phrase, number in lex.numbers.items():
            add(phrase, Token("COUNT", phrase, number))
        for phrase, number in lex.ordinals.items():
            add(phrase, Token("ORD", phrase, number))
        for phrase in list(lex.scene_nouns) + list(lex.location_nouns) + self.vocab.multiword_nouns():
            if len(phrase.split()) > 1:
                add(phrase, Token("NOUN", phrase, phrase))
        for phrase in lex.purpose_words:
            add(phrase, Token("SEP", phrase, "purpose"))  # "so everyone can see it": read apart (reader_steps.py)
        for phrase in lex.clause_breaks:
            add(phrase, Token("SEP", phrase))  # "a kitchen where the fridge ...": like a comma
        for phrase in lex.fillers:
            add(phrase, Token("FILL", phrase))
        return table

    def _some_of_the_places(self, words: list[str]) -> list[str]:
        """"in two of the (four) corners", "on three of the walls": that many of the places, said "in two
        corners" (a count of places, as "in two corners" is read)."""
        out: list[str] = []
        i = 0
        while i < len(words):
            nxt = words[i + 1:i + 5]
            count = int(words[i]) if words[i].isdigit() else self.lex.numbers.get(words[i], 0)
            if int(count) > 1 and nxt[:2] == ["of", "the"]:  # "one of the corners" stays any one
                place = nxt[3] if len(nxt) > 3 and nxt[2] in self.lex.numbers else nxt[2] if len(nxt) > 2 else ""
                if self.lex.location_nouns.get(place) in PLACES_OF_SOME and singular(place) != place:
                    out += [words[i], place]
                    i += 2 + nxt.index(place)
                    continue
            out.append(words[i])
            i += 1
        return out

    def tokenize(self, sentence: str) -> list[Token]:
        """The tokens of one sentence, in order."""
        words = unglue_known(_each_one_of(self._some_of_the_places(self.spoken_numbers(words_of(sentence)))),
                             self.table)
        words = shapes_with_in(words, self.lex.shape_prepositions, self._shape_starts)  # "arranged as two rows"
        out: list[Token] = []
        i = 0
        while i < len(words):
            token, used = self._special(words, i)
            if token is None:
                token, used = self._phrase(words, i)
            out.append(token)
            i += used
        from .steps import instruction_steps  # steps and units read tokens: imported when first used
        from .appositive_grids import grids_after_nouns
        from ..distributions.group_spread import scatter_tokens
        from .stated_sizes import join_sizes
        from .joined_walls import joined_walls
        from .units import fold_units
        from .agreement import joined_subject_verbs, singular_compounds
        from .compound_heads import place_compounds  # "a fish and chip shop": one shop

        read = grids_after_nouns(scatter_tokens(join_sizes(joined_walls(out, self.lex)), self.lex))
        steps = self._place_of(instruction_steps(self, read))
        tokens = self._modifier_nouns(self._back_to(fold_units(steps, self.vocab)))
        tokens = place_compounds(tokens, lambda w: w in self.lex.scene_nouns or w in self.vocab.occasions)
        tokens = joined_subject_verbs(singular_compounds(tokens, self.vocab.looks_adjective, self.table,
                                                         self.vocab.is_noun))
        from .gap_pairs import each_pair
        from .distributive_with import each_with

        parted = doers_clauses(owned_parts(tokens, self.table, self.lex.pronouns))  # "at his heels": at him
        done = self._verbs(each_with(each_pair(read_counts(self.lex, parted))))
        return _bare_from(beneficiaries(done, self.table.get(("near",))))  # "pours wine for a couple"

    def _shape_starts(self, words: list[str]) -> bool:
        """Whether ``words`` start with a group-shape phrase ("in two rows of two", "in a circle")."""
        token, used = self._special(words, 0)
        token, used = (token, used) if token is not None else self._phrase(words, 0)
        shapes = ("grid", "row", "circle", "stacked")  # "stacked into a tower"
        return used > 1 and token.kind in ("MOD", "COLLECT") and token.value in shapes

    def _place_of(self, tokens: list[Token]) -> list[Token]:
        """"the edge of a road", "the side of an old barn": after a place word "of a" is "of"
        and an article (elsewhere it is filler: "a scene of a castle")."""
        out: list[Token] = []
        for i, token in enumerate(tokens):
            place = i > 0 and tokens[i - 1].kind == "WORD" and singular(tokens[i - 1].text) in self.lex.location_nouns
            if token.kind == "FILL" and token.text in ("of a", "of an") and place:
                article = token.text.split()[1]
                out += [Token("OF", "of"), Token("DET", article, self.lex.determiners.get(article))]
                continue
            out.append(token)
        return out

    def _back_to(self, tokens: list[Token]) -> list[Token]:
        """"with its back to the east wall", "their backs to it": after an owned back-side part
        ("its back", "the headboard") "to" is "against" (the part stands for its object)."""
        against = self.table.get(("against",))
        out = list(tokens)
        for i in range(2, len(out) - 1):
            part, owner = out[i - 1], out[i - 2]
            back = part.kind == "WORD" and self.lex.part_nouns.get(singular(part.text)) == "back"
            if out[i].kind != "FILL" or out[i].text != "to" or against is None or not back \
                    or owner.kind not in ("DET", "SEP", "WITH") or out[i + 1].kind not in ("DET", "WORD", "NOUN"):
                continue  # "with their backs to it" (the wall just named): said already
            out[i] = Token(against.kind, "to", against.value, dict(against.params))
        return out

    def _modifier_nouns(self, tokens: list[Token]) -> list[Token]:
        """After an article (and adjectives) a filler verb that is also a thing's name is that name
        ("kids at a little stand": a stand, not a box labelled "little"; "a snack stand": "a snack"
        is one thing, and "stand" no verb that agrees with it), and a participle before a scene's name
        is part of it ("a little fishing village": the village)."""
        out = list(tokens)
        for i, token in enumerate(out):
            article = self._after_article(out, i)
            if token.kind != "FILL" or " " in token.text or not (article or self._head_after_one(out, i)):
                continue
            following = out[i + 1] if i + 1 < len(out) else None
            scene = following is not None and following.kind in ("WORD", "NOUN") and (
                following.text in self.lex.scene_nouns or singular(following.text) in self.lex.scene_nouns)
            ends = following is None or following.kind not in ("DET", "COUNT")
            last = following is None or following.kind in ("AND", "SEP")  # "a silver tea set and a harp"
            named = last and token.text in VERB_NOUNS and self._head_after_one(out, i) \
                and not living(out[i - 1].text)  # "a cat stands.": what the cat does
            if (scene and article) or (token.text in self._family_words and ends) or named:
                out[i] = Token("WORD", token.text)
        return out

    def _head_after_one(self, tokens: list[Token], i: int) -> bool:
        """Whether token ``i`` is a plain verb form right after one thing's noun ("a snack stand", "a
        repair stand"): no verb agrees with "a snack", so the word is the compound's head noun."""
        word, prev = tokens[i].text, tokens[i - 1] if i else None
        if prev is None or prev.kind != "WORD" or singular(prev.text) != prev.text or singular(word) != word \
                or word.endswith("ing"):
            return False
        j = i - 2  # past describing words and nouns ("a bike repair stand")
        while j >= max(0, i - 4) and tokens[j].kind == "WORD":
            j -= 1
        return j >= 0 and tokens[j].kind == "DET" and tokens[j].text in SINGULAR_DETERMINERS

    def _after_article(self, tokens: list[Token], i: int) -> bool:
        """Whether only adjectives stand between token ``i`` and an article or count before it."""
        j = i - 1
        while j >= 0 and tokens[j].kind == "WORD" and self.vocab.looks_adjective(tokens[j].text):
            j -= 1
        return j >= 0 and tokens[j].kind in ("DET", "COUNT") and tokens[j].value != "count_mode"

    @functools.cached_property
    def _family_words(self) -> frozenset[str]:
        from ...assets.families import load_families

        return frozenset(load_families().keywords())

    def _phrase(self, words: list[str], i: int) -> tuple[Token, int]:
        for n in range(min(self.longest, len(words) - i), 0, -1):
            found = self.table.get(tuple(words[i:i + n]))
            if found is None and n > 1 and not (i and words[i - 1] in SINGULAR_DETERMINERS):
                # plural multi-word names: "theater seats", "floor lamps"; after "a" the plural
                # form is a verb ("a microphone stands in the middle")
                plural = self.table.get(tuple(words[i:i + n - 1]) + (singular(words[i + n - 1]),))
                if plural is None and n > 2 and words[i + 1] == "of":  # "chests of drawers", "pots of soup"
                    plural = self.table.get((singular(words[i]),) + tuple(words[i + 1:i + n]))
                found = plural if plural is not None and plural.kind == "NOUN" else None
            if found is not None and found.kind == "DET" and " ".join(words[i:i + n]) in self.lex.pronouns:
                found = self._possessive(found, words[i + n] if i + n < len(words) else "")
            if found is not None and found.params.get("implicit") and i + n < len(words):
                found = self._implicit(found, words[i + n])
            if found is not None and found.kind == "REL" and self._noun_starts(words, i + n - 1):
                found = None  # "a lamp on each end table": "on each" and the end table
            if found is not None:
                return Token(found.kind, " ".join(words[i:i + n]), found.value, found.params), n
        word = words[i]
        if word == ",":
            return Token("SEP", word), 1
        if is_number(word):
            value = float(word)
            return Token("COUNT", word, int(value) if value.is_integer() else value), 1
        if not self.vocab.is_noun(word) and word.endswith("ing") and word not in self.lex.ing_nouns:
            return Token("FILL", word), 1  # a participle says what a thing does: "a cat sleeping on the bed"
        return Token("WORD", word), 1

    def _possessive(self, found: Token, after: str) -> Token:
        """"her": a possessive before a name ("her cat"), else the pronoun ("beside her")."""
        if self.vocab.is_noun(after) or self.vocab.looks_adjective(after) or after in self.lex.numbers:
            return found
        return Token("PRON", found.text, self.lex.pronouns[found.text])

    def _implicit(self, found: Token, after: str) -> Token | None:
        """A phrase that may stand without its object ("to the left", "nearby"), followed by
        ``after``: none when ``after`` starts a name ("on the left armchair": "left" describes
        it); an object-optional one ("nearby") takes what follows as its object when that starts
        a noun phrase or is a pronoun ("nearby the lake", "close by her")."""
        if self.vocab.is_noun(after) or self.vocab.looks_adjective(after):
            return None
        if after == "of" and found.text.split()[-1] in self.lex.location_nouns:
            return None  # "from the end of a pier": the end of the pier, a place with its owner
        if found.params.get("implicit") == OPTIONAL and (after in self.lex.determiners or after in self.lex.numbers
                                                         or after in self.lex.pronouns):
            return Token(found.kind, found.text, found.value,
                         {k: v for k, v in found.params.items() if k != "implicit"})
        return found

    def _noun_starts(self, words: list[str], i: int) -> bool:
        """Whether a two-word name starts at word ``i`` ("end table", "side tables")."""
        if i + 1 >= len(words):
            return False
        pair = self.table.get((words[i], words[i + 1])) or self.table.get((words[i], singular(words[i + 1])))
        return pair is not None and pair.kind == "NOUN"

    # -- patterns with numbers -----------------------------------------------------------
    def _special(self, words: list[str], i: int) -> tuple[Token | None, int]:
        for matcher in (self._grid, self._size_order, self._measure, self._ratio, self._scene_preposition,
                        self._objectless):
            token, used = matcher(words, i)
            if token is not None:
                return token, used
        return None, 0

    def _objectless(self, words: list[str], i: int) -> tuple[Token | None, int]:
        """"a maple a short walk away", "the remote within arm's reach": :mod:`.objectless`."""
        return objectless_distance(self.table, self.longest, words, i)

    def _scene_preposition(self, words: list[str], i: int) -> tuple[Token | None, int]:
        """"Knights outside the castle": a scene word ("outside") before an object is a relation."""
        lex = self.lex
        for size in (2, 1):
            phrase = " ".join(words[i:i + size])
            after = words[i + size] if i + size < len(words) else ""
            if phrase in lex.scene_prepositions and (after in lex.determiners or after in lex.numbers):
                kind, params = lex.relation_phrases[lex.scene_prepositions[phrase]]
                return Token("REL", phrase, kind, dict(params)), size
        return None, 0


PLACES_OF_SOME = frozenset({"corner", "wall", "side"})  # "two of the corners / walls / sides / ends"


def _bare_from(tokens: list[Token]) -> list[Token]:
    """"from" names where someone is ("waving from the window") only before an article, a count or a bare
    plural ("two students watch from stools", actors15); before a bare singular noun it is an idiom
    ("people who work from home"), no place."""
    return [Token("FILL", t.text) if t.kind == "REL" and t.value == "from" and (
        i + 1 >= len(tokens) or tokens[i + 1].kind not in ("DET", "COUNT")) and not _bare_plural(tokens, i + 1)
        else t for i, t in enumerate(tokens)]


def _bare_plural(tokens: list[Token], j: int) -> bool:
    """Whether a bare plural noun phrase starts at token ``j`` ("stools", "folding chairs")."""
    while j < len(tokens) and tokens[j].kind in ("WORD", "FILL") and j + 1 < len(tokens) \
            and tokens[j + 1].kind in ("WORD", "NOUN"):
        j += 1  # describing words
    last = tokens[j].text.split()[-1] if j < len(tokens) and tokens[j].kind in ("WORD", "NOUN") else ""
    return bool(last) and singular(last) != last


def _each_one_of(words: list[str]) -> list[str]:
    """"beside every one of them", "each single one of the tables": "each of"."""
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i] in ("each", "every"):
            j = i + 1 + (words[i + 1:i + 2] == ["single"])
            if words[j:j + 2] == ["one", "of"]:
                out += ["each", "of"]
                i = j + 2
                continue
        out.append(words[i])
        i += 1
    return out
