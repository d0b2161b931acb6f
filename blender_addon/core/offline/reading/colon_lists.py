"""A list after a colon that names what a generic phrase before it stood for: "Three things go
against the back wall: a bookshelf, a cabinet and a piano." -- the bookshelf, the cabinet and
the piano stand against the back wall; no book, cup and vase stand in for "three things".

The generic phrase's objects (:attr:`.lexicon.Lexicon.generic_nouns`) were placed as their
stand-ins; the objects the next sentence introduces take over their relations (each one the
relations of one stand-in, the group relations the whole list), and the stand-ins go.
"""

from __future__ import annotations

import re

from .closed_words import word_pattern
from .tokens import Tokenizer, words_of
from ..referents.world import Group, World

# "Against the north wall go the following:", "Along the west wall we need these:": words that
# only announce the list, left out when the fronted place joins it
_ANNOUNCING = re.compile(rf"(?:[\s,]+{word_pattern('list_announcing_words')})+[\s,]*$", re.IGNORECASE)
_BULLET = re.compile(r"^\s*(?:[-*\u2022\u2013]|\d+[.)])\s*")


def generic_subject(world: World, subject: Group | None) -> Group | None:
    """The subject of a sentence ended by a colon when a generic noun named it ("three things")."""
    if subject is None or subject.np is None or not subject.ids:
        return None
    np = subject.np
    if np.head not in world.vocab.lexicon.generic_nouns:
        return None
    return Group(ids=list(subject.ids), np=np)


def take_over(world: World, generic: Group, before: set[str]) -> bool:
    """Give the objects made since ``before`` the relations of ``generic``'s stand-ins and drop
    the stand-ins; False (nothing changed) when the list made no object."""
    listed = [i for i in world.entities if i not in before and i not in generic.ids]
    stand_ins = [i for i in generic.ids if i in world.entities]
    if not listed or not stand_ins:
        return False
    kept = []
    for rel in world.relations:
        if not set(rel.args) & set(stand_ins):
            kept.append(rel)
        elif sum(a in stand_ins for a in rel.args) > 1:  # "in a row": the list's objects in its place
            rest = [a for a in rel.args if a not in stand_ins]
            kept.append(type(rel)(rel.relation, (*listed, *rest), rel.params, rel.source, rel.inferred))
        elif rel.args[0] in stand_ins:  # "against the back wall": each listed object
            kept += [type(rel)(rel.relation, (a, *rel.args[1:]), rel.params, rel.source, rel.inferred)
                     for a in listed if rel.args[0] == stand_ins[0]]
        else:  # "a lamp beside the things": beside the first listed object
            kept.append(type(rel)(rel.relation, tuple(listed[0] if a in stand_ins else a for a in rel.args),
                                  rel.params, rel.source, rel.inferred))
    world.relations[:] = kept
    for i in stand_ins:
        world.entities.pop(i)
        world.hosts.pop(i, None)
    world.history[:] = [g for g in world.history if not set(g.ids) & set(stand_ins)]
    return True


def join_fronted(parts: list[tuple[str, bool]], tokenizer: Tokenizer) -> list[tuple[str, bool]]:
    """Join a place said before a colon to the list after it: "Along the west wall: a sofa, a
    side table and a floor lamp." reads as "Along the west wall, a sofa, a side table and a floor
    lamp" (each stands along the wall), and so do bullet lines after the colon, one item each.
    A colon sentence that names its own object ("a desk: a laptop ...") is left as it is."""
    out: list[tuple[str, bool]] = []
    i = 0
    while i < len(parts):
        sentence, colon = parts[i]
        if not (colon and i + 1 < len(parts) and _fronted(sentence, tokenizer)):
            out.append(parts[i])
            i += 1
            continue
        items, j = [parts[i + 1][0]], i + 2
        while _BULLET.match(items[0]) and j < len(parts) and _BULLET.match(parts[j][0]):
            items.append(parts[j][0])
            j += 1
        place = _ANNOUNCING.sub("", sentence)
        out.append((", ".join([place, *(_BULLET.sub("", item) for item in items)]), parts[j - 1][1]))
        i = j
    return out


def _fronted(sentence: str, tokenizer: Tokenizer) -> bool:
    """The sentence is a relation phrase to a place of the room and nothing else ("Against the
    north wall go the following"); a thing's surface ("On it:", "On the desk:") hosts the list instead."""
    tokens = [t for t in tokenizer.tokenize(" ".join(words_of(_ANNOUNCING.sub("", sentence))))
              if t.kind != "FILL"]
    places = tokenizer.vocab.lexicon.location_nouns
    return bool(tokens) and tokens[0].kind == "REL" and any(t.text in places for t in tokens) and \
        not any(t.kind in ("NOUN", "COUNT", "AND", "PRON") for t in tokens)


def restated_heading(world: World, heading: list[str], before: set[str]) -> bool:
    """"A fishing pier at dawn: a weathered wooden pier stretching out over the sea, ...": the list
    after a heading's colon describes the heading's own thing again. The one thing of the
    heading's kind that the list makes is that thing: the heading's object goes, its relations
    now the listed one's. False when nothing changed (the list names none, or several, of it)."""
    made = [i for i in world.entities if i not in before]
    changed = False
    for old in [h for h in heading if h in world.entities]:
        same = [i for i in made if world.entities[i].category == world.entities[old].category]
        if len(same) != 1 or sum(world.entities[h].category == world.entities[old].category for h in heading) != 1:
            continue
        new = same[0]
        moved = [type(rel)(rel.relation, tuple(new if a == old else a for a in rel.args), rel.params, rel.source,
                           rel.inferred) for rel in world.relations]
        world.relations[:] = [rel for rel in moved if len(set(rel.args)) == len(rel.args)]
        world.forget(old)
        changed = True
    return changed
