"""Words said of an object after its verb ("The sofa is red.", "The first chair is dark blue",
"the last one is wooden"): colour, material and other adjective words become the object's
hints, as if said before its noun ("a red sofa"), instead of a part not understood."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .chunks import Item
from .closed_words import word_set
from ..referents.world import Group, World

if TYPE_CHECKING:
    from .clause import Clause

DISTRIBUTIVE_WORDS = word_set("distributive_words")  # "each", "all of them"


def loose_words(world: World, state: Clause, item: Item, rest: list[Item]) -> bool:
    """Whether a word run no rule took is used here: "five tables, each surrounded by chairs" (the
    relation distributes anyway) or an adjective said of the clause's subject."""
    if item.text in DISTRIBUTIVE_WORDS:
        return bool(rest) and rest[0].kind in ("REL", "MOD")
    return describe_subject(world, state, item.text.split())


def said_of_subject(world: World, state: Clause, item: Item) -> bool:
    """"The chairs are green", "They are oak": a bare noun phrase of colour or material words
    right after the subject describes it (a colour word that is also a noun: "a village green")."""
    np = item.np
    if item.kind != "NP" or np is None or np.determiner or np.count is not None or np.collective:
        return False
    words = item.text.split()
    finish, tones = world.vocab.catalog.finish, world.vocab.lexicon.colour_tones
    return all(finish([w]) is not None or w in tones for w in words) and describe_subject(world, state, words)


def describe_subject(world: World, state: Clause, words: list[str]) -> bool:
    """"The sofa is red": the words describe every object of the subject; False (nothing changed)
    when there is no subject, a relation is pending or a word is not a colour, material or adjective."""
    subject = state.subject or state.previous
    if subject is None or not subject.ids or state.relation is not None or not words:
        return False
    vocab = world.vocab
    if not all(vocab.catalog.finish([w]) is not None or vocab.looks_adjective(w)
               or w in vocab.lexicon.colour_tones for w in words):
        return False
    for said in state.subject_items:
        said.used = True  # "It is wooden.": the pronoun is used too
    for entity_id in subject.ids:
        entity = world.entities.get(entity_id)
        if entity is None:
            continue
        new = [w for w in words if w not in entity.hints]
        entity.hints = (*entity.hints, *new)
        entity.description = " ".join([*new, entity.description])
    return True


PLURAL_ONLY_VERBS = word_set("plural_only_verbs")  # "they stand ..."


def own_verb(world: World, state: Clause, verb: str, host: Group, subject: Group) -> bool:
    """Whether a plural verb after a with-list is its latest subject's own, not its host's (the verb
    agrees with the things, not with the one host: "a keyboard with a stool in front, and 2 guitars
    are leaning against the south wall": the guitars lean there, and they are no companions of the
    keyboard; "a table with four chairs around it are ..." still says where the table is). Such a
    subject is let go of its host. A host carried over from the sentence before ("Put a table in the
    room. A vase is in the middle of it.") never takes the verb: the sentence has its own subject."""
    if state.carried is not None and host is state.carried:
        return True
    one_host = len(host.ids) == 1 and not (host.np is not None and host.np.plural)
    placed = state.relation is not None or any(r.args and r.args[0] in subject.ids for r in world.relations)
    if verb not in PLURAL_ONLY_VERBS or not one_host or len(subject.ids) < 2 or placed:
        return False
    for member in subject.ids:
        if world.hosts.get(member) in host.ids:
            del world.hosts[member]
    state.host = None
    return True
