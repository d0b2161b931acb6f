"""The reader's state inside one sentence, and whom a phrase refers to.

English leaves a lot to the reader: ", facing it" goes on with the previous subject; "it" inside "a table
with a vase on it" is the table; "a lamp on the table next to the bed" puts the *table* next to the bed.
These choices live here, as small functions of the :class:`Clause` and the :class:`~.world.World`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from .....skill_library.roles import roles as relation_roles
from .chunks import Item
from .phrases import NounPhrase
from ..referents.enclosing import names_enclosing_place
from ..referents.portions import REST, rest_of
from ..referents.proforms import (ONTO, carriers_meant, is_people, it_beside, it_of_several, names_host,
                                  placed_apart, them_between, theme_not_landmark, what_it_is)
from .place_hosts import CARRIED, ring_anchor
from .closed_words import word_set
from .tokens import Token
from ..relations.wall_refs import RELATIVE_WALLS, relative_corner, relative_wall
from ..referents.part_owners import owner_of_part
from ..referents.world import CARRIED_BY, Group, Place, World
from ..setting.indoor_scene import is_indoor_scene
from .lexicon import role_group

LOCATIVE = frozenset({"near", "far", "front", "behind", "left", "right", "against", "along", "in", "at", "across",
                      "between", "under"})
ROOM_END_KINDS = frozenset({"front", "behind", "left", "right"})  # "at the back", "on the left": of the room
SHARED_SEAT = 3  # people to one bench or sofa when the text gives no count of seats

PERSONAL_POSSESSIVES = word_set("personal_possessives")  # "at his feet": a person's part


@dataclass
class Clause:
    """The reader's state inside one sentence."""

    subject: Group | None = None
    previous: Group | None = None
    host: Group | None = None
    carried: Group | None = None  # the host a sentence before listed for ("Organize my desk. Laptop in the middle")
    relation: Item | None = None
    params: dict[str, Any] = field(default_factory=dict)
    fronted: bool = False
    objects: list[Group] = field(default_factory=list)
    object_items: list[Item] = field(default_factory=list)
    joining: bool = False
    related: bool = False  # the current subject already has a relation: "and" starts a new clause
    measure: Token | None = None
    measure_item: Item = field(default_factory=lambda: Item("MEASURE", ""))
    subject_items: list[Item] = field(default_factory=list)
    fronted_mods: list[Item] = field(default_factory=list)
    listed: list[Group] = field(default_factory=list)  # earlier comma-listed subjects without relations
    support: Group | None = None  # what the subject was just put on ("a lamp on the table ...")
    on_chain: Group | None = None  # the object of the last "on" in this clause
    introduced: Group | None = None  # the object a relation just introduced ("facing *a tv*")
    parts: list[Group] = field(default_factory=list)  # the noun phrases joined into the subject
    hang_next: bool = False  # a verb that hangs ("hang", "mount") came before its object
    opening: Group | None = None  # the door or window the last relation named ("under the window")
    opening_of: list[str] = field(default_factory=list)  # ... of this subject
    last_object: Group | None = None  # the last relation's object, for ", which is ..."
    anchor: Group | None = None  # the object last related to: "on the north side" is its side
    fronted_anchor: Group | None = None  # the anchor of the last fronted relation: "..., and to its right"
    landmark: tuple[list[str], Group] | None = None  # (subject ids, its last relation's one object): "facing *it*"
    # fronted relations still waiting for their subject: "Opposite it, against the west wall, goes a desk"
    pending: list[tuple[Item, dict[str, Any], list[Group], list[Item]]] = field(default_factory=list)
    scoped: list[tuple[Item, dict[str, Any], list[Group], list[Item]]] = field(default_factory=list)  # ... done


def opens_fronted_clause(rest: list[Item], implicit: bool = False) -> bool:
    """"..., and next to it a leather armchair", "..., and to the right of the sofa is a lamp",
    "..., and to its right a side table": a relation whose object (none for an ``implicit`` one:
    "to its right") is followed by a new object is fronted; that object is the subject, not the
    previous one."""
    if not implicit and (len(rest) < 2 or rest[0].kind not in ("NP", "PRON")):
        return False
    after = next((i for i in rest[0 if implicit else 1:] if i.kind not in ("SEP", "FILL")), None)
    np = after.np if after is not None else None
    return after is not None and after.kind == "NP" and np is not None and np.kind == "asset" and not np.definite


def participle_subject(world: World, state: Clause, rest: list[Item]) -> Group | None:
    """Whom ", facing it" / ", next to the sofa" is about: the previous subject, but the
    host when that subject was one of the host's items ("a table with a lamp, next to the
    sofa") unless a pronoun or a definite noun points back at the host ("a table with a chair, facing it")."""
    previous, host = state.previous, state.host
    if previous is None or host is None or not host.ids or set(previous.ids) & set(host.ids):
        return previous
    hosted = all(world.hosts.get(i) in host.ids for i in previous.ids)
    to_host = bool(rest) and (rest[0].kind == "PRON" or names_host(world, rest[0].np, host))  # ", facing the tv"
    return host if hosted and not to_host else previous


def host_for_place(world: World, state: Clause, subject: Group | None, *, centered: bool) -> Group | None:
    """"A table with four chairs in the middle": several things cannot all be in the
    middle, their host can, or what they ring (:func:`.place_hosts.ring_anchor`)."""
    host = state.host
    ringed = ring_anchor(world, state, subject) if centered and subject is not None and host is None else None
    if ringed is not None:  # "six chairs around a table in the middle of the room": the table
        return ringed
    if not centered or subject is None or len(subject.ids) < 2 or host is None or len(host.ids) != 1:
        return subject
    hosted = all(world.hosts.get(i) in host.ids for i in subject.ids)
    return host if hosted else subject


def carrier(world: World, subject: Group, objects: list[Group]) -> Group | None:
    """The furniture small things were just put on: the anchor of a following place phrase."""
    entities = world.entities
    if len(objects) != 1 or len(objects[0].ids) != 1 or objects[0].place is not None:
        return None
    carrier = objects[0].ids[0]
    small = all(entities[i].roles & CARRIED for i in subject.ids)
    return objects[0] if small and "tabletop" not in entities[carrier].roles else None


def support_instead(world: World, state: Clause, kind: str) -> Group | None:
    """"A lamp on the table next to the bed": the table is next to the bed, unless the
    anchor is itself a small thing ("a cup on the desk next to the laptop") or stands on that
    support ("three fish tanks on the counter ... the till goes on the counter, next to the tanks")."""
    if state.support is None or kind not in LOCATIVE or not state.objects:
        return None
    entities = world.entities
    carried = {r.args[0] for r in world.relations if r.relation in CARRIED_BY and r.args[-1] in state.support.ids}
    for obj in state.objects:
        if obj.place is None and (kind == "in" or any("tabletop" in entities[i].roles or i in carried
                                                      for i in obj.ids)):
            return None
        if obj.place is not None and obj.place.of is not None and set(obj.place.of.ids) & set(state.support.ids):
            return None  # "On the table, put a vase in the middle": the middle of the table the vase stands on
    return state.support


def lower_attachment(world: World, subject: Group, introduced: Group) -> Group:
    """"A sofa facing a tv on a tv stand": "on" right after a newly introduced object puts
    that object on it; small things go with it ("a cup next to a plate on the table")."""
    if all(world.entities[i].roles & CARRIED for i in subject.ids):
        return Group(ids=list(dict.fromkeys(introduced.ids + subject.ids)))
    return introduced


def implicit_anchor(world: World, state: Clause) -> Group | None:
    """The anchor of a phrase without one ("with a lamp on each side", "to its left"); seats
    listed after a table the host has sit at the table ("a hall with a long table, benches on
    both sides")."""
    if state.host is not None and state.host.ids:
        return _seated_sibling(world, state) or state.host
    found = _seats_table(world, state.subject, it_beside(world, state.subject))  # "12 desks, each with a chair, and
    if found is not None:  # a desk": one
        return Group(ids=found.ids, np=found.np)
    return _scene_ground(world, state.host) or _room_end(world, state)


def _room_end(world: World, state: Clause) -> Group | None:
    """"A small courtroom: the judge's bench at the front, ...": a bare room end or side (the front, the
    back, the left) said where no host is at hand is one of the indoor room the text named first, or
    of the room itself when it named none ("Put a desk at the back.", "The bed goes on the left.")."""
    kind = state.relation.token.value if state.relation is not None and state.relation.token is not None else None
    scene = world.scenes[0] if world.scenes else "room"
    if kind not in ROOM_END_KINDS or scene is None or not is_indoor_scene(world.vocab.lexicon, scene):
        return None
    subject = state.subject.ids if state.subject is not None else []
    if len({world.entities[i].category for i in subject}) != 1:
        return None  # "24 student desks plus the teacher's desk at the front": not all of them
    return Group(ids=[], scene=scene)


SEATED_AT = role_group("seated_tables")  # what people sit down the sides of (lexicon.json role_groups)


def _seats_table(world: World, subject: Group | None, found: Group | None) -> Group | None:
    """Seats shared out along the sides with no anchor named ("a long table by a tree, 12 chairs, six down
    each side") sit at the latest table, not round the last thing named (the tree), when that is none."""
    if found is None or subject is None or len(subject.ids) < 3 or not all(
            "seat" in world.entities[i].roles for i in subject.ids):
        return found
    if any(world.entities[i].roles & (SEATED_AT | {"seat", "surface"}) for i in found.ids):
        return found
    avoid = set(subject.ids)
    return next((g for g in reversed(world.history) if len(g.ids) == 1 and g.ids[0] not in avoid
                 and world.entities[g.ids[0]].roles & SEATED_AT), found)


def _scene_ground(world: World, host: Group | None) -> Group | None:
    """"A slum street lined with shacks on both sides": the sides of the scene's own ground (a street, a path:
    made an object); an indoor scene is the room itself ("a hall with benches at the back": the room's back)."""
    if host is None or host.scene is None or host.np is None:
        return None
    head = host.np.head.split()[-1]
    if "flat" not in world.vocab.roles(head):
        return host if is_indoor_scene(world.vocab.lexicon, host.scene) else None
    return world.create(NounPhrase(text=head, head=head, description=head), 1)


def _seated_sibling(world: World, state: Clause) -> Group | None:
    previous, subject, entities = state.previous, state.subject, world.entities
    if previous is None or len(previous.ids) != 1 or subject is None or not subject.ids:
        return None
    table = previous.ids[0]
    if table in subject.ids or state.host is None or world.hosts.get(table) not in state.host.ids:
        return None
    seats = all("seat" in entities[i].roles for i in subject.ids)
    return previous if seats and entities[table].roles & SEATED_AT else None


def carrier_reference(world: World, state: Clause, pronoun: str) -> Group | None:
    """"... a side table right of the armchair and a cup on it": "on it" means the latest
    thing that can carry the subject, when the subject is something carried."""
    rel = state.relation
    subject = state.subject
    if pronoun != "it" or rel is None or rel.token is None or rel.token.value not in ONTO:
        return None
    entities = world.entities
    if subject is None or not all(entities[i].roles & CARRIED for i in subject.ids):
        return None
    soft = all("cushion" in entities[i].roles for i in subject.ids)
    carriers = {"surface", "soft_surface"} if soft else {"surface", "tv_surface"}
    theme = theme_not_landmark(world, world.pronoun("it", subject), subject, True)  # "a dog bed ..., a dog on it"
    candidates = [g for g in (state.host, theme) if g is not None] + list(reversed(world.history))
    for group in candidates:
        if len(group.ids) == 1 and not set(group.ids) & set(subject.ids) and entities[group.ids[0]].roles & carriers:
            return group
    return None


def host_reference(world: World, state: Clause, pronoun: str) -> Group | None:
    """Inside "X with ...", "it" / "them" is X: "a table with a vase on it"."""
    host = state.host
    if host is not None and host.place is not None and host.place.openings and pronoun == "it":
        return host  # "a window on the north wall with a desk under it"
    if host is None or not host.ids or (state.subject is not None and set(host.ids) & set(state.subject.ids)) \
            or placed_apart(world, state.subject, host):  # "a table with ..., a shelf on the wall, a vase on it"
        return None
    rel = state.relation
    onto = rel is not None and rel.token is not None and rel.token.value in ONTO
    if not onto and any("flat" in world.entities[i].roles for i in host.ids):
        return None  # "a rug under a table, with chairs facing it": the table, not the rug (but "on it": the rug)
    plural = len(host.ids) > 1 and not host.distributive
    return host if (pronoun == "them") == plural and not (pronoun == "it" and is_people(world, host)) else None


def one_each(world: World, state: Clause, np: NounPhrase) -> None:
    """"Two lamps standing on small tables": things put on (or in) an uncounted plural get one
    each, not the default three; seats for several ("ten people sitting on benches") are shared,
    :data:`SHARED_SEAT` to one."""
    rel, subject = state.relation, state.subject
    if rel is None or rel.token is None or rel.token.value not in ("on", "in") or subject is None:
        return
    if np.kind == "asset" and np.plural and np.count is None and not np.determiner and not np.collective:
        if len(subject.ids) > 1:
            roles = world.vocab.roles(np.head)
            share = SHARED_SEAT if "seat" in roles and "small_seat" not in roles else 1
            np.count = max(2, -(-len(subject.ids) // share))  # "parents sitting on benches": benches, more than one


def nearest_subject(world: World, state: Clause, np: NounPhrase) -> Group | None:
    """"A sofa and a bench parallel to the sofa": a definite object that is one of the joined
    subjects is not a new object; the relation is about the other subjects (the nearest reading)."""
    assert state.subject is not None
    if world.find(np, state.subject) is not None:
        return None
    found = world.find(np)
    if found is None or not set(found.ids) <= set(state.subject.ids):
        return None
    others = [part for part in state.parts if not set(part.ids) & set(found.ids)]
    if not others:
        return None
    _narrow_subject(state, others)
    world.mention(found)
    return found


def part_reference(world: World, state: Clause, pronoun: str) -> Group | None:
    """"A long table and six chairs around it": when nothing outside the subject fits, "it"
    is an earlier one of the joined subjects and the relation is about the others."""
    if state.subject is None or state.relation is None or len(state.parts) < 2:
        return None
    for part in reversed(state.parts[:-1]):
        if part.ids and (pronoun == "it") == (len(part.ids) == 1):
            _narrow_subject(state, [p for p in state.parts if p is not part])
            world.mention(part)
            return part
    return None


def _narrow_subject(state: Clause, parts: list[Group]) -> None:
    """The subject becomes ``parts``; a single part stays itself (fresh objects can still be
    copied: "three houses and a mailbox in front of each house")."""
    assert state.subject is not None
    state.parts = parts
    state.subject = parts[0] if len(parts) == 1 else Group(ids=[i for part in parts for i in part.ids],
                                                            scene=state.subject.scene)




def place_side(world: World, np: NounPhrase, of_group: Group | None) -> str | None:
    """A wall's or corner's side; "the corner" / "the wall" without one is the one named
    last ("...in the north-west corner. An armchair sits in the corner"); "the opposite wall"
    is the one across from the wall the text spoke of last (:func:`.wall_refs.relative_wall`)."""
    kind = np.location or ""
    if np.side in RELATIVE_WALLS:
        return relative_corner(world, np.side) if kind == "corner" else relative_wall(world, np.side)
    if np.side is not None:
        if of_group is None:
            world.named_sides[kind] = np.side
        return np.side
    if np.determiner == "definite" and not np.plural and of_group is None:
        return world.named_sides.get(kind)
    return None


def all_placed(world: World, ids: list[str]) -> bool:
    """Whether a side relation already places every one of these objects ("four chairs down
    each side": a bare count after them adds more; after "six chairs around the table" it
    shares out the same six)."""
    sides = relation_roles().sides  # the side relations: "one at each end" adds more
    placed = {r.args[0] for r in world.relations if r.relation in sides and len(r.args) > 1}
    return set(ids) <= placed


def more_of(world: World, like: str, np: NounPhrase) -> Group:
    """New objects of the same kind as ``like`` for a bare count ("one at each end")."""
    entity = world.entities[like]
    more = NounPhrase(text=np.text, head=entity.category, count=np.count, hints=entity.hints,
                      description=entity.description, plural=(np.count or 1) > 1)
    return world.create(more, np.count or 1)


def part_owner(world: World, state: Clause, np: NounPhrase | None = None) -> Group | None:
    """The object a part stands for ("with its headboard against the wall": the bed); a person's part
    ("a dog sits at his feet", "her back to the wall") is someone's, the latest person or animal."""
    if np is not None and np.text.split()[:1] and np.text.split()[0] in PERSONAL_POSSESSIVES:
        someone = someone_reference(world, state)
        if someone is not None:
            return Group(ids=list(someone.ids), np=someone.np)
    if state.relation is not None and state.subject is not None:  # "a stool in front of the keys": the piano's
        return world.pronoun("it", state.subject)
    owner = state.host or state.subject or world.pronoun("it", None)
    if np is not None and np.text.split()[:1] not in (["its"], ["their"]):
        owner = owner_of_part(world, owner, np.head)  # "The headboard is against the west wall": the bed's
    return Group(ids=list(owner.ids), np=owner.np) if owner is not None and owner.ids else None


def someone_reference(world: World, state: Clause) -> Group | None:
    """"a knight outside a castle with a horse next to him": "him" / "her" is the latest single
    living thing (the knight, not the castle) other than the subject, the host first."""
    avoid = set(state.subject.ids) if state.subject is not None else set()
    for group in ([state.host] if state.host is not None else []) + list(reversed(world.history)):
        one = len(group.ids) == 1 and group.ids[0] not in avoid
        if one and ("animate" in world.entities[group.ids[0]].roles or is_people(world, group)):  # "a mechanic"
            return group
    return None


def owner_of(world: World, state: Clause, of: NounPhrase | None,
             lookup: Callable[[NounPhrase], Group]) -> Group | None:
    """Whose place "the middle of the table" (``lookup`` finds or makes the table) or "the middle
    of it" (what the pronoun refers to), or "the middle of the north wall" names; None when the
    place is the room's."""
    if of is not None and of.kind == "pronoun":
        return resolve_pronoun(world, state, of.head)
    if of is not None and of.kind == "location" and of.location == "wall":
        return Group(ids=[], np=of, place=Place("wall", place_side(world, of, None)))  # "middle of the north wall"
    if of is None or of.kind != "asset":
        return None
    ring = world.ring_place(of)  # "the middle of the circle"; "the centre of the chamber", named before by nothing
    return ring if ring is not None else None if names_enclosing_place(world, of) else lookup(of)


def resolve_pronoun(world: World, state: Clause, value: str) -> Group | None:
    """What a pronoun ("it", "them", "each", "each other") refers to in this clause."""
    if value == "each_other":  # "two crates, a barrel and a sack next to each other"
        ids = list(dict.fromkeys([i for g in state.listed for i in g.ids]
                                 + (list(state.subject.ids) if state.subject else [])))
        if state.subject is not None and state.listed:
            state.subject, state.listed = Group(ids=ids), []
        return Group(ids=ids, np=NounPhrase(text="each other", head=""))
    if value == REST:  # "the rest": what no part of the group divided last took
        return rest_of(world)
    if value == "someone":  # "him", "her": a person or an animal, else what "it" would be
        group = someone_reference(world, state) or resolve_pronoun(world, state, "it")
        if group is not None:
            world.mention(group)
        return group
    each, value = value == "each", "them" if value == "each" else value
    onto = state.relation is not None and state.relation.token is not None and state.relation.token.value in ONTO
    named = what_it_is(world, state, onto) if value == "it" else world.pronoun(value, state.subject)
    group = (them_between(world, state, value) or carrier_reference(world, state, value) or carriers_meant(
        world, state, value) or host_reference(
        world, state, value) or named or part_reference(world, state, value) or it_of_several(world, state, value))
    if group is not None:
        world.mention(group)
    if group is not None and not each and value == "them" and group.distributive:
        return replace(group, distributive=False)  # "a cool box next to each chair and a tent behind them": one tent
    return Group(ids=group.ids, np=group.np, distributive=True) if group is not None and each else group
