"""A facing target that names the people watching (issue 14, dev set multi13): "centre stage there's
an armchair; it faces the audience", "both face the crowd". They are the people the scene has ("an
audience of twenty people ... the lectern faces the audience": those people); with none they are not
a thing to make (was an 'audience' box the armchair turned to): they watch from across the room's
front (the wall a stage, a board or a screen stands at, :func:`.places.front_wall`), else from the
viewer's side, the south. The nouns are closed-words data (``onlooker_nouns``)."""

from __future__ import annotations

from ...knowledge.objects import load_knowledge
from ..reading.closed_words import word_set
from ..reading.phrases import NounPhrase
from ..referents.world import OPPOSITE, Group, World
from .places import front_wall

ONLOOKERS = word_set("onlooker_nouns")
VIEWER_SIDE = "south"  # the camera's side: where a scene with no front is watched from
PEOPLE = "person"  # the knowledge base family of the people an audience can be


def onlookers(world: World, kind: str | None, np: NounPhrase, subject: Group, source: str) -> Group | None:
    """What "facing the audience" turns ``subject`` to: the scene's people (other than the subject),
    else the side they watch from (``facing_direction`` related here; an empty group returned); None
    when the phrase names no onlookers or names things the scene has."""
    if kind != "facing" or np.kind != "asset" or not np.definite or np.head not in ONLOOKERS:
        return None
    if world.find(np) is not None:
        return None
    people = [e.id for e in world.entities.values() if e.id not in subject.ids and _person(e.category)]
    if people:
        return Group(ids=people)
    front = front_wall(world)
    side = OPPOSITE[front] if front is not None else VIEWER_SIDE
    for a in subject.ids:
        world.relate("facing_direction", [a], {"direction": side}, source)
    return Group(ids=[], np=NounPhrase(text=np.text, head="", kind="nothing"))


def _person(category: str) -> bool:
    facts = load_knowledge().lookup(category)
    return facts is not None and facts.family == PEOPLE
