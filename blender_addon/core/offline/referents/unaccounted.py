"""Honest reporting (issue 14): every thing the text names is in the scene or said not understood.

The reader notes the head noun of each run of words it reads (:func:`said_heads`: the last word of
the run that names a thing; the words before it are its modifiers, "a coffee table book").
Once the scene is planned, :func:`unaccounted` lists the heads that nothing accounts for: no
object's name, look or hints holds the word or a word the catalog reads as the same thing
("a barbecue": the grill), no phrase read as that word refers to an object still in the scene,
it is no place, scene, occasion, part or negation word, and no part already reported holds it.
Those are reported as not understood: a noun the reader dropped is never silent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...assets.phrase import singular
from ..reading.lexicon import Vocabulary
from ..reading.tokentype import Token
from .world import World
from ..coding.coder import is_building

RUN_KINDS = frozenset({"WORD", "NOUN"})
QUANTITY_KINDS = frozenset({"DET", "COUNT", "ORD", "SIZE", "FILL"})  # between a lead word and its phrase
LEADS = frozenset({"for", "like", "no"})


def said_heads(tokens: list[Token], vocab: Vocabulary, *, title: bool = False) -> list[str]:
    """The head noun (singular) of each run of plain words that names a thing ("a rocking horse
    nobody rides" -> "horse"); the words before it only modify it. A run after "for" or "like"
    says whom or what for or what it looks like ("a room for 8 people", "a bed shaped like a
    rocket"), a run after "no" what is not there: no thing said to be placed. With ``title`` (the
    text's first sentence) the first run may name the place itself ("A chess club. ...", "a train
    station platform with ..."): it is left out."""
    heads: list[str] = []
    run: list[str] = []
    lead = ""
    for token in [*tokens, Token("SEP", "")]:
        if token.kind in RUN_KINDS and token.text not in LEADS:
            run += token.text.split(" for ")[0].split()  # "bedroom for a teenager": the bedroom
            continue
        head = _run_head(run, vocab)
        if head is not None and lead not in LEADS and not title:
            heads.append(head)
        title = title and not run
        run = []
        if token.kind in RUN_KINDS or (token.kind == "DET" and token.text == "no"):
            lead = token.text  # "for", "like", "no": the phrase after it is no thing placed
        elif token.kind not in QUANTITY_KINDS:
            lead = ""
    return heads


def _run_head(run: list[str], vocab: Vocabulary) -> str | None:
    """The run's last word (before a negation or a particle: "an oven nobody", "put a rug down") when it
    names a thing, else None ("a mountain refuge": an unknown head, a mountain only says which)."""
    lex = vocab.lexicon
    trailing = lex.negations | lex.verb_words["particles"] | lex.verb_words["place_adverbs"]  # "a rug down"
    words = list(run)
    while words and words[-1] in trailing:
        words.pop()
    if not words or not vocab.names_thing(words[-1]) or _place_word(words[-1], vocab):
        return None
    return singular(words[-1])


def unaccounted(world: World, vocab: Vocabulary, reported: Iterable[str]) -> list[str]:
    """The heads the reader noted that nothing in the planned world accounts for (once each)."""
    have = _words(" ".join(f"{e.category} {e.description} {' '.join(e.hints)}" for e in world.entities.values()))
    have |= _words(" ".join(reported))
    canon = {vocab.canonical(e.category) for e in world.entities.values()}
    referred = {word for g in world.history if g.np is not None and g.np.head
                and (g.np.kind != "asset" or any(i in world.entities for i in g.ids))
                for word in g.np.head.split()}
    missing: list[str] = []
    for head in dict.fromkeys(world.said_heads):
        if head in have or head in referred or _place_word(head, vocab) or head in vocab.occasions \
                or is_building(head):
            continue  # "a ham radio shack in a garden shed": the building the scene is in
        if vocab.canonical(head) in canon:
            continue  # "a barbecue" drawn as the grill the catalog has for it
        missing.append(head)
    return missing


def _words(text: str) -> set[str]:
    found = re.findall(r"[a-z]+", text.lower())
    return set(found) | {singular(w) for w in found}


def _place_word(word: str, vocab: Vocabulary) -> bool:
    """A word that names a place, a scene, a part, a shape or nothing, never an object to place."""
    lex = vocab.lexicon
    return any(form in lex.location_nouns or form in lex.scene_nouns or form in lex.negations
               or form in lex.not_objects or form in lex.part_nouns or form in lex.zone_nouns
               or form in lex.surface_nouns for form in (word, singular(word)))
