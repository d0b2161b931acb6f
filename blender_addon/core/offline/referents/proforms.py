""""One" standing for a noun said before, and "the other": "Put a nightstand on both sides of the
bed. Put a lamp on each one." (each nightstand), "a chair on the north side and another one on
the south side" (a second chair), "one nightstand to its left and the other one to its right"
(a second nightstand, since only one was named), "the other chair" (the chair not just named).

The antecedent of a bare "one" is the subject of the clause before (in subject position) or
the latest object of another kind than the subject's (in a relation's object: a lamp is never
"on each one" of the lamps). "the small one" is the latest object named.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...knowledge.objects import load_knowledge
from ..inference.figures import people_only
from ..reading.closed_words import EVERY_ONE
from ..reading.phrases import NounPhrase
from .described_ones import CARRIERS, referred_head
from .world import CARRIED_BY, Group, World

if TYPE_CHECKING:
    from ..reading.clause import Clause

OTHER = "other"  # the determiner of "the other ..."
ONTO = frozenset({"on", "on_top_bare"})  # the relation words that put a thing onto another (reading.clause)


def antecedent(world: World, state: Clause, np: NounPhrase) -> str | None:
    """The category a bare "one" stands for in this clause (None when nothing was named)."""
    if state.relation is not None and state.subject is not None and state.subject.ids:
        own = {world.entities[i].category for i in state.subject.ids if i in world.entities}
        named = [c for g in reversed(world.history) for c in _categories(world, g) if c not in own]
        if np.determiner in ("each", "all", OTHER):  # "each one", "the other one": a kind named more than once
            named = [c for c in named if _how_many(world, c) > 1] or named  # ("two desks ... a keyboard on the
            # big desk; the printer goes on the other one": the other desk, not a second keyboard)
        return named[0] if named else None
    earlier = state.previous if state.subject is None else state.subject
    if (np.more or np.determiner == "another") and state.subject is None and world.topic \
            and world.topic[-1] in world.entities:
        earlier = Group(ids=list(world.topic))  # "Two cats sleep on the sofa; another one sits on the sill"
    if earlier is not None and earlier.ids and earlier.ids[-1] in world.entities:
        head: str | None = world.entities[earlier.ids[-1]].category
    else:
        head = world.antecedent_head()
    if head is not None and np.determiner in ("each", "all") and _how_many(world, head) < 2:
        # "Put three tables in a row, facing the whiteboard. Each one holds two microscopes.": each
        # of a kind named more than once (the tables), not the single thing named last
        head = next((c for g in reversed(world.history) for c in _categories(world, g)
                     if _how_many(world, c) > 1), head)
    return head


def openings_meant(world: World, state: Clause, np: NounPhrase) -> Group | None:
    """"The room has two windows, and a plant under each one": "each one" / "both" right after
    doors or windows (the group named last besides the subject) is each of them; None otherwise."""
    if np.head != "one" or np.determiner not in EVERY_ONE:
        return None
    own = set(state.subject.ids) if state.subject is not None else set()
    last = next((g for g in reversed(world.history) if not (g.ids and set(g.ids) <= own)), None)
    if last is None or last.place is None or not last.place.openings:
        return None
    return Group(ids=[], np=last.np, place=last.place, distributive=True)


def _categories(world: World, group: Group) -> list[str]:
    return [world.entities[i].category for i in group.ids[-1:] if i in world.entities]


def _how_many(world: World, category: str) -> int:
    return sum(e.category == category for e in world.entities.values())


def it_beside(world: World, subject: Group | None) -> Group | None:
    """What "it" means in the subject's clause: not the subject, and for "the other one" / "the
    other chair" none of its kind when something else was named ("the other one to its right":
    the bed's right, not the first nightstand's)."""
    if subject is not None and subject.np is not None and subject.np.determiner == OTHER:
        kinds = {world.entities[i].category for i in subject.ids if i in world.entities}
        found = world.pronoun("it", Group(ids=[e.id for e in world.entities.values() if e.category in kinds]))
        rest = [e.id for e in world.entities.values() if e.category in kinds and e.id not in subject.ids]
        if found is None and len(rest) == 1:  # "Two sofas: one against the wall and the other faces it": the
            found = Group(ids=rest)  # one, when nothing else was named (multi15)
        if found is not None:
            return found
    found = world.pronoun("it", subject)
    if found is not None and is_people(world, found):  # "it" is a thing: the bar, not the bartender
        avoid = set(subject.ids) if subject is not None else set()
        thing = next((g for g in reversed(world.history) if len(g.ids) == 1 and g.ids[0] not in avoid
                      and not is_people(world, g)), None)
        return thing or found
    return found


def what_it_is(world: World, state: Clause, onto: bool) -> Group | None:
    """What "it" names in this clause by itself (the caller tries a host or a carrier first): the
    topic for a subject "it" (:func:`subject_topic`), a rug or mat just named for "on it"
    (:func:`flat_onto`), else the latest thing, or the theme for its landmark (:func:`theme_not_landmark`)."""
    return subject_topic(world, state) or flat_onto(world, state.subject, onto) or theme_not_landmark(
        world, it_beside(world, state.subject), state.subject, onto)


def subject_topic(world: World, state: Clause) -> Group | None:
    """"The bar runs along the east wall, and a sofa faces it. It is flanked by two side tables.": "it"
    as a clause's subject (nothing of the clause read before it) is the subject of the last main clause
    that said something (the sofa, the topic), not the thing named last (the bar, what the sofa faces);
    None when that was several things, people, or is the current host's, or nothing was said yet."""
    if state.subject is not None or state.relation is not None or state.objects or state.fronted \
            or state.host is not None or len(world.topic) != 1 or world.topic[0] not in world.entities:
        return None
    group = Group(ids=list(world.topic))
    if is_people(world, group):
        return None
    return next((g for g in reversed(world.history) if g.ids == group.ids), group)


def flat_onto(world: World, subject: Group | None, onto: bool) -> Group | None:
    """"In the middle of the floor is a play mat, and a train set sits on it": "on it" right after a
    rug or a mat was named (the latest thing named besides the subject) is that rug or mat, though a
    flat thing is otherwise "it" only when nothing else is; None for any other clause."""
    avoid = set(subject.ids) if subject is not None else set()
    latest = next((g for g in reversed(world.history) if g.ids and not set(g.ids) <= avoid), None) if onto else None
    if latest is None or len(latest.ids) != 1 or "flat" not in world.entities[latest.ids[0]].roles:
        return None
    return latest


def theme_not_landmark(world: World, found: Group | None, subject: Group | None, onto: bool = False) -> Group | None:
    """"Put a grill against the fence. A picnic table goes in front of it.", "A dog bed lies in front
    of the fireplace, and a dog sleeps on it": when "it" would be the landmark of the last stated
    relation (what it placed something *at*) and that landmark was new there, named after the
    thing placed (its theme, the sentence's topic), "it" in a later sentence (or a clause putting
    something ``onto`` it) is the theme. Not in a clause of the same sentence that goes on with
    the landmark ("a cube left of a sphere and a cone right of it": the sphere), nor when the
    landmark came first ("a sofa with a table in front of it. A lamp beside it": the sofa stays the
    topic), nor for a theme that is the clause's own subject, people, flat (a rug is "it" only when
    nothing else is, unless something goes ``onto`` it) or resting on the landmark ("a laptop on
    the desk. A chair in front of it": the desk). ``found`` is what recency gave, returned when no
    theme takes over."""
    if found is None or len(found.ids) != 1:
        return found
    last = next((r for r in reversed(world.relations) if not r.inferred and len(r.args) > 1), None)
    if last is None or last.args[-1] != found.ids[0] or last.relation in CARRIED_BY or len(last.args) != 2:
        return found
    theme, landmark = last.args[0], world.entities[found.ids[0]]
    entity = world.entities.get(theme)
    later = landmark.sentence < world.sentence or onto  # "a cube left of a sphere and a cone right of it": the sphere
    later = later or overhead_or_ground(landmark.category)  # "a table under a chandelier, four chairs around it"
    if entity is None or not later or entity.mention > landmark.mention or theme in (subject.ids if subject else []):
        return found
    if ("flat" in entity.roles and not onto) or is_people(world, Group(ids=[theme])):
        return found
    group = next((g for g in reversed(world.history) if g.ids == [theme]), None)
    return group if group is not None else found


def overhead_or_ground(category: str) -> bool:
    """Whether the knowledge base files the thing as hung from the ceiling (a chandelier, a hanging
    lamp) or as flat ground or water (a lake, the sea, a road): a landmark things are placed under,
    over or by, which a new item of the same list does not go around, along or next to ("a pier over
    the sea, three fishermen along it": the pier; "a bench beside the lake, a tree next to it": the bench)."""
    facts = load_knowledge().lookup(category)
    return facts is not None and (facts.mount == "ceiling" or facts.flat)


def names_host(world: World, np: NounPhrase | None, host: Group) -> bool:
    """Whether a definite phrase names the host itself: ", facing the TV" after "a TV on the wall,
    with a sofa in front of it" is about the sofa (the TV cannot face itself), as ", facing it" is."""
    if np is None or np.kind != "asset" or not np.definite or np.determiner == OTHER:
        return False
    found = world.find(np)
    return found is not None and bool(found.ids) and set(found.ids) <= set(host.ids)


def is_people(world: World, group: Group) -> bool:
    """Whether the group is people only (:func:`.figures.people_only`)."""
    return people_only([world.entities[i].category for i in group.ids if i in world.entities])


def it_of_several(world: World, state: Clause, pronoun: str) -> Group | None:
    """"Put an armchair in the corner. Next to it, a side table. Actually, make it two armchairs."
    ("it" now names one of two): when nothing single can be "it", the first of the latest group
    that is not the subject, rather than a relation left unread."""
    if pronoun != "it" or state.relation is None:
        return None
    avoid = set(state.subject.ids) if state.subject is not None else set()
    group = next((g for g in reversed(world.history) if len(g.ids) > 1 and not set(g.ids) & avoid), None)
    return Group(ids=group.ids[:1], np=group.np) if group is not None else None


def read_proform(world: World, state: Clause, np: NounPhrase) -> bool:
    """Give "one" the noun it stands for: "the small one" / "the first one" that of
    :func:`.referents.referred_head`, a bare "each one",
    "another one" its :func:`antecedent`; False when nothing was named before."""
    head = referred_head(world, state, np) if np.hints or np.ordinal is not None else antecedent(world, state, np)
    if head is None:
        return bool(np.hints)  # "the small one" with nothing named before stays a "one"
    np.head, np.description = head, " ".join([*np.hints, head])
    return True


def other_of(world: World, np: NounPhrase) -> Group | None:
    """"the other chair": the chairs not in the group named last, or None when every one of them
    was (then the caller makes a new one: "one nightstand to its left and the other to its right")."""
    matches = [e.id for e in world.entities.values() if e.category == np.head]
    recent = next((g for g in reversed(world.history) if set(g.ids) & set(matches)), None)
    rest = [i for i in matches if recent is None or i not in recent.ids]
    if world.parted is not None and set(world.parted[0]) & set(matches):  # "Add two lamps. Put one on the
        whole, taken = world.parted  # desk and the other by the bed": the lamp the first part left
        left = [i for i in whole if i not in taken and i in matches]
        rest = left or rest  # all parts taken ("two desks, a big one ... and a small one"): not the one named last
        taken += left[:np.count or 1]
    if not rest:
        return None
    group = Group(ids=rest[:np.count] if np.count else rest[:1], np=replace(np))
    world.mention(group)
    return group


PAIRING = frozenset({"facing", "in_front_of", "behind", "left_of", "right_of", "proximity"})
CENTRE_PIECES = frozenset({"front_table", "flat"})  # a coffee table, a rug: between a seating group and what it faces


def them_between(world: World, state: Clause, value: str) -> Group | None:
    """"The armchairs face the sofa. Put a coffee table between them.": "them" of "between"
    right after a statement pairing a group with one thing, for a centre piece (a coffee table,
    a rug: knowledge-base roles), is the group and that thing (the group's middle member stands
    for it), not the group's own members (where a side table or a lamp goes)."""
    kind = state.relation.token.value if state.relation is not None and state.relation.token is not None else None
    said = [r for r in world.relations if not r.inferred]
    subject = state.subject.ids if state.subject is not None else []
    if value != "them" or kind != "between" or not said or said[-1].relation not in PAIRING or not subject \
            or not all(world.entities[i].roles & CENTRE_PIECES for i in subject):
        return None
    last = said[-1]
    group = [r.args[0] for r in said if r.relation == last.relation and r.source == last.source
             and len(r.args) == 2 and r.args[1] == last.args[1]]
    if len(group) < 2 or last.args[1] in group:
        return None
    return Group(ids=[group[(len(group) - 1) // 2], last.args[1]])


def placed_apart(world: World, subject: Group | None, host: Group) -> bool:
    """Whether the thing named last in a list after "X with" (not the clause's ``subject``) was
    placed in the room on its own, by a relation to no object ("a table with six chairs around it,
    a sideboard against the west wall and a painting above it"): the list has moved on from X, and
    "it" is that thing, the head of the conjunct before, not X."""
    avoid = set(subject.ids) if subject is not None else set()
    latest = next((g for g in reversed(world.history) if g.ids and not set(g.ids) <= avoid), None)
    if latest is None or set(latest.ids) & set(host.ids):
        return False
    own = [r for r in world.relations if not r.inferred and r.args and r.args[0] in latest.ids]
    return bool(own) and all(len(r.args) == 1 for r in own)


def all_of(group: Group | None) -> Group | None:
    """The group "all" or "all of them" refers to, said of every one of its things (its phrase's
    determiner "all", as "all the tables" has: a fresh thing set on them goes on each)."""
    if group is None or not group.ids:
        return group
    np = replace(group.np, determiner="all") if group.np is not None else NounPhrase(text="all", head="",
                                                                                      determiner="all")
    return replace(group, np=np)


def carriers_meant(world: World, state: Clause, value: str) -> Group | None:
    """"Set out three round tables with six chairs per table, and put a vase on every one of them": "on
    them" (each of them) for things that stand on furniture means the latest group of several things
    that carry such things (tables, not the chairs named after them); None when the group named last
    besides the subject carries them already, or for any other clause."""
    from ..reading.place_hosts import CARRIED
    rel, subject, entities = state.relation, state.subject, world.entities
    if value != "them" or rel is None or rel.token is None or rel.token.value not in ONTO or subject is None \
            or not subject.ids or not all(entities[i].roles & CARRIED for i in subject.ids):
        return None
    avoid = set(subject.ids)
    groups = [g for g in reversed(world.history) if len(g.ids) > 1 and not set(g.ids) & avoid]
    carries = [g for g in groups if all(entities[i].roles & CARRIERS for i in g.ids)]
    return carries[0] if carries and groups and carries[0] is not groups[0] else None
