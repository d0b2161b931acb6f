"""The place a part phrase's owner names when it names no thing: "a sarcophagus in the centre of
the chamber", "a projector in the middle of the dome", "a screen at the north end of the lot". The
owner is the room (or ground) the scene stands in when the text named no such thing before and
nothing can draw it: neither a catalog model nor a family shape (it would be a labelled box named
after the room, and the thing placed "in its middle" would sit on that box)."""

from __future__ import annotations

from ...assets.families import load_families
from ..reading.phrases import NounPhrase
from .world import World


def names_enclosing_place(world: World, of: NounPhrase) -> bool:
    """Whether ``of`` ("the chamber" in "the centre of the chamber") is the scene's own space: a
    definite singular object phrase that refers to nothing named before and that no model or
    family shape draws."""
    if of.kind != "asset" or not of.definite or of.plural or of.count is not None or not of.head:
        return False
    if world.find(of) is not None:
        return False
    return not world.vocab.match(of.head).known and load_families().for_object(of.head) is None
