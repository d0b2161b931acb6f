"""Verbs after nouns (the tokenizer's :class:`VerbReader` mixin): a verb right after a noun ends its
phrase ("a knight fights a dragon", "elves building toys", "a campfire burns next to the tent"); before
another object it reads as "near" (the two are together), else as filler. The verbs the lexicon lists
are read so after any noun; after a person or an animal every common verb is (:mod:`.animate_verbs`:
"the baker slides loaves into the oven", "two kayakers paddle past", "its owner strokes its head")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...assets.phrase import singular
from .animate_verbs import acting_nouns, acts
from .closed_words import SINGULAR_DETERMINERS
from .tokentype import Token

if TYPE_CHECKING:
    from .lexicon import Lexicon, Vocabulary


class VerbReader:
    """What a noun's verb is, read from the tokens after it (mixed into the tokenizer)."""

    vocab: Vocabulary
    lex: Lexicon
    table: dict[tuple[str, ...], Token]

    def _verbs(self, tokens: list[Token]) -> list[Token]:
        """A verb right after a noun ends its phrase ("a knight fights a dragon", "elves building
        toys", "a campfire burns next to the tent"): before another object it reads as "near" (the
        two are together), else as filler. A word that is also a noun ("watches", "building") is a
        verb only when an object follows it."""
        out = acting_nouns(list(tokens), self.vocab)  # "friends playing cards": playing, the cards
        for i in range(1, len(out)):
            prev, token = out[i - 1], out[i]
            particles = self.lex.verb_words["particles"]
            j = i + 1 + (i + 1 < len(out) and out[i + 1].kind == "FILL" and out[i + 1].text in particles)
            following = out[j] if j < len(out) else None  # "wiping down a bar": past the verb's particle
            participle = token.kind == "FILL" and token.text.endswith("ing") and token.text not in self.lex.fillers
            counted = token.kind == "WORD" and self._count_acts(out, i, following)  # "another two stand on"
            counted = counted or (token.kind == "WORD" and acts(out, i, self.vocab))  # "the baker slides"
            if participle and self._describes(prev, following):
                continue  # "two long reading tables": a kind of table, no one reading them (multi15)
            if not counted and ((token.kind != "WORD" and not participle) or prev.kind not in ("WORD", "NOUN") or not (
                    participle or self._verb_after(prev.text, token.text))):
                continue
            object_follows = following is not None and (
                following.kind in ("DET", "COUNT") or self._noun_ahead(out, j))
            if not counted and self._ambiguous(token.text) and not object_follows and not self._agrees(out, i) \
                    and not self._plural_acts(out, i, following):
                continue
            near = self.table.get(("near",))
            out[i] = Token("REL", token.text, near.value, dict(near.params)) if object_follows and near else \
                Token("FILL", token.text)
        return out

    def _describes(self, prev: Token, following: Token | None) -> bool:
        """Whether a participle between a describing word and a noun names a kind of the noun (a thing, not a place)."""
        return prev.kind == "WORD" and self.vocab.looks_adjective(prev.text) and not self.vocab.is_noun(prev.text) \
            and following is not None and following.kind in ("WORD", "NOUN") and self.vocab.is_noun(following.text) \
            and singular(following.text) not in self.lex.location_nouns  # "a cosy knitting corner": as before

    def _count_acts(self, tokens: list[Token], i: int, following: Token | None) -> bool:
        """Whether token ``i`` is what a bare count of more things does, said with a place ("and
        another two stand on the jetty", "another three sleep on the rug"): the count stands for
        the things named before (an ellipsis), so the verb is no noun of its own ("stands")."""
        prev, before = tokens[i - 1], tokens[i - 2] if i > 1 else None
        lex, word = self.lex, tokens[i].text
        more = prev.text.split()[0] == "another" or (before is not None and before.text == "another")
        return prev.kind == "COUNT" and prev.value != "count_mode" and more and following is not None \
            and following.kind == "REL" and (word in lex.verbs or word in lex.plural_verbs
                                             or word in lex.verb_words["finite"])

    def _plural_acts(self, tokens: list[Token], i: int, following: Token | None) -> bool:
        """Whether token ``i``, a word that is also a noun, is what the plural before it does, said with
        a place ("two horses drink at the trough", "ducks nest by the pond"): the verb's base form agrees
        with a plural subject, and a compound's head would not stand before "at"."""
        prev = tokens[i - 1].text.split()[-1]
        return following is not None and following.kind == "REL" and singular(prev) != prev \
            and tokens[i].text in self.lex.plural_verbs and singular(tokens[i].text) == tokens[i].text

    def _noun_ahead(self, tokens: list[Token], j: int) -> bool:
        """Whether a noun starts at token ``j``, after at most two describing words ("fixing old
        chairs", "hugging fluffy toys"): the verb's object."""
        for k in range(j, min(j + 3, len(tokens))):
            if tokens[k].kind not in ("WORD", "NOUN"):
                return False
            if self.vocab.is_noun(tokens[k].text):
                return True
        return False

    def _verb_after(self, noun: str, word: str) -> bool:
        lex = self.lex
        plural = singular(noun.split()[-1]) != noun.split()[-1]
        return word in lex.verbs or (plural and word in lex.plural_verbs) or (
            word.endswith("ing") and word in lex.ing_nouns and self.vocab.is_noun(noun))

    def _agrees(self, tokens: list[Token], i: int) -> bool:
        """Whether token ``i`` can only be a verb: a plural-looking word after one thing ("a boy
        watches from the steps": "a" wants one boy, so "watches" is what he does, not boy-watches)."""
        word = tokens[i].text
        if " " in word or singular(word) == word or singular(tokens[i - 1].text) != tokens[i - 1].text:
            return False
        j = i - 2
        while j >= 0 and tokens[j].kind == "WORD" and self.vocab.looks_adjective(tokens[j].text):
            j -= 1
        return j >= 0 and tokens[j].kind == "DET" and tokens[j].text in SINGULAR_DETERMINERS

    def _ambiguous(self, word: str) -> bool:
        return self.vocab.is_noun(word) or word in self.lex.ing_nouns

