"""A room's archetype counts the things the user's text only presumed (issue 14 counts).

"a bedroom with a lamp on each nightstand", "a dorm room for two students, with a desk by each
bed": "each nightstand" found no nightstand, so the reader made one, *presumed* (one of a set
the text never counted, :mod:`..referents.presumed`). The room's archetype says how many there
are ("A nightstand on each side of the bed", "{n} single beds"), so its item is read as usual and
the presumed thing becomes the first of the item's: what the text put at it (the lamp, the desk)
comes with each of the others too, instead of the presumed one standing beside them as one more.
"""

from __future__ import annotations

from ..referents.merging import merge
from ..referents.presumed import copy_dependents
from ..referents.world import World
from ...knowledge.objects import load_knowledge
from ..reading.lexicon import Vocabulary
from .stand_ins import kinds_of


def presumed_alone(world: World) -> list[str]:
    """The things the text presumed alone of their kind ("each nightstand" made one), whose number
    the room's archetype says; not "the flowers" (three, a set the text speaks of as it is)."""
    alone = [i for i in world.presumed if i in world.entities]
    return [i for i in alone if sum(world.entities[j].category == world.entities[i].category for j in alone) == 1]


def adopt_presumed(world: World, vocab: Vocabulary, before: set[str]) -> None:
    """Let each presumed thing be the first of its kind made since ``before`` (the ids there were
    before an archetype item was read), with its dependents copied to the others; only a thing
    presumed alone of its kind (not "the flowers", a set the text took as it is). Its kind: the
    same thing by name or knowledge (a bed, the bedroom's "double bed"), or a group of two or more
    that answers to its name ("2 single beds"), never one thing of another kind ("a teacher's desk")."""
    made = [i for i in world.entities if i not in before]
    for presumed in presumed_alone(world):
        new = [i for i in made if i in world.entities and _same(world, vocab, presumed, i)]
        if not new:
            kinds = kinds_of(world.entities[presumed].category, vocab)
            new = [i for i in made if i in world.entities and kinds_of(world.entities[i].category, vocab) & kinds]
            new = new if len(new) > 1 else []
        if not new:
            continue
        for other in new[1:]:
            copy_dependents(world, presumed, other)
        world.presumed.remove(presumed)
        merge(world, new[0], presumed)


def _same(world: World, vocab: Vocabulary, one: str, other: str) -> bool:
    """Whether two objects are the same kind of thing: the knowledge base's category (a double bed
    is a bed, a teacher's desk is not a desk), else the catalog's ("seat": a chair)."""
    names = [world.entities[i].category for i in (one, other)]
    facts = [load_knowledge().lookup(n) for n in names]
    keys = [f.category if f else vocab.canonical(n) for n, f in zip(names, facts)]
    return keys[0] == keys[1]
