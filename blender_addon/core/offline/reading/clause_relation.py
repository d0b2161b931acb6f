"""What one relation phrase does to its clause (:mod:`.grammar`'s reader): which subject it
applies to, a subject-less phrase's fate, and the clause state a relation leaves for what
follows (the chain of supports, the anchor, the opening, the words used)."""

from __future__ import annotations

from typing import Any

from .attachment import fronted_host, host_takes_room_place, nearest_noun
from .chunks import Item, relation_source
from .clause import Clause, carrier, host_for_place, lower_attachment, support_instead
from .place_hosts import middle_of_host
from ..relations.directions import next_anchor
from .reader_steps import opening_of
from ..relations.surfaces import put_on_surface
from ..distributions.modifiers import apply_modifier
from ..distributions.quantities import STATED
from .tokentype import Token
from ..referents.proforms import is_people
from ..referents.world import Group, World

ROOM_PLACE_WORDS = frozenset({"along", "against", "in"})  # a wall or corner a thing stands at
MEASURE_PARAMS = {"far": "min_distance", "near": "max_distance", "front": "max_distance", "behind": "max_distance",
                  "left": "max_distance", "right": "max_distance", "above": "min_gap", "across": "max_distance",
                  "compass": "max_distance"}


def keep_subjectless(state: Clause, rel: Item, fronted: bool) -> None:
    """A relation phrase with no subject: a setting's ("In a dusty attic: ...") is used up, a
    fronted place waits for the subject with the next one."""
    if state.objects and all(o.scene is not None for o in state.objects):
        rel.used = True  # "In a dusty attic: ...": a setting, nothing to place
        for obj_item in state.object_items:
            obj_item.used = True
    elif fronted and state.objects:  # a second fronted place follows: both wait for the subject
        state.pending.append((rel, state.params, state.objects, state.object_items))


def acting_subject(world: World, state: Clause, subject: Group, kind: str) -> tuple[Group, Group]:
    """The clause's subject for this relation, and the group the relation applies to (a
    support standing in for it, where there is one)."""
    subject = listed_each(world, state, subject)  # "a lamp, a clock and a book on each nightstand": all three
    if kind == "on" and state.on_chain is not None:
        subject = state.on_chain  # "an apple on a book on a table": the book is on the table
    elif kind == "on" and state.introduced is not None and _said_one(state.introduced):
        subject = lower_attachment(world, subject, state.introduced)
    elif kind in ROOM_PLACE_WORDS and state.introduced is not None and _people_at(world, state, subject):
        subject = state.introduced  # "three sailors seated at a bank of screens along the west wall": the screens
    middle_of_host(world, state, subject, state.objects)
    middle = any(o.place is not None and o.place.kind == "middle" and o.place.of is None for o in state.objects)
    subject = host_for_place(world, state, subject, centered=middle) or subject
    subject = host_takes_room_place(world, state, subject, kind)  # "a desk with a chair against the wall": the desk
    target = support_instead(world, state, kind) or nearest_noun(world, state, subject, kind) or subject
    return subject, target


def _said_one(group: Group) -> bool:
    """Whether a group is one thing as said: one object, or one apiece ("two chairs, each facing a
    mirror on the west wall": both mirrors hang there)."""
    np = group.np
    return len(group.ids) == 1 or (np is not None and not np.plural and np.count in (None, 1)
                                   and np.determiner == "indefinite")


def listed_each(world: World, state: Clause, subject: Group) -> Group:
    """"A lamp, a clock and a book on each nightstand": small things listed with commas before
    the joined subject go to each anchor with it (the subject takes them in as parts); the
    subject itself when the anchor is not distributive; when the anchor is one of the listed, or a
    listed thing is bigger than the anchor ("a bed, two nightstands and a lamp on each"), the
    list names the room's things and the joined subject's parts counted in all stay out of it. Things a
    host took in ("three tables with six chairs per table, and a vase on every one of them": the chairs)
    are no part of the list (session 12)."""
    anchor = state.objects[0] if state.objects else None
    listed = [g for g in state.listed if g.ids and g.fresh and g.np is not None and not set(g.ids) & set(world.hosts)]
    if anchor is None or not anchor.distributive or len(anchor.ids) < 2 or not listed \
            or len(listed) != len(state.listed) or not subject.fresh and not subject.parts:
        return subject
    ids = [i for g in listed for i in g.ids]
    small = all(_area(world, i) <= _area(world, anchor.ids[0]) for i in [*ids, *subject.ids])
    if not small or set(ids) & set(anchor.ids):
        return _uncounted_parts(subject)
    state.listed = []
    return Group(ids=[*ids, *subject.ids], parts=[*listed, *(subject.parts or [subject])])


def _uncounted_parts(subject: Group) -> Group:
    """The joined subject less its parts counted in all ("two beds, two wardrobes and a lamp by
    each bed": the two wardrobes are the room's, the lamp goes to each bed; "a plate and a glass
    in front of each chair": both)."""
    parts = subject.parts or []
    kept = [p for p in parts if p.np is None or not p.np.count or p.np.count < 2]
    if not kept or len(kept) == len(parts):
        return subject
    return kept[0] if len(kept) == 1 else Group(ids=[i for p in kept for i in p.ids], parts=kept)


def _area(world: World, entity_id: str) -> float:
    """The object's footprint in square metres."""
    width, depth, _ = world.size_of(entity_id)
    return width * depth


def record_outcome(world: World, state: Clause, rel: Item, kind: str, subject: Group, target: Group, ok: bool,
                   fronted: bool) -> None:
    """The clause state an applied relation (``ok``: it said something) leaves behind."""
    _record_supports(world, state, kind, subject, target, ok, fronted)
    rel.used = ok
    state.anchor = next_anchor(state.objects, ok, state.anchor)
    one = state.objects[0] if ok and len(state.objects) == 1 and state.subject is not None else None
    if one is not None and one.ids and one.place is None and state.subject is not None:
        state.landmark = (list(state.subject.ids), one)  # "a sofa facing it about 3 m away": from the thing faced
    state.fronted_anchor = state.anchor if fronted and ok else state.fronted_anchor
    if ok and len(state.parts) > 1 and len(subject.ids) > 1:  # "a treadmill and a bike ... Behind them"
        world.mention(Group(ids=list(subject.ids)))
    state.opening = opening_of(state.objects) if ok else None
    state.opening_of = list(subject.ids)
    state.related = state.related or ok
    world.topic = list(subject.ids) if ok and state.host is None and subject.ids else world.topic
    state.listed = [] if ok else state.listed  # a related clause ends a list ("A, B and C in a row")
    for subject_item in state.subject_items if ok else ():  # "It is flanked by ...": "it" said something
        subject_item.used = True
    if ok and kind in ("surrounded_by", "flanked_by") and state.objects:
        # "a fountain surrounded by benches facing it": what follows is about the benches
        state.previous, state.subject, state.subject_items = subject, state.objects[0], []
    for obj_item in state.object_items:
        obj_item.used = ok
    if ok and fronted and all(r is not rel for r, *_ in state.scoped):  # said before all the sentence's things
        state.scoped.append((rel, dict(state.params), list(state.objects), list(state.object_items)))
    if ok and fronted:
        fronted_modifiers(world, state, subject)
        fronted_host(world, state, kind, subject, ok)  # "On the desk, a lamp on the left and a mug in the middle"


def fronted_modifiers(world: World, state: Clause, subject: Group) -> None:
    """"In a row on the north wall hang three paintings": a modifier said before a fronted place,
    with no subject yet (kept in ``fronted_mods``), holds for the subject said after the place, as
    it does said after it ("On the north wall hang three paintings in a row")."""
    for mod in state.fronted_mods:
        assert mod.token is not None
        mod.used = apply_modifier(world, str(mod.token.value), mod.token.params, subject, mod.text)
    state.fronted_mods = []


def _record_supports(world: World, state: Clause, kind: str, subject: Group, target: Group, ok: bool,
                     fronted: bool) -> None:
    """What the objects carry and chain on to: the surface they put the subject on, the
    subject's support, the next link of "on ... on ...", the object a clause introduced."""
    for obj in state.objects if ok else ():
        put_on_surface(world, target.ids, obj)
    if ok and kind in ("on", "on_top_bare") and target is subject:
        state.support = carrier(world, subject, state.objects)
    single = len(state.objects) == 1 and bool(state.objects[0].ids) and state.objects[0].place is None
    state.on_chain = state.objects[0] if ok and kind == "on" and single else None  # "plates on two shelves on the wall"
    one = len(state.objects) == 1 and bool(state.objects[0].ids) and state.objects[0].place is None  # or one group
    fresh = one and state.objects[0].fresh and not fronted and [i.kind for i in state.object_items[:1]] == ["NP"]
    state.introduced = state.objects[0] if ok and kind not in ("on", "on_top_bare") and fresh else None


def with_measure(state: Clause, token: Token) -> dict[str, Any]:
    """The phrase's params with the clause's pending measure: "2 m behind the tent", "1 m above
    the table" (a measure the phrase takes no distance for is left reported); a stated distance
    that sets no bound of its own ("about a metre in front of it") also keeps a floor."""
    params = dict(token.params)
    if state.measure is None:
        return params
    name = MEASURE_PARAMS.get(str(token.value))
    if name is not None:
        params[name] = state.measure.value  # the stated measure beats the phrase's default
        least = state.measure.params.get("least")
        if name == "max_distance" and least is not None:
            params["min_distance"] = least
        params[STATED] = True
        state.measure_item.used = True
    state.measure = None
    return params



def occasion_place(world: World, state: Clause) -> Group | None:
    """"A tea party at a small round table, with a teapot in the centre": an occasion holds no
    things; what "with" lists belongs to the one thing the occasion was placed at. None when the
    clause is about a thing, or names no single place."""
    who = state.subject or state.previous
    if who is None or len(who.ids) != 1 or world.entities[who.ids[0]].category not in world.vocab.occasions:
        return None
    place = state.objects[-1] if state.relation is not None and state.objects else state.last_object
    if place is None or len(place.ids) != 1 or place.scene is not None or place.place is not None:
        return None
    return Group(ids=list(place.ids), np=place.np)


def own_group(state: Clause, subject: Group) -> bool:
    """Whether a group word ("lined up", "in a row") after a comma list shapes only the last noun
    phrase: one plural phrase of several things ("a desk, three chairs lined up in front of it": the
    chairs in a row, before the desk), not things joined by "and" ("a cube, a ball and a cone in a row")."""
    return len(state.parts) <= 1 and len(subject.ids) > 1 and subject.np is not None and subject.np.plural


def _people_at(world: World, state: Clause, subject: Group) -> bool:
    """Whether people are put at a thing just named and the place that follows is a wall or corner
    of the room ("sailors seated at a bank of screens along the west wall"): the thing stands there,
    and they at it."""
    thing = state.introduced
    if thing is None or not thing.ids or not subject.ids or set(thing.ids) & set(subject.ids):
        return False
    walls = bool(state.objects) and all(o.place is not None and o.place.kind in ("wall", "corner") and not o.ids
                                        for o in state.objects)
    return walls and is_people(world, subject) and not is_people(world, thing) \
        and not any("animate" in world.entities[i].roles for i in thing.ids)


def clause_landmark(state: Clause, subject: Group | None) -> Group | None:
    """What a distance said with no object ("about 3 m away") is measured from: the one object of the
    relation said last of the same subject ("a sofa facing it about three metres away": the thing
    faced, whatever "it" names; "The sofa faces the TV from about 3 m away"); None when the subject's
    clause has related it to nothing yet (the reader's implicit anchor then)."""
    if state.landmark is None or subject is None or not subject.ids:
        return None
    said_of, landmark = state.landmark
    return landmark if set(said_of) == set(subject.ids) and not set(landmark.ids) & set(subject.ids) else None


def measured_gap(world: World, state: Clause, rel: Item, subject: Group | None) -> bool:
    """"Leave about a metre between the bed and the wardrobe", "2 m of space between the sofa and the TV":
    the measure is the gap between the things named after "between" (each and the next; the subject and
    the one thing named when only one is; "between them": the two or the group named last, the clause's
    own subject included: "a sofa and a TV with 3 m between them"); True when read."""
    ids = list(dict.fromkeys(i for g in state.objects for i in g.ids))
    if not ids:  # "between them", which names no one else: the subject's group, else the two named last
        them = subject if subject is not None and len(subject.ids) > 1 else world.pronoun("them", None)
        ids = list(them.ids) if them is not None else []
    if len(ids) == 1 and subject is not None and subject.ids and ids[0] not in subject.ids:
        ids = [subject.ids[0], *ids]
    if len(ids) < 2:
        return False
    gap = {k: float(v) for k, v in state.params.items() if k in ("min_distance", "max_distance")}
    source = relation_source(rel, state.object_items)
    rel.used = all([world.relate("proximity", [a, b], gap, source) for a, b in zip(ids, ids[1:])])
    for item in state.object_items:
        item.used = rel.used
    return rel.used
