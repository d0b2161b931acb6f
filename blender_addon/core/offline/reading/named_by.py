"""Noun phrases that name one thing by another: "the wall with the window" is the window wall, "a rack
of clothes" the clothes rack (one object, not a rack holding clothes)."""

from __future__ import annotations

from .lexicon import Vocabulary
from .phrases import NounPhrase


def wall_with_opening(left: NounPhrase, right: NounPhrase) -> bool:
    """"The wall with the window", "the wall with the door": a wall named by the door or window
    in it is read as "the window wall" (:func:`.wall_refs.opening_wall`), the side of that
    opening, not the wall named last; the opening is no new mention ("it" stays the subject)."""
    if left.kind != "location" or left.location != "wall" or left.side is not None or left.plural:
        return False
    if right.kind != "location" or right.location not in ("door", "window") or right.plural:
        return False
    left.text = " ".join([*left.text.split()[:-1], right.location, left.text.split()[-1]])
    return True


def holder_named(left: NounPhrase, right: NounPhrase, vocab: Vocabulary) -> bool:
    """"A rack of clothes", "a box of toys", "a cup of pencils": a holder whose bare plural contents
    the catalog has no model of, but whose compound name it knows ("clothes rack", "toy box"), is that
    one object (``left`` renamed), not a holder of made-up things; False (nothing changed) otherwise
    ("a bowl of fruit" stays the bowl it always was)."""
    if left.kind != "asset" or right.kind != "asset" or right.determiner or right.count is not None \
            or not right.plural or right.collective or vocab.match(right.head).known:
        return False
    typed = right.text.split()[-1] if right.text else right.head
    name = next((f"{w} {left.head}" for w in (typed, right.head) if f"{w} {left.head}" in vocab.names), None)
    if name is None:
        return False
    left.head, left.description = name, " ".join([*left.hints, name])
    return True
